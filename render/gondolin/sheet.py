"""Gondolin Cards card sheet: a page of cards (catalogue or deck) with their numbers and rules.

Draws only from the view of ``engines.gondolin.sheet.card_sheet_view``: a title with the page,
then up to 9 cards, three rows of three (wider than tall), readable when shown 400 px wide.
Colours come from ``render.gondolin.style.PALETTE`` (the PNG is encoded on that fixed palette).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.gondolin.views import CardView, SheetCardView, SheetView
from render.common import (
    CARD_BLACK,
    GOLD,
    MUTED,
    RGB,
    TEXT,
    WARN,
    draw_text,
    ellipsize,
    fitted_font,
    font,
    panel,
    pill,
    text_width,
    wrap,
)
from render.gondolin.style import BG, BOX, EDGE, PX, WIDTH, kind_colour
from render.gondolin.text import ALT_LIMIT

__all__ = ["PER_ROW", "card_numbers", "render_sheet", "sheet_alt_text"]

MARGIN = 20
INNER = WIDTH - 2 * MARGIN
PER_ROW = 3
GAP = 12
TILE_W = (INNER - (PER_ROW - 1) * GAP) // PER_ROW
TILE_H = 200  # the least; a row grows to fit its longest card
HEADER = 50  # the title, its counts and the page on one line
STRIP = 38
NAME_PX = PX + 1
NAME_STEP = NAME_PX + 4
NUMBERS_H = 48
RULE_STEP = PX + 3
EMPTY_H = 120


def card_numbers(card: CardView) -> list[tuple[str, int]]:
    """The card's printed numbers as (label, value): D/A/PX/S first, then R, P, M, siege.

    The first is its main one; an Insight has no upkeep, so no M.
    """
    m = None if card.kind == "Insight" else card.m
    numbers = (
        ("D", card.d),
        ("A", card.a),
        ("PX", card.px),
        ("S", card.s),
        ("R", card.r),
        ("P", card.p),
        ("M", m),
        ("Siege", card.siege),
    )
    return [(label, value) for label, value in numbers if value is not None]


def _flight(card: CardView) -> str:
    if card.flying:
        return "flying"
    if card.anti_flying:
        return "anti-flying"
    return ""


def _row_heights(cards: list[SheetCardView]) -> list[int]:
    """Each row's height: the tallest of its cards (name, numbers and rules all shown)."""
    rows = [cards[i : i + PER_ROW] for i in range(0, len(cards), PER_ROW)]
    return [max(TILE_H, *(tile_height(c) for c in row)) for row in rows]


def _height(cards: list[SheetCardView]) -> int:
    if not cards:
        return MARGIN + HEADER + EMPTY_H + MARGIN
    heights = _row_heights(cards)
    return MARGIN + HEADER + sum(heights) + (len(heights) - 1) * GAP + MARGIN


def render_sheet(sheet: SheetView) -> Image.Image:
    """Draw a card sheet as an RGB image, 1000 px wide and as tall as its rows."""
    cards = sheet.cards
    img = Image.new("RGB", (WIDTH, _height(cards)), BG)
    draw = ImageDraw.Draw(img)
    y = _header(draw, sheet, MARGIN)
    if not cards:
        panel(draw, (MARGIN, y, WIDTH - MARGIN, y + EMPTY_H), fill=BOX, outline=EDGE)
        f = font(30, bold=True)
        draw.text((WIDTH / 2, y + EMPTY_H / 2), "No cards", font=f, fill=MUTED, anchor="mm")
        return img
    for r, h in enumerate(_row_heights(cards)):
        for i, card in enumerate(cards[r * PER_ROW : (r + 1) * PER_ROW]):
            _card(draw, card, (MARGIN + i * (TILE_W + GAP), y), h)
        y += h + GAP
    return img


def _page_label(sheet: SheetView) -> str:
    return f"page {sheet.page + 1}/{max(1, sheet.pages)}"


def _counts(sheet: SheetView) -> str:
    total, distinct = sheet.total, sheet.distinct
    sub = f"{total} card{'s' if total != 1 else ''}"
    if distinct and distinct != total:
        sub += f" · {distinct} different"
    n = len(sheet.cards)
    if n and sheet.pages > 1:
        first = sheet.page * (sheet.per_page or n) + 1
        sub += f" · {first}–{first + n - 1}"
    return sub


def _header(draw: ImageDraw.ImageDraw, sheet: SheetView, y: int) -> int:
    """The title (a deck's own name, cut only if it must), its counts, and the page."""
    page = _page_label(sheet)
    pf = font(30, bold=True)
    w = text_width(page, pf) + 28
    pill(draw, (WIDTH - MARGIN - w, y), page, pf, fill=GOLD, pad=(14, 6))
    title = sheet.title or "Cards"
    room = INNER - w - 20
    counts, cf = f" · {_counts(sheet)}", font(PX)
    tf = fitted_font(title, room - text_width(counts, cf), 36, bold=True, min_size=PX)
    title = ellipsize(title, tf, room - text_width(counts, cf))
    draw_text(draw, (MARGIN, y + 22), title, tf, anchor="lm")
    x = MARGIN + text_width(title, tf)
    draw_text(
        draw,
        (x, y + 22),
        ellipsize(counts, cf, WIDTH - MARGIN - w - 12 - x),
        cf,
        MUTED,
        anchor="lm",
    )
    return y + HEADER


