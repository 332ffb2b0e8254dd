"""A FreeType font that keeps the text masks it rendered, so repeated text costs a paste.

Most of an image's text is the same from one render to the next (headings, captions, card
names, numbers). Pillow draws a line by asking its font for a mask (``getmask2``) and painting
the ink through it; ``CachedFont`` returns the mask it rendered before for the same line, the
same start offset and the same stroke, so images stay identical to the pixel. The cache is
shared by every font of the process and bounded by the bytes of its masks (least recently used
out first); masks are never drawn on, only read.

It also leaves out the bidi controls a name may carry (the isolate ``engines.safe_text`` puts
around right-to-left text, for the alt text and the message): the basic layout would draw each
as a box, and reorders nothing anyway.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from PIL import ImageFont

from engines.safe_text import BIDI_CONTROLS
from render.common.lru import SizedLRU

BUDGET_BYTES = 16 * 1024 * 1024  # about 4,000 lines of 22-50 px text

Mask = tuple[Any, tuple[int, int]]  # (Image.core.ImagingCore, offset): the core type is private


class MaskCache(SizedLRU[tuple[Any, ...], Mask]):
    """Least recently used masks within a byte budget; safe to share between threads."""

    def __init__(self, budget: int = BUDGET_BYTES) -> None:
        super().__init__(budget, _bytes)

    @property
    def _masks(self) -> OrderedDict[tuple[Any, ...], Mask]:
        return self._items


def _bytes(mask: Mask) -> int:
    core, _ = mask
    width, height = core.size
    return max(1, width * height * (4 if core.mode == "RGBA" else 1))


MASKS = MaskCache()


def drawable(text: str) -> str:
    """``text`` without bidi controls, which the basic layout would draw as boxes."""
    return text if text.isascii() else BIDI_CONTROLS.sub("", text)


class CachedFont(ImageFont.FreeTypeFont):
    """``ImageFont.FreeTypeFont`` whose ``getmask2`` answers repeated lines from ``MASKS``.

    Every text is measured and drawn without its bidi controls (:func:`drawable`).
    """

    def getlength(self, text: str | bytes, *args: Any, **kwargs: Any) -> float:
        """The advance of ``text`` as drawn."""
        if isinstance(text, str):
            text = drawable(text)
        return super().getlength(text, *args, **kwargs)

    def getbbox(
        self, text: str | bytes | bytearray, *args: Any, **kwargs: Any
    ) -> tuple[float, float, float, float]:
        """The bounding box of ``text`` as drawn."""
        if isinstance(text, str):
            text = drawable(text)
        return super().getbbox(text, *args, **kwargs)

    def getmask2(  # type: ignore[override]
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> Mask:
        """The mask of one line of text, rendered once per (text, offset, stroke, anchor)."""
        if isinstance(text, str):
            text = drawable(text)
        if args or mode == "RGBA":  # colour glyphs carry the ink: not shared
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start,
                *args, **kwargs,
            )  # fmt: skip
        key = (
            self,
            text,
            mode,
            direction,
            tuple(features) if features else None,
            language,
            stroke_width,
            anchor,
            start,
            tuple(sorted(kwargs.items())),
        )
        found = MASKS.get(key)
        if found is None:
            found = super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start,
                **kwargs,
            )  # fmt: skip
            MASKS.put(key, found)
        return found
