"""Pixel geometry of the Gondor hex grid: north up, pointy-topped hexes.

A map column (CC of the id CCRR) is a horizontal line of hexes, column 1 at the bottom (south);
a row (RR) runs west (1, the mountain) to east; even columns sit half a hex east (map.json grid).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]


def col_row(hex_id: str) -> tuple[int, int]:
    """The (column, row) of a CCRR hex id."""
    return int(hex_id[:2]), int(hex_id[2:])


@dataclass(frozen=True)
class Layout:
    """Where hexes go: ``w`` px across the flats; (ox, oy) is the centre of hex (``top``, 1)."""

    w: float
    ox: float
    oy: float
    top: int  # the column drawn as the top line (the map's northmost)

    @property
    def size(self) -> float:
        """The hex radius (centre to corner)."""
        return self.w / math.sqrt(3)

    @property
    def pitch(self) -> float:
        """The vertical distance between two lines of hexes."""
        return 1.5 * self.size

    def centre(self, hex_id: str) -> Point:
        """The pixel centre of a hex."""
        c, r = col_row(hex_id)
        x = self.ox + (r - 1) * self.w + (self.w / 2 if c % 2 == 0 else 0)
        return x, self.oy + (self.top - c) * self.pitch

    def corners(self, hex_id: str, scale: float = 1.0) -> list[Point]:
        """The six corners, clockwise from the top; ``scale`` < 1 insets them."""
        x, y = self.centre(hex_id)
        s = self.size * scale
        return [
            (x + s * math.cos(math.radians(a)), y + s * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)
        ]

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
        return Layout(self.w * k, self.ox * k, self.oy * k, self.top)


def midpoint(a: Point, b: Point) -> Point:
    """The point halfway between ``a`` and ``b``."""
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
