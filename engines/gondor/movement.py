"""Movement (3.0, 5.1, 14.0, 15.1, 16.1, 16.4): allowances, step costs, reachable hexes.

A move is made by a *group*: the counters of one hex that move together (a combat unit with
the equipment it pushes and the leaders riding with it, a Special Formation, a lone leader).
:func:`reach` runs Dijkstra on MP from the group's hex, or from off the map through an entry
hex (14.0), and keeps each hex's cheapest path; ties go to the lower hex id, so the result is
deterministic.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass

from engines.gondor.board import Board, Piece, other, stacking_problem
from engines.gondor.data import COUNTERS, MAP, TABLES
from engines.gondor.mapdata import Hexside
from engines.gondor.zoc import zoc

ZOC_EXIT_MP = 2  # 5.1: leaving an enemy ZOC
SIEGE_TOWER_MP = 1  # 16.41: over the wall from a ready Siege Tower
LADDER_MP = 3  # 16.43: up a Ladder
COLUMN_MP = 2  # 6.0: a Column's bonus
ROAD_MP = float(TABLES.hexside["road"].mp)  # type: ignore[arg-type]
BREACH_MP = float(TABLES.hexside["breached"].mp)  # type: ignore[arg-type]
FIRE_MP = float(TABLES.hexside["fire"].mp)  # type: ignore[arg-type]
_FOOT_MP = {h: TABLES.terrain[x.terrain].mp for h, x in MAP.hexes.items()}
_CAVALRY_MP = {h: TABLES.terrain[x.terrain].cavalry_mp for h, x in MAP.hexes.items()}
_MOUNTAINS = frozenset(h for h, x in MAP.hexes.items() if x.terrain == "mountain")


class MoveError(ValueError):
    """These counters may not move together."""


def piece_allowance(piece: Piece, start: str | None) -> int:
    """A counter's Movement Allowance for a move starting in ``start`` (3.1, 15.21, 16.75)."""
    table = TABLES.movement
    if piece.kind == "equipment":
        return COUNTERS.equipment[piece.type].movement
    if piece.kind != "unit":
        return table.leader if piece.kind == "leader" else table.banner
    allowance = getattr(table, piece.mobility)
    if piece.side == "westernesse" and start is not None and MAP.hexes[start].in_city:
        allowance = table.city
    if piece.disrupted:
        allowance = math.ceil(allowance / 2)
    if piece.formation == "column":
        allowance += COLUMN_MP
    return allowance - 1 if piece.oil else allowance


@dataclass(frozen=True)
class Group:
    """Counters moving together: their side, hex and what restricts them."""

    pieces: tuple[Piece, ...]

    @property
    def lead(self) -> Piece:
        """The first piece (its side and hex are the group's)."""
        return self.pieces[0]

    @property
    def combat(self) -> bool:
        """True if a combat unit moves in the group."""
        return any(p.kind == "unit" for p in self.pieces)

    @property
    def mounted(self) -> bool:
        """Cavalry or Mûmakil in the group: walls only through open gates (15.22)."""
        return any(p.mounted for p in self.pieces)

    @property
    def equipment(self) -> bool:
        """Siege equipment in the group: walls only through open gates (16.48)."""
        return any(p.kind == "equipment" for p in self.pieces)

    @property
    def allowance(self) -> int:
        """The slowest member's allowance (a stack moves at its slowest)."""
        return min(piece_allowance(p, self.lead.hex) for p in self.pieces)

    @property
    def cavalry(self) -> bool:
        """Cavalry in the group: it pays cavalry terrain costs (4.2); Mûmakil pay as foot."""
        return any(p.mobility == "cavalry" for p in self.pieces)

    def terrain_mp(self, hex_ref: str) -> int:
        """MP to enter a hex by its terrain (4.2): the costliest member's; Mûmakil pay as foot."""
        return (_CAVALRY_MP if self.cavalry else _FOOT_MP)[hex_ref]


