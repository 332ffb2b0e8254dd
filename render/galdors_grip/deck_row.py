"""One card below the top as a row of the deck list: the list fits beside the top card.

A row reads like the top edge of the card: its position in the deck, the value (a red ☠
beside it when the card can kill), the name whole (wrapped, never cut), then its marks: ★ and
the stars it gives, ⟲ if it can rotate, ▼ when upside-down, the attribute icons, and the other
side's value upside-down at the right end, as printed. A card only peeked at lies face-down: it
has the back's violet along its left edge and the peeked tint. A card the view does not show is
a back with its position. The marks are explained by the "?" help, not in the image.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.galdors_grip.views import CardView
from render.common import FELT, MUTED, RGB, Box, draw_text, font, text_width, tiles, wrap
from render.galdors_grip import card as gc
from render.galdors_grip.card import BOARD as px

PX = px.px  # the smallest text, 22 px
LINE = PX + px(3)  # one line of a row's text
POS_W = px(33)  # the position, left of the card ("18" ends in the table's gap)
VALUE_W = px(36)
VALUE_PX = px(30)
SKULL_W = px(32)
INSET = px(14)
OTHER_W = px(36)  # room for the other side's value, upside-down at the right end
MARK_GAP = px(6)
NAME_GAP = px(8)  # between a name and the marks on its line
PEEK_BAND = px(8)  # the back's violet showing at the left edge of a peeked card


def _marks(card: CardView) -> list[tuple[str, RGB]]:
    """The marks after the name, in reading order, with their ink."""
    active = gc.shown_side(card)
    if active is None:
        return []
    marks: list[tuple[str, RGB]] = []
    if active.stars:
        marks.append((f"★{active.stars}", gc.STAR_INK))
    if active.rotate:
        marks.append(("⟲", gc.FLIPPED_INK))
    if gc.flipped(card):
        marks.append(("▼", gc.FLIPPED_INK))
    icons = "".join(gc.attribute_icon(a) for a in card.attributes if a != gc.DANGER)
    if icons:
        marks.append((icons, gc.INK_SOFT))
    return marks


def _marks_width(marks: list[tuple[str, RGB]]) -> int:
    fnt = font(PX, bold=True)
    return sum(text_width(t, fnt) for t, _ in marks) + MARK_GAP * max(0, len(marks) - 1)


def _name_x(card: CardView, x0: int) -> int:
    skull = SKULL_W if gc.DANGER in card.attributes else 0
    return x0 + POS_W + INSET + VALUE_W + skull


@lru_cache(maxsize=256)
def _name_lines(name: str, room: int) -> tuple[str, ...]:
    """A name wrapped in a row (cached: each row is measured before it is drawn)."""
    return tuple(wrap(name, font(PX, bold=True), room))


def _layout(card: CardView, width: int) -> tuple[list[str], bool]:
    """The name's lines and whether the marks need a line of their own."""
    if not gc.is_known(card):
        return [], False
    room = width - (_name_x(card, 0) + OTHER_W + INSET)
    fnt = font(PX, bold=True)
    lines = list(_name_lines(gc.clean(card.name or ""), room))
    marks = _marks(card)
    own_line = bool(marks) and text_width(lines[-1], fnt) + NAME_GAP + _marks_width(marks) > room
    return lines, own_line


def text_lines(card: CardView, width: int) -> int:
    """How many lines of text the row of ``card`` takes in a list ``width`` wide."""
    lines, own_line = _layout(card, width)
    return max(1, len(lines) + own_line)


def line_mid(card: CardView, box: Box) -> int:
    """The y of the middle of the first line of the row of ``card`` in ``box``."""
    x0, y0, x1, y1 = box
    return y0 + (y1 - y0 - text_lines(card, x1 - x0) * LINE) // 2 + LINE // 2


def draw_row(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, card: CardView) -> None:
    """The card of a row inside ``box`` (its height from ``text_lines`` plus padding).

    A tile kept per card and size (the same card moves down the deck from one picture to the
    next); its position, left of it, is drawn by ``draw_positions``.
    """
    x0, y0, x1, y1 = box
    key = ("galdors_grip row", card.model_dump_json(exclude={"position", "role"}))
    strip = (x0 + POS_W, y0, x1, y1)
    tiles.draw_tiled(img, draw, strip, key, FELT, lambda im, dr, b: _strip(im, dr, b, card))


def draw_positions(
    img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, marks: tuple[tuple[int, int], ...]
) -> None:
    """Each row's position, right-aligned before its card, from (position, ``line_mid``).

    ``box`` is the column left of the cards, from the table's gap, down to the last row: one
    tile, the same from one picture to the next while the rows keep their heights.
    """
    offsets = tuple((n, y - box[1]) for n, y in marks)
    key = ("galdors_grip positions", offsets)
    tiles.draw_tiled(img, draw, box, key, FELT, lambda _i, d, b: _positions(d, b, offsets))


def _positions(draw: ImageDraw.ImageDraw, box: Box, offsets: tuple[tuple[int, int], ...]) -> None:
    """The positions, each at its offset from the top of ``box``, just before the cards."""
    bold = font(PX, bold=True)
    for position, dy in offsets:
        draw_text(draw, (box[2] - px(7), box[1] + dy), str(position), bold, MUTED, anchor="rm")


def _strip(img: Image.Image, draw: ImageDraw.ImageDraw, strip: Box, card: CardView) -> None:
    """The card part of a row: its back, or its value, name, marks and other side's value."""
    x0, y0, x1, y1 = strip[0] - POS_W, strip[1], strip[2], strip[3]
    mid = line_mid(card, (x0, y0, x1, y1))
    first = mid - LINE // 2
    bold = font(PX, bold=True)
    active = gc.shown_side(card)
    if active is None:
        gc.draw_back_row(draw, strip, px)
        return
    bg = gc.PEEK if not card.face_up else gc.PARCHMENT
    gc.frame(draw, strip, card, bg, px(8), px)
    if not card.face_up:
        edge = px(3)
        band = (strip[0] + edge, y0 + edge, strip[0] + PEEK_BAND, y1 - edge)
        draw.rectangle(band, fill=gc.BACK)
    sx = strip[0] + INSET
    draw_text(
        draw, (sx, mid), gc.clean(active.value), font(VALUE_PX, bold=True), gc.INK, anchor="lm"
    )
    if gc.DANGER in card.attributes:
        draw_text(draw, (sx + VALUE_W, mid), "☠", font(VALUE_PX), gc.DANGER_INK, anchor="lm")
    lines, own_line = _layout(card, x1 - x0)
    nx = _name_x(card, x0)
    for i, line in enumerate(lines):
        draw_text(draw, (nx, first + i * LINE + LINE // 2), line, bold, gc.INK, anchor="lm")
    marks_y = first + (len(lines) - (0 if own_line else 1)) * LINE + LINE // 2
    x = x1 - OTHER_W - INSET - _marks_width(_marks(card))
    for text, ink in _marks(card):
        draw_text(draw, (x, marks_y), text, bold, ink, anchor="lm")
        x += text_width(text, bold) + MARK_GAP
    gc.other_corner(img, strip, card, PX, bg, px, middle=True)
