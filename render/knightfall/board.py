"""Knightfall table: two camps on the left (yours at the bottom), the game state on the right.

Draws only from the view (docs/design/knightfall-view.md): a card that the view gives as null is
a back, so nothing hidden can reach the image. The opponent's camp is mirrored vertically so the
two Knights face each other across the middle of the table.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import FELT, RGB, THEME
from render.common.cards import card_colours
from render.knightfall import camp
from render.knightfall import panel as info
from render.knightfall import text as kt
from render.knightfall.camp import HEIGHT, MARGIN, RIGHT, WIDTH
from render.knightfall.text import View

__all__ = ["HEIGHT", "PALETTE", "WIDTH", "alt_text", "render"]

# Every colour drawn, for the fixed PNG palette (see common.fixed_palette).
PALETTE: tuple[RGB, ...] = (*THEME, *card_colours(), *info.COLOURS)

SCRATCH = 2000  # taller than any information column

alt_text = kt.alt_text


def render(view: View) -> Image.Image:
    """Draw a Knightfall view (public, private or final) as an RGB image, 1000 px wide."""
    bottom, top = kt.bottom_seat(view), kt.top_seat(view)
    # The information column is drawn first, on a scratch canvas, to learn how tall it is.
    column = Image.new("RGB", (WIDTH, SCRATCH), FELT)
    cdraw = ImageDraw.Draw(column)
    y = info.player_block(column, cdraw, view, top, MARGIN) + 10
    if view.result is not None:
        y = info.result_banner(cdraw, view, view.result, y) + 8
    else:
        y = info.header(cdraw, view, y) + 8
    y = info.piles(column, cdraw, view, y) + 10
    bottom_h = info.player_block_height(view, bottom)
    height = max(HEIGHT, y + bottom_h + MARGIN)
    img = camp.background(camp.layout_key(view.layout), top, bottom, height).copy()
    img.paste(column.crop((RIGHT[0] - 8, 0, WIDTH, y)), (RIGHT[0] - 8, 0))
    draw = ImageDraw.Draw(img)
    you = view.you
    for seat, is_bottom in ((top, False), (bottom, True)):
        # The pick matters only while it is still secret; the engine keeps it afterwards.
        picked = None
        if you is not None and seat == you.seat and view.stage == "battle":
            picked = you.battle_slot
        box = camp.camp_box(view, is_bottom, height)
        camp.draw_camp(img, draw, view, seat, box, flip=not is_bottom, picked=picked)
    info.player_block(img, draw, view, bottom, height - MARGIN - bottom_h)
    return img
