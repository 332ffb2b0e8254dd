"""Knightfall table geometry, the cached background and the two camps.

The opponent's camp is mirrored vertically so the two Knights face each other across the
middle of the table; slot ids keep their left-to-right order so they read the same in both.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.knightfall.views import KnightfallView, LayoutView
from render.common import FELT, FELT_DARK, FELT_LINE, Box, glow, panel, phone_px, seat_colour
from render.common.cards import card_back, empty_slot, face_of

# Square: the column keeps long names on one line to fit. 800 px, not the 1000 px of the other
# games' pictures: Discord shows it at most about 550 px wide (340 on a phone), and mapping
# onto the palette and deflating cost per pixel (docs/design/knightfall-view.md, "The picture").
WIDTH = HEIGHT = 800
DESIGN = 1000  # the width every length below was chosen at: they all scale with WIDTH


def px(length: float) -> int:
    """A length of the 1000 px design, at the table's size."""
    return round(length * WIDTH / DESIGN)


CARD = (px(86), px(112))  # rank text 25 px: legible at half size on a phone
MARGIN = px(10)
PAD = px(8)  # inside a camp panel
UNIT = (CARD[0] + px(10)) // 2  # layout columns are half a card apart
ROW = CARD[1] + px(8)
# The information column, a margin right of the camps (which end at 317 px): room for a
# 32-character name on one line at the phone's text size.
RIGHT = (px(406), WIDTH - MARGIN)
LINE = px(3)  # a panel's outline
PX = phone_px(WIDTH)  # the smallest text, 22 px: 9 px tall on a phone


LayoutKey = tuple[tuple[tuple[str, int, int], ...], tuple[tuple[str, str], ...]]


def layout_key(layout: LayoutView) -> LayoutKey:
    """The view's layout as a hashable key (for the background cache)."""
    slots = tuple((s.id, s.row, s.col) for s in layout.slots)
    links = tuple((a, b) for a, b in layout.links)
    return slots, links


@lru_cache(maxsize=8)
def background(key: LayoutKey, top: int, bottom: int, height: int = HEIGHT) -> Image.Image:
    """Felt, camp panels in the seats' colours and the faint link lines: same every render."""
    img = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(img)
    slots, links = key
    for seat, flip in ((top, True), (bottom, False)):
        box = _camp_box_for(slots, not flip, height)
        panel(draw, box, fill=FELT_DARK, outline=seat_colour(seat), width=LINE, radius=px(14))
        centres = {sid: _centre(_slot_xy(slots, sid, box, flip)) for sid, _, _ in slots}
        for a, b in links:
            if a in centres and b in centres:
                draw.line([centres[a], centres[b]], fill=FELT_LINE, width=px(4))
    return img


def _centre(xy: tuple[int, int]) -> tuple[int, int]:
    return xy[0] + CARD[0] // 2, xy[1] + CARD[1] // 2


def camp_box(view: KnightfallView, is_bottom: bool, height: int = HEIGHT) -> Box:
    """The panel of the bottom or the top camp in a table ``height`` px tall."""
    return _camp_box_for(layout_key(view.layout)[0], is_bottom, height)


def _camp_box_for(slots: Sequence[tuple[str, int, int]], is_bottom: bool, height: int) -> Box:
    rows = max(r for _, r, _ in slots)
    cols = max(c for _, _, c in slots)
    w = cols * UNIT + CARD[0] + 2 * PAD
    h = rows * ROW + CARD[1] + 2 * PAD
    y0 = height - MARGIN - h if is_bottom else MARGIN
    return MARGIN, y0, MARGIN + w, y0 + h


def _slot_xy(
    slots: Sequence[tuple[str, int, int]], sid: str, box: Box, flip: bool
) -> tuple[int, int]:
    rows = max(r for _, r, _ in slots)
    _, row, col = next(s for s in slots if s[0] == sid)
    if flip:
        row = rows - row
    return box[0] + PAD + col * UNIT, box[1] + PAD + row * ROW


def draw_camp(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: KnightfallView,
    seat: int,
    box: Box,
    *,
    flip: bool,
    picked: str | None,
) -> None:
    """Every slot of one camp: a face, a back or a dashed outline."""
    slots_key = layout_key(view.layout)[0]
    player = view.players[seat]
    for sid, _, _ in slots_key:
        x, y = _slot_xy(slots_key, sid, box, flip)
        slot = player.slots.get(sid)
        if sid == picked:
            glow(draw, (x, y, x + CARD[0], y + CARD[1]), width=px(7), radius=px(12))
        if slot is None:
            paste(img, empty_slot(CARD, sid, FELT_DARK, text_px=PX), (x, y))
        elif slot.card is None:
            paste(img, card_back(CARD, sid, text_px=PX), (x, y))
        else:
            paste(img, face_of(slot.card, CARD, slot.status, text_px=PX), (x, y))


def paste(img: Image.Image, tile: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA tile through its own alpha."""
    img.paste(tile, xy, tile)
