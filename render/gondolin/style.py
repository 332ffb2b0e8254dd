"""Gondolin Cards drawing style shared by the settlement board and the card sheets."""

from __future__ import annotations

from engines.gondolin.views import CardView
from render.common import BAD, GOLD, GOOD, RGB, THEME, phone_px

WIDTH = 1000  # the card sheets and lookup pages; the board is 800 px wide (``board.WIDTH``)
PX = phone_px(WIDTH)
"""The sheets' smallest text: 27 px, 9 px when a phone shows the image 340 px wide."""
BG: RGB = (20, 26, 36)
BOX: RGB = (32, 41, 56)
EDGE: RGB = (72, 88, 112)
PASSED: RGB = (44, 52, 66)
DEFENDER: RGB = (110, 170, 255)
LOCATION: RGB = (214, 160, 96)
MAGIC: RGB = (190, 150, 255)
BANNER_LOST: RGB = (150, 36, 40)
KIND_COLOURS: dict[str, RGB] = {
    "Defender": DEFENDER,
    "Hero": GOLD,
    "Improvement": GOOD,
    "Insight": GOOD,
    "Achievement": GOOD,
    "Location": LOCATION,
    "Enemy": BAD,
    "Eminent Enemy": BAD,
}
COLOURS: tuple[RGB, ...] = (BG, BOX, EDGE, PASSED, DEFENDER, LOCATION, MAGIC, BANNER_LOST)
PALETTE: tuple[RGB, ...] = (*THEME, *COLOURS)


def kind_colour(card: CardView) -> RGB:
    """The frame colour for a card of this kind."""
    return KIND_COLOURS.get(card.kind, MAGIC)
