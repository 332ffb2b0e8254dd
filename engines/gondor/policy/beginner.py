"""A beginner's Westernesse: the defence ``easy`` plays (docs/design/ai.md, "Levels").

It makes the mistakes a newcomer to a siege game makes. The garrison marches out to meet the
host in the field: its units deploy outside the walls, in front of his army (off the road),
and the stacks in the city leave through the gates to join them; every fight is taken,
whatever the odds, and every advance after one (but onto the road, whose worth it misses).
The leaders are placed as the policy places them, anywhere, apart from the units; the relief
is forgotten off the map and the oil stays in its cauldrons. So a city left without keepers
falls level by level to any host that wanders in. Everything else (the catapults, the Banner,
rallies, retreats) is the policy's (``playout``). Like the policy it reads only what
Westernesse may see.
"""

from __future__ import annotations

from engines.base import Action
from engines.gondor.actions import EndMovement, Move, Place, Select
from engines.gondor.combat.actions import Advance, Challenge, EndSegment, Fire, Melee, Stay
from engines.gondor.data import MAP
from engines.gondor.hexes import distance
from engines.gondor.policy import playout
from engines.gondor.siege.actions import HoldOil, LeaveOil
from engines.gondor.state import ROAD_HEXES, GondorState
from engines.rng import Random

SIDE = "westernesse"
EXIT = {s.into_level: str(s.upper) for s in MAP.hexsides.values() if s.kind == "gate"}
"""City level -> the upper hex of the gate that leads down out of it."""


def _foes(state: GondorState) -> list[str]:
    """Where Sauron's combat units stand (the Main Gate before any is placed)."""
    found = [c.hex for c in state.counters if c.kind == "unit" and c.side == "sauron" and c.hex]
    return found or [playout.MAIN_GATE]


def _nearest(hex_ref: str, goals: list[str]) -> int:
    return min(distance(hex_ref, g) for g in goals)


def choose(state: GondorState, legal: list[Action], rng: Random) -> Action:
    """The beginner's move among ``legal``: the policy's, but for the mistakes above."""
    kinds = {type(a) for a in legal}
    if Place in kinds:
        return _deploy(state, [a for a in legal if isinstance(a, Place)], rng)
    if state.phase == "setup":
        return playout.choose(state, SIDE, legal, rng)
    if state.pending is not None:
        return _decision(state, legal, rng)
    if Move in kinds:
        return _destination(state, [a for a in legal if isinstance(a, Move)])
    if Select in kinds or EndMovement in kinds:
        return _group(legal, rng)
    if kinds & {Fire, Melee, Challenge, EndSegment}:
        return _combat(legal, rng)
    return playout.choose(state, SIDE, legal, rng)


def _deploy(state: GondorState, places: list[Place], rng: Random) -> Action:
    """A unit goes outside the walls nearest his army (off the road); the rest as the policy."""
    counter = state.counters[places[0].counter]
    field = [a for a in places if not playout.in_city(a.hex) and a.hex not in ROAD_HEXES]
    if counter.kind != "unit" or not field:
        return playout.choose(state, SIDE, list(places), rng)
    foes = _foes(state)
    best = min(_nearest(a.hex, foes) for a in field)
    return rng.choice([a for a in field if _nearest(a.hex, foes) == best])


def _decision(state: GondorState, legal: list[Action], rng: Random) -> Action:
    """Oil left where it is; every advance taken but onto the road; else the policy's."""
    hold = [a for a in legal if isinstance(a, HoldOil | LeaveOil)]
    if hold:
        return hold[0]
    advances = [a for a in legal if isinstance(a, Advance) and a.hex not in ROAD_HEXES]
    if advances:
        return rng.choice(advances)
    if any(isinstance(a, Advance) for a in legal):  # the road is not worth a step to it
        return next((a for a in legal if isinstance(a, Stay)), legal[-1])
    return playout.choose(state, SIDE, legal, rng)


def _group(legal: list[Action], rng: Random) -> Action:
    """A whole stack on the map, inside the walls or out, moves; now and then none.

    The relief, off the map, is never brought on.
    """
    stacks: dict[str, Select] = {}
    for a in legal:
        if not isinstance(a, Select) or a.hex is None:
            continue
        if a.hex not in stacks or len(a.counters) > len(stacks[a.hex].counters):
            stacks[a.hex] = a
    pick = [stacks[h] for h in sorted(stacks)]
    if not pick or rng.random() < 1 / (len(pick) + 1):
        return next((a for a in legal if isinstance(a, EndMovement)), legal[-1])
    return rng.choice(pick)


def _destination(state: GondorState, moves: list[Move]) -> Action:
    """Down through the gates, then to his nearest unit.

    Inside the walls a stack makes for the lowest level it reaches, then the gate down out of
    it; outside, for the nearest Sauron unit, off the road hexes where it can (the road's
    worth is what a beginner misses).
    """
    foes = _foes(state)

    def way_out(move: Move) -> tuple[int, bool, int, int, str]:
        level = MAP.hexes[move.hex].level
        near = distance(move.hex, EXIT[level]) if level else _nearest(move.hex, foes)
        return level, move.hex in ROAD_HEXES, near, move.mp, move.hex

    return min(moves, key=way_out)


def _combat(legal: list[Action], rng: Random) -> Action:
    """Any fight will do: a duel, a melee or a shot at whatever odds; else move on."""
    fights = [a for a in legal if isinstance(a, Challenge | Melee | Fire)]
    if fights:
        return rng.choice(fights)
    return next((a for a in legal if isinstance(a, EndSegment)), legal[-1])
