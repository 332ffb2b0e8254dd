"""The Combat Phases D and G (7.0): missile fire, individual combat, melee.

Also the decisions their results ask for mid-phase: retreat and advance after combat (7.5), and
which unit a rampaging Mûmak attacks (14.32).
"""

from __future__ import annotations

from typing import Any

from engines.base import Action, Event, IllegalAction, Unavailable
from engines.gondor.actions import EndPhase, counter_name, side_name
from engines.gondor.arrivals import edge_melee
from engines.gondor.combat.actions import (
    SEGMENT_NAMES,
    Advance,
    Challenge,
    EndSegment,
    Fire,
    Melee,
    Retreat,
    Stay,
    Trample,
)
from engines.gondor.combat.follow import advance, advance_hex, settle
from engines.gondor.combat.orders import challenge_orders, melee_orders, missile_orders
from engines.gondor.combat.rampage import trample, trample_orders, trample_prompt
from engines.gondor.combat.results import Dice, retreat, retreat_paths
from engines.gondor.combat.strikes import challenge, fire, melee
from engines.gondor.data import GAME
from engines.gondor.formation_actions import EdgeMelee
from engines.gondor.phase import PhaseRules
from engines.gondor.state import GondorState
from engines.rng import rng_for
from engines.text import join_and

SEGMENTS: dict[str, tuple[str, ...]] = {
    str(p["id"]): tuple(p["segments"])  # type: ignore[arg-type]
    for p in GAME.phase
    if "segments" in p
}
"""Each combat phase id -> its segments in order (game.toml)."""


def _dice(state: GondorState) -> Dice:
    return rng_for(state.seed, f"combat-{state.step}")


def orders(state: GondorState) -> list[Action]:
    """The orders of the current segment (mandatory melee aside)."""
    if state.segment == "missile":
        return list(missile_orders(state))
    if state.segment == "individual":
        return list(challenge_orders(state))
    if state.segment == "melee":
        return list(melee_orders(state)[0])
    return []


def _skip_empty(state: GondorState) -> None:
    """7.0: go past segments that offer nothing (the last one stays: it ends the phase)."""
    segments = SEGMENTS.get(state.phase, ())
    while state.segment in segments[:-1] and not orders(state):
        state.segment = segments[segments.index(state.segment) + 1]


def _after(state: GondorState, dice: Dice) -> list[Event]:
    """Settle queued results; once nothing is owed, skip segments with nothing to do."""
    events = settle(state, dice)
    if state.pending is None:
        _skip_empty(state)
    return events


