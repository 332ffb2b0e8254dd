"""Gondor drawing style: the sizes of the two image kinds, terrain and side colours, the palette.

The whole map is 1000 px wide; a close-up is the same design scaled to 800 px (``px``).
"""

from __future__ import annotations

from render.common import BAD, GOLD, MUTED, RGB, WHITE, contrast, phone_px

WIDTH = 1000  # the whole map and the legend
MARGIN = 10
ZOOM_WIDTH = 800  # the close-up: the 1000 px design scaled (fewer pixels to map and deflate)
ZOOM = ZOOM_WIDTH / WIDTH

LEGEND_HEX_W = 42.0  # a hex in the legend, a little larger than on the whole map
ZOOM_HEX_W = 160.0 * ZOOM  # the close-up: a hex holds its id and a counter's code at ZOOM_PX
LABEL_PX = 22  # the whole map's row and column numbers and counter letters (a map, not prose)
PHONE_PX = phone_px(WIDTH)  # every other text: 9 px tall when the image is shown 340 px wide
ZOOM_PX = phone_px(ZOOM_WIDTH)  # the close-up's every text, 9 px tall at 340 px wide as well

INK: RGB = (22, 24, 28)  # background, outlines, walls and oil: one dark
BG: RGB = INK
GRID: RGB = (92, 104, 84)
CLEAR: RGB = (150, 178, 108)
ROUGH: RGB = (174, 150, 92)
MOUNTAIN: RGB = (104, 92, 86)
TUNNEL: RGB = (112, 106, 100)
# City levels 1 (outermost) to 7 (the Citadel): lighter towards the top, warm and cool stone in
# turn, so that two neighbouring levels never look alike; each also carries its number.
LEVELS: tuple[RGB, ...] = (
    (150, 140, 124),
    (182, 176, 196),
    (204, 190, 156),
    (208, 206, 226),
    (228, 214, 178),
    (234, 234, 246),
    (252, 246, 226),
)
WALL: RGB = INK
ROAD: RGB = (128, 86, 48)

SAURON: RGB = (168, 30, 36)
WESTERNESSE: RGB = (32, 84, 176)
SIDES: dict[str, RGB] = {"sauron": SAURON, "westernesse": WESTERNESSE}
NEUTRAL: RGB = (120, 120, 124)  # a gate nobody holds
HIDDEN: RGB = (92, 84, 112)  # a "?" counter
FIRE: RGB = (240, 110, 30)
FLAME: RGB = (255, 214, 70)
BREACH: RGB = (255, 56, 40)
LADDER: RGB = (230, 180, 60)
DISRUPTED: RGB = (236, 34, 34)
OIL: RGB = INK
OIL_UNKNOWN: RGB = (255, 170, 40)
FOCUS: RGB = GOLD
PLACE: RGB = WHITE  # the ring of a named hex
REACH: RGB = (64, 236, 255)  # the hexes a selected group can reach

COLOURS: tuple[RGB, ...] = (
    BG,
    GRID,
    CLEAR,
    ROUGH,
    MOUNTAIN,
    TUNNEL,
    *LEVELS,
    WALL,
    ROAD,
    INK,
    SAURON,
    WESTERNESSE,
    NEUTRAL,
    HIDDEN,
    FIRE,
    FLAME,
    BREACH,
    LADDER,
    DISRUPTED,
    OIL,
    OIL_UNKNOWN,
    REACH,
)


def px(length: float, width: int = ZOOM_WIDTH) -> int:
    """The 1000 px design's ``length`` in an image ``width`` px wide (by default a close-up)."""
    return round(length * width / WIDTH)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


PALETTE: tuple[RGB, ...] = tuple(dict.fromkeys((*COLOURS, MUTED, GOLD, BAD, WHITE)))


def terrain_colour(terrain: str, level: int) -> RGB:
    """The fill of a hex: city and tower hexes by level, the rest by terrain."""
    if terrain in ("city", "tower") and 1 <= level <= len(LEVELS):
        return LEVELS[level - 1]
    return {"rough": ROUGH, "mountain": MOUNTAIN, "tunnel": TUNNEL}.get(terrain, CLEAR)


def side_colour(side: str | None) -> RGB:
    """A side's counter colour (grey for nobody)."""
    return SIDES.get(str(side), NEUTRAL)


def ink_on(colour: RGB) -> RGB:
    """Dark or light text, whichever reads better on ``colour``."""
    return INK if contrast(INK, colour) >= contrast(WHITE, colour) else WHITE
