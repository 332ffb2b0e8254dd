"""A font factory for tests that record every font size the drawing asks for."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageFont

from render import common

Loader = Callable[[int, bool, int], ImageFont.FreeTypeFont]


def recording_load(sizes: list[int]) -> Loader:
    """``common._load`` that appends each size asked for to ``sizes``, every call.

    Each font is loaded once, as the real cache does: a font loaded anew for every text would
    rasterise every line again (its text masks are kept per font), which is slow, not stricter.
    """
    load = common._load.__wrapped__
    fonts: dict[tuple[int, bool, int], ImageFont.FreeTypeFont] = {}

    def recording(size: int, bold: bool, scale: int) -> ImageFont.FreeTypeFont:
        sizes.append(size)
        key = (size, bold, scale)
        if key not in fonts:
            fonts[key] = load(size, bold, scale)
        return fonts[key]

    return recording
