"""Stage 5: special powers, then the Knight check.

[S] "By discarding 3 SAME COLOR LINKED cards, players can choose to activate Archers or Mages
special power"; Archers turn one opponent card WEAK, Mages reverse a battle's result, and a
missing Knight is replaced by moving a card into the Knight slot. Order, limits and targets
are [D] rulings of docs/rules/knightfall.md.
"""

from __future__ import annotations

from engines.base import Event
from engines.knightfall.actions import MoveKnight, Pass, Shoot, UsePower
from engines.knightfall.camp import LAYOUT
from engines.knightfall.rounds import end_round, who
from engines.knightfall.state import KnightfallState, PowerUse, SlotCard

PowerAction = UsePower | Shoot | Pass


def start_powers(state: KnightfallState) -> list[Event]:
    """Fix who acts first: the battle's loser, else seat 0 in odd rounds and seat 1 in even."""
    state.stage = "powers"
    state.shooting = None
    for player in state.players:
        player.acted = False
    record = state.battle
    if record is not None and record.first_winner is not None:
        first = 1 - record.first_winner
    else:
        first = 0 if state.round % 2 == 1 else 1
    state.order = [first, 1 - first]
    return []


def current_actor(state: KnightfallState) -> int | None:
    """The seat to act in stage 5, if any."""
    if state.shooting is not None:
        return state.shooting
    return next((s for s in state.order if not state.players[s].acted), None)


def can_reverse(state: KnightfallState) -> bool:
    """A Mage reverses only this round's decisive battle, while reversing still changes it."""
    record = state.battle
    if record is None or record.round != state.round:
        return False
    win, lose = record.winner, record.loser
    if win is None or lose is None:
        return False
    held = state.players[win.seat].slots[win.slot]
    winner_stands = held is not None and held.card == win.card
    loser_can_return = (
        lose.card in state.discard and state.players[lose.seat].slots[lose.slot] is None
    )
    return winner_stands or loser_can_return


def power_actions(state: KnightfallState, seat: int) -> list[PowerAction]:
    """Pay options for each power (Archer first), then Pass; or the Archer's targets."""
    opponent = state.players[1 - seat]
    if state.shooting == seat:
        return [Shoot(slot=sid) for sid, sc in opponent.troop() if sc.status == "strong"]
    if current_actor(state) != seat:
        return []
    player = state.players[seat]
    usable = {"archer": opponent.strong_count() > 0, "mage": can_reverse(state)}
    actions: list[PowerAction] = []
    for power in ("archer", "mage"):
        if not usable[power]:
            continue
        for a, b, c in LAYOUT.triples:
            held = [player.slots[a], player.slots[b], player.slots[c]]
            cards = [h.card for h in held if h is not None]
            if len(cards) < 3 or len({card.colour for card in cards}) != 1:
                continue
            if all(LAYOUT.role(sid) != power for sid in (a, b, c)):
                continue  # [D] the power needs a card from its own row
            ids = (cards[0].id, cards[1].id, cards[2].id)
            actions.append(UsePower(power=power, a=a, b=b, c=c, cards=ids))
    actions.append(Pass())
    return actions


def apply_power(state: KnightfallState, seat: int, action: PowerAction) -> list[Event]:
    """Pay for a power, aim the Archers, or pass; then hand over to the next player."""
    player = state.players[seat]
    events: list[Event] = []
    if isinstance(action, Pass):
        player.acted = True
        events.append(Event(text=f"{who(seat)} uses no power."))
    elif isinstance(action, UsePower):
        slots = [action.a, action.b, action.c]
        paid = []
        for sid in slots:
            held = player.slots[sid]
            assert held is not None, "paid cards stand in the camp"
            paid.append(held.card)
            player.slots[sid] = None
            state.discard.append(held.card)
        state.powers.append(PowerUse(seat=seat, power=action.power, paid=paid, slots=slots))
        shown = " ".join(str(c) for c in paid)
        events.append(
            Event(
                text=f"{who(seat)} discards {shown} ({' '.join(slots)}) "
                f"to use the {action.power.capitalize()} power."
            )
        )
        if action.power == "archer":
            state.shooting = seat
            return events
        player.acted = True
        events += reverse_battle(state, seat)
    else:
        target = state.players[1 - seat].slots[action.slot]
        assert target is not None, "the target stands in the camp"
        target.status = "weak"
        state.powers[-1].target = action.slot
        state.shooting = None
        player.acted = True
        events.append(
            Event(
                text=f"{who(seat)}'s Archers shoot {who(1 - seat)}'s {LAYOUT.name(action.slot)}: "
                f"{target.card} turns WEAK."
            )
        )
    if current_actor(state) is None:
        events += start_knight(state)
    return events


def reverse_battle(state: KnightfallState, seat: int) -> list[Event]:
    """Swap the outcome: the discarded loser returns WEAK to its slot, the winner dies.

    If the winner already left its slot (paid for a power) only the loser comes back.
    """
    record = state.battle
    assert record is not None and record.winner is not None and record.loser is not None
    win, lose = record.winner, record.loser
    parts = []
    winner_side = state.players[win.seat]
    held = winner_side.slots[win.slot]
    if held is not None and held.card == win.card:
        winner_side.slots[win.slot] = None
        state.discard.append(win.card)
        parts.append(f"{win.card} is discarded")
    loser_side = state.players[lose.seat]
    if lose.card in state.discard and loser_side.slots[lose.slot] is None:
        state.discard.remove(lose.card)
        loser_side.slots[lose.slot] = SlotCard(card=lose.card, status="weak")
        parts.append(f"{lose.card} returns WEAK to {LAYOUT.name(lose.slot)}")
    record.winner, record.loser = lose, win
    record.reversed_by.append(seat)
    record.outcome += f" Reversed by {who(seat)}'s Mages."
    return [Event(text=f"{who(seat)}'s Mages reverse the battle: {', '.join(parts)}.")]


# ---- the Knight check ----------------------------------------------------------------------------
def needs_knight(state: KnightfallState, seat: int) -> bool:
    """[S] The Knight slot can never stay empty while the player still has cards."""
    player = state.players[seat]
    return player.slots[LAYOUT.knight] is None and bool(player.troop())


def start_knight(state: KnightfallState) -> list[Event]:
    """After both players have acted, refill empty Knight slots (or end the round)."""
    state.stage = "knight"
    state.order = []
    if any(needs_knight(state, s) for s in range(len(state.players))):
        return []
    return end_round(state)


def knight_actions(state: KnightfallState, seat: int) -> list[MoveKnight]:
    """Any of the player's cards, whatever its status, may become the new Knight."""
    if not needs_knight(state, seat):
        return []
    return [MoveKnight(slot=sid, card=sc.card.id) for sid, sc in state.players[seat].troop()]


def move_knight(state: KnightfallState, seat: int, action: MoveKnight) -> list[Event]:
    """Move the chosen card (keeping its status) into the Knight slot."""
    player = state.players[seat]
    held = player.slots[action.slot]
    assert held is not None, "the new Knight stands in the camp"
    player.slots[LAYOUT.knight], player.slots[action.slot] = held, None
    moved = f"{held.card} (WEAK)" if held.status == "weak" else "a card"
    events = [
        Event(text=f"You move {held.card} to the Knight slot.", seat=seat),
        Event(
            text=f"{who(seat)} moves {moved} from {LAYOUT.name(action.slot)} to the Knight slot."
        ),
    ]
    if any(needs_knight(state, s) for s in range(len(state.players))):
        return events
    return events + end_round(state)
