"""A card lookup page: the card's picture beside its name, then its full text, all wrapped.

Shared by the games' ``render/<game>/lookup.py``: each draws its card picture and passes the
lookup (``engines.lookup.CardLookup``: title, subtitle, sections of heading and lines).
1000 px wide, text at least 27 px (9 px on a phone), names wrapped, never cut; the text runs on
beside the picture, then below it across the page; the height follows the text. The picture is
pasted as given: a game draws its text at ``phone_px(WIDTH)`` or more too.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engines.lookup import CardLookup
from render.common import GOLD, MUTED, PANEL, RGB, TEXT, draw_lines, font, phone_px, wrap

WIDTH = 1000
MARGIN = 28
GAP = 24
TITLE, SUBTITLE, HEADING, BODY = 40, 28, 30, phone_px(WIDTH)  # 27 px: 9 px on a phone
ALT_LIMIT = 1000


Block = tuple[list[str], int, bool, RGB]  # lines, size, bold, colour


def _paragraphs(lookup: CardLookup[Any]) -> list[tuple[str, int, bool, RGB]]:
    """(text, size, bold, colour) of the body: each heading, then its lines."""
    out = []
    for section in lookup.sections:
        if section.heading:
            out.append((section.heading, HEADING, True, GOLD))
        out += [(line, BODY, False, TEXT) for line in section.lines]
    return out


def _height(lines: list[str], size: int) -> int:
    return len(lines) * (size + 6)


def _flow(
    lookup: CardLookup[Any], top: int, beside: tuple[int, int], below_from: int
) -> list[tuple[int, int, Block]]:
    """(x, y, block) of each paragraph of the body, from ``top`` down.

    A paragraph that starts beside the picture (above ``below_from``) wraps in the column
    ``beside`` (x, width); later ones span the page. Text beside the picture keeps a tall
    card from making the page taller than wide.
    """
    out = []
    y = top
    for text, size, bold, colour in _paragraphs(lookup):
        y += 6 if bold else 0
        x, w = beside if y < below_from else (MARGIN, WIDTH - 2 * MARGIN)
        lines = wrap(text, font(size, bold=bold), w)
        out.append((x, y, (lines, size, bold, colour)))
        y += _height(lines, size) + 4
    return out


def render_lookup(
    lookup: CardLookup[Any], picture: Image.Image | None, *, bg: RGB = PANEL
) -> Image.Image:
    """The lookup page: ``picture`` top left (if any), the title and text beside it, then below."""
    head_x = MARGIN + (picture.width + GAP if picture else 0)
    head_w = WIDTH - head_x - MARGIN
    title = wrap(lookup.title, font(TITLE, bold=True), head_w)
    subtitle = wrap(lookup.subtitle, font(SUBTITLE), head_w)
    head_h = _height(title, TITLE) + 8 + _height(subtitle, SUBTITLE)
    picture_bottom = MARGIN + (picture.height + GAP if picture else 0)
    blocks = _flow(lookup, MARGIN + head_h + GAP, (head_x, head_w), picture_bottom)
    body_bottom = max(
        [y + _height(lines, size) + 4 for _, y, (lines, size, _, _) in blocks]
        + [MARGIN + head_h, picture_bottom - GAP]
    )
    img = Image.new("RGB", (WIDTH, body_bottom + MARGIN), bg)
    draw = ImageDraw.Draw(img)
    if picture is not None:
        img.paste(picture, (MARGIN, MARGIN), picture if picture.mode == "RGBA" else None)
    y = draw_lines(draw, (head_x, MARGIN), title, font(TITLE, bold=True), TEXT, spacing=6)
    draw_lines(draw, (head_x, y + 8), subtitle, font(SUBTITLE), MUTED, spacing=6)
    for x, y, (lines, size, bold, colour) in blocks:
        draw_lines(draw, (x, y), lines, font(size, bold=bold), colour, spacing=6)
    return img


def lookup_alt_text(lookup: CardLookup[Any], game_title: str) -> str:
    """The page as text: title, subtitle and every line (at most 1000 characters)."""
    parts = [f"{game_title} card: {lookup.title}", lookup.subtitle]
    for section in lookup.sections:
        body = " ".join(section.lines)
        parts.append(f"{section.heading}: {body}" if section.heading else body)
    text = ". ".join(p.rstrip(".") for p in parts if p) + "."
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1] + "…"
