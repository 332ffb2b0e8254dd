"""Painted blocks kept as images: a board row, a player panel or a card drawn once, pasted after.

Successive images of a game repeat most of their parts (the same cards in hand, the same
board spaces), and drawing text is the slow part of a render. ``cached`` wraps a measured
block so that its first paint is kept as a small image keyed by everything the paint depends
on, and later paints paste it. The block is painted on its own background colour, so a pasted
stamp is pixel for pixel what painting in place gives, wherever it lands (Pillow places text by
its fractional position, the same after a whole-pixel shift; tests compare both). A stamp of
text keeps a few pixels either side for glyph overhang; blocks side by side leave a wider gap
than that between them.

On a canvas already on the palette (mode "P", ``render_indexed``) a stamp is pasted as palette
indices: painted in RGB as above, mapped onto the canvas's palette once and kept so. Pixels map
one by one, so the pasted stamp has the pixels the whole picture mapped would have had.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from PIL import Image, ImageDraw
from pydantic import BaseModel

from render.common import RGB
from render.common.tiles import mapped

Painter = Callable[[Image.Image, ImageDraw.ImageDraw, int, int], None]
Block = tuple[int, Painter]

SLACK = 4  # px kept either side of a block of text: a glyph may reach past its advance width
BUDGET = 64 * 1024 * 1024  # bytes of stamps kept (RGB: 3 a pixel, palette: 1), least recent out
ENABLED = True  # tests switch it off to record every text drawn in place

_stamps: OrderedDict[Hashable, Image.Image] = OrderedDict()
_lock = threading.Lock()
_used = 0
# Within one picture (``one_picture``): each model or list's part of a key, by identity.
_parts: ContextVar[dict[int, tuple[Any, Hashable]] | None] = ContextVar("parts", default=None)


@contextmanager
def one_picture() -> Iterator[None]:
    """While one picture is drawn, a model or list in several keys is written once.

    The view does not change while it is drawn, and its spaces, players and hand are in the
    keys of their band and again in those of their parts.
    """
    token = _parts.set({})
    try:
        yield
    finally:
        _parts.reset(token)


def key_of(*parts: Any) -> Hashable:
    """A cache key from view parts (models and lists of them, numbers, strings).

    A model stands as its class and its JSON, written by pydantic's own serializer: about
    five times faster than its dump written by ``json``, and keys are made for every block
    of every picture.
    """
    return tuple(_hashable(part) for part in parts)


def _hashable(value: Any) -> Hashable:
    if isinstance(value, BaseModel | list):
        written = _parts.get()
        if written is None:
            return _written(value)
        found = written.get(id(value))
        if found is None or found[0] is not value:  # the object is kept: its id stays its own
            found = written[id(value)] = value, _written(value)
        return found[1]
    if isinstance(value, tuple):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _hashable(v)) for k, v in value.items()))
    return value


def _written(value: BaseModel | list[Any]) -> Hashable:
    if isinstance(value, BaseModel):
        return type(value).__name__, value.model_dump_json()
    return tuple(_hashable(v) for v in value)


def _get(key: Hashable) -> Image.Image | None:
    with _lock:
        stamp = _stamps.get(key)
        if stamp is not None:
            _stamps.move_to_end(key)
        return stamp


def _bytes(stamp: Image.Image) -> int:
    return stamp.width * stamp.height * (1 if stamp.mode == "P" else 3)


def _put(key: Hashable, stamp: Image.Image) -> None:
    global _used
    with _lock:
        if key in _stamps:
            return
        _stamps[key] = stamp
        _used += _bytes(stamp)
        while _used > BUDGET and len(_stamps) > 1:
            _, old = _stamps.popitem(last=False)
            _used -= _bytes(old)


def clear() -> None:
    """Forget every stamp."""
    global _used
    with _lock:
        _stamps.clear()
        _used = 0


def cached(
    key: Hashable, width: int, block: Block, background: RGB, *, text: bool = False
) -> Block:
    """``block`` (``width`` px wide, painted over ``background``) drawn once per key.

    The key must say everything the block's look depends on, its height included.
    ``text``: the block has text at its edges, so the stamp keeps ``SLACK`` px either side.
    """
    slack = SLACK if text else 0
    height, paint = block
    if height <= 0:
        return block
    full = (key, width, background, slack)
    return height, Stamp(full, height, lambda: paint)


def lazy(key: Hashable, width: int, build: Callable[[], Block], background: RGB) -> Block:
    """Like ``cached``, but ``build`` (the layout) runs only if no stamp is kept for ``key``."""
    full = (key, width, background, 0)
    kept = (_get((full, "P")) or _get(full)) if ENABLED else None
    if kept is None:
        return cached(key, width, build(), background)
    return kept.height, Stamp(full, kept.height, lambda: build()[1])


class Stamp:
    """A block's painter that pastes its stamp, kept in the canvas's mode (RGB or palette).

    ``painter`` gives the block's own painter, asked for only when a stamp is painted.
    """

    def __init__(
        self, full: tuple[Hashable, int, RGB, int], height: int, painter: Callable[[], Painter]
    ) -> None:
        self.full, self.height, self.painter = full, height, painter

    def __call__(self, img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        """Paste the stamp (painted the first time) with its top left at (x, y)."""
        _, _, _, slack = self.full
        if not ENABLED and img.mode != "P":
            self.painter()(img, draw, x, y)
            return
        img.paste(self._stamp(img), (x - slack, y))

    def _stamp(self, img: Image.Image) -> Image.Image:
        if img.mode != "P":
            found = _get(self.full)
            if found is None:
                found = self._painted()
                _put(self.full, found)
            return found
        indexed = (self.full, "P")
        found = _get(indexed) if ENABLED else None
        if found is None:
            found = (_get(self.full) if ENABLED else None) or self._painted(img)
            if found.mode != "P":
                found = mapped(found, img)
            if ENABLED:
                _put(indexed, found)
        return found

    def _painted(self, canvas: Image.Image | None = None) -> Image.Image:
        """The stamp painted afresh: in RGB, or on ``canvas``'s palette if it only pastes."""
        _, width, background, slack = self.full
        size = (width + 2 * slack, self.height)
        paint = self.painter()
        if canvas is None or not pastes(paint):
            stamp = Image.new("RGB", size, background)
        else:
            stamp = _blank(canvas, size, background)
        paint(stamp, ImageDraw.Draw(stamp), slack, 0)
        return stamp


