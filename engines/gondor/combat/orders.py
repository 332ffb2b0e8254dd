"""Which combat orders the acting side may give (7.1-7.3, 7.31), with their odds."""

from __future__ import annotations

from engines.gondor.arrivals import edge_melee_orders
from engines.gondor.board import Board, other
from engines.gondor.combat.actions import Challenge, Fire, Melee
from engines.gondor.combat.odds import (
    blocking_wall,
    duel_rating,
    fire_need,
    may_fight_across,
    melee_need,
    strike_class,
    unit_type,
)
from engines.gondor.data import COUNTERS, MAP, TABLES
from engines.gondor.hexes import distance
from engines.gondor.state import GondorState
from engines.gondor.zoc import exerted_on

MISSILE_RANGE = 2  # 7.1 [F 7.12], 16.25
_BLOCKS_FIRE = frozenset(k for k, t in TABLES.terrain.items() if t.blocks_fire)


def _enemy_units(state: GondorState) -> list[int]:
    return [
        i
        for i, c in enumerate(state.counters)
        if c.kind == "unit" and c.hex is not None and c.side != state.acting
    ]


def clear_line(a: str, b: str) -> bool:
    """7.1 [R]: fire is blocked by a Mountain hex (along a hexside, only if both are Mountain)."""
    steps = MAP.grid.line(a, b)[1:-1]
    return not any(all(MAP.hexes[h].terrain in _BLOCKS_FIRE for h in cells) for cells in steps)


def may_fire(state: GondorState, index: int) -> bool:
    """An acting missile unit (undisrupted, 7.6) or catapult that has not fired yet."""
    c = state.counters[index]
    if c.side != state.acting or c.hex is None:
        return False
    if c.kind == "unit":
        return bool(unit_type(state, index).missile) and not c.disrupted and index not in state.shot
    kind = COUNTERS.equipment[c.type].kind if c.kind == "equipment" else None
    return kind == "catapult" and index not in state.fired  # 16.12: once per Game-Turn


def missile_orders(state: GondorState) -> list[Fire]:
    """Every shot allowed now: firer -> enemy combat unit within two hexes, line clear (7.1)."""
    board = state.board()
    enemies = _enemy_units(state)
    out = []
    for i, c in enumerate(state.counters):
        if not may_fire(state, i):
            continue
        assert c.hex is not None
        for t in enemies:
            where = state.counters[t].hex
            assert where is not None
            if distance(c.hex, where) <= MISSILE_RANGE and clear_line(c.hex, where):
                need = fire_need(state, board, i, t)
                out.append(Fire(unit=i, target_unit=t, hex=where, need=need))
    return out


def duel_ratings(state: GondorState, board: Board, leader: int, foe: int) -> tuple[int, int]:
    """Both leaders' ratings in this fight (7.2).

    16.46: -1 to a leader fighting through a wall from its Siege Tower or Ladder hex.
    """
    a, b = state.counters[leader].hex, state.counters[foe].hex
    assert a is not None and b is not None
    mine, theirs = duel_rating(state, leader, foe), duel_rating(state, foe, leader)
    if a != b and blocking_wall(board, a, b, state.counters[leader].side):
        wall = MAP.side(a, b)
        assert wall is not None
        mine -= wall.lower == a
        theirs -= wall.lower == b
    return mine, theirs


def challenge_orders(state: GondorState) -> list[Challenge]:
    """Each leader may challenge once a phase an enemy leader in or next to its hex (7.2).

    Across a blocking wall only at a Siege Tower or Ladder.
    """
    board = state.board()
    leaders = [(i, c) for i, c in enumerate(state.counters) if c.kind == "leader" and c.hex]
    out = []
    for i, c in leaders:
        if c.side != state.acting or i in state.challenged:
            continue
        assert c.hex is not None
        for j, foe in leaders:
            assert foe.hex is not None
            if foe.side == c.side or distance(c.hex, foe.hex) > 1:
                continue
            if c.hex != foe.hex and not may_fight_across(state, board, c.hex, foe.hex, c.side):
                continue
            mine, theirs = duel_ratings(state, board, i, j)
            out.append(Challenge(leader=i, foe=j, hex=foe.hex, mine=mine, theirs=theirs))
    return out


def may_melee(state: GondorState, index: int) -> bool:
    """An acting unit with a melee class, undisrupted (7.6), not in Column (6.0), fresh."""
    c = state.counters[index]
    return (
        c.kind == "unit"
        and c.side == state.acting
        and c.hex is not None
        and not c.disrupted
        and c.formation != "column"
        and index not in state.struck
        and strike_class(state, index) is not None
    )


def melee_targets(state: GondorState, board: Board, index: int) -> tuple[list[int], bool]:
    """(the enemy units this unit may melee, whether it must) per 7.31.

    A unit in the ZOC of enemy units it can fight must melee exactly one of them; otherwise it
    may melee any adjacent enemy combat unit it can fight across the hexside between them.
    """
    c = state.counters[index]
    assert c.hex is not None
    ids = {x.id: i for i, x in enumerate(state.counters)}
    near = [
        i
        for n in MAP.neighbours[c.hex]
        for p in board.at(n)
        if p.kind == "unit"
        and p.side != c.side
        and may_fight_across(state, board, c.hex, n, c.side)
        for i in (ids[p.id],)
    ]
    binding = {ids[p.id] for p in exerted_on(board, other(c.side), c.hex)} & set(near)
    if binding:
        return sorted(binding), True
    return sorted(near), False


def melee_orders(state: GondorState) -> tuple[list[Melee], list[int]]:
    """Every melee allowed now (from off the map too, 14.2), and units that still must (7.31)."""
    board = state.board()
    orders, bound = [], []
    for i in range(len(state.counters)):
        if not may_melee(state, i):
            continue
        targets, must = melee_targets(state, board, i)
        if must:
            bound.append(i)
        for t in targets:
            where = state.counters[t].hex
            assert where is not None
            need = melee_need(state, board, i, t, attack=True)
            back = melee_need(state, board, t, i, attack=False)
            orders.append(Melee(unit=i, target_unit=t, hex=where, need=need, back=back))
    return [*orders, *edge_melee_orders(state)], bound
