"""Knightfall table: two camps on the left (yours at the bottom), the game state on the right.

Draws only from the view (docs/design/knightfall-view.md): a card that the view gives as null is
a back, so nothing hidden can reach the image. The opponent's camp is mirrored vertically so the
two Knights face each other across the middle of the table.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import RGB, THEME
from render.common.cards import card_colours
from render.knightfall import camp
from render.knightfall import panel as info
from render.knightfall import text as kt
from render.knightfall.camp import HEIGHT, MARGIN, WIDTH, px
from render.knightfall.text import View

__all__ = ["HEIGHT", "PALETTE", "WIDTH", "alt_text", "render"]

# Every colour drawn, for the fixed PNG palette (see common.fixed_palette).
PALETTE: tuple[RGB, ...] = (*THEME, *card_colours(), *info.COLOURS)

alt_text = kt.alt_text


def render(view: View) -> Image.Image:
    """Draw a Knightfall view (public, private or final) as an RGB image, 800 px wide."""
    bottom, top = kt.bottom_seat(view), kt.top_seat(view)
    key = camp.layout_key(view.layout)
    top_block, bottom_block = info.block(view, top), info.block(view, bottom)
    bottom_h = bottom_block.height
    # The information column goes straight onto the table, which is square unless the column
    # runs too long for it: then the table is drawn again, as tall as the column needs.
    img = camp.background(key, top, bottom).copy()
    y = _column(img, view, top_block)
    height = max(HEIGHT, y + bottom_h + MARGIN)
    if height > HEIGHT:
        img = camp.background(key, top, bottom, height).copy()
        _column(img, view, top_block)
    draw = ImageDraw.Draw(img)
    you = view.you
    for seat, is_bottom in ((top, False), (bottom, True)):
        # The pick matters only while it is still secret; the engine keeps it afterwards.
        picked = None
        if you is not None and seat == you.seat and view.stage == "battle":
            picked = you.battle_slot
        box = camp.camp_box(view, is_bottom, height)
        camp.draw_camp(img, draw, view, seat, box, flip=not is_bottom, picked=picked)
    info.player_block(img, draw, bottom_block, height - MARGIN - bottom_h)
    return img


def _column(img: Image.Image, view: View, top: info.Block) -> int:
    """The information column's top part (the top seat, the state, the piles): where it ends."""
    draw = ImageDraw.Draw(img)
    y = info.player_block(img, draw, top, MARGIN) + px(10)
    if view.result is not None:
        y = info.result_banner(draw, view, view.result, y) + px(8)
    else:
        y = info.header(img, draw, view, y) + px(8)
    return info.piles(img, draw, view, y) + px(10)
