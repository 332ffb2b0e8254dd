"""Zones of control (5.1, 16.44): which hexes each side's combat units control."""

from __future__ import annotations

from engines.gondor.board import Board, Piece
from engines.gondor.data import MAP, TABLES, Side

_NO_ZOC_TERRAIN = frozenset(k for k, t in TABLES.terrain.items() if t.blocks_zoc)
_ZOC_LINKS = {
    h: tuple((n, wall) for n, wall, _ in links if MAP.hexes[n].terrain not in _NO_ZOC_TERRAIN)
    for h, links in MAP.links.items()
}  # hex -> (neighbour a ZOC may enter, hexside feature between or None)


def exerts_zoc(piece: Piece) -> bool:
    """Only undisrupted combat units on the map have a ZOC (5.1, 7.6)."""
    return piece.kind == "unit" and not piece.disrupted and piece.hex is not None


def zoc_crosses(board: Board, side: Side, source: str, target: str) -> bool:
    """True if a ZOC of ``side`` from ``source`` reaches the adjacent ``target`` (5.1).

    Never into Mountain; across a wall, tower or gate hexside only if the hexside is breached
    [I], a gate ``side`` controls, or a Ladder of ``side`` stands against it or a Siege Tower of
    ``side`` stands in ``source`` below it (16.44: at once; only climbing waits, 16.41, 16.43).
    """
    if MAP.hexes[target].terrain in _NO_ZOC_TERRAIN:
        return False
    wall = MAP.side(source, target)
    if wall is None or wall.id in board.breaches:
        return True
    if wall.kind == "gate" and board.gates.get(wall.id) == side:
        return True
    if wall.lower not in (source, None):
        return False
    return board.ladders.get(wall.id) == side or any(
        p.side == side and p.mobility == "siege-tower" for p in board.at(source)
    )


def zoc(board: Board, side: Side) -> frozenset[str]:
    """Every hex in the ZOC of ``side``'s undisrupted combat units (computed once per board)."""
    key = ("zoc", side)
    found = board.memo.get(key)
    if found is None:
        found = board.memo[key] = _zoc(board, side)
    return found  # type: ignore[return-value]


def _zoc(board: Board, side: Side) -> frozenset[str]:
    sources = {p.hex for p in board.pieces if p.side == side and exerts_zoc(p)}
    out: set[str] = set()
    for source in sources:
        assert source is not None
        for n, wall in _ZOC_LINKS[source]:
            if wall is None or zoc_crosses(board, side, source, n):
                out.add(n)
    return frozenset(out)


def exerted_on(board: Board, side: Side, hex_ref: str) -> tuple[Piece, ...]:
    """The ``side`` combat units whose ZOC covers ``hex_ref`` (7.31's candidates), by id."""
    if hex_ref not in zoc(board, side):
        return ()
    found = [
        p
        for n in MAP.neighbours[hex_ref]
        for p in board.at(n)
        if p.side == side and exerts_zoc(p) and zoc_crosses(board, side, n, hex_ref)
    ]
    return tuple(sorted(found, key=lambda p: p.id))
