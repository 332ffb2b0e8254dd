"""Stage 1, the muster: the Knight first, then the other four cards, one at a time or at once.

[S] "Players draw 5 cards and place them into their troops. Remember to place the first
Knight". Placing one card at a time (``ChooseKnight``, then ``Place`` in the order dealt) and
the suggested formations (``Muster``) are rulings of docs/rules/knightfall.md.
"""

from __future__ import annotations

from engines.base import Event
from engines.knightfall.actions import ChooseKnight, Muster, Place
from engines.knightfall.camp import LAYOUT
from engines.knightfall.cards import Card
from engines.knightfall.rounds import event, start_draw, who
from engines.knightfall.state import KnightfallState, PlayerState, SlotCard
from engines.text import join_and

SUGGESTED_SLOTS = ("A1", "A2", "A3", "M2", "M1", "M3", "M4", "R1", "R2")
"""Where a suggestion puts cards, first to last: the Archers' row (each linked to the Knight
and its neighbours), then the Mage linked to two Archers, then the rest."""


def suggest(player: PlayerState, knight: Card | None) -> list[str]:
    """Slots for the cards still to place (``knight`` aside), in the order dealt.

    The Knight's colour first, then the other; within a colour the strongest first. The
    cards fill ``SUGGESTED_SLOTS`` in that order, so one colour sits in linked slots (for the
    special powers) and the strongest cards are Archers.
    """
    placed = player.slots[LAYOUT.knight]
    colour = (knight or (placed.card if placed is not None else player.hand[0])).colour
    rest = [c for c in player.hand if c != knight]
    ranked = sorted(rest, key=lambda c: (c.colour != colour, -c.power, c.id))
    free = [sid for sid in SUGGESTED_SLOTS if player.slots[sid] is None]
    where = {c.id: free[i] for i, c in enumerate(ranked)}
    return [where[c.id] for c in rest]


def muster_actions(state: KnightfallState, seat: int) -> list[ChooseKnight | Place | Muster]:
    """The Knight from the five, or a suggested formation with each Knight; then each card.

    After the Knight, the next card in the order dealt goes to any free slot, or the rest go
    as suggested at once.
    """
    player = state.players[seat]
    hand = player.hand
    cards = tuple(c.id for c in hand)
    if not player.knight_chosen:
        knights = [ChooseKnight(index=i, card=c.id) for i, c in enumerate(hand)]
        formations = [
            Muster(knight=i, slots=tuple(suggest(player, c)), cards=cards)
            for i, c in enumerate(hand)
        ]
        return [*knights, *formations]
    if not hand:
        return []
    places: list[ChooseKnight | Place | Muster] = [
        Place(card=hand[0].id, slot=sid) for sid in player.free_slots()
    ]
    if len(hand) > 1:
        places.append(Muster(slots=tuple(suggest(player, None)), cards=cards))
    return places


def apply_muster(
    state: KnightfallState, seat: int, action: ChooseKnight | Place | Muster
) -> list[Event]:
    """Put mustered cards in the camp; when both camps are done, start stage 2."""
    player = state.players[seat]
    if isinstance(action, ChooseKnight):
        card = player.hand.pop(action.index)
        player.slots[LAYOUT.knight] = SlotCard(card=card)
        player.knight_chosen = True
        events = [
            event(f"You chose {card} as your Knight.", seat),
            event(f"{who(seat)} chose a Knight."),
        ]
    elif isinstance(action, Place):
        card = player.hand.pop(0)
        player.slots[action.slot] = SlotCard(card=card)
        events = [
            event(f"You placed {card} in {LAYOUT.name(action.slot)}.", seat),
            event(f"{who(seat)} placed a card in {LAYOUT.name(action.slot)}."),
        ]
    else:
        events = _muster_at_once(player, seat, action)
    if all(p.knight_chosen and not p.hand for p in state.players):
        events += start_draw(state)
    return events


def _muster_at_once(player: PlayerState, seat: int, action: Muster) -> list[Event]:
    """Place every card still in hand where ``action`` says (a legal suggestion)."""
    by_id = {c.id: c for c in player.hand}
    for sid, card_id in action.placed():
        player.slots[sid] = SlotCard(card=by_id[card_id])
    player.hand = []
    player.knight_chosen = True
    names = join_and([LAYOUT.name(sid) for sid in LAYOUT.ids if sid in action.slots])
    knight = "a Knight and " if action.knight is not None else ""
    return [
        event(f"You mustered: {action.label().split(': ', 1)[1]}.", seat),
        event(f"{who(seat)} placed {knight}cards in {names}."),
    ]
