"""Special Formations (6.0, 14.2): forming and breaking them in a side's Movement Phase.

A leader forms a formation of the unit in its hex and an adjacent friendly unit that steps in
(that step is the joining unit's move; both units count as moved). Waiting Westernesse
reinforcements may form off the map and enter together (14.2). A formation moves as one group;
breaking one makes a unit move out at once (pending "formation-break"), so stacking holds (5.2).
"""

from __future__ import annotations

import dataclasses
from itertools import combinations

from engines.base import Action, Event
from engines.gondor.actions import counter_name, side_name
from engines.gondor.board import Board, Formation
from engines.gondor.data import MAP, SCHEDULE
from engines.gondor.effects import frozen
from engines.gondor.formation_actions import BreakFormation, Form, formation_name
from engines.gondor.movement import reach
from engines.gondor.siege.moves import after_move
from engines.gondor.state import GondorState, Pending

ROAD_HEXES = frozenset(h for road in MAP.roads for h in road.hexes)
"""Hexes on a road (3.3): where a Column may form (6.0)."""


def partners(state: GondorState, index: int) -> list[int]:
    """The other unit of counter ``index``'s formation (none if it is not in one).

    Off the map the formed units of a group and kind pair up in counter order (14.2).
    """
    c = state.counters[index]
    if c.formation is None or c.kind != "unit":
        return []
    if c.hex is not None:
        return [
            i
            for i, o in enumerate(state.counters)
            if i != index and o.hex == c.hex and o.side == c.side and o.formation is not None
        ]
    same = [
        i
        for i, o in enumerate(state.counters)
        if o.hex is None and o.group == c.group and o.formation == c.formation
    ]
    mate = same.index(index) ^ 1
    return [same[mate]] if mate < len(same) else []


def splits(state: GondorState, option: tuple[int, ...]) -> bool:
    """True if moving these counters would leave a formation's other unit behind."""
    return any(p not in option for i in option for p in partners(state, i))


def kinds(state: GondorState, a: int, b: int, on_road: bool) -> list[Formation]:
    """The formations units a and b may make (6.0): Column on a road, Wedge, Shieldwall."""
    moves = {state.counters[i].piece().mobility for i in (a, b)}
    if "mumak" in moves:
        return []  # [R] Mûmakil keep no rank (14.3)
    out: list[Formation] = ["column"] if on_road else []
    if moves == {"cavalry"}:
        out.append("wedge")
    if moves == {"infantry"}:
        out.append("shieldwall")
    return out


def _free(state: GondorState, index: int) -> bool:
    """A unit of the acting side that may still join a formation: unmoved, in good order."""
    c = state.counters[index]
    return (
        c.kind == "unit"
        and c.side == state.acting
        and c.formation is None
        and not c.disrupted
        and index not in state.moved
    )


def _leaders(state: GondorState) -> tuple[dict[str, int], dict[str, int]]:
    """The first leader able to form in each hex, and in each waiting group (14.2)."""
    on_map: dict[str, int] = {}
    waiting: dict[str, int] = {}
    for i, c in enumerate(state.counters):
        if c.kind != "leader" or c.side != state.acting or i in state.formed or frozen(state, i):
            continue
        if c.hex is not None:
            on_map.setdefault(c.hex, i)
        elif i not in state.moved and c.group in state.arrived:
            waiting.setdefault(c.group, i)
    return on_map, waiting


def form_orders(state: GondorState, board: Board | None = None) -> list[Form]:
    """Every formation a leader of the acting side may make now (6.0, 14.2).

    ``board``: the position's, if the caller built it already (``state.board()``).
    """
    on_map, waiting = _leaders(state)
    out = [f for gid, leader in waiting.items() for f in _arrival_orders(state, leader, gid)]
    for where, leader in on_map.items():
        units = [i for i, c in enumerate(state.counters) if c.hex == where and _free(state, i)]
        near = MAP.neighbours[where]
        joiners = [i for i, c in enumerate(state.counters) if c.hex in near and _free(state, i)]
        for a, b in ((a, b) for a in units for b in joiners):
            options = kinds(state, a, b, where in ROAD_HEXES)
            if options:
                board = board or state.board()
                mp = reach(board, state.counters[b].id).spent.get(where)
                if mp is None:
                    continue
                out += [
                    Form(leader=leader, unit=a, joins=b, formation=k, hex=where, mp=round(mp * 2))
                    for k in options
                ]
    return out


