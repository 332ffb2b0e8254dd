"""What changes on the map: gates' holders, fires, heads, breaches, ladders, the last move.

Fires are drawn under the counters (the burning hex shows around them); heads, breaches,
ladders and the arrow over them, so a stack never hides them. Gates, breaches and ladders lie
along their hexside, so they cover no counter.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.gondor.views import GateView, GondorView, Hexside
from render.common import RGB
from render.gondor import style
from render.gondor.hexgrid import Layout, Point

RINGS_KEPT = 1024  # ring masks kept per process: a full map's are 1-2 KB, a close-up's about 20 KB


def gates(draw: ImageDraw.ImageDraw, held: Sequence[GateView], layout: Layout) -> None:
    """Each gate: a bar along its hexside and a post at each end, in its holder's colour."""
    width = max(5, min(round(layout.w * 0.16), style.px(18)))  # a close-up's hides no hex id
    p = min(layout.size * 0.24, style.px(13))
    for gate in held:
        colour = style.side_colour(gate.controller)
        a, b = layout.hexside(*gate.hexside)
        draw.line([a, b], fill=style.INK, width=width + 4)
        draw.line([a, b], fill=colour, width=width)
        for x, y in (a, b):
            draw.rectangle((x - p, y - p, x + p, y + p), fill=colour, outline=style.INK, width=2)


def fires(
    draw: ImageDraw.ImageDraw, hexes: Sequence[str], layout: Layout, zoom: bool = False
) -> None:
    """Burning hexes: an orange hex inside the hex, with flames (at its foot when zoomed)."""
    for hex_id in hexes:
        draw.polygon(layout.corners(hex_id, 0.92), fill=style.FIRE)
        x, y = layout.centre(hex_id)
        s = layout.size
        base, tip = (y + s * 0.8, y + s * 0.5) if zoom else (y - s * 0.45, y - s * 0.8)
        for dx in (-0.22, 0.0, 0.22) if zoom else (-0.3, 0.0, 0.3):
            draw.polygon(
                [(x + (dx - 0.11) * s, base), (x + dx * s, tip), (x + (dx + 0.11) * s, base)],
                fill=style.FLAME,
            )


def heads(
    draw: ImageDraw.ImageDraw, hexes: Sequence[str], layout: Layout, zoom: bool = False
) -> None:
    """Severed heads: a pale skull at the hex's lower left (under the counter when zoomed)."""
    for hex_id in hexes:
        x, y = layout.centre(hex_id)
        s = layout.size
        r = s * (0.19 if zoom else 0.3)
        cx, cy = (x, y + s * 0.7) if zoom else (x - s * 0.4, y + s * 0.42)
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r * 0.8),
            fill=style.WHITE,
            outline=style.INK,
            width=max(1, round(s / 22)),
        )
        e = r * 0.28
        for ex in (-0.38, 0.38):
            draw.ellipse((cx + ex * r - e, cy - e, cx + ex * r + e, cy + e), fill=style.INK)


def breaches(
    draw: ImageDraw.ImageDraw, sides: Sequence[Hexside], layout: Layout, zoom: bool = False
) -> None:
    """Breached hexsides: red and white stripes along the middle of the broken wall or gate.

    The mark stays on the hexside, between its ends: it covers no counter, and a gate's posts
    (its holder's colour) still show either side of it.
    """
    lw = max(5, round(layout.w * (0.1 if zoom else 0.16)))
    for side in sides:
        a, b = layout.hexside(*side)
        p, q = _along(a, b, 0.2), _along(a, b, 0.8)
        draw.line([p, q], fill=style.INK, width=lw + 4)
        n = 5 if zoom else 3
        for i in range(n):
            colour = style.BREACH if i % 2 == 0 else style.WHITE
            draw.line([_along(p, q, i / n), _along(p, q, (i + 1) / n)], fill=colour, width=lw)


def ladders(
    draw: ImageDraw.ImageDraw, sides: Sequence[Hexside], layout: Layout, zoom: bool = False
) -> None:
    """Ladders: two rails along the wall they lean on and rungs across it, on the hexside."""
    for ha, hb in sides:
        a, b = layout.hexside(ha, hb)
        length = math.dist(a, b) or 1.0
        vx, vy = (b[0] - a[0]) / length, (b[1] - a[1]) / length  # along the wall
        ux, uy = -vy, vx  # across it
        gap = layout.size * (0.08 if zoom else 0.13)
        lw = max(2, round(layout.size * (0.04 if zoom else 0.07)))
        p, q = _along(a, b, 0.12), _along(a, b, 0.88)
        rails = [
            ((p[0] + ux * o, p[1] + uy * o), (q[0] + ux * o, q[1] + uy * o)) for o in (-gap, gap)
        ]
        for r0, r1 in rails:
            draw.line([r0, r1], fill=style.INK, width=lw + 2)
        for t in (0.15, 0.5, 0.85) if not zoom else (0.1, 0.3, 0.5, 0.7, 0.9):
            c = _along(p, q, t)
            draw.line(
                [(c[0] - ux * gap, c[1] - uy * gap), (c[0] + ux * gap, c[1] + uy * gap)],
                fill=style.LADDER,
                width=lw,
            )
        for r0, r1 in rails:
            draw.line([r0, r1], fill=style.LADDER, width=lw)


