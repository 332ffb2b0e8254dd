"""After a move in a siege (5.3, 16.43, 16.7): oil on the way, overrun, Ladders, oil.

``moving.py`` calls :func:`movement_started` when a Movement Phase begins and
:func:`after_move` after each move; these may set a pending decision (a Ladder, picking up
oil, the oil question).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.base import Action, Event, IllegalAction
from engines.gondor.actions import counter_name
from engines.gondor.board import STACKED_EQUIPMENT
from engines.gondor.data import COUNTERS, MAP
from engines.gondor.phase import PhaseRules
from engines.gondor.removal import cauldron_lost, destroy, displace_leader
from engines.gondor.siege.actions import HoldOil, NoLadder, PlaceLadder, PourOil
from engines.gondor.siege.oil import POURS_ON, ask_pickup, ask_pour, higher
from engines.gondor.state import GondorState, Ladder, Pending, climbable_walls
from engines.gondor.victory import settle

LADDERS = COUNTERS.markers["ladder"].count  # 16.47: limited by the counter mix


def movement_started(state: GondorState) -> list[Event]:
    """16.74: at the start of the Sauron Movement Phase Westernesse may already pour."""
    ask_pour(state)
    return []


def after_move(state: GondorState, moved: list[int], path: Sequence[str] = ()) -> list[Event]:
    """A Sauron stack that passed below oil may be poured on first (16.74); then it arrives.

    ``path``: the hexes entered on the way (default: only where the group stands).
    """
    if state.pending is None and passing_targets(state, moved, path):
        data = {"moved": moved, "path": list(path)}
        state.pending = Pending(side="westernesse", kind="oil-passing", data=data)
        return []
    return arrive(state, moved, path)


def arrive(state: GondorState, moved: list[int], path: Sequence[str]) -> list[Event]:
    """Overrun what the group found (5.3), then ask about a Ladder, oil or pouring."""
    lead = state.counters[moved[0]]
    events: list[Event] = []
    if any(state.counters[i].kind == "unit" for i in moved):
        events = overrun(state, moved)
        if lead.side == "sauron":
            _ask_ladder(state, moved)
        else:
            ask_pickup(state, moved, path or [str(lead.hex)])
    ask_pour(state)
    settle(state)
    return events


def passing_targets(
    state: GondorState, moved: list[int], path: Sequence[str]
) -> dict[int, list[str]]:
    """16.74: each oil carrier (real or dummy) -> the hexes below it this Sauron group passed.

    Only in the Sauron Movement Phase and for a group with a combat unit or Siege Tower; the
    hex it stops in is not "passed": the oil question after the move covers it.
    """
    if state.phase != "sauron-movement" or not group_victims(state, moved):
        return {}
    out: dict[int, list[str]] = {}
    for i, c in enumerate(state.counters):
        if c.carries_oil and c.hex is not None:
            below = [h for h in path[:-1] if h in MAP.neighbours[c.hex] and higher(c.hex, h)]
            if below:
                out[i] = below
    return out


def group_victims(state: GondorState, moved: list[int]) -> list[int]:
    """The moving Sauron counters oil destroys: combat units and Siege Towers (16.74)."""
    return [
        i
        for i in moved
        if state.counters[i].side == "sauron"
        and (state.counters[i].kind == "unit" or state.counters[i].piece().mobility in POURS_ON)
    ]


class PassingPourRules(PhaseRules):
    """16.74: pour on a Sauron stack "during the Sauron Movement Phase" as it passes below.

    Asked alike for real and dummy oil; only real oil pours; the stack then arrives (or what
    is left of it: leaders and other equipment survive).
    """

    def choices(self, state: GondorState) -> list[Action]:
        """A pour for each real carrier and hex passed; Hold."""
        data = _data(state)
        found = passing_targets(state, data["moved"], data["path"])
        pours = [
            PourOil(counter=i, hex=h)
            for i, hexes in found.items()
            if not state.counters[i].dummy
            for h in hexes
        ]
        return [*pours, HoldOil()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Pour on the passing stack, or let it pass; then what is left of it arrives."""
        data = _data(state)
        moved, path = [int(i) for i in data["moved"]], [str(h) for h in data["path"]]
        if isinstance(action, PourOil) and action in self.choices(state):
            state.pending = None
            state.counters[action.counter].carries_oil = False
            burnt = group_victims(state, moved)
            names = ", ".join(counter_name(i) for i in burnt)
            for i in burnt:
                destroy(state, i)
            who = counter_name(action.counter)
            events = [
                Event(
                    text=f"Westernesse pours oil from {who} on the stack passing {action.hex}: "
                    f"{names} destroyed (16.74)."
                )
            ]
        elif isinstance(action, HoldOil):
            state.pending = None
            events = [Event(text="Westernesse holds; the stack passes.")]
        else:
            raise IllegalAction("Pour or hold.")
        left = [i for i in moved if state.counters[i].hex is not None]
        if left:
            return events + arrive(state, left, path)
        ask_pour(state)
        settle(state)
        return events

    def reveals(self, state: GondorState) -> bool:
        """Never auto-answered: a forced "Hold" would tell Sauron the oil is a dummy."""
        return True

    def prompt(self, state: GondorState) -> str | None:
        """The question (asked alike for real and dummy oil)."""
        data = _data(state)
        hexes = sorted(
            {h for hs in passing_targets(state, data["moved"], data["path"]).values() for h in hs}
        )
        return (
            f"Westernesse: Sauron's stack passed below your oil at {', '.join(hexes)}. "
            "Pour it as it passes, or hold?"
        )


