"""Galdor's Grip table: the whole deck in order, the top card large, the rest as a list.

Draws only from the view (engines/galdors_grip/views.py): a card whose name is null is a back,
so the hidden order of face-down cards never reaches the image. The image is square, so a
phone shows it as wide as the screen, and 800 px wide (every length the 1000 px design's,
scaled by ``px``): the title, turn and stars against the target across the
top; below them on the left the pending decision (or the result banner), the top card and the
star tally; on the right the cards below the top, one row each from the next to the bottom.
No word is below 22 px (9 px when a phone shows the image 340 px wide): the top card is as tall
as its words need, the star tally gets the rest of the column. The full status line is in the
message beside the image; the alt text has the top card's every ability.
"""

from __future__ import annotations

from functools import lru_cache, partial

from PIL import Image, ImageDraw, ImageFont

from engines.galdors_grip.views import CardView, GripView
from engines.text import plural
from render.common import (
    BAD,
    CARD_BLACK,
    FELT,
    GOLD,
    GOOD,
    MUTED,
    PANEL,
    RGB,
    TEXT,
    THEME,
    WARN,
    Box,
    draw_lines,
    draw_text,
    fixed_palette,
    font,
    font_px,
    panel,
    text_width,
    tiles,
    wrap,
)
from render.galdors_grip import card as gc
from render.galdors_grip import deck_row
from render.galdors_grip.card import BOARD as px

__all__ = ["HEIGHT", "PALETTE", "WIDTH", "alt_text", "render", "render_indexed"]

# Square; taller only if a deck could not fit (none can, tests check). 800 px, not 1000:
# Discord shows a picture at most about 550 px wide (340 on a phone), and mapping onto the
# palette and deflating cost per pixel.
WIDTH = HEIGHT = px.width
PX = px.px  # the smallest text, 22 px
# Narrower than the design's 16 px scaled (13): text at 22 px is about 4 % wider than 27 px
# scaled, and the deck list's longest rows ("Figment of Feragot ★1▼◆★") keep one line.
MARGIN = px(12)
GAP = px(14)
LEFT_W = px(360)  # the decision, the top card and the stars
BODY_Y = px(68)  # below the header
TOP_MIN_H = px(300)  # a back, or a face with few words
STARS_MIN_H = px(84)  # the heading and one line
LIST_TITLE_H = px(34)
ROW_GAP = px(4)
ROW_PAD, ROW_MIN_PAD = px(18), px(6)  # above and below a row's text, together
# Text sizes: the title and score, the turn, the decision's prompt, the result's title.
TITLE_PX, TURN_PX, DECISION_PX, RESULT_PX = px(36), px(28), px(28), px(30)
SPACE = px(12)  # between the left column's panels
BANNER_EDGE: RGB = (255, 240, 180)

PALETTE: tuple[RGB, ...] = (*THEME, *gc.COLOURS, BANNER_EDGE)


def _need(view: GripView) -> str:
    return "all" if view.target is None else str(view.target)


def _score_line(view: GripView) -> str:
    line = f"★ {view.stars} of {_need(view)} needed"
    if view.max_stars is not None:
        line += f" · {view.max_stars} available"
    return line


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: GripView) -> None:
    """The title, the turn and the stars against the target: a tile per turn and score."""
    turn_text = "Setup" if view.turn == 0 else f"Turn {view.turn}"
    stars = f"★ {view.stars} of {_need(view)} needed"
    reached = view.target is not None and view.stars >= view.target
    bits = []
    if view.max_stars is not None:
        bits.append(f"max ★{view.max_stars}")
    if view.allstar:
        bits.append("Allstar")
    more = " · ".join(bits)
    key = ("galdors_grip header", turn_text, stars, reached, more)
    box = (0, 0, WIDTH - 1, BODY_Y - 1)  # at the origin: a tile paints where the table would
    paint = partial(_paint_header, turn_text=turn_text, stars=stars, reached=reached, bits=more)
    tiles.draw_tiled(img, draw, box, key, FELT, lambda _i, d, _b: paint(d))


