"""Knightfall table: two camps on the left (yours at the bottom), the game state on the right.

Draws only from the view (docs/design/knightfall-view.md): a card that the view gives as null is
a back, so nothing hidden can reach the image. The opponent's camp is mirrored vertically so the
two Knights face each other across the middle of the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.common import RGB, THEME
from render.common.cards import card_colours
from render.knightfall import camp
from render.knightfall import panel as info
from render.knightfall import text as kt
from render.knightfall.camp import HEIGHT, MARGIN, WIDTH

__all__ = ["HEIGHT", "PALETTE", "WIDTH", "alt_text", "render"]

View = Mapping[str, Any]

# Every colour drawn, for the fixed PNG palette (see common.fixed_palette).
PALETTE: tuple[RGB, ...] = (*THEME, *card_colours(), *info.COLOURS)

alt_text = kt.alt_text


def render(view: View) -> Image.Image:
    """Draw a Knightfall view (public, private or final) as an RGB image."""
    bottom, top = kt.bottom_seat(view), kt.top_seat(view)
    img = camp.background(camp.layout_key(view["layout"]), top, bottom).copy()
    draw = ImageDraw.Draw(img)
    you = view.get("you") or {}
    for seat, box in ((top, camp.camp_box(view, False)), (bottom, camp.camp_box(view, True))):
        # The pick matters only while it is still secret; the engine keeps it afterwards.
        battle = view.get("stage") == "battle"
        picked = you.get("battle_slot") if battle and seat == you.get("seat") else None
        camp.draw_camp(img, draw, view, seat, box, flip=seat == top, picked=picked)
    y = info.player_block(img, draw, view, top, MARGIN) + 10
    y_bottom = HEIGHT - MARGIN - info.player_block_height(view, bottom)
    heading = info.result_banner if view.get("result") else info.header
    y = heading(draw, view, y) + 8
    y = info.piles(img, draw, view, y) + 10
    if view.get("last_battle"):
        y = info.battle(img, draw, view, y) + 10
    if view.get("powers") and y < y_bottom - 60:
        info.powers(draw, view, y, y_bottom - 10)
    info.player_block(img, draw, view, bottom, y_bottom)
    return img
