"""Painted blocks kept as images: a board row, a player panel or a card drawn once, pasted after.

Successive images of a game repeat most of their parts (the same cards in hand, the same
board spaces), and drawing text is the slow part of a render. ``cached`` wraps a measured
block so that its first paint is kept as a small image keyed by everything the paint depends
on, and later paints paste it. The block is painted on its own background colour, so a pasted
stamp is pixel for pixel what painting in place gives, wherever it lands (Pillow places text by
its fractional position, the same after a whole-pixel shift; tests compare both). A stamp of
text keeps a few pixels either side for glyph overhang; blocks side by side leave a wider gap
than that between them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from PIL import Image, ImageDraw
from pydantic import BaseModel

from render.common import RGB

Block = tuple[int, Callable[[Image.Image, ImageDraw.ImageDraw, int, int], None]]

SLACK = 4  # px kept either side of a block of text: a glyph may reach past its advance width
BUDGET = 64 * 1024 * 1024  # bytes of stamps kept (RGB: 3 bytes a pixel), least recent dropped
ENABLED = True  # tests switch it off to record every text drawn in place

_stamps: OrderedDict[Hashable, Image.Image] = OrderedDict()
_lock = threading.Lock()
_used = 0


def key_of(*parts: Any) -> Hashable:
    """A cache key from view parts (models and lists of them, numbers, strings).

    A model stands as its class and its JSON, written by pydantic's own serializer: about
    five times faster than its dump written by ``json``, and keys are made for every block
    of every picture.
    """
    return tuple(_hashable(part) for part in parts)


def _hashable(value: Any) -> Hashable:
    if isinstance(value, BaseModel):
        return type(value).__name__, value.model_dump_json()
    if isinstance(value, list | tuple):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _hashable(v)) for k, v in value.items()))
    return value


def _get(key: Hashable) -> Image.Image | None:
    with _lock:
        stamp = _stamps.get(key)
        if stamp is not None:
            _stamps.move_to_end(key)
        return stamp


def _put(key: Hashable, stamp: Image.Image) -> None:
    global _used
    size = stamp.width * stamp.height * 3
    with _lock:
        if key in _stamps:
            return
        _stamps[key] = stamp
        _used += size
        while _used > BUDGET and len(_stamps) > 1:
            _, old = _stamps.popitem(last=False)
            _used -= old.width * old.height * 3


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

    def paint_cached(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        if not ENABLED:
            paint(img, draw, x, y)
            return
        full = (key, width, background, slack)
        stamp = _get(full)
        if stamp is None:
            stamp = Image.new("RGB", (width + 2 * slack, height), background)
            paint(stamp, ImageDraw.Draw(stamp), slack, 0)
            _put(full, stamp)
        img.paste(stamp, (x - slack, y))

    return height, paint_cached


def lazy(key: Hashable, width: int, build: Callable[[], Block], background: RGB) -> Block:
    """Like ``cached``, but ``build`` (the layout) runs only if no stamp is kept for ``key``."""
    stamp = _get((key, width, background, 0)) if ENABLED else None
    if stamp is None:
        return cached(key, width, build(), background)

    def paste(img: Image.Image, _draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        img.paste(stamp, (x, y))

    return stamp.height, paste
