"""Hex geometry of the Gondor map: ids, neighbours, distance, fire lines, hexsides.

Ids are ``CCRR`` strings (column, row; rules 1.2). Hexes are flat-topped in vertical columns and
even columns sit half a hex towards higher rows (map.json "about"), so in axial coordinates
``q = column`` and ``r = row - (column + column % 2) // 2``. The pure functions here know no
map bounds; :class:`Grid` adds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

Cube = tuple[int, int, int]
_NUDGE = 1e-6


def to_cr(hex_id: str) -> tuple[int, int]:
    """(column, row) of a ``CCRR`` id."""
    return int(hex_id[:2]), int(hex_id[2:])


def hex_id(column: int, row: int) -> str:
    """The ``CCRR`` id of (column, row)."""
    return f"{column:02d}{row:02d}"


@cache  # at most 10,000 ids; distance and adjacency ask for them constantly
def cube(hex_ref: str) -> Cube:
    """Cube coordinates (x, y, z), x + y + z = 0, of a hex id."""
    c, r = to_cr(hex_ref)
    z = r - (c + (c & 1)) // 2
    return c, -c - z, z


def from_cube(x: int, z: int) -> tuple[int, int]:
    """(column, row) of the cube hex (x, -x-z, z)."""
    return x, z + (x + (x & 1)) // 2


def distance(a: str, b: str) -> int:
    """Hexes between a and b (adjacent = 1)."""
    (ax, ay, az), (bx, by, bz) = cube(a), cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def adjacent(a: str, b: str) -> bool:
    """True if a and b share a hexside."""
    return distance(a, b) == 1


def hexside_id(a: str, b: str) -> str:
    """The id of the hexside between two adjacent hexes: the two ids, lower first ("1917/1918")."""
    if not adjacent(a, b):
        raise ValueError(f"{a} and {b} are not adjacent: no hexside between them")
    return f"{min(a, b)}/{max(a, b)}"


def step(hex_ref: str, column: int, odd_row: int, even_row: int) -> tuple[int, int]:
    """(column, row) one hex from ``hex_ref`` in a direction of tables.toml [directions]."""
    c, r = to_cr(hex_ref)
    return c + column, r + (odd_row if c % 2 else even_row)


def _round(x: float, y: float, z: float) -> Cube:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


def line_steps(a: str, b: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The hexes a straight line from a's centre to b's centre crosses, as (column, row).

    One entry per step (``distance(a, b) + 1`` entries, a first, b last). Where the line runs
    exactly along a hexside the entry holds both hexes of that hexside (lower id first), else one.
    """
    n = distance(a, b)
    ca, cb = cube(a), cube(b)
    out = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        point = [p + (q - p) * t for p, q in zip(ca, cb, strict=True)]
        found: list[tuple[int, int]] = []
        for s in (_NUDGE, -_NUDGE):  # nudge both ways: a tie rounds differently, a clear step not
            rx, _, rz = _round(point[0] + s, point[1] + 2 * s, point[2] - 3 * s)
            if from_cube(rx, rz) not in found:
                found.append(from_cube(rx, rz))
        out.append(tuple(sorted(found, key=lambda p: hex_id(*p))))
    return tuple(out)


@dataclass(frozen=True)
class Grid:
    """The map's bounds: columns 1..columns, rows 1..rows."""

    columns: int
    rows: int

    def contains(self, column: int, row: int) -> bool:
        """True if (column, row) is on the map."""
        return 1 <= column <= self.columns and 1 <= row <= self.rows

    def neighbours(self, hex_ref: str) -> tuple[str, ...]:
        """The on-map neighbours of a hex, in id order."""
        x, _, z = cube(hex_ref)
        steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
        cells = (from_cube(x + dx, z + dz) for dx, dz in steps)
        return tuple(sorted(hex_id(*p) for p in cells if self.contains(*p)))

    def within(self, hex_ref: str, n: int) -> tuple[str, ...]:
        """Every on-map hex at distance <= n (the hex itself included), in id order."""
        x, _, z = cube(hex_ref)
        found = []
        for dx in range(-n, n + 1):
            for dz in range(max(-n, -dx - n), min(n, -dx + n) + 1):
                cell = from_cube(x + dx, z + dz)
                if self.contains(*cell):
                    found.append(hex_id(*cell))
        return tuple(sorted(found))

    def ring(self, hex_ref: str, n: int) -> tuple[str, ...]:
        """Every on-map hex at distance exactly n, in id order."""
        return tuple(h for h in self.within(hex_ref, n) if distance(hex_ref, h) == n)

    def line(self, a: str, b: str) -> tuple[tuple[str, ...], ...]:
        """:func:`line_steps` as ids, off-map hexes dropped from hexside ties."""
        return tuple(
            tuple(hex_id(*p) for p in cells if self.contains(*p)) for cells in line_steps(a, b)
        )

    def fire_line(self, a: str, b: str) -> tuple[str, ...]:
        """One hex per step of the line a -> b; along a hexside, the lower id of the two.

        Symmetric: ``fire_line(b, a)`` is ``fire_line(a, b)`` reversed. Rules that look at both
        hexes of a tie (7.1: blocked only if both are Mountain) use :meth:`line`.
        """
        return tuple(cells[0] for cells in self.line(a, b))