def _along(a: Point, b: Point, t: float) -> Point:
    """The point ``t`` of the way from ``a`` to ``b``."""
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def moves(img: Image.Image, steps: Sequence[Hexside], layout: Layout, zoom: bool = False) -> None:
    """The last move: a white arrow from each hex a counter left to the hex it reached."""
    draw = ImageDraw.Draw(img)
    lw = max(4, round(layout.size * (0.08 if zoom else 0.2)))
    head = layout.size * (0.32 if zoom else 0.55)
    for start, end in steps:
        (x0, y0), (x1, y1) = layout.centre(start), layout.centre(end)
        length = math.dist((x0, y0), (x1, y1))
        if length < 1:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        # From the start hex's counter to the edge of the end hex: the tip covers no code.
        start_trim, end_trim = layout.size * 0.5, layout.size * (0.62 if zoom else 0.45)
        x0, y0 = x0 + ux * start_trim, y0 + uy * start_trim
        x1, y1 = x1 - ux * end_trim, y1 - uy * end_trim
        base = (x1 - ux * head, y1 - uy * head)
        tip = [
            (x1, y1),
            (base[0] - uy * head * 0.55, base[1] + ux * head * 0.55),
            (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55),
        ]
        draw.line([(x0, y0), base], fill=style.INK, width=lw + 4)
        polygon(img, tip, outline=style.INK, width=2, fill=style.WHITE)
        draw.line([(x0, y0), base], fill=style.WHITE, width=lw)


def focus(img: Image.Image, hexes: Sequence[str], layout: Layout) -> None:
    """A gold outline around each focus hex of a zoomed crop."""
    width = max(3, round(layout.size / 14))
    for hex_id in hexes:
        polygon(img, layout.corners(hex_id, 0.94), outline=style.FOCUS, width=width)


def reach(img: Image.Image, hexes: Sequence[str], layout: Layout, zoom: bool) -> None:
    """A bright ring inside each hex the selected group can reach (the view's ``highlight``).

    In a zoomed crop the ring runs along the hex's edge, clear of its number.
    """
    width = max(3, round(layout.size / (12 if zoom else 9)))
    scale = 0.93 if zoom else 0.8
    for hex_id in hexes:
        placed = _hex_ring(layout, hex_id, scale, width, img.size)
        if placed is None:
            polygon(img, layout.corners(hex_id, scale), outline=style.REACH, width=width)
        else:
            img.paste(style.REACH, *placed)


Box = tuple[int, int, int, int]


@lru_cache(maxsize=RINGS_KEPT)
def _hex_ring(
    layout: Layout, hex_id: str, scale: float, width: int, size: tuple[int, int]
) -> tuple[Box, Image.Image] | None:
    """Where a ring inside ``hex_id`` goes and its mask, if a ``size`` picture holds it whole.

    A deploying side's picture rings up to 150 hexes, the same ones picture after picture:
    each ring's place is then a look-up and a paste.
    """
    points = layout.corners(hex_id, scale)
    box = _bounds(points, width)
    if box[0] < 0 or box[1] < 0 or box[2] > size[0] or box[3] > size[1]:
        return None
    moved = tuple((x - box[0], y - box[1]) for x, y in points)
    return box, _ring(moved, width, (box[2] - box[0], box[3] - box[1]))


def _bounds(points: Sequence[Point], width: int) -> Box:
    """The pixels a polygon with a ``width`` outline may touch, with a margin."""
    pad = width + 2
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (
        math.floor(min(xs)) - pad,
        math.floor(min(ys)) - pad,
        math.ceil(max(xs)) + pad + 1,
        math.ceil(max(ys)) + pad + 1,
    )


def polygon(
    img: Image.Image, points: Sequence[Point], outline: RGB, width: int, fill: RGB | None = None
) -> None:
    """``ImageDraw.polygon`` with a wide outline, drawn on the part of ``img`` it covers.

    Pillow draws a wide outline through a mask the size of the whole image (a megapixel made
    and filled for each ring); drawn on a crop around the polygon, the pixels are the same. A
    ring (no fill) wholly inside the image is its colour pasted through its mask, drawn once
    per shape (``_ring``).
    """
    box = _bounds(points, width)
    x0, y0 = max(0, box[0]), max(0, box[1])
    x1, y1 = min(img.width, box[2]), min(img.height, box[3])
    if x0 >= x1 or y0 >= y1:
        return
    moved = tuple((x - x0, y - y0) for x, y in points)
    if fill is None and (x0, y0, x1, y1) == box:  # an edge would clip it otherwise
        img.paste(outline, box, _ring(moved, width, (x1 - x0, y1 - y0)))
        return
    part = img.crop((x0, y0, x1, y1))
    ImageDraw.Draw(part).polygon(moved, fill=fill, outline=outline, width=width)
    img.paste(part, (x0, y0))


@lru_cache(maxsize=RINGS_KEPT)
def _ring(points: tuple[Point, ...], width: int, size: tuple[int, int]) -> Image.Image:
    """The mask of a wide polygon outline drawn on a ``size`` image (shared: never draw on)."""
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).polygon(points, outline=255, width=width)
    return mask


def under_counters(img: Image.Image, view: GondorView, layout: Layout, zoom: bool) -> None:
    """The overlays drawn before the counters: the burning hexes show around them."""
    draw = ImageDraw.Draw(img)
    fires(draw, view.fires, layout, zoom)
    reach(img, view.highlight, layout, zoom)
    gates(draw, view.gates, layout)


def over_counters(img: Image.Image, view: GondorView, layout: Layout, zoom: bool) -> None:
    """The overlays drawn after the counters, so a stack never hides them."""
    draw = ImageDraw.Draw(img)
    breaches(draw, view.breaches, layout, zoom)
    ladders(draw, view.ladders, layout, zoom)
    heads(draw, view.heads, layout, zoom)
    moves(img, view.moves, layout, zoom)