def _card(draw: ImageDraw.ImageDraw, card: SheetCardView, xy: tuple[int, int], h: int) -> None:
    x, y = xy
    w = TILE_W
    colour = kind_colour(card)
    draw.rounded_rectangle((x, y, x + w, y + h), radius=12, fill=BOX, outline=colour, width=3)
    draw.rounded_rectangle((x, y, x + w, y + STRIP), radius=12, fill=colour)
    draw.rectangle((x, y + STRIP // 2, x + w, y + STRIP), fill=colour)
    right = x + w - 8
    copies = card.copies
    if copies > 1:
        badge = f"×{copies}"
        bf = font(PX, bold=True)
        bw = text_width(badge, bf) + 20
        pill(draw, (right - bw, y + 3), badge, bf, fill=CARD_BLACK, text_fill=GOLD, pad=(10, 3))
        right -= bw + 6
    kind = card.kind
    kf = font(PX, bold=True)
    flight = _flight(card)
    if flight:  # the word only where the kind still fits beside it (the rules say it too)
        mark = f"✈ {flight}"
        if text_width(mark, kf) + 8 + text_width(kind, kf) > right - x - 10:
            mark = "✈"
        draw_text(draw, (right, y + STRIP // 2), mark, kf, CARD_BLACK, anchor="rm")
        right -= text_width(mark, kf) + 8
    draw_text(
        draw,
        (x + 10, y + STRIP // 2),
        ellipsize(kind, kf, right - x - 10),
        kf,
        CARD_BLACK,
        anchor="lm",
    )
    ty = _name(draw, card, x, y + STRIP + 6, w)
    ty = _numbers(draw, card, x, ty, colour)
    _rules(draw, card, (x + 10, ty, x + w - 10, y + h - 8))


def _name_lines(card: CardView, w: int) -> list[str]:
    return wrap(card.name, font(NAME_PX, bold=True), w - 20)


def _rules_wrapped(card: CardView) -> list[tuple[str, RGB]]:
    """The rules text as (line, colour), wrapped to a tile."""
    fnt = font(PX)
    return [(ln, c) for text, c in _rules_lines(card) for ln in wrap(text, fnt, TILE_W - 20)]


def tile_height(card: CardView) -> int:
    """How tall the tile of ``card`` is with its name, numbers and rules whole."""
    lines = _name_lines(card, TILE_W)
    h = STRIP + 6 + len(lines) * NAME_STEP + 2 + (NUMBERS_H if card_numbers(card) else 0)
    return h + len(_rules_wrapped(card)) * RULE_STEP + 12


def _name(draw: ImageDraw.ImageDraw, card: CardView, x: int, y: int, w: int) -> int:
    lines = _name_lines(card, w)
    for i, line in enumerate(lines):
        draw_text(draw, (x + 10, y + i * NAME_STEP), line, font(NAME_PX, bold=True), TEXT)
    return y + len(lines) * NAME_STEP + 2


def _numbers(draw: ImageDraw.ImageDraw, card: CardView, x: int, y: int, colour: RGB) -> int:
    numbers = card_numbers(card)
    if not numbers:
        return y
    lf, vf = font(PX, bold=True), font(36, bold=True)
    cx = x + 10
    base = y + 40
    for i, (label, value) in enumerate(numbers):
        draw_text(draw, (cx, base), label, lf, MUTED, anchor="ls")
        cx += text_width(label, lf) + 3
        draw_text(draw, (cx, base), str(value), vf, colour if i == 0 else TEXT, anchor="ls")
        cx += text_width(str(value), vf) + 14
    return base + 8


def _rules_lines(card: CardView) -> list[tuple[str, RGB]]:
    parts: list[tuple[str, RGB]] = []
    if card.text:
        parts.append((card.text, TEXT))
    if card.use and "use" not in card.text.lower():
        parts.append((f"Use: {card.use}", WARN))
    if not parts and card.flavour:
        parts.append((card.flavour, MUTED))
    return parts


def _rules(draw: ImageDraw.ImageDraw, card: CardView, box: tuple[int, int, int, int]) -> None:
    """Wrapped rules text, whole (the row is as tall as its longest card)."""
    x0, y0, _, _ = box
    for i, (line, colour) in enumerate(_rules_wrapped(card)):
        draw_text(draw, (x0, y0 + i * RULE_STEP), line, font(PX), colour)


def _alt_card(card: SheetCardView, *, numbers: bool) -> str:
    copies = card.copies
    out = card.name + (f" ×{copies}" if copies > 1 else "")
    if not numbers:
        return out
    bits = [card.kind]
    bits += [f"{label} {value}" for label, value in card_numbers(card)]
    if _flight(card):
        bits.append(_flight(card))
    return f"{out} ({', '.join(b for b in bits if b)})"


def sheet_alt_text(sheet: SheetView) -> str:
    """Title, page, and each card's name with its key numbers (at most 1000 characters)."""
    cards = sheet.cards
    title = sheet.title or "Cards"
    total = sheet.total
    head = f"Gondolin Cards sheet: {title}, {_page_label(sheet)}, {total} card"
    head += "s." if total != 1 else "."
    if not cards:
        return ellipsize_text(f"{head} No cards.")
    for numbers in (True, False):
        text = f"{head} " + "; ".join(_alt_card(c, numbers=numbers) for c in cards) + "."
        if len(text) <= ALT_LIMIT:
            return text
    return ellipsize_text(text)


def ellipsize_text(text: str, limit: int = ALT_LIMIT) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