def _paint_header(
    draw: ImageDraw.ImageDraw, turn_text: str, stars: str, reached: bool, bits: str
) -> None:
    draw_text(draw, (MARGIN, px(12)), "Galdor's Grip", font(TITLE_PX, bold=True), TEXT)
    draw_text(draw, (MARGIN + px(272), px(20)), turn_text, font(TURN_PX, bold=True), MUTED)
    sfont = font(TITLE_PX, bold=True)
    w = text_width(stars, sfont) + px(28)
    fill = GOOD if reached else GOLD
    pill = (WIDTH - MARGIN - w, px(8), WIDTH - MARGIN, px(58))
    draw.rounded_rectangle(pill, radius=px(25), fill=fill)
    mid = px(33)
    draw.text((WIDTH - MARGIN - w / 2, mid), stars, font=sfont, fill=CARD_BLACK, anchor="mm")
    if bits:
        draw_text(draw, (WIDTH - MARGIN - w - px(12), mid), bits, font(PX), MUTED, anchor="rm")


Block = tuple[list[str], ImageFont.FreeTypeFont, RGB]


def _decision_blocks(view: GripView) -> list[Block]:
    """The decision panel's text, wrapped whole: the prompt (and a repeated deck), or the result."""
    room = LEFT_W - 2 * px(16)
    outcome = view.outcome
    if outcome:
        title = ("★ Victory! " if outcome == "won" else "Defeat. ") + gc.clean(view.status)
        reason = gc.clean(view.reason)
        second = reason if reason and reason not in title else _score_line(view)
        big, small = font(RESULT_PX, bold=True), font(PX)
        return [
            (wrap(title, big, room), big, CARD_BLACK),
            (wrap(second, small, room), small, CARD_BLACK),
        ]
    big, small = font(DECISION_PX, bold=True), font(PX)
    blocks = [(wrap("▶ " + gc.clean(view.pending.prompt), big, room), big, GOLD)]
    if view.repeats:
        turns = ", ".join(str(t) for t in view.repeats)
        blocks.append((wrap(f"Same deck as turn {turns}", small, room), small, WARN))
    return blocks


def _blocks_height(blocks: list[Block]) -> int:
    return px(20) + sum(len(lines) * (font_px(f) + px(6)) + px(4) for lines, f, _ in blocks)


def _decision(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: GripView, blocks: list[Block]
) -> int:
    """The pending decision (or the result) in its panel: a tile per text."""
    box = (MARGIN, BODY_Y, MARGIN + LEFT_W, BODY_Y + _blocks_height(blocks))
    lines = tuple((tuple(text), fnt, colour) for text, fnt, colour in blocks)
    key = ("galdors_grip decision", view.outcome, lines)
    outcome = view.outcome
    tiles.draw_tiled(
        img, draw, box, key, FELT, lambda _i, d, b: _paint_decision(d, b, outcome, blocks)
    )
    return box[3]


def _paint_decision(
    draw: ImageDraw.ImageDraw, box: Box, outcome: str | None, blocks: list[Block]
) -> None:
    if outcome:
        fill = GOLD if outcome == "won" else BAD
        panel(draw, box, fill=fill, outline=BANNER_EDGE, width=px(3), radius=px(14))
    else:
        panel(draw, box, width=px(2), radius=px(14))
    y = box[1] + px(10)
    for lines, fnt, colour in blocks:
        y = draw_lines(draw, (box[0] + px(16), y), lines, fnt, colour, spacing=px(6)) + px(4)


def _top(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    deck: list[CardView],
) -> None:
    if deck:
        top = deck[0]
        key = ("galdors_grip face", top.model_dump_json(exclude={"position", "role"}))
        tiles.draw_tiled(
            img, draw, box, key, FELT, lambda i, d, b: gc.draw_face(i, d, b, top, label="TOP", z=px)
        )
        return
    tiles.draw_tiled(img, draw, box, ("galdors_grip no top",), FELT, lambda _i, d, b: _no_top(d, b))


