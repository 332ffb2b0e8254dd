"""Parts of a picture drawn once per content and size, then pasted (a card face, a deck row).

Move after move a game's picture repeats most of its parts: the same cards, in other places.
``draw_tiled`` paints a part the first time on a canvas of its own, filled with the colour it
lies on, keeps that tile under a key that says everything the part's look depends on, and
pastes the tile after. A part lying on a flat colour, painted from whole-pixel coordinates,
gives the same pixels pasted as painted in place (Pillow places text by its fractional
position, which a whole-pixel shift keeps; tests compare both ways). The tile is the part's
box, its right and bottom edges included (Pillow's boxes include them): whatever a painter
draws outside its box is cut off, so a part keeps its ink inside.

The tiles are shared by every picture of the process and bounded by their bytes (least
recently used out first); a tile is never drawn on once kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import RGB, Box
from render.common.lru import SizedLRU

BUDGET_BYTES = 32 * 1024 * 1024  # about 280 Galdor's Grip deck rows (Pillow: 4 bytes a pixel)
ENABLED = True  # tests switch it off to compare with every part painted in place

Painter = Callable[[Image.Image, ImageDraw.ImageDraw, Box], None]


class TileCache(SizedLRU[Hashable, Image.Image]):
    """Least recently used tiles within a byte budget; safe to share between threads."""

    def __init__(self, budget: int = BUDGET_BYTES) -> None:
        super().__init__(budget, _bytes)

    @property
    def _tiles(self) -> OrderedDict[Hashable, Image.Image]:
        return self._items


def _bytes(tile: Image.Image) -> int:
    # Pillow keeps an RGB pixel in 4 bytes, a palette index in 1
    return tile.width * tile.height * (1 if tile.mode == "P" else 4)


TILES = TileCache()


def draw_tiled(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    key: Hashable,
    background: RGB | Image.Image,
    paint: Painter,
) -> None:
    """``paint`` the part in ``box`` over ``background``, or paste its tile kept for ``key``.

    ``key`` must say everything ``paint`` draws from, except the box's size (part of the key).
    ``background`` is the flat colour the part lies on, or the RGB picture the part is painted
    over: then the tile starts as that picture's ``box``, and ``key`` says what lies there too.
    On a canvas already on a palette (mode "P") the part is painted in RGB, mapped onto the
    canvas's palette once and kept so: the pixels the whole picture mapped would have had.
    """
    indexed = img.mode == "P"
    if not ENABLED and not indexed:
        paint(img, draw, box)
        return
    x0, y0, x1, y1 = box
    size = (x1 - x0 + 1, y1 - y0 + 1)
    flat = background if isinstance(background, tuple) else None
    full = (key, size, flat, img.mode)
    tile = TILES.get(full) if ENABLED else None
    if tile is None:
        if isinstance(background, tuple):
            tile = Image.new("RGB", size, background)
        else:
            tile = background.crop((x0, y0, x1 + 1, y1 + 1))
        paint(tile, ImageDraw.Draw(tile), (0, 0, size[0] - 1, size[1] - 1))
        if indexed:
            tile = mapped(tile, img)
        if ENABLED:
            TILES.put(full, tile)
    img.paste(tile, (x0, y0))


def mapped(part: Image.Image, canvas: Image.Image) -> Image.Image:
    """An RGB ``part`` mapped onto the palette of ``canvas`` (mode "P"), pixel by pixel."""
    return part.quantize(
        palette=_palette(bytes(canvas.getpalette() or [])), dither=Image.Dither.NONE
    )


@lru_cache(maxsize=16)
def _palette(colours: bytes) -> Image.Image:
    """One image per palette: Pillow keeps in it what each colour mapped to, for the next part."""
    img = Image.new("P", (1, 1))
    img.putpalette(colours)
    return img
