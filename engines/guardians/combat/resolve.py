"""The end of a combat: surviving totals, healing by the winner, the outcome for the engine."""

from __future__ import annotations

from engines.base import Event
from engines.guardians.combat import targets as tg
from engines.guardians.combat.matchup import Cards, control_total
from engines.guardians.combat.state import ATTACKER, DEFENDER, CombatOutcome, CombatState


def resolve(c: CombatState, cards: Cards) -> list[Event]:
    """Count surviving vitality; the attacker needs MORE; then the winner may heal."""
    c.totals = [control_total(c, cards, ATTACKER), control_total(c, cards, DEFENDER)]
    c.winner = ATTACKER if c.totals[ATTACKER] > c.totals[DEFENDER] else DEFENDER
    loser = 1 - c.winner
    events = [
        Event(
            text=f"Combat over: {c.totals[ATTACKER]} (attacker) vs {c.totals[DEFENDER]} "
            f"(defender). {tg.ROLE[c.winner].capitalize()} holds the space; "
            f"{tg.ROLE[loser]} retreats."
        )
    ]
    return events + _offer_healing(c, cards, [c.winner, loser])


def _may_heal(c: CombatState, side: int) -> bool:
    """Whether ``side`` is asked to heal: a beaten creature, and a healer or a Storage Hand.

    A winner with any Storage Hand card is asked (its count is public), so being asked does
    not reveal an Elixir of Kabod.
    """
    items = side == c.winner and bool(c.storage[side])
    return bool(tg.healable(c, side)) and bool(c.heal_left or items)


def _offer_healing(c: CombatState, cards: Cards, sides: list[int]) -> list[Event]:
    """The first of ``sides`` that can heal heals now (winner, then win-or-lose healers)."""
    for side in sides:
        c.heal_left = tg.healers(c, cards, side)
        if _may_heal(c, side):
            c.step, c.actor = "heal", side
            return []
    return finish(c, cards)


def heal(c: CombatState, cards: Cards, uid: str | None, item: str | None = None) -> list[Event]:
    """Heal one beaten creature of the healing side (None: stop), by a healer or ``item``."""
    side, events = c.actor, []
    if uid is not None:
        fighter = c.fighter(uid)
        assert fighter is not None
        fighter.fate = "healed"
        if item is None:
            c.heal_left -= 1
        else:
            c.storage[side].remove(item)
            c.used.append(item)
        by = f" with {cards[item].name}" if item else ""
        events.append(Event(text=f"{tg.ROLE[side].capitalize()} heals {cards[uid].name}{by}."))
        if _may_heal(c, side):
            return events
    later = [1 - side] if side == c.winner else []
    return events + _offer_healing(c, cards, later)


def finish(c: CombatState, cards: Cards) -> list[Event]:
    """Build the outcome the engine applies."""
    survivors: dict[int, list[str]] = {}
    discarded = [f.uid for f in c.table if f.fate in ("beaten", "bribed", "destroyed")]
    discarded += [i for i, carrier in c.carried.items() if carrier in discarded]
    for side in (ATTACKER, DEFENDER):
        alive = [
            f.uid
            for f in c.table
            if f.side == side and f.fate in (None, "healed") and f.role != "out"
        ] + c.hands[side]
        if alive:
            alive += c.items[side] + [i for i, carrier in c.carried.items() if carrier in alive]
        else:
            discarded += c.items[side]
        survivors[c.seat(side)] = alive
    winner = c.winner if c.winner is not None else DEFENDER
    c.outcome = CombatOutcome(
        winner=c.seat(winner),
        attacker_total=c.totals[ATTACKER],
        defender_total=c.totals[DEFENDER],
        survivors=survivors,
        discarded=discarded + c.used,
        out_of_play=[f.uid for f in c.table if f.role == "out" and f.fate is None],
        stones_spent={c.seat(s): c.stones_spent[s] for s in (ATTACKER, DEFENDER)},
        channelers_used=list(c.channelers_used),
        terrain_destroyed=c.terrain_destroyed,
    )
    c.step = "over"
    c.waiting, c.pending = [], {}
    return []
