"""The Mûmakil rampage (14.32): a Mûmak given a retreat result runs wild on the Scatter Diagram."""

from __future__ import annotations

from engines.base import Event
from engines.gondor.actions import counter_name
from engines.gondor.combat.odds import apr
from engines.gondor.combat.results import Dice, apply_result, eliminate, morale_check, roll, shown
from engines.gondor.combat.tables import cpt_number
from engines.gondor.data import COUNTERS, MAP, TABLES
from engines.gondor.hexes import hex_id, step
from engines.gondor.state import GondorState


def _unit_in(state: GondorState, hexes: tuple[str, ...], me: int) -> int | None:
    """The first combat unit (counter order) in any of these hexes, other than ``me``."""
    return next(
        (
            i
            for i, c in enumerate(state.counters)
            if c.kind == "unit" and c.hex in hexes and i != me
        ),
        None,
    )


def rampage(state: GondorState, index: int, dice: Dice) -> list[Event]:
    """14.32: one die on the Scatter Diagram; the Mûmak moves up to its MA that way.

    It is eliminated if it leaves the map or meets a wall, tower or gate hexside or Mountain
    [S, I]; it stops when the next hex holds any counter or once it is adjacent to a combat
    unit, friend or foe, which it then melees one-sided (the first in counter order) [I]; it
    ends disrupted until rallied.
    """
    c = state.counters[index]
    die = dice.randint(1, 6)
    direction = TABLES.scatter[die]
    way = TABLES.directions[direction]
    events = [Event(text=f"{counter_name(index)} rampages (14.32): die {die}, {direction}.")]
    assert c.hex is not None
    for _ in range(TABLES.movement.mumak):
        col, row = step(c.hex, way.column, way.odd_row, way.even_row)
        if not MAP.grid.contains(col, row):
            return events + eliminate(state, index, "ran off the map", dice)
        ahead = hex_id(col, row)
        if MAP.side(c.hex, ahead) is not None or MAP.hexes[ahead].terrain == "mountain":
            return events + eliminate(state, index, "ran into a wall or the mountain", dice)
        victim = _unit_in(state, (ahead,), index)
        if victim is not None or any(o.hex == ahead for o in state.counters):
            break
        c.hex = ahead
        victim = _unit_in(state, MAP.neighbours[ahead], index)
        if victim is not None:
            break
    events.append(Event(text=f"{counter_name(index)} stops in {c.hex}, disrupted."))
    c.disrupted = True
    if victim is not None:
        events += trample(state, index, victim, dice)
    return events


def trample(state: GondorState, index: int, victim: int, dice: Dice) -> list[Event]:
    """The rampaging Mûmak's one-sided melee on the CPT (14.32, 7.3)."""
    c = state.counters[index]
    need = cpt_number(
        COUNTERS.units[c.type].melee or "E", apr(state, state.board(), victim, index, False)
    )
    faces = roll(dice)
    hit = sum(faces) <= need
    verdict = "a hit" if hit else "no hit"
    events = [
        Event(
            text=f"{counter_name(index)} tramples {counter_name(victim)}: "
            f"{shown(faces)} against {need}, {verdict}."
        )
    ]
    if not hit:
        return events
    result, line = morale_check(state, victim, missile=False, dice=dice)
    return [*events, line, *apply_result(state, victim, result, c.hex, dice)]
