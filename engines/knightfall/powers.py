"""Stage 5: special powers, then the Knight check.

[S] "By discarding 3 SAME COLOR LINKED cards, players can choose to activate Archers or Mages
special power"; Archers turn one opponent card WEAK, Mages reverse a battle's result, and a
missing Knight is replaced by moving a card into the Knight slot. Order, limits and targets
are [D] rulings of docs/rules/knightfall.md.
"""

from __future__ import annotations

from engines.base import Event, Unavailable
from engines.knightfall.actions import POWER_NAMES, MoveKnight, Pass, Shoot, UsePower
from engines.knightfall.camp import LAYOUT
from engines.knightfall.cards import Card
from engines.knightfall.rounds import end_round, event, who
from engines.knightfall.state import KnightfallState, PlayerState, PowerName, PowerUse, SlotCard
from engines.text import join_and, sentence

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
    return _reversal(state, ()) != (None, None)


def _reversal(
    state: KnightfallState, paid: tuple[tuple[int, str], ...]
) -> tuple[Card | None, Card | None]:
    """What a reversal would do once ``paid`` (seat, slot) cards have left: (out, back).

    ``out`` is the winner it would discard (if it still stands), ``back`` the discarded loser
    it would bring back WEAK (if its slot is free).
    """
    record = state.battle
    if record is None or record.round != state.round:
        return None, None
    win, lose = record.winner, record.loser
    if win is None or lose is None:
        return None, None
    held = state.players[win.seat].slots[win.slot]
    stands = held is not None and held.card == win.card and (win.seat, win.slot) not in paid
    returns = lose.card in state.discard and state.players[lose.seat].slots[lose.slot] is None
    return (win.card if stands else None), (lose.card if returns else None)


def linked_triples(state: KnightfallState, seat: int) -> list[tuple[str, str, str]]:
    """[S] Every three same-colour linked cards of ``seat``, in any rows and any status."""
    player = state.players[seat]
    found = []
    for triple in LAYOUT.triples:
        held = [player.slots[sid] for sid in triple]
        if any(h is None for h in held):
            continue
        if len({h.card.colour for h in held if h is not None}) == 1:
            found.append(triple)
    return found


def power_offers(state: KnightfallState, seat: int) -> list[UsePower]:
    """Each power the seat can pay for now, once per linked triple (Archers first)."""
    player = state.players[seat]
    triples = linked_triples(state, seat)
    offers: list[UsePower] = []
    if state.players[1 - seat].strong_count() > 0:
        offers += [_offer(player, "archer", t) for t in triples]
    for triple in triples:
        out, back = _reversal(state, tuple((seat, sid) for sid in triple))
        if out is not None or back is not None:
            offers.append(_offer(player, "mage", triple, out, back))
    return offers


def _offer(
    player: PlayerState,
    power: PowerName,
    triple: tuple[str, str, str],
    out: Card | None = None,
    back: Card | None = None,
) -> UsePower:
    a, b, c = triple
    held = [player.slots[sid] for sid in triple]
    ids = tuple(h.card.id for h in held if h is not None)
    assert len(ids) == 3  # a linked triple is fully held
    return UsePower(
        power=power,
        a=a,
        b=b,
        c=c,
        cards=ids,
        out=out.id if out is not None else None,
        back=back.id if back is not None else None,
    )


def power_actions(state: KnightfallState, seat: int) -> list[PowerAction]:
    """[S] Any number of powers, each paid by its own triple, then Pass; or the Archers' aim."""
    opponent = state.players[1 - seat]
    if state.shooting == seat:
        return [Shoot(slot=sid) for sid, sc in opponent.troop() if sc.status == "strong"]
    if current_actor(state) != seat:
        return []
    return [*power_offers(state, seat), Pass()]


def unavailable_powers(state: KnightfallState, seat: int) -> list[Unavailable]:
    """The powers ``seat`` cannot use now, with the reason (only while choosing powers)."""
    if current_actor(state) != seat or state.shooting == seat:
        return []
    if not linked_triples(state, seat):
        return [Unavailable(label="Special powers", reason="needs 3 same-colour linked cards")]
    offered = {offer.power for offer in power_offers(state, seat)}
    reasons = {
        "archer": "no STRONG enemy card to shoot",
        "mage": "no battle this round that a reversal would change",
    }
    return [
        Unavailable(label=POWER_NAMES[power], reason=reason)
        for power, reason in reasons.items()
        if power not in offered
    ]


def pass_reveals(state: KnightfallState, seat: int) -> bool:
    """Whether a forced Pass would tell the table something about ``seat``'s hidden cards.

    Pass is forced when no power can be paid for. That is public knowledge if no power could
    be used anyway, or if no linked group of three of the seat's cards could be one colour as
    far as the table can see (its face-up WEAK cards already differ, or all three are WEAK).
    Otherwise playing it tells that the hidden cards hold no same-colour linked triple.
    """
    if state.shooting == seat:
        return False
    usable = state.players[1 - seat].strong_count() > 0 or can_reverse(state)
    return usable and any(_looks_payable(state, seat, t) for t in LAYOUT.triples)


def _looks_payable(state: KnightfallState, seat: int, triple: tuple[str, str, str]) -> bool:
    """Whether the table, seeing only WEAK cards, cannot rule out this triple paying."""
    held = [state.players[seat].slots[sid] for sid in triple]
    if any(h is None for h in held):
        return False
    weak = {h.card.colour for h in held if h is not None and h.status == "weak"}
    strong = [h for h in held if h is not None and h.status == "strong"]
    return bool(strong) and len(weak) <= 1


def apply_power(state: KnightfallState, seat: int, action: PowerAction) -> list[Event]:
    """Pay for a power, aim the Archers, or pass; the seat keeps acting until it passes."""
    player = state.players[seat]
    events: list[Event] = []
    if isinstance(action, Pass):
        player.acted = True
        used = any(p.seat == seat for p in state.powers)
        done = "is done with special powers" if used else "uses no special power"
        events.append(event(f"{who(seat)} {done}"))
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
        names = join_and([LAYOUT.name(sid) for sid in slots])
        events.append(
            event(
                f"{who(seat)} discards {shown} ({names}) "
                f"to use the {POWER_NAMES[action.power]}' special power"
            )
        )
        if action.power == "archer":
            state.shooting = seat
            return events
        events += reverse_battle(state, seat)
    else:
        target = state.players[1 - seat].slots[action.slot]
        assert target is not None, "the target stands in the camp"
        target.status = "weak"
        state.powers[-1].target = action.slot
        state.shooting = None
        events.append(
            event(
                f"{who(seat)}'s Archers shoot {who(1 - seat)}'s "
                f"{LAYOUT.name(action.slot)}: {target.card} turns WEAK"
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
    record.outcome = f"{sentence(record.outcome)} Reversed by {who(seat)}'s Mages."
    return [event(f"{who(seat)}'s Mages reverse the battle: {join_and(parts)}")]


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
        event(f"You move {held.card} to the Knight slot.", seat),
        event(f"{who(seat)} moves {moved} from {LAYOUT.name(action.slot)} to the Knight slot"),
    ]
    if any(needs_knight(state, s) for s in range(len(state.players))):
        return events
    return events + end_round(state)
