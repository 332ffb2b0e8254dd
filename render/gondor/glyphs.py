"""Type glyphs drawn inside counters and in the legend: simple shapes that read at 20 px.

Each takes a drawing, the glyph's box and a line width, and draws in ``ink``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from render.common import GOLD, RGB
from render.gondor import style

Box = tuple[float, float, float, float]
Glyph = Callable[[ImageDraw.ImageDraw, Box, float, RGB], None]


def infantry(draw: ImageDraw.ImageDraw, b: Box, lw: float, ink: RGB) -> None:
    """Crossed lines (the map symbol of foot soldiers)."""
    x0, y0, x1, y1 = b
    draw.line([(x0, y0), (x1, y1)], fill=ink, width=round(lw))
    draw.line([(x0, y1), (x1, y0)], fill=ink, width=round(lw))


def cavalry(draw: ImageDraw.ImageDraw, b: Box, lw: float, ink: RGB) -> None:
    """One diagonal (the map symbol of horse)."""
    x0, y0, x1, y1 = b
    draw.line([(x0, y1), (x1, y0)], fill=ink, width=round(lw))


def bow(draw: ImageDraw.ImageDraw, b: Box, lw: float, ink: RGB) -> None:
    """A drawn bow with its arrow, for units that shoot."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    draw.arc((x0 - w * 0.2, y0, x0 + w * 0.8, y1), -70, 70, fill=ink, width=round(lw))
    top = (x0 + w * 0.3 + w * 0.5 * math.cos(math.radians(-70)), y0 + h / 2 - h / 2 * 0.94)
    bottom = (top[0], y1 - h / 2 * 0.06)
    draw.line([top, bottom], fill=ink, width=max(1, round(lw / 2)))
    draw.line([(x0, y0 + h / 2), (x1, y0 + h / 2)], fill=ink, width=max(1, round(lw * 0.6)))
    draw.polygon(
        [(x1, y0 + h / 2), (x1 - w * 0.22, y0 + h * 0.34), (x1 - w * 0.22, y0 + h * 0.66)], fill=ink
    )


def mumak(draw: ImageDraw.ImageDraw, b: Box, lw: float, ink: RGB) -> None:
    """An elephant: body, head, trunk and legs."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    draw.ellipse((x0 + w * 0.25, y0 + h * 0.15, x1, y0 + h * 0.75), fill=ink)
    draw.ellipse((x0 + w * 0.02, y0 + h * 0.1, x0 + w * 0.45, y0 + h * 0.55), fill=ink)
    draw.line([(x0 + w * 0.1, y0 + h * 0.45), (x0 + w * 0.04, y1)], fill=ink, width=round(lw))
    for fx in (0.38, 0.82):
        draw.line([(x0 + w * fx, y0 + h * 0.6), (x0 + w * fx, y1)], fill=ink, width=round(lw))


def star(draw: ImageDraw.ImageDraw, b: Box, lw: float, ink: RGB) -> None:
    """A five-pointed star (leaders), outlined in ``ink``."""
    x0, y0, x1, y1 = b
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2 + (y1 - y0) * 0.04, min(x1 - x0, y1 - y0) / 2
    points = [
        (
            cx + (r if k % 2 == 0 else r * 0.45) * math.cos(math.radians(-90 + 36 * k)),
            cy + (r if k % 2 == 0 else r * 0.45) * math.sin(math.radians(-90 + 36 * k)),
        )
        for k in range(10)
    ]
    draw.polygon(points, fill=GOLD, outline=ink, width=max(1, round(lw / 2)))


def catapult(draw: ImageDraw.ImageDraw, b: Box, lw: float, ink: RGB) -> None:
    """A frame with a throwing arm and its stone."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    draw.line([(x0, y1), (x1, y1)], fill=ink, width=round(lw))
    draw.line(
        [(x0 + w * 0.3, y1), (x0 + w * 0.55, y0 + h * 0.45), (x0 + w * 0.8, y1)],
        fill=ink,
        width=round(lw),
    )
    draw.line(
        [(x0 + w * 0.15, y0 + h * 0.75), (x1 - w * 0.15, y0 + h * 0.12)], fill=ink, width=round(lw)
    )
    r = w * 0.13
    draw.ellipse(
        (x1 - w * 0.15 - r, y0 + h * 0.12 - r, x1 - w * 0.15 + r, y0 + h * 0.12 + r), fill=ink
    )


