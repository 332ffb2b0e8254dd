"""Cauldrons and oil (16.7; hidden information): picking oil up, and the oil question (16.74).

Sauron never learns whether a cauldron or a carried oil is real, nor where a unit picked its
oil up: the pick-up and the "pour or hold" questions are asked alike for real and dummy oil,
only real oil can pour, and the public log names neither the truth nor the cauldron.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Action, Event, IllegalAction
from engines.gondor.actions import counter_name
from engines.gondor.data import MAP, TABLES
from engines.gondor.phase import PhaseRules
from engines.gondor.removal import destroy
from engines.gondor.siege.actions import HoldOil, LeaveOil, PickUpOil, PourOil
from engines.gondor.state import GondorState, Pending

_HIGH = frozenset(k for k, t in TABLES.terrain.items() if t.higher_than_neighbours)
POURS_ON = ("siege-tower",)  # 16.74: a Sauron combat unit and/or a Siege Tower


def higher(a: str, b: str) -> bool:
    """True if hex a is higher than its neighbour b: the upper side of a wall, or a Tower."""
    wall = MAP.side(a, b)
    return (wall is not None and wall.upper == a) or MAP.hexes[a].terrain in _HIGH


def _victims(state: GondorState, hex_ref: str) -> list[int]:
    return [
        i
        for i, c in enumerate(state.counters)
        if c.hex == hex_ref
        and c.side == "sauron"
        and (c.kind == "unit" or c.piece().mobility in POURS_ON)
    ]


def pour_targets(state: GondorState) -> dict[int, list[str]]:
    """Each oil carrier (real or dummy) -> the hexes below it it could pour on (16.74)."""
    out: dict[int, list[str]] = {}
    for i, c in enumerate(state.counters):
        if c.carries_oil and c.hex is not None:
            hexes = [n for n in MAP.neighbours[c.hex] if higher(c.hex, n) and _victims(state, n)]
            if hexes:
                out[i] = hexes
    return out


def ask_pour(state: GondorState) -> None:
    """In the Sauron Movement Phase, ask Westernesse "pour or hold" if any carrier could pour."""
    if state.phase == "sauron-movement" and state.pending is None and pour_targets(state):
        state.pending = Pending(side="westernesse", kind="oil")


class PourRules(PhaseRules):
    """The oil question: pour real oil on a hex below, or hold (asked for dummy oil too)."""

    def choices(self, state: GondorState) -> list[Action]:
        """A pour for each real carrier and target hex; Hold."""
        pours = [
            PourOil(counter=i, hex=h)
            for i, hexes in pour_targets(state).items()
            if not state.counters[i].dummy
            for h in hexes
        ]
        return [*pours, HoldOil()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Pour (then ask again if more could pour) or hold."""
        state.pending = None
        if isinstance(action, HoldOil):
            return [Event(text="Westernesse holds.")]
        if not isinstance(action, PourOil):
            raise IllegalAction("Pour or hold.")
        state.counters[action.counter].carries_oil = False
        burnt = _victims(state, action.hex)
        names = ", ".join(counter_name(i) for i in burnt)
        for i in burnt:
            destroy(state, i)
        ask_pour(state)
        text = f"Westernesse pours oil from {counter_name(action.counter)} on {action.hex}"
        return [Event(text=f"{text}: {names} destroyed (16.74).")]

    def reveals(self, state: GondorState) -> bool:
        """Never auto-answered: a forced "Hold" would tell Sauron the oil is a dummy."""
        return True

    def prompt(self, state: GondorState) -> str | None:
        """The question (asked alike for real and dummy oil)."""
        return "Westernesse: Sauron's forces stand below your oil. Pour it, or hold?"


def ask_pickup(state: GondorState, moved: list[int], path: Sequence[str]) -> None:
    """16.72: picking up oil is part of a move: the first cauldron with oil on ``path``.

    A unit "enters the same hex as a Cauldron, 'picks up' an Oil counter … and moves off":
    the group is asked about the first cauldron with oil among the hexes it entered, its end
    included; one cauldron a move, one oil a unit (16.75).
    """
    oily = {c.hex: i for i, c in enumerate(state.counters) if c.is_cauldron and c.oil > 0}
    cauldron = next((oily[h] for h in path if h in oily), None)
    units = [
        i for i in moved if state.counters[i].kind == "unit" and not state.counters[i].carries_oil
    ]
    if cauldron is not None and units:
        data = {"units": units, "cauldron": cauldron}
        state.pending = Pending(side="westernesse", kind="oil-pickup", data=data)


class PickUpRules(PhaseRules):
    """The pick-up question: which unit takes an oil counter, or leave it."""

    def choices(self, state: GondorState) -> list[Action]:
        """Each unit that may pick up; Leave it."""
        assert state.pending is not None
        return [*(PickUpOil(counter=i) for i in state.pending.data["units"]), LeaveOil()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """The unit takes one oil counter; its truth is the cauldron's (only Westernesse sees)."""
        assert state.pending is not None
        data = state.pending.data
        state.pending = None
        if not isinstance(action, PickUpOil):
            return []
        cauldron = state.counters[int(data["cauldron"])]
        unit = state.counters[action.counter]
        unit.carries_oil, unit.dummy = True, cauldron.dummy
        cauldron.oil -= 1
        left = [i for i in data["units"] if i != action.counter]
        if left and cauldron.oil > 0:
            data = {"units": left, "cauldron": data["cauldron"]}
            state.pending = Pending(side="westernesse", kind="oil-pickup", data=data)
        truth = "dummy oil" if unit.dummy else "real oil"
        return [
            Event(text=f"{counter_name(action.counter)} picks up oil."),
            Event(text=f"(Only you see this: in {cauldron.hex}, {truth}.)", seat=1),
        ]

    def reveals(self, state: GondorState) -> bool:
        """Cauldrons are hidden counters: never answered for the player."""
        return True

    def prompt(self, state: GondorState) -> str | None:
        """The question."""
        return "Westernesse: pick up oil from a cauldron on the way (16.72)?"