def group_of(board: Board, ids: str | Sequence[str]) -> Group:
    """The moving group for these piece ids; :class:`MoveError` if they may not move together."""
    pieces = tuple(board.piece(i) for i in ([ids] if isinstance(ids, str) else ids))
    if not pieces:
        raise MoveError("nothing to move")
    if len({(p.side, p.hex) for p in pieces}) > 1:
        raise MoveError("a group moves from one hex, of one side")
    problem = stacking_problem(pieces)
    if problem:
        raise MoveError(problem)
    for p in pieces:
        if p.kind != "equipment":
            continue
        if COUNTERS.equipment[p.type].movement == 0:
            raise MoveError("cauldrons never move (16.71)")
        if not any(q.kind == "unit" for q in pieces):
            raise MoveError("siege equipment moves only with a combat unit (16.11-16.13)")
        if p.mobility == "grond" and not any(
            q.unit_type and q.unit_type.carries_grond for q in pieces
        ):
            raise MoveError("Grond moves only with Trolls or Uruk-Hai (16.13)")
    return Group(pieces)


def crossing_mp(board: Board, group: Group, a: str, b: str) -> float | str | None:
    """MP the hexside a->b adds: a number, "all" (climbing down, 15.13), or None (may not)."""
    wall = MAP.side(a, b)
    return 0 if wall is None else _wall_mp(board, group, wall, a)


def _wall_mp(board: Board, group: Group, wall: Hexside, a: str) -> float | str | None:
    """:func:`crossing_mp` for a hexside with a feature, crossed from ``a``."""
    side = group.lead.side
    breached = wall.id in board.breaches
    if wall.kind == "gate" and (breached or board.gates.get(wall.id) == side):
        return 0  # 15.15; a breached gate is open to both sides [I]
    if group.mounted or group.equipment:
        return None  # 15.22, 16.48
    if breached:
        return BREACH_MP
    if wall.upper == a:
        return "all"
    ways = [SIEGE_TOWER_MP] if board.ready_towers.get(wall.id) == side else []
    ways += [LADDER_MP] if board.ready_ladders.get(wall.id) == side else []
    return min(ways, default=None)


@dataclass(frozen=True)
class Reach:
    """Where a group can end its move (costs), every hex it can pass (spent), cheapest paths."""

    costs: dict[str, float]
    spent: dict[str, float]
    parents: dict[str, str | None]
    start: str | None

    def path(self, hex_ref: str) -> tuple[str, ...]:
        """The hexes entered on the way to ``hex_ref`` (the start not included)."""
        if hex_ref not in self.parents:
            raise KeyError(f"{hex_ref} cannot be reached")
        out = []
        node: str | None = hex_ref
        while node is not None and node != self.start:
            out.append(node)
            node = self.parents[node]
        return tuple(reversed(out))


@dataclass(frozen=True)
class _Context:
    board: Board
    group: Group
    start: str | None
    allowance: int
    enemy_zoc: frozenset[str]
    blocked: frozenset[str]  # never entered: Mountain, 14.31 (see _banned), enemy units (3.2)
    stops: frozenset[str]  # entering ends the move: enemy counters (5.3, 16.73 [R]), ZOC (5.1)
    terrain: dict[str, int]  # MP to enter each hex by its terrain (4.2)
    shieldwall: bool  # 6.0: a Shieldwall moves at most one hex


def _context(board: Board, group: Group) -> _Context:
    """What every step of the group's move looks up, computed once."""
    enemy = other(group.lead.side)
    enemy_zoc = zoc(board, enemy)
    enemies = board.piece_hexes[enemy]
    blocked = _MOUNTAINS | _banned(board, group) | board.unit_hexes[enemy]
    return _Context(
        board=board,
        group=group,
        start=group.lead.hex,
        allowance=group.allowance,
        enemy_zoc=enemy_zoc,
        blocked=blocked if group.combat else blocked | enemies,  # 3.2
        stops=enemies | enemy_zoc,
        terrain=_CAVALRY_MP if group.cavalry else _FOOT_MP,
        shieldwall=any(p.formation == "shieldwall" for p in group.pieces),
    )


def _banned(board: Board, group: Group) -> frozenset[str]:
    """14.31: hexes next to a Mûmak (for cavalry) or to cavalry (for Mûmakil)."""
    kinds = {p.mobility for p in group.pieces}
    avoid = {"cavalry": "mumak", "mumak": "cavalry"}
    targets = {avoid[k] for k in kinds if k in avoid}
    if not targets:
        return frozenset()
    near: set[str] = set()
    for p in board.pieces:
        if p.mobility in targets and p.hex is not None and p not in group.pieces:
            near.update((p.hex, *MAP.neighbours[p.hex]))
    return frozenset(near)


