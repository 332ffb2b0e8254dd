"""The city as Sauron's siege plan reads it: levels, gates, units by kind, walks.

What his moves (:mod:`~engines.gondor.policy.sauron_movement`), posts on the road
(:mod:`~engines.gondor.policy.sauron_road`) and assault
(:mod:`~engines.gondor.policy.sauron_assault`) all ask of a position. Reads only positions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from engines.gondor.data import COUNTERS, MAP
from engines.gondor.hexes import distance
from engines.gondor.state import ROAD_HEXES, Counter, GondorState
from engines.gondor.victory import GATES_INTO, gates_his, keepers

MAIN_GATE = ROAD_HEXES[0]
GATES = tuple(g for lv in sorted(GATES_INTO) for g in GATES_INTO[lv])
"""Every gate hexside into a city level, lowest level first."""
GARRISON = "garrison"
FIGHTERS = ("A", "B", "C")
"""Melee classes that hunt the garrison on their level; the rest climb on (1.3)."""


def level(hex_ref: str | None) -> int:
    """The hex's city level (0 outside the walls, 4.1)."""
    return MAP.hexes[hex_ref].level if hex_ref is not None else 0


def garrison(state: GondorState) -> list[str]:
    """Hexes of Westernesse combat units inside the city (what keeps the levels theirs, 20.2)."""
    return [
        c.hex
        for c in state.counters
        if c.kind == "unit" and c.side == "westernesse" and c.hex is not None and level(c.hex) > 0
    ]


def blockers(state: GondorState) -> dict[int, int]:
    """A level's keepers (victory.keepers) where its gates are all his, by counter index.

    Each is what still keeps its level from him (20.2: +10 to the garrison when it falls,
    19.11 A); the value is how many stand on its level (the fewer, the nearer the fall).
    """
    return {i: len(ids) for lv, ids in keepers(state).items() if gates_his(state, lv) for i in ids}


def grond_index(state: GondorState) -> int | None:
    """Grond's counter index while it is on the map."""
    return next((i for i, c in enumerate(state.counters) if c.type == "grond" and c.hex), None)


def main_gate() -> str:
    """The Main Gate's hexside, the one gate into level 1."""
    return GATES_INTO[1][0]


def passes(state: GondorState, gate: str) -> bool:
    """Whether his whole host passes the gate: he holds it (15.15) or it is breached."""
    return state.gates.get(gate) == "sauron" or gate in state.breaches


def force_of(counter: Counter) -> str:
    """The force a unit belongs to (the garrison, a relief force, one of his hosts)."""
    return COUNTERS.units[counter.type].force


def fighter(counter: Counter) -> bool:
    """A unit good enough in melee (class A-C, 1.3) to hunt the garrison."""
    return counter.kind == "unit" and COUNTERS.units[counter.type].melee in FIGHTERS


def archer(counter: Counter) -> bool:
    """A missile unit (7.1): it can shoot over walls, two hexes away."""
    return counter.kind == "unit" and bool(COUNTERS.units[counter.type].missile)


def pusher(counter: Counter) -> bool:
    """A Troll or Uruk-Hai: only they move Grond (16.13)."""
    return counter.kind == "unit" and COUNTERS.units[counter.type].carries_grond


def outside(state: GondorState, force: str | None = None) -> list[str]:
    """Hexes of Westernesse combat units outside the walls (of ``force`` if given).

    The garrison's units there are easy kills once the host is inside (9.1: 6 or 8 points).
    """
    return [
        c.hex
        for c in state.counters
        if c.kind == "unit"
        and c.side == "westernesse"
        and c.hex
        and level(c.hex) == 0
        and force in (None, force_of(c))
    ]


def nearest(hex_ref: str, goals: list[str]) -> int:
    """The straight distance to the nearest goal (0 without goals)."""
    return min((distance(hex_ref, g) for g in goals), default=0)


def walk_to(state: GondorState, goals: list[str]) -> Callable[[str], int]:
    """How many hexes a walk from a hex to the nearest goal takes (see :func:`walks`).

    A straight count misleads inside the city: a level is a bent strip, and from the wrong part
    of it a straight line to its far end only gets shorter by going nowhere; a defender a level
    up is nearest, in a straight line, from the wall below him (hunters stopped there for good).
    Hexes no walk joins count their straight distance on top of every walk.
    """
    found = walks(frozenset(goals), frozenset(state.breaches))
    return lambda hex_ref: found.get(hex_ref, len(MAP.hexes) + nearest(hex_ref, goals))


@functools.lru_cache(maxsize=512)
def walks(goals: frozenset[str], breaches: frozenset[str]) -> dict[str, int]:
    """Hexes from each hex to the nearest goal: walls shut unless breached, gates open.

    Units and zones of control are left out: the walk is where a unit heads for, turn after
    turn, not this move's path (the legal moves already say what is reachable now).
    """
    found = dict.fromkeys(goals, 0)
    frontier = list(goals)
    while frontier:
        nxt = []
        for h in frontier:
            for n, wall, _road in MAP.links[h]:
                if n in found or MAP.hexes[n].terrain == "mountain":
                    continue
                if wall is not None and wall.kind != "gate" and wall.id not in breaches:
                    continue
                found[n] = found[h] + 1
                nxt.append(n)
        frontier = nxt
    return found
