"""Knightfall table: two camps on the left (yours at the bottom), the game state on the right.

Draws only from the view (docs/design/knightfall-view.md): a card that the view gives as null is
a back, so nothing hidden can reach the image. The opponent's camp is mirrored vertically so the
two Knights face each other across the middle of the table.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import RGB, THEME, Box, fixed_palette, tiles
from render.common.cards import card_colours
from render.knightfall import camp
from render.knightfall import panel as info
from render.knightfall import text as kt
from render.knightfall.camp import HEIGHT, MARGIN, WIDTH, px
from render.knightfall.text import View

__all__ = ["HEIGHT", "PALETTE", "WIDTH", "alt_text", "render", "render_indexed"]

# Every colour drawn, for the fixed PNG palette (see common.fixed_palette).
PALETTE: tuple[RGB, ...] = (*THEME, *card_colours(), *info.COLOURS)

alt_text = kt.alt_text


def render(view: View) -> Image.Image:
    """Draw a Knightfall view (public, private or final) as an RGB image, 800 px wide."""
    return _table(view, indexed=False)


def render_indexed(view: View) -> Image.Image:
    """The same picture drawn onto ``PALETTE``'s fixed palette (mode "P"), as the PNG holds it.

    Only the parts drawn on the table are mapped onto the palette, each once per look (as a
    tile): mapping costs per pixel, and the table around them is mapped once per process.
    Pixels are mapped one by one, so the picture is the RGB one mapped whole.
    """
    return _table(view, indexed=True)


@lru_cache(maxsize=8)
def _indexed_background(key: camp.LayoutKey, top: int, bottom: int, height: int) -> Image.Image:
    """``camp.background`` mapped onto the palette."""
    table = camp.background(key, top, bottom, height)
    return table.quantize(palette=fixed_palette(PALETTE), dither=Image.Dither.NONE)


def _table(view: View, *, indexed: bool) -> Image.Image:
    bottom, top = kt.bottom_seat(view), kt.top_seat(view)
    key = camp.layout_key(view.layout)
    top_block, bottom_block = info.block(view, top), info.block(view, bottom)
    bottom_h = bottom_block.height
    # The information column goes straight onto the table, which is square unless the column
    # runs too long for it: then the table is drawn again, as tall as the column needs.
    height = HEIGHT
    for _ in range(2):
        table = camp.background(key, top, bottom, height)
        img = (_indexed_background(key, top, bottom, height) if indexed else table).copy()
        y = _column(img, view, top_block)
        if y + bottom_h + MARGIN <= height:
            break
        height = y + bottom_h + MARGIN
    draw = ImageDraw.Draw(img)
    you = view.you
    for seat, is_bottom in ((top, False), (bottom, True)):
        # The pick matters only while it is still secret; the engine keeps it afterwards.
        picked = None
        if you is not None and seat == you.seat and view.stage == "battle":
            picked = you.battle_slot
        box = camp.camp_box(view, is_bottom, height)
        _camp(img, draw, table, box, view, seat, flip=not is_bottom, picked=picked)
    info.player_block(img, draw, bottom_block, height - MARGIN - bottom_h)
    return img


def _camp(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    table: Image.Image,
    box: Box,
    view: View,
    seat: int,
    *,
    flip: bool,
    picked: str | None,
) -> None:
    """One camp on its panel of ``table`` (drawn once per look and place, then pasted)."""
    layout = camp.layout_key(view.layout)
    slots = view.players[seat].slots
    cards = tuple(
        (sid, None if s is None else (s.status, s.card and (s.card.rank, s.card.suit)))
        for sid, s in sorted(slots.items())
    )
    # Under the camp: its panel in the seat's colour and the links, as the layout and side say.
    key = ("knightfall camp", layout, seat, flip, picked, cards)

    def paint(part: Image.Image, part_draw: ImageDraw.ImageDraw, inner: Box) -> None:
        camp.draw_camp(part, part_draw, view, seat, inner, flip=flip, picked=picked)

    tiles.draw_tiled(img, draw, box, key, table, paint)


def _column(img: Image.Image, view: View, top: info.Block) -> int:
    """The information column's top part (the top seat, the state, the piles): where it ends."""
    draw = ImageDraw.Draw(img)
    y = info.player_block(img, draw, top, MARGIN) + px(10)
    if view.result is not None:
        y = info.result_banner(img, draw, view, view.result, y) + px(8)
    else:
        y = info.header(img, draw, view, y) + px(8)
    return info.piles(img, draw, view, y) + px(10)