class Combat(PhaseRules):
    """A side's Combat Phase: segment by segment, each unit fires and melees at most once."""

    def start(self, state: GondorState) -> list[Event]:
        """Fresh bookkeeping; the first segment with something to do."""
        state.shot, state.struck, state.challenged, state.follow_ups = [], [], [], []
        state.segment = SEGMENTS[state.phase][0]
        _skip_empty(state)
        return []

    def choices(self, state: GondorState) -> list[Action]:
        """The segment's orders, then End <segment>; End phase once no unit still must melee."""
        segments = SEGMENTS[state.phase]
        if state.segment != segments[-1]:
            return [*orders(state), EndSegment(segment=state.segment or segments[0])]
        found, bound = melee_orders(state)
        return [*found] if bound else [*found, EndPhase()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Carry out an order, or go on to the next segment."""
        dice = _dice(state)
        if isinstance(action, EndSegment):
            segments = SEGMENTS[state.phase]
            state.segment = segments[segments.index(action.segment) + 1]
            _skip_empty(state)
            return []
        if isinstance(action, Fire):
            events = fire(state, action, dice)
        elif isinstance(action, Challenge):
            events = challenge(state, action, dice)
        elif isinstance(action, EdgeMelee):
            events = edge_melee(state, action, dice)
        elif isinstance(action, Melee):
            events = melee(state, action, dice)
        else:
            raise IllegalAction("That is not possible in a Combat Phase.")
        return events + _after(state, dice)

    def finish(self, state: GondorState) -> list[Event]:
        """The phase is over: no segment."""
        state.segment = None
        return []

    def unavailable(self, state: GondorState) -> list[Unavailable]:
        """End phase, greyed while units still must melee (7.31)."""
        bound = melee_orders(state)[1] if state.segment == "melee" else []
        if not bound:
            return []
        names = join_and([counter_name(i) for i in bound])
        verb = "must" if len(bound) == 1 else "must all"
        return [Unavailable(label="End phase", reason=f"{names} {verb} still melee (7.31).")]

    def prompt(self, state: GondorState) -> str | None:
        """The segment, and how many units must still melee (7.31)."""
        who = side_name(state.acting)
        segment = SEGMENT_NAMES.get(state.segment or "", "combat")
        if state.segment == "melee":
            bound = melee_orders(state)[1]
            if bound:
                names = ", ".join(counter_name(i) for i in bound[:3])
                more = "…" if len(bound) > 3 else ""
                return f"{who}: melee — in an enemy ZOC, these must attack (7.31): {names}{more}"
        return f"{who}: {segment} — give orders, or end the {segment}."


class RetreatChoice(PhaseRules):
    """The owner of a unit with a retreat result picks where it ends its retreat (7.5)."""

    def choices(self, state: GondorState) -> list[Action]:
        """One answer per legal end hex."""
        item = _item(state)
        ends = retreat_paths(state, int(item["unit"]), int(item["hexes"]), str(item["away"]))
        return [Retreat(unit=int(item["unit"]), hex=h) for h in ends]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Retreat along the chosen path, then settle what follows."""
        item = _item(state)
        unit = int(item["unit"])
        ends = retreat_paths(state, unit, int(item["hexes"]), str(item["away"]))
        if not isinstance(action, Retreat) or action.hex not in ends:
            raise IllegalAction("Choose one of the retreat hexes offered.")
        state.pending = None
        return retreat(state, unit, ends[action.hex]) + _after(state, _dice(state))

    def prompt(self, state: GondorState) -> str | None:
        """Which unit retreats, how far, from whom."""
        item = _item(state)
        return (
            f"{side_name(state.counters[int(item['unit'])].side)}: retreat "
            f"{counter_name(int(item['unit']))} {item['hexes']} hex(es) away from {item['away']}."
        )


class AdvanceChoice(PhaseRules):
    """The attacker may advance into the hex its defender left (7.5)."""

    def choices(self, state: GondorState) -> list[Action]:
        """Advance, or Stay."""
        item = _item(state)
        into = advance_hex(state, item)
        found: list[Action] = [Advance(unit=int(item["unit"]), hex=into)] if into else []
        return [*found, Stay()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Move in, or not; then settle what follows."""
        state.pending = None
        events: list[Event] = []
        if isinstance(action, Advance):
            events = advance(state, action.unit, action.hex)
        elif not isinstance(action, Stay):
            raise IllegalAction("Advance or stay.")
        return events + _after(state, _dice(state))

    def prompt(self, state: GondorState) -> str | None:
        """Who may advance where."""
        item = _item(state)
        unit = counter_name(int(item["unit"]))
        return f"{side_name(state.acting)}: advance {unit} into {item['into']}, or stay?"


class TrampleChoice(PhaseRules):
    """The owner of a rampaging Mûmak stopped next to several units picks its victim (14.32)."""

    def choices(self, state: GondorState) -> list[Action]:
        """One melee per unit next to the Mûmak."""
        return list(trample_orders(state, int(_item(state)["unit"])))

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """The melee, the Mûmak disrupted; then settle what follows."""
        unit = int(_item(state)["unit"])
        if not isinstance(action, Trample) or action not in trample_orders(state, unit):
            raise IllegalAction("Choose one of the units next to the Mûmak.")
        state.pending = None
        dice = _dice(state)
        return trample(state, action, dice, unit) + _after(state, dice)

    def prompt(self, state: GondorState) -> str | None:
        """Which Mûmak, where."""
        return trample_prompt(state, int(_item(state)["unit"]))


def _item(state: GondorState) -> dict[str, Any]:
    assert state.pending is not None
    return state.pending.data