def _no_top(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The top card's place when the deck is empty."""
    panel(draw, box, fill=PANEL, width=px(2), radius=px(14))
    mid = ((box[0] + box[2]) // 2, box[1] + px(40))
    draw_text(draw, mid, "TOP", font(PX, bold=True), MUTED, anchor="ma")


def _stars_panel(img: Image.Image, draw: ImageDraw.ImageDraw, view: GripView, box: Box) -> None:
    """The stars scored so far, line by line: a tile per list and size."""
    lines = tuple(gc.clean(s) for s in view.star_lines) or ("none yet",)
    key = ("galdors_grip stars", lines)
    tiles.draw_tiled(img, draw, box, key, FELT, lambda _i, d, b: _paint_stars(d, b, lines))


def _paint_stars(draw: ImageDraw.ImageDraw, box: Box, lines: tuple[str, ...]) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box, width=px(2), radius=px(14))
    fnt = font(PX)
    step = font_px(fnt) + px(4)
    x = x0 + px(12)
    draw_text(draw, (x, y0 + px(8)), "Stars", font(DECISION_PX, bold=True), GOLD)
    y = y0 + px(44)
    for i, line in enumerate(lines):
        wrapped = wrap(line, fnt, x1 - x0 - 2 * px(12))
        end = y1 - px(8) - (0 if i == len(lines) - 1 else step)  # room for "+N more lines"
        if y + len(wrapped) * step > end:
            draw_text(draw, (x, y), f"+{plural(len(lines) - i, 'more line')}", fnt, MUTED)
            break
        y = draw_lines(draw, (x, y), wrapped, fnt, TEXT, spacing=px(4)) + px(2)


def _list_geometry(rest: list[CardView], height: int) -> tuple[list[int], int]:
    """Each row's text lines and the padding that fills the list's height (within bounds)."""
    width = WIDTH - 2 * MARGIN - LEFT_W - GAP
    lines = [deck_row.text_lines(c, width) for c in rest]
    room = height - MARGIN - BODY_Y - LIST_TITLE_H - ROW_GAP * max(0, len(rest) - 1)
    text = deck_row.LINE * sum(lines)
    pad = (room - text) // len(rest) if rest else ROW_PAD
    return lines, max(ROW_MIN_PAD, min(ROW_PAD, pad))


def _list_height(rest: list[CardView], height: int) -> int:
    lines, pad = _list_geometry(rest, height)
    rows = sum(n * deck_row.LINE + pad for n in lines) + ROW_GAP * max(0, len(rest) - 1)
    return BODY_Y + LIST_TITLE_H + rows + MARGIN


def _deck_list(
    img: Image.Image, draw: ImageDraw.ImageDraw, rest: list[CardView], height: int
) -> None:
    x0 = MARGIN + LEFT_W + GAP
    first = rest[0].position if rest else 2
    last = rest[-1].position if rest else first
    title = f"Next ({first}) to bottom ({last})"
    down = sum(1 for c in rest if not c.face_up)
    if down:
        title += f" · {down} face-down"
    # A tile per title, from the gap beside the left column, down over the rows (pasted after).
    heading = (x0 - GAP + 1, BODY_Y, WIDTH - 1, min(height - 1, BODY_Y + LIST_TITLE_H + px(8)))

    def paint(_i: Image.Image, d: ImageDraw.ImageDraw, b: Box) -> None:
        draw_text(d, (b[0] + GAP - 1, b[1]), title, font(PX, bold=True), MUTED)

    tiles.draw_tiled(img, draw, heading, ("galdors_grip list title", title), FELT, paint)
    lines, pad = _list_geometry(rest, height)
    top = y = BODY_Y + LIST_TITLE_H
    marks = []
    for card, n in zip(rest, lines, strict=True):
        box = (x0, y, WIDTH - MARGIN, y + n * deck_row.LINE + pad)
        deck_row.draw_row(img, draw, box, card)
        marks.append((card.position, deck_row.line_mid(card, box)))
        y = box[3] + ROW_GAP
    if marks:  # in the gap beside the left column, down to the last row
        column = (x0 - GAP + 1, top, x0 + deck_row.POS_W - 1, y - ROW_GAP)
        deck_row.draw_positions(img, draw, column, tuple(marks))


def render(view: GripView) -> Image.Image:
    """Draw a Galdor's Grip view as an RGB image, WIDTH wide and HEIGHT tall."""
    layout = _layout(view)
    return _table(view, layout, Image.new("RGB", (WIDTH, layout[2]), FELT))


def render_indexed(view: GripView) -> Image.Image:
    """The same picture drawn onto ``PALETTE``'s fixed palette (mode "P"), as the PNG holds it.

    Every part is a tile on the felt (``render.common.tiles``), mapped onto the palette once
    per look: the felt is mapped once per process and no part of the picture is mapped twice.
    Pixels map one by one, so the picture is the RGB one mapped whole.
    """
    layout = _layout(view)
    return _table(view, layout, _indexed_felt(layout[2]).copy())


@lru_cache(maxsize=2)
def _indexed_felt(height: int) -> Image.Image:
    """The bare table, ``height`` tall, mapped onto the palette."""
    felt = Image.new("RGB", (WIDTH, height), FELT)
    return felt.quantize(palette=fixed_palette(PALETTE), dither=Image.Dither.NONE)


Layout = tuple[list[Block], Box, int]  # the decision's text, the top card's box, the height


def _layout(view: GripView) -> Layout:
    """The decision's text, the top card's box below it and the picture's height.

    The top card is as tall as its words need (within bounds); the picture is square unless the
    left column or the list could not fit (none can, tests check).
    """
    deck = view.deck
    blocks = _decision_blocks(view)
    top_y = BODY_Y + _blocks_height(blocks) + SPACE
    need = gc.face_height(deck[0], LEFT_W, px) if deck else 0
    top_h = max(TOP_MIN_H, min(need, HEIGHT - MARGIN - STARS_MIN_H - SPACE - top_y))
    left = top_y + top_h + SPACE + STARS_MIN_H + MARGIN
    height = max(HEIGHT, left, _list_height(deck[1:], HEIGHT))
    return blocks, (MARGIN, top_y, MARGIN + LEFT_W, top_y + top_h), height


def _table(view: GripView, layout: Layout, img: Image.Image) -> Image.Image:
    """Every part drawn on ``img`` (the felt, RGB or mapped): each a tile, top to bottom."""
    deck = view.deck
    blocks, top, height = layout
    draw = ImageDraw.Draw(img)
    _header(img, draw, view)
    _decision(img, draw, view, blocks)
    _top(img, draw, top, deck)
    stars_y = top[3] + SPACE
    _stars_panel(img, draw, view, (MARGIN, stars_y, MARGIN + LEFT_W, height - MARGIN))
    _deck_list(img, draw, deck[1:], height)
    return img


# ---- alt text -------------------------------------------------------------------------------


def _describe(card: CardView, *, full: bool) -> str:
    active = gc.shown_side(card)
    if active is None:
        return "face-down"
    bits = [gc.clean(card.name or ""), f"value {gc.clean(active.value)}"]
    bits.append(card.orientation or "upright")
    if active.stars:
        bits.append(f"★{active.stars}")
    if not card.face_up:
        bits.append("peeked, face-down")
    if full:
        bits.append(f"other side {gc.other_value(card)}")
        if active.rotate:
            bits.append("can rotate")
        for ab in active.abilities:
            text = gc.clean(ab.text).rstrip(".")
            bits.append(f"{gc.clean(ab.trigger)}: {text}")
    return ", ".join(bits)


def alt_text(view: GripView) -> str:
    """What the image shows, in at most 1000 characters, from the view alone."""
    deck = view.deck
    head = "Galdor's Grip, setup" if view.turn == 0 else f"Galdor's Grip, turn {view.turn}"
    stars = f"Stars {view.stars} of {_need(view)} needed"
    if view.max_stars is not None:
        stars += f" (max {view.max_stars})"
    parts = [f"{head}. {stars}."]
    if view.outcome:
        parts.append(gc.clean(view.status))
    else:
        parts.append(gc.clean(view.pending.prompt))
    if deck:
        parts.append(f"Top card: {_describe(deck[0], full=True)}.")
    if len(deck) > 1:
        parts.append(f"Next card: {_describe(deck[1], full=False)}.")
    rest = [f"{c.position} {_describe(c, full=False)}" for c in deck[2:]]
    text = " ".join(p for p in parts if p)
    if rest:
        tail = " Rest: " + "; ".join(rest) + "."
        text += tail
    if len(text) > 1000:
        text = text[:999].rstrip() + "…"
    return text