def _step(
    ctx: _Context, a: str, b: str, wall: Hexside | None, road: bool, spent: float
) -> tuple[float, bool] | None:
    """(MP after entering b from a, move ends in b), or None if the step is not allowed."""
    if b in ctx.blocked:
        return None
    ends = b in ctx.stops
    cross = 0 if wall is None else _wall_mp(ctx.board, ctx.group, wall, a)
    first = a == ctx.start and spent == 0
    if cross is None or (cross == "all" and (not first or b in ctx.enemy_zoc)):
        return None  # 15.13: climbing down takes the whole move, never into an enemy ZOC
    if cross == "all":
        return float(ctx.allowance), True
    cost = spent + (ROAD_MP if road else ctx.terrain[b]) + float(cross)
    cost += FIRE_MP if b in ctx.board.fires else 0
    if first and a in ctx.enemy_zoc:
        if b in ctx.enemy_zoc:
            return None  # 5.1: never straight into another enemy ZOC hex
        cost += ZOC_EXIT_MP
    return (cost, ends or ctx.shieldwall) if cost <= ctx.allowance else None


def reach(board: Board, ids: str | Sequence[str], entry: tuple[str, int] | None = None) -> Reach:
    """Every hex the group may end its move in, with the MP spent and the cheapest path.

    ``entry = (hex, entered_before)`` moves a group from off the map: it enters by that edge
    hex paying its terrain plus 1 MP per unit that entered by the same hex before it this phase
    (14.0), then moves on as usual.
    """
    group = group_of(board, ids)
    ctx = _context(board, group)
    costs: dict[str, float] = {}
    parents: dict[str, str | None] = {}
    heap: list[tuple[float, str, str, bool]] = []  # (MP, hex, parent or "", move ends)
    if entry is None:
        if group.lead.hex is None:
            raise MoveError("a group off the map moves only by entering (14.0)")
        heap.append((0.0, group.lead.hex, "", False))
    else:
        if group.lead.hex is not None:
            raise MoveError("only counters off the map enter (14.0)")
        first = _entry_step(ctx, *entry)
        if first is not None:
            heap.append((first[0], entry[0], "", first[1]))
    while heap:
        spent, h, parent, stop = heapq.heappop(heap)
        if h in costs:
            continue
        costs[h], parents[h] = spent, parent or None
        if stop:
            continue
        for n, wall, road in MAP.links[h]:
            done = _step(ctx, h, n, wall, road, spent) if n not in costs else None
            if done is not None:
                heapq.heappush(heap, (done[0], n, h, done[1]))
    start = group.lead.hex
    own = board.piece_hexes[group.lead.side]  # elsewhere the group alone ends: group_of checked
    keep = {h for h in costs if h != start and (h not in own or _may_end(board, group, h))}
    return Reach({h: costs[h] for h in sorted(keep)}, costs, parents, start)


def _entry_step(ctx: _Context, hex_ref: str, entered_before: int) -> tuple[float, bool] | None:
    if hex_ref in ctx.blocked or hex_ref not in MAP.edge_hexes:
        return None
    cost: float = ctx.terrain[hex_ref] + entered_before
    cost += FIRE_MP if hex_ref in ctx.board.fires else 0
    ends = hex_ref in ctx.stops or ctx.shieldwall  # 6.0: entering is a Shieldwall's one hex
    return (cost, ends) if cost <= ctx.allowance else None


def _may_end(board: Board, group: Group, hex_ref: str) -> bool:
    """Stacking holds at the end of the move (5.2); enemy leaders and cauldrons there go."""
    side = group.lead.side
    staying = [p for p in board.at(hex_ref) if p.side == side and p not in group.pieces]
    return stacking_problem([*staying, *group.pieces]) is None


def reachable(
    board: Board, ids: str | Sequence[str], entry: tuple[str, int] | None = None
) -> dict[str, float]:
    """Hex -> MP spent for every legal end of the group's move (see :func:`reach`)."""
    return reach(board, ids, entry).costs