def _arrival_orders(state: GondorState, leader: int, gid: str) -> list[Form]:
    """14.2: a waiting leader and two waiting units of its group form to enter together."""
    group = SCHEDULE.groups[gid]
    if not group.formations:
        return []
    units = [i for i, c in enumerate(state.counters) if c.hex is None and c.group == gid]
    units = [i for i in units if _free(state, i)]
    on_road = bool(ROAD_HEXES & set(group.entry_hexes))
    out, seen = [], set()
    for a, b in combinations(units, 2):
        pair = (state.counters[a].type, state.counters[b].type)
        if pair not in seen:  # waiting units of one type are alike: one option per pair of types
            seen.add(pair)
            out += [
                Form(leader=leader, unit=a, joins=b, formation=k)
                for k in kinds(state, a, b, on_road)
            ]
    return out


def form(state: GondorState, action: Form) -> list[Event]:
    """Make the formation: the joining unit steps in (its move), or off the map both are chosen."""
    a, b = state.counters[action.unit], state.counters[action.joins]
    who, name = counter_name(action.leader), formation_name(action.formation)
    pair = f"{counter_name(action.unit)} and {counter_name(action.joins)}"
    path = reach(state.board(), b.id).path(action.hex) if action.hex else ()
    a.formation = b.formation = action.formation
    state.charged = [i for i in state.charged if i not in (action.unit, action.joins)]
    state.formed.append(action.leader)
    if action.hex is None:
        state.selected = [action.unit, action.joins, action.leader]
        return [Event(text=f"{who} forms a {name} of {pair} to enter together (14.2).")]
    start, b.hex = b.hex, action.hex
    state.visit(b.side, path)
    state.moved += [action.unit, action.joins]
    text = f"{who} forms a {name} of {pair} in {action.hex} ({counter_name(action.joins)} "
    text += f"steps in from {start}, {action.mp / 2:g} MP; 6.0)."
    return [Event(text=text), *after_move(state, [action.joins])]


def break_orders(state: GondorState) -> list[BreakFormation]:
    """Formations of the acting side that may break now: a unit can still move out (6.0)."""
    out = []
    for i, c in enumerate(state.counters):
        if c.side != state.acting or c.kind != "unit" or c.formation is None:
            continue
        if i in state.moved or (c.hex is None and c.group not in state.arrived):
            continue
        mates = partners(state, i)
        if c.hex is None:
            if mates and i < mates[0]:
                out.append(BreakFormation(unit=i, formation=c.formation, hex=None))
        elif _exits(state, i, mates):
            out.append(BreakFormation(unit=i, formation=c.formation, hex=c.hex))
    return out


def _exits(state: GondorState, index: int, mates: list[int]) -> bool:
    """Whether the unit, out of formation, may move out of its hex (5.2 holds afterwards)."""
    ids = {state.counters[i].id for i in (index, *mates)}
    board = state.board()
    pieces = tuple(
        dataclasses.replace(p, formation=None) if p.id in ids else p for p in board.pieces
    )
    return bool(reach(dataclasses.replace(board, pieces=pieces), state.counters[index].id).costs)


def break_formation(state: GondorState, action: BreakFormation) -> list[Event]:
    """Break it; on the map the unit named moves out next (pending "formation-break")."""
    name = formation_name(action.formation)
    for i in (action.unit, *partners(state, action.unit)):
        state.counters[i].formation = None
    who = side_name(state.acting)
    if action.hex is None:
        return [Event(text=f"{who} breaks the {name} of {counter_name(action.unit)} (6.0).")]
    state.selected = [action.unit]
    state.pending = Pending(side=state.acting, kind="formation-break")
    unit = counter_name(action.unit)
    return [Event(text=f"{who} breaks the {name} in {action.hex}: {unit} moves out (6.0).")]


def formation_orders(state: GondorState, board: Board | None = None) -> list[Action]:
    """Forming and breaking, for the Movement Phase's choices (``board``: the position's)."""
    return [*form_orders(state, board), *break_orders(state)]