def siege_tower(draw: ImageDraw.ImageDraw, b: Box, lw: float, ink: RGB) -> None:
    """A tall tower with floors."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    box = (x0 + w * 0.22, y0, x1 - w * 0.22, y1)
    draw.rectangle(box, outline=ink, width=round(lw))
    for f in (0.33, 0.66):
        draw.line([(box[0], y0 + h * f), (box[2], y0 + h * f)], fill=ink, width=round(lw * 0.7))


def grond(draw: ImageDraw.ImageDraw, b: Box, lw: float, ink: RGB) -> None:
    """The great ram: a beam with a wedge head."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    draw.rectangle((x0, y0 + h * 0.36, x1 - w * 0.3, y0 + h * 0.64), fill=ink)
    draw.polygon(
        [(x1 - w * 0.34, y0 + h * 0.12), (x1, y0 + h / 2), (x1 - w * 0.34, y1 - h * 0.12)], fill=ink
    )


def cauldron(
    draw: ImageDraw.ImageDraw, b: Box, lw: float, ink: RGB, *, hollow: bool = False
) -> None:
    """A pot on legs; ``hollow`` for a dummy."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    bowl = (x0, y0 - h * 0.3, x1, y0 + h * 0.8)
    if hollow:
        draw.chord(bowl, 0, 180, outline=ink, width=round(lw))
    else:
        draw.chord(bowl, 0, 180, fill=ink)
    draw.line(
        [(x0 - w * 0.05, y0 + h * 0.25), (x1 + w * 0.05, y0 + h * 0.25)], fill=ink, width=round(lw)
    )
    for fx in (0.25, 0.75):
        draw.line([(x0 + w * fx, y0 + h * 0.7), (x0 + w * fx, y1)], fill=ink, width=round(lw))


def dummy_cauldron(draw: ImageDraw.ImageDraw, b: Box, lw: float, ink: RGB) -> None:
    """A dummy cauldron: the pot drawn hollow."""
    cauldron(draw, b, lw, ink, hollow=True)


def banner(draw: ImageDraw.ImageDraw, b: Box, lw: float, ink: RGB) -> None:
    """A flag on a pole."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    draw.line([(x0 + w * 0.2, y0), (x0 + w * 0.2, y1)], fill=ink, width=round(lw))
    draw.polygon([(x0 + w * 0.2, y0), (x1, y0 + h * 0.22), (x0 + w * 0.2, y0 + h * 0.45)], fill=ink)


def drop(draw: ImageDraw.ImageDraw, b: Box, lw: float, fill: RGB | None, edge: RGB) -> None:
    """An oil drop; ``fill`` None draws it hollow."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    draw.polygon(
        [(x0 + w / 2, y0), (x1 - w * 0.06, y0 + h * 0.6), (x0 + w * 0.06, y0 + h * 0.6)],
        fill=fill or edge,
    )
    draw.ellipse(
        (x0, y0 + h * 0.3, x1, y1),
        fill=fill or style.WHITE,
        outline=edge,
        width=max(1, round(lw / 2)),
    )


GLYPHS: dict[str, Glyph] = {
    "infantry": infantry,
    "cavalry": cavalry,
    "mumak": mumak,
    "leader": star,
    "catapult": catapult,
    "siege-tower": siege_tower,
    "grond": grond,
    "cauldron": cauldron,
    "dummy-cauldron": dummy_cauldron,
    "banner": banner,
}
