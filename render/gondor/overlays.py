"""What changes on the map during the siege: gates' holders, fires, heads, breaches, ladders.

Fires are drawn under the counters (the burning hex shows around them); heads, breaches and
ladders over them, so a stack never hides them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engines.gondor.views import GateView, GondorView, Hexside
from render.gondor import style
from render.gondor.hexgrid import Layout, Point, midpoint


def gates(draw: ImageDraw.ImageDraw, held: Sequence[GateView], layout: Layout) -> None:
    """A bar across each gate in the colour of the side holding it (grey: nobody)."""
    width = max(4, round(layout.w * 0.13))
    for gate in held:
        a, b = layout.hexside(*gate.hexside)
        draw.line([a, b], fill=style.side_colour(gate.controller), width=width)
        for x, y in (a, b):
            p = layout.size * 0.16
            draw.rectangle((x - p, y - p, x + p, y + p), fill=style.WALL)


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
    """Breached hexsides: a red cross over the broken wall."""
    for side in sides:
        a, b = layout.hexside(*side)
        m = midpoint(a, b)
        r = layout.size * (0.26 if zoom else 0.42)
        lw = max(4, round(layout.size * 0.16))
        for ang in (45, 135):
            dx, dy = r * math.cos(math.radians(ang)), r * math.sin(math.radians(ang))
            draw.line(
                [(m[0] - dx, m[1] - dy), (m[0] + dx, m[1] + dy)], fill=style.INK, width=lw + 3
            )
            draw.line([(m[0] - dx, m[1] - dy), (m[0] + dx, m[1] + dy)], fill=style.BREACH, width=lw)


def ladders(
    draw: ImageDraw.ImageDraw, sides: Sequence[Hexside], layout: Layout, zoom: bool = False
) -> None:
    """Ladders: two rails and rungs across the wall they lean on."""
    for ha, hb in sides:
        a, b = layout.hexside(ha, hb)
        m = midpoint(a, b)
        ca, cb = layout.centre(ha), layout.centre(hb)
        length = math.dist(ca, cb) or 1.0
        ux, uy = (cb[0] - ca[0]) / length, (cb[1] - ca[1]) / length  # across the wall
        vx, vy = -uy, ux  # along the wall
        half, gap = layout.size * (0.34 if zoom else 0.55), layout.size * (0.12 if zoom else 0.17)
        lw = max(3, round(layout.size * (0.06 if zoom else 0.09)))
        rails: list[tuple[Point, Point]] = [
            (
                (m[0] - ux * half + vx * o, m[1] - uy * half + vy * o),
                (m[0] + ux * half + vx * o, m[1] + uy * half + vy * o),
            )
            for o in (-gap, gap)
        ]
        for p, q in rails:
            draw.line([p, q], fill=style.INK, width=lw + 2)
        for t in (-0.6, 0.0, 0.6):
            c = (m[0] + ux * half * t, m[1] + uy * half * t)
            draw.line(
                [(c[0] - vx * gap, c[1] - vy * gap), (c[0] + vx * gap, c[1] + vy * gap)],
                fill=style.LADDER,
                width=lw,
            )
        for p, q in rails:
            draw.line([p, q], fill=style.LADDER, width=lw)


def focus(draw: ImageDraw.ImageDraw, hexes: Sequence[str], layout: Layout) -> None:
    """A gold outline around each focus hex of a zoomed crop."""
    for hex_id in hexes:
        draw.polygon(
            layout.corners(hex_id, 0.94), outline=style.FOCUS, width=max(3, round(layout.size / 14))
        )


def reach(draw: ImageDraw.ImageDraw, hexes: Sequence[str], layout: Layout, zoom: bool) -> None:
    """A bright ring inside each hex the selected group can reach (the view's ``highlight``).

    In a zoomed crop the ring runs along the hex's edge, clear of its number.
    """
    width = max(3, round(layout.size / (12 if zoom else 9)))
    scale = 0.93 if zoom else 0.8
    for hex_id in hexes:
        draw.polygon(layout.corners(hex_id, scale), outline=style.REACH, width=width)


def under_counters(img: Image.Image, view: GondorView, layout: Layout, zoom: bool) -> None:
    """The overlays drawn before the counters: the burning hexes show around them."""
    draw = ImageDraw.Draw(img)
    fires(draw, view.fires, layout, zoom)
    reach(draw, view.highlight, layout, zoom)
    gates(draw, view.gates, layout)


def over_counters(img: Image.Image, view: GondorView, layout: Layout, zoom: bool) -> None:
    """The overlays drawn after the counters, so a stack never hides them."""
    draw = ImageDraw.Draw(img)
    breaches(draw, view.breaches, layout, zoom)
    ladders(draw, view.ladders, layout, zoom)
    heads(draw, view.heads, layout, zoom)
