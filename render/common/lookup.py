"""A card lookup page: the card's picture beside its name, then its full text, all wrapped.

Shared by the games' ``render/<game>/lookup.py``: each draws its card picture and passes the
lookup (``engines.lookup.CardLookup``: title, subtitle, sections of heading and lines).
1000 px wide, text at least 24 px, names wrapped, never cut; the height follows the text.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engines.lookup import CardLookup
from render.common import GOLD, MUTED, PANEL, RGB, TEXT, draw_lines, font, wrap

WIDTH = 1000
MARGIN = 28
GAP = 24
TITLE, SUBTITLE, HEADING, BODY = 40, 26, 28, 25
ALT_LIMIT = 1000


def _layout(lookup: CardLookup[Any], text_w: int) -> list[tuple[list[str], int, bool, RGB]]:
    """(lines, size, bold, colour) blocks of the body, wrapped to ``text_w``."""
    blocks = []
    for section in lookup.sections:
        if section.heading:
            blocks.append(
                (wrap(section.heading, font(HEADING, bold=True), text_w), HEADING, True, GOLD)
            )
        for line in section.lines:
            blocks.append((wrap(line, font(BODY), text_w), BODY, False, TEXT))
    return blocks


def _height(lines: list[str], size: int) -> int:
    return len(lines) * (size + 6)


def render_lookup(
    lookup: CardLookup[Any], picture: Image.Image | None, *, bg: RGB = PANEL
) -> Image.Image:
    """The lookup page: ``picture`` top left (if any), the title beside it, the text below."""
    head_x = MARGIN + (picture.width + GAP if picture else 0)
    head_w = WIDTH - head_x - MARGIN
    title = wrap(lookup.title, font(TITLE, bold=True), head_w)
    subtitle = wrap(lookup.subtitle, font(SUBTITLE), head_w)
    head_h = _height(title, TITLE) + 8 + _height(subtitle, SUBTITLE)
    top_h = max(head_h, picture.height if picture else 0)
    blocks = _layout(lookup, WIDTH - 2 * MARGIN)
    body_h = sum(_height(lines, size) + (10 if bold else 4) for lines, size, bold, _ in blocks)
    img = Image.new("RGB", (WIDTH, MARGIN + top_h + GAP + body_h + MARGIN), bg)
    draw = ImageDraw.Draw(img)
    if picture is not None:
        img.paste(picture, (MARGIN, MARGIN), picture if picture.mode == "RGBA" else None)
    y = draw_lines(draw, (head_x, MARGIN), title, font(TITLE, bold=True), TEXT, spacing=6)
    draw_lines(draw, (head_x, y + 8), subtitle, font(SUBTITLE), MUTED, spacing=6)
    y = MARGIN + top_h + GAP
    for lines, size, bold, colour in blocks:
        y += 6 if bold else 0
        y = draw_lines(draw, (MARGIN, y), lines, font(size, bold=bold), colour, spacing=6)
        y += 4
    return img


def lookup_alt_text(lookup: CardLookup[Any], game_title: str) -> str:
    """The page as text: title, subtitle and every line (at most 1000 characters)."""
    parts = [f"{game_title} card: {lookup.title}", lookup.subtitle]
    for section in lookup.sections:
        body = " ".join(section.lines)
        parts.append(f"{section.heading}: {body}" if section.heading else body)
    text = ". ".join(p.rstrip(".") for p in parts if p) + "."
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1] + "…"
