"""A tournament's standings as a table picture, drawn in a render worker (``picture``).

1000 px wide and never taller: at most ``LINES`` lines (the message's text holds them all),
every text at least 28 px, so it reads on a phone (9 px tall at 340 px wide).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.text import shorten
from render.common import (
    FELT,
    FELT_LINE,
    GOLD,
    MUTED,
    PANEL,
    PANEL_EDGE,
    TEXT,
    draw_text,
    ellipsize,
    encode_png,
    fixed_palette,
    font,
)

Row = tuple[str, ...]
"""A line: rank, name, then the numbers of the columns (as shown)."""

WIDTH = 1000
LINES = 14
LINE_HEIGHT = 54
TOP = 150
PALETTE = (FELT, FELT_LINE, PANEL, PANEL_EDGE, TEXT, MUTED, GOLD)
ALT_LIMIT = 1000
NAME_CHARS = 24


def render(title: str, subtitle: str, columns: tuple[str, ...], rows: list[Row]) -> Image.Image:
    """The table: a title, a line under it, then rank, name and ``columns`` per player."""
    shown = rows[:LINES]
    height = max(TOP + LINE_HEIGHT * len(shown) + 40, 560)
    img = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(img)
    big, body, bold = font(36, bold=True), font(30), font(30, bold=True)
    draw_text(draw, (30, 22), ellipsize(title, big, WIDTH - 60), big, GOLD)
    draw_text(draw, (30, 72), ellipsize(subtitle, body, WIDTH - 60), body, MUTED)
    draw.rounded_rectangle(
        (20, TOP - 36, WIDTH - 20, TOP + LINE_HEIGHT * len(shown) + 10),
        radius=12,
        fill=PANEL,
        outline=PANEL_EDGE,
    )
    right = [WIDTH - 40 - 150 * i for i in range(len(columns))][::-1]
    name_width = (right[0] - 150 if right else WIDTH - 40) - 110
    y = TOP - 30
    draw_text(draw, (40, y), "#", body, MUTED)
    draw_text(draw, (100, y), "Player", body, MUTED)
    for x, heading in zip(right, columns, strict=True):
        draw_text(draw, (x, y), heading, body, MUTED, anchor="ra")
    for n, row in enumerate(shown):
        y = TOP + 16 + LINE_HEIGHT * n
        if n % 2 == 0:
            draw.rectangle((24, y - 6, WIDTH - 24, y + LINE_HEIGHT - 10), fill=FELT_LINE)
        rank, name, *numbers = row
        draw_text(draw, (40, y), rank, bold, GOLD if rank == "1" else TEXT)
        draw_text(draw, (100, y), ellipsize(name, body, name_width), body)
        for x, value in zip(right, numbers, strict=True):
            draw_text(draw, (x, y), value, bold if x == right[0] else body, anchor="ra")
    return img


def alt_text(title: str, columns: tuple[str, ...], rows: list[Row]) -> str:
    """The table in words: each player's rank, name and numbers."""
    lines = [
        f"{rank}. {name}: " + ", ".join(f"{c} {v}" for c, v in zip(columns, numbers, strict=True))
        for rank, name, *numbers in rows
    ]
    return shorten(f"{title}. " + "; ".join(lines) + ".", ALT_LIMIT)


def picture(
    title: str, subtitle: str, columns: tuple[str, ...], rows: list[Row]
) -> tuple[bytes, str]:
    """In a worker: the table's PNG and its alt text (names come plain, as typed)."""
    rows = [(r[0], shorten(r[1], NAME_CHARS), *r[2:]) for r in rows]
    img = render(title, subtitle, columns, rows)
    return encode_png(img, palette=fixed_palette(PALETTE)), alt_text(title, columns, rows)
