"""Pixel geometry of the Gondor hex grid, turned a quarter clockwise: west up, north right.

A map column (CC of the id CCRR) is a line of hexes running west to east; drawn turned, it is a
vertical file, column 1 (the south) at the left and column 32 (the north) at the right. A row
(RR) runs from 1 (the mountain, west) at the top to 24 (the Pelennor's east edge) at the bottom;
even columns sit half a hex lower (map.json's grid, turned). Hexes are flat-topped, so the whole
map is wider than tall and both parts of a hex id grow the way one reads: CC to the right, RR
down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

Point = tuple[float, float]


def col_row(hex_id: str) -> tuple[int, int]:
    """The (column, row) of a CCRR hex id."""
    return int(hex_id[:2]), int(hex_id[2:])


@dataclass(frozen=True)
class Layout:
    """Where hexes go: ``w`` px across the flats (top to bottom); (ox, oy) the centre of 0101."""

    w: float
    ox: float
    oy: float

    @cached_property
    def size(self) -> float:
        """The hex radius (centre to corner)."""
        return self.w / math.sqrt(3)

    @cached_property
    def pitch(self) -> float:
        """The horizontal distance between two files of hexes (two map columns)."""
        return 1.5 * self.size

    def centre(self, hex_id: str) -> Point:
        """The pixel centre of a hex."""
        return self.centre_of(*col_row(hex_id))

    def centre_of(self, c: int, r: int) -> Point:
        """The pixel centre of the hex in column ``c``, row ``r``."""
        y = self.oy + (r - 1) * self.w + (self.w / 2 if c % 2 == 0 else 0)
        return self.ox + (c - 1) * self.pitch, y

    def corners(self, hex_id: str, scale: float = 1.0) -> list[Point]:
        """The six corners, clockwise from the east one; ``scale`` < 1 insets them."""
        x, y = self.centre(hex_id)
        s = self.size * scale
        return [(x + s * cos, y + s * sin) for cos, sin in _CORNERS]

    def hexside(self, a: str, b: str) -> tuple[Point, Point]:
        """The two ends of the side shared by adjacent hexes ``a`` and ``b``."""
        (xa, ya), (xb, yb) = self.centre(a), self.centre(b)
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        dx, dy = xb - xa, yb - ya
        length = math.hypot(dx, dy) or 1.0
        half = self.size / 2
        px, py = -dy / length * half, dx / length * half
        return (mx + px, my + py), (mx - px, my - py)

    def scaled(self, k: float) -> Layout:
        """The same layout ``k`` times larger (for supersampled drawing)."""
        return Layout(self.w * k, self.ox * k, self.oy * k)


_CORNERS = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 60)]
"""Each corner's direction from the centre, clockwise from the east one."""


def midpoint(a: Point, b: Point) -> Point:
    """The point halfway between ``a`` and ``b``."""
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
