"""Counters leaving the map: destroyed equipment and units (9.1), leaders displaced (5.3).

Also wrecked Siege Towers and Ladders (16.47).
"""

from __future__ import annotations

from engines.base import Event
from engines.gondor.actions import counter_name
from engines.gondor.combat.tables import unit_points
from engines.gondor.data import COUNTERS, MAP
from engines.gondor.hexes import distance
from engines.gondor.state import SEATS, GondorState

GONE = "eliminated"  # the arrival group of a counter that left the game (never re-enters)


def destroy(state: GondorState, index: int) -> int:
    """Take counter ``index`` off the map for good; a combat unit adds its points (9.1).

    A Special Formation it belonged to breaks. Returns the demoralization points added.
    """
    c = state.counters[index]
    points = 0
    if c.kind == "unit":
        unit = COUNTERS.units[c.type]
        points = unit_points(unit.morale)
        state.totals[unit.force] = state.totals.get(unit.force, 0) + points
    for o in state.counters:
        if o.hex is not None and o.hex == c.hex and o.side == c.side:
            o.formation = None
    c.hex, c.group, c.carries_oil, c.disrupted, c.formation = None, GONE, False, False, None
    if c.is_cauldron:
        c.oil = 0
    return points


def cauldron_lost(state: GondorState, index: int, how: str) -> list[Event]:
    """Destroy cauldron ``index``: the log says only that it is gone (16.71 reveals no truth).

    ``how`` completes "The cauldron in <hex> ..."; what it was goes to Westernesse alone.
    """
    hex_ref, dummy = state.counters[index].hex, state.counters[index].dummy
    destroy(state, index)
    truth = "a dummy" if dummy else "a real cauldron"
    return [
        Event(text=f"The cauldron in {hex_ref} {how}."),
        Event(text=f"(Only you see this: it was {truth}.)", seat=SEATS.index("westernesse")),
    ]


def displace_leader(state: GondorState, index: int) -> str:
    """5.3: an overrun leader joins the nearest friendly combat unit within 6 hexes, else dies.

    Ties go to the lower hex id; returns what happened, for the log.
    """
    leader = state.counters[index]
    start = leader.hex
    assert start is not None
    friends = sorted(
        (distance(start, c.hex), c.hex)
        for c in state.counters
        if c.kind == "unit" and c.side == leader.side and c.hex is not None
    )
    name = counter_name(index)
    if friends and friends[0][0] <= 6:
        leader.hex = friends[0][1]
        return f"{name} falls back to {leader.hex}"
    destroy(state, index)
    return f"{name} is eliminated (no friendly unit within 6 hexes)"


def wreck_at(state: GondorState, hex_ref: str) -> list[Event]:
    """16.47: an adverse melee result in ``hex_ref`` destroys the Siege Tower and Ladders there."""
    events = []
    for i, c in enumerate(state.counters):
        if c.hex == hex_ref and c.piece().mobility == "siege-tower":
            destroy(state, i)
            events.append(Event(text=f"{counter_name(i)} in {hex_ref} is wrecked (16.47)."))
    for wall in [w for w in state.ladders if hex_ref in w.split("/")]:
        if MAP.hexsides[wall].upper != hex_ref:
            del state.ladders[wall]
            events.append(Event(text=f"The Ladder at {wall} is thrown down (16.47)."))
    return events