class Pasted:
    """A painter that only pastes stamps over its block's flat background (a stack of stamps).

    On a palette canvas it paints there as it is: its stamps are pasted as palette indices.
    """

    def __init__(self, paint: Painter) -> None:
        self.paint = paint

    def __call__(self, img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        """Paint (paste the stamps) at (x, y)."""
        self.paint(img, draw, x, y)


def pastes(paint: Painter) -> bool:
    """Whether ``paint`` only pastes stamps (``Stamp`` or ``Pasted``)."""
    return isinstance(paint, Stamp | Pasted)


def pasting(paint: Painter, *parts: Painter) -> Painter:
    """``paint``, marked ``Pasted`` if it paints only ``parts`` and every one of them pastes."""
    return Pasted(paint) if all(pastes(p) for p in parts) else paint


def _blank(canvas: Image.Image, size: tuple[int, int], background: RGB) -> Image.Image:
    """An image ``size`` on ``canvas``'s palette, filled with ``background`` mapped onto it."""
    pixel = mapped(Image.new("RGB", (1, 1), background), canvas)
    blank = Image.new("P", size, pixel.getpixel((0, 0)))
    blank.putpalette(canvas.getpalette() or [])
    return blank


def onto_palette(img: Image.Image, block: Block, x: int, y: int, background: RGB) -> None:
    """Paint ``block`` at (x, y) on ``img`` (mode "P"), which is ``background`` under it.

    A block that only pastes stamps pastes them from their palette copies; any other block is
    painted in RGB on a strip of the canvas's width (its stamps pasted there in RGB), mapped
    and pasted: only its rows map.
    """
    height, paint = block
    if pastes(paint):
        paint(img, ImageDraw.Draw(img), x, y)
        return
    strip = Image.new("RGB", (img.width, height), background)
    paint(strip, ImageDraw.Draw(strip), x, 0)
    img.paste(mapped(strip, img), (0, y))
