"""A member's rating history as a line graph: one line per game, rated games in time order.

Drawn in a render worker (``picture`` is what the bot sends there). A line is a game's title and
its points ``(x, rating)``; x counts the member's rated games of every game together, oldest
first, so lines of different games share one time order.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engines.text import shorten
from render.common import (
    FELT,
    FELT_LINE,
    GOLD,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SEAT_COLOURS,
    TEXT,
    draw_text,
    ellipsize,
    encode_png,
    fixed_palette,
    font,
    text_width,
)

Line = tuple[str, list[tuple[int, float]]]
"""A game's title and its points (x, rating)."""

WIDTH, HEIGHT = 1000, 560
COLOURS = (GOLD, *SEAT_COLOURS)
PALETTE = (FELT, FELT_LINE, PANEL, PANEL_EDGE, TEXT, MUTED, *COLOURS)
ALT_LIMIT = 1000


def _scale(lines: list[Line]) -> tuple[int, int, int, int]:
    """The x range and the y range (ratings rounded out to 50, at least 100 apart)."""
    xs = [x for _, points in lines for x, _ in points]
    ys = [y for _, points in lines for _, y in points]
    low = math.floor(min(ys) / 50) * 50
    high = math.ceil(max(ys) / 50) * 50
    if high - low < 100:
        low, high = low - 50, high + 50
    return min(xs), max(max(xs), min(xs) + 1), low, high


def render(lines: list[Line], title: str) -> Image.Image:
    """The graph, 1000 × 560: title and legend above, ratings on the left, games along."""
    img = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(img)
    big, small = font(32, bold=True), font(24)
    draw_text(draw, (30, 24), ellipsize(title, big, WIDTH - 60), big)
    x = 30
    for i, (name, _) in enumerate(lines):  # the legend: a swatch and the game's title
        colour = COLOURS[i % len(COLOURS)]
        label = ellipsize(name, small, WIDTH - x - 80)
        if x + 40 + text_width(label, small) > WIDTH - 30:
            break
        draw.rounded_rectangle((x, 80, x + 28, 100), radius=6, fill=colour)
        draw_text(draw, (x + 38, 90), label, small, anchor="lm")
        x += 38 + text_width(label, small) + 36
    left, top, right, bottom = 120, 140, WIDTH - 40, HEIGHT - 80
    draw.rounded_rectangle(
        (left, top - 14, right, bottom + 14), radius=10, fill=PANEL, outline=PANEL_EDGE
    )
    x0, x1, y0, y1 = _scale(lines)
    steps = 4
    for k in range(steps + 1):  # gridlines and their ratings
        value = y0 + (y1 - y0) * k / steps
        y = bottom - (bottom - top) * k / steps
        draw.line((left + 2, y, right - 2, y), fill=FELT_LINE, width=2)
        draw_text(draw, (left - 12, y), f"{value:.0f}", small, MUTED, anchor="rm")
    axis = "rated games, oldest → newest"
    draw_text(draw, ((left + right) / 2, bottom + 46), axis, small, MUTED, anchor="mm")
    pad = 24

    def at(px: int, rating: float) -> tuple[float, float]:
        gx = left + pad + (right - left - 2 * pad) * (px - x0) / (x1 - x0)
        gy = bottom - (bottom - top) * (rating - y0) / (y1 - y0)
        return gx, gy

    for i, (_, points) in enumerate(lines):
        colour = COLOURS[i % len(COLOURS)]
        xy = [at(px, rating) for px, rating in points]
        if len(xy) > 1:
            draw.line(xy, fill=colour, width=5, joint="curve")
        for cx, cy in xy[-1:] if len(xy) > 12 else xy:
            draw.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), fill=colour)
    return img


def alt_text(lines: list[Line], title: str) -> str:
    """The graph in words: each game's rating from its first point to its last."""
    parts = []
    for name, points in lines:
        ratings = [y for _, y in points]
        parts.append(
            f"{name}: from {ratings[0]:.0f} to {ratings[-1]:.0f}"
            f" (lowest {min(ratings):.0f}, highest {max(ratings):.0f})"
        )
    text = f"{title}. " + "; ".join(parts) + "."
    return shorten(text, ALT_LIMIT)


def picture(lines: list[Line], title: str) -> tuple[bytes, str]:
    """In a worker: the graph's PNG and its alt text."""
    return encode_png(render(lines, title), palette=fixed_palette(PALETTE)), alt_text(lines, title)
