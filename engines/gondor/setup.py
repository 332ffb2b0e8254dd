"""Initial deployment (13.0): areas, legal hexes, and placing a counter."""

from __future__ import annotations

from functools import cache

from engines.gondor.board import stacking_problem
from engines.gondor.data import COUNTERS, MAP, SCHEDULE, Area, Side
from engines.gondor.hexes import distance
from engines.gondor.state import ROAD_HEXES, Counter, GondorState

MAIN_GATE = ROAD_HEXES[0]
"""The hex before the Main Gate (1918): the standard set-up gathers both sides towards it."""


@cache
def area_hexes(area_id: str) -> tuple[str, ...]:
    """The hexes of a deployment area (deployment.toml), never Mountain."""
    area = SCHEDULE.areas[area_id]
    near_city = {
        n for h, x in MAP.hexes.items() if x.in_city for n in MAP.grid.within(h, area.near_walls)
    }
    out = []
    for h, x in MAP.hexes.items():
        if x.terrain == "mountain":
            continue
        in_rows = area.rows is not None and area.rows[0] <= x.row <= area.rows[1]
        near = not x.in_city and h in near_city
        if in_rows or (area.city and x.in_city) or (not area.city_only and near):
            out.append(h)
    return tuple(sorted(out))


def area_of(counter: Counter) -> Area:
    """The area a start counter is deployed in: its own type's area, else its kind's."""
    mine = [a for a in SCHEDULE.areas.values() if a.side == counter.side]
    if counter.is_cauldron:
        return next(a for a in mine if counter.type in a.counters)
    return next(a for a in mine if counter.kind in a.counters)


def unplaced(state: GondorState, side: Side) -> list[int]:
    """Indices of ``side``'s start counters still off the map, in placing order."""
    return [
        i
        for i, c in enumerate(state.counters)
        if c.side == side and c.group == "start" and c.hex is None
    ]


def legal_hexes(state: GondorState, index: int) -> list[str]:
    """Where counter ``index`` may be placed: its area, stacking (5.2), one cauldron a hex."""
    counter = state.counters[index]
    board = state.board()
    piece = counter.piece()
    cauldrons = {c.hex for c in state.counters if c.is_cauldron}
    return [
        h
        for h in area_hexes(area_of(counter).id)
        if not (counter.is_cauldron and h in cauldrons)
        and stacking_problem([*board.at(h), piece]) is None
    ]


def truths_left(state: GondorState) -> list[bool]:
    """The cauldron truths still to place: True = dummy (three real, three dummies, 16.71)."""
    real = COUNTERS.equipment["cauldron"].count
    fake = COUNTERS.equipment["dummy-cauldron"].count
    placed = [c.dummy for c in state.counters if c.is_cauldron and c.hex is not None]
    out = []
    if placed.count(False) < real:
        out.append(False)
    if placed.count(True) < fake:
        out.append(True)
    return out


def place(state: GondorState, index: int, hex_ref: str, dummy: bool) -> None:
    """Put counter ``index`` on ``hex_ref``; a cauldron gets its truth and three oil (16.72)."""
    counter = state.counters[index]
    counter.hex = hex_ref
    if counter.is_cauldron:
        counter.dummy = dummy
        counter.type = "dummy-cauldron" if dummy else "cauldron"
        counter.oil = COUNTERS.equipment[counter.type].oil
    if counter.kind == "unit":
        state.visit(counter.side, [hex_ref])  # 15.15, 20.1 C: units only


def standard_hex(state: GondorState, index: int) -> str | None:
    """Counter ``index``'s hex in the standard set-up, given what is placed already.

    Its legal hex nearest the Main Gate (ties: lower id); Westernesse's inside the walls
    while a city hex is free for it. Sauron's equipment thus stacks with his foremost units.
    """
    hexes = legal_hexes(state, index)
    if state.counters[index].side == "westernesse":
        hexes = [h for h in hexes if MAP.hexes[h].in_city] or hexes
    return min(hexes, key=lambda h: (distance(h, MAIN_GATE), h), default=None)


def placed_back(state: GondorState, side: Side) -> list[tuple[int, str]]:
    """(index, hex) of ``side``'s placed start counters that may be taken back (not fixed)."""
    fixed = set(SCHEDULE.fixed)
    return [
        (i, c.hex)
        for i, c in enumerate(state.counters)
        if c.side == side and c.group == "start" and c.hex is not None and c.type not in fixed
    ]


def unplace(state: GondorState, index: int) -> None:
    """Lift counter ``index`` off the map; a cauldron loses its truth and oil until placed."""
    counter = state.counters[index]
    counter.hex = None
    if counter.is_cauldron:
        counter.dummy = None
        counter.type = "cauldron"
        counter.oil = 0
