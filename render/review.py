"""The image of a game's review (``/game review``): chances move by move, turning points.

Each seat's chance is a line on a graph, the turning points are numbered on it and told below.
Landscape, 1000 px wide, no text under ``MIN_PX``.

The view is plain data the bot composed from public facts only (names, chances, the turning
points' texts); it is validated here into :class:`ReviewView` before anything is drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont
from pydantic import BaseModel, ConfigDict, Field

from engines.text import shorten
from render.common import (
    BASE_WIDTH,
    FELT,
    FELT_LINE,
    GOLD,
    MUTED,
    PANEL,
    draw_text,
    encode_png,
    font,
    font_px,
    seat_colour,
    text_width,
    wrap,
)

LINES_PER_TURN = 3
"""A turning point's text takes at most this many lines on the image (the alt text has it all)."""
ALT_LIMIT = 1000


class SeatCurve(BaseModel):
    """One seat's chance (0..1) after each reviewed move: (move number, chance)."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(max_length=100)
    points: list[tuple[int, float]] = Field(max_length=5000)


class TurningPoint(BaseModel):
    """A move that cost its seat much: where it is on the graph, and what it says."""

    model_config = ConfigDict(frozen=True)

    move: int
    seat: int
    chance: float
    text: str = Field(max_length=600)


class ReviewView(BaseModel):
    """What the review image shows."""

    model_config = ConfigDict(frozen=True)

    title: str = Field(max_length=200)
    goal: str = Field(max_length=40)
    """What a chance is a chance to do ("win", "reach the goal")."""
    moves: int = Field(ge=1)
    seats: list[SeatCurve] = Field(min_length=1, max_length=4)
    turns: list[TurningPoint] = Field(max_length=3)
    summary: str = Field(max_length=300)


def render(view: Mapping[str, Any]) -> Image.Image:
    """Draw the review."""
    v = ReviewView.model_validate(dict(view))
    width, pad = BASE_WIDTH, 24
    title_font, text_font, small = font(30, bold=True), font(24), font(22)
    turn_lines = [
        wrap(f"{i}. {t.text}", text_font, width - 2 * pad, LINES_PER_TURN)
        for i, t in enumerate(v.turns, 1)
    ]
    if not turn_lines:
        turn_lines = [wrap(v.summary, text_font, width - 2 * pad, LINES_PER_TURN)]
    step = font_px(text_font) + 6
    graph_top, graph_h = 100, 340
    height = graph_top + graph_h + 70 + sum(len(lines) * step + 10 for lines in turn_lines) + pad
    img = Image.new("RGB", (width, min(height, width)), FELT)
    draw = ImageDraw.Draw(img)
    draw_text(draw, (pad, pad), wrap(v.title, title_font, width - 2 * pad, 1)[0], title_font)
    legend_x = pad
    for seat, curve in enumerate(v.seats):
        label = f"— {curve.name}"
        draw_text(draw, (legend_x, 64), label, small, seat_colour(seat))
        legend_x += text_width(label, small) + 24
    _graph(draw, v, (pad + 70, graph_top, width - pad, graph_top + graph_h), small)
    y = graph_top + graph_h + 56
    for lines in turn_lines:
        for line in lines:
            draw_text(draw, (pad, y), line, text_font)
            y += step
        y += 10
    return img


def _graph(
    draw: ImageDraw.ImageDraw, v: ReviewView, box: tuple[int, int, int, int], fnt: FreeTypeFont
) -> None:
    """Axes at 0, 50 and 100 %, a line per seat, the turning points numbered on their line."""
    left, top, right, bottom = box
    draw.rectangle(box, fill=PANEL, outline=FELT_LINE, width=2)

    def at(move: int, chance: float) -> tuple[float, float]:
        x = left + (right - left) * min(max(move, 0), v.moves) / v.moves
        return x, bottom - (bottom - top) * min(max(chance, 0.0), 1.0)

    for share in (0.0, 0.5, 1.0):
        y = at(0, share)[1]
        draw.line((left, y, right, y), fill=FELT_LINE, width=1)
        draw_text(draw, (left - 8, y), f"{round(share * 100)} %", fnt, MUTED, anchor="rm")
    draw_text(draw, (right, bottom + 8), f"move {v.moves}", fnt, MUTED, anchor="ra")
    judged = ", each from that player's own knowledge" if len(v.seats) > 1 else ""
    draw_text(draw, (left, bottom + 8), f"chance to {v.goal}{judged}", fnt, MUTED, anchor="la")
    for seat, curve in enumerate(v.seats):
        points = [at(m, c) for m, c in curve.points]
        if len(points) > 1:
            draw.line(points, fill=seat_colour(seat), width=4, joint="curve")
        elif points:
            x, y = points[0]
            draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=seat_colour(seat))
    for i, turn in enumerate(v.turns, 1):
        x, y = at(turn.move, turn.chance)
        draw.ellipse((x - 15, y - 15, x + 15, y + 15), fill=GOLD, outline=PANEL, width=2)
        draw_text(draw, (x, y), str(i), fnt, PANEL, anchor="mm")


def alt_text(view: Mapping[str, Any]) -> str:
    """The review in words: the summary, then every turning point (at most 1000 characters)."""
    v = ReviewView.model_validate(dict(view))
    parts = [f"{v.title}. {v.summary}"]
    parts += [f"{i}. {t.text}" for i, t in enumerate(v.turns, 1)]
    text = " ".join(parts)
    return shorten(text, ALT_LIMIT)


def picture(view: Mapping[str, Any]) -> tuple[bytes, str]:
    """In a worker: the PNG and its alt text."""
    return encode_png(render(view)), alt_text(view)


__all__ = ["ReviewView", "alt_text", "picture", "render"]