def _data(state: GondorState) -> dict[str, Any]:
    assert state.pending is not None
    return state.pending.data


def overrun(state: GondorState, moved: list[int]) -> list[Event]:
    """5.3, movement ruling 6: enemy leaders in the entered hex fall back; equipment burns.

    Enemy siege equipment there is destroyed, and a cauldron too (its truth stays hidden, 16.71).
    """
    side, hex_ref = state.counters[moved[0]].side, state.counters[moved[0]].hex
    out: list[Event] = []
    for i, c in enumerate(state.counters):
        if c.hex != hex_ref or c.side == side:
            continue
        if c.kind == "leader":
            out.append(Event(text=f"{displace_leader(state, i)} (5.3)."))
        elif c.is_cauldron:
            out += cauldron_lost(state, i, "is destroyed")
        elif c.piece().mobility in STACKED_EQUIPMENT:
            out.append(Event(text=f"{counter_name(i)} in {hex_ref} is destroyed."))
            destroy(state, i)
    return out


def ladder_walls(state: GondorState, moved: list[int]) -> list[str]:
    """16.43: hexsides a moved Sauron foot unit now faces from below that may take a Ladder."""
    climbers = [
        state.counters[i]
        for i in moved
        if state.counters[i].kind == "unit" and not state.counters[i].piece().mounted
    ]
    if not climbers or state.ladders_placed >= LADDERS or climbers[0].hex is None:
        return []
    return [
        w
        for w in climbable_walls(climbers[0].hex)
        if w not in state.ladders and w not in state.breaches
    ]


def _ask_ladder(state: GondorState, moved: list[int]) -> None:
    walls = ladder_walls(state, moved)
    if walls and state.pending is None:
        state.pending = Pending(side="sauron", kind="ladder", data={"hexsides": walls})


class LadderRules(PhaseRules):
    """After a Sauron move next to a wall: place a Ladder (16.43), or not."""

    def choices(self, state: GondorState) -> list[Action]:
        """A Ladder at each hexside; No ladder."""
        assert state.pending is not None
        walls = [w.split("/") for w in state.pending.data["hexsides"]]
        return [*(PlaceLadder(a=a, b=b) for a, b in walls), NoLadder()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Place it (usable from the next Game-Turn), then the oil question may follow."""
        state.pending = None
        events = []
        if isinstance(action, PlaceLadder):
            state.ladders[action.hexside] = Ladder(side="sauron", turn=state.turn)
            state.ladders_placed += 1
            left = LADDERS - state.ladders_placed
            events.append(Event(text=f"Sauron places a Ladder at {action.hexside} ({left} left)."))
        elif not isinstance(action, NoLadder):
            raise IllegalAction("Place a ladder or not.")
        ask_pour(state)
        return events

    def prompt(self, state: GondorState) -> str | None:
        """The question."""
        return "Sauron: place a Ladder against the wall (climbable from next Game-Turn)?"
