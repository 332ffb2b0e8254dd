"""Knightfall table geometry, the cached background and the two camps.

The opponent's camp is mirrored vertically so the two Knights face each other across the
middle of the table; slot ids keep their left-to-right order so they read the same in both.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.knightfall.views import KnightfallView, LayoutView
from render.common import FELT, FELT_DARK, FELT_LINE, Box, glow, panel, seat_colour
from render.common.cards import card_back, empty_slot, face_of

WIDTH, HEIGHT = 1000, 1000  # square: the column keeps long names on one line to fit
CARD = (86, 112)  # rank text 31 px: legible at half size on a phone
MARGIN = 10
PAD = 8  # inside a camp panel
UNIT = (CARD[0] + 10) // 2  # layout columns are half a card apart
ROW = CARD[1] + 8
RIGHT = (414, WIDTH - MARGIN)  # x range of the information column, right of the camps


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
        panel(draw, box, fill=FELT_DARK, outline=seat_colour(seat), width=3)
        centres = {sid: _centre(_slot_xy(slots, sid, box, flip)) for sid, _, _ in slots}
        for a, b in links:
            if a in centres and b in centres:
                draw.line([centres[a], centres[b]], fill=FELT_LINE, width=4)
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
            glow(draw, (x, y, x + CARD[0], y + CARD[1]), width=7)
        if slot is None:
            paste(img, empty_slot(CARD, sid, FELT_DARK), (x, y))
        elif slot.card is None:
            paste(img, card_back(CARD, sid), (x, y))
        else:
            paste(img, face_of(slot.card, CARD, slot.status), (x, y))


def paste(img: Image.Image, tile: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGBA tile through its own alpha."""
    img.paste(tile, xy, tile)
