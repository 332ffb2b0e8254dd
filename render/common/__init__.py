"""Shared drawing helpers for every game renderer: fonts, colours, text, panels, PNG encoding.

Everything here is pure and synchronous. Bundled assets resolve from this module's folder, never
from the CWD. Cached images are shared: callers paste them and must never draw on them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render.common.masks import CachedFont
from render.common.png import write_png

ASSETS = Path(__file__).resolve().parents[1] / "assets"  # render/assets, beside the games
FONT_DIR = ASSETS / "fonts"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

# Images are read at about a third of their size on a phone: no text below 22 px in a 1000 px
# wide image (most pictures' width; a narrower one's least text is ``phone_px`` of its width,
# still 22 px at 800 px). ``font`` refuses anything smaller.
MIN_PX = 22
BASE_WIDTH = 1000

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

# A high-contrast theme: light text on a dark felt table, white card faces.
FELT: RGB = (24, 66, 50)
FELT_DARK: RGB = (16, 46, 35)
FELT_LINE: RGB = (64, 112, 90)
PANEL: RGB = (12, 34, 26)
PANEL_EDGE: RGB = (58, 96, 80)
TEXT: RGB = (245, 245, 240)
MUTED: RGB = (176, 200, 188)
GOLD: RGB = (255, 204, 64)
GOOD: RGB = (96, 214, 120)
BAD: RGB = (255, 110, 96)
WARN: RGB = (246, 186, 40)
CARD_RED: RGB = (200, 24, 36)
CARD_BLACK: RGB = (20, 20, 24)
WHITE: RGB = (255, 255, 255)
SEAT_COLOURS: tuple[RGB, ...] = ((110, 182, 255), (255, 146, 110), (190, 150, 255), (120, 220, 170))
THEME: tuple[RGB, ...] = (
    FELT,
    FELT_DARK,
    FELT_LINE,
    PANEL,
    PANEL_EDGE,
    TEXT,
    MUTED,
    GOLD,
    GOOD,
    BAD,
    WARN,
    CARD_RED,
    CARD_BLACK,
    WHITE,
    *SEAT_COLOURS,
)


# On a phone Discord shows an embed's image 340 px wide: text a player decides from is at least
# 9 px tall there, i.e. 9 × width / 340 px in the image's own pixels (27 px at 1000 px).
PHONE_WIDTH = 340
PHONE_TEXT_PX = 9


def phone_px(width: int = BASE_WIDTH) -> int:
    """The smallest decision text in an image ``width`` px wide that reads 9 px tall on a phone."""
    return -(-PHONE_TEXT_PX * width // PHONE_WIDTH)


def min_px(width: int = BASE_WIDTH) -> int:
    """The smallest text size allowed in an image ``width`` px wide (22 px at 1000 px)."""
    return -(-MIN_PX * width // BASE_WIDTH)


def font(size: int, *, bold: bool = False, scale: int = 1) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at ``size`` px, drawn ``scale`` times larger (supersampling).

    ``size`` is the size the text has in the final image; below ``MIN_PX`` it raises, so no
    renderer can draw text that is unreadable on a phone.
    """
    if size < MIN_PX:
        raise ValueError(f"text at {size} px is below the {MIN_PX} px minimum")
    return _load(size, bold, scale)


@lru_cache(maxsize=256)
def _load(size: int, bold: bool, scale: int) -> ImageFont.FreeTypeFont:
    """The font file at ``size * scale`` px (basic layout: same glyphs with or without raqm).

    Its text masks are cached (``render.common.masks``): a repeated line is pasted, not drawn.
    """
    path = FONT_DIR / FONT_FILES[bold]
    return CachedFont(str(path), size * scale, layout_engine=ImageFont.Layout.BASIC)


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG 2 contrast ratio between two colours (1 to 21; text needs at least 4.5)."""

    def luminance(c: RGB) -> float:
        def channel(v: int) -> float:
            x = v / 255
            return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

        r, g, b_ = (channel(v) for v in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def seat_colour(seat: int) -> RGB:
    """The accent colour that ties a seat's camp, name and cards together."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@lru_cache(maxsize=8)
def fixed_palette(colours: tuple[RGB, ...], steps: int = 6) -> Image.Image:
    """A 256-colour palette for images drawn only in ``colours`` (on flat backgrounds).

    It holds the colours themselves and the blends between every pair, which is what
    anti-aliased text and edges produce. Mapping onto a fixed palette is about three times
    faster than computing one per image, and gives the same quality for such images.
    """
    unique = sorted(set(colours))
    pixels = [c for c in unique for _ in range(256)]  # weight: keep the pure colours exact
    for a, b in itertools.combinations(unique, 2):
        for k in range(1, steps):
            t = k / steps
            pixels.append(
                (
                    round(a[0] + (b[0] - a[0]) * t),
                    round(a[1] + (b[1] - a[1]) * t),
                    round(a[2] + (b[2] - a[2]) * t),
                )
            )
    swatch = Image.new("RGB", (len(pixels), 1))
    swatch.putdata(pixels)
    return swatch.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode_png(img: Image.Image, *, palette: Image.Image | None = None) -> bytes:
    """Encode as an 8-bit palette PNG: about a quarter of the RGB size, still crisp.

    With ``palette`` (see ``fixed_palette``) pixels map onto it; without, a palette is
    computed for this image (slower; for artwork). Deterministic: same image, same bytes.
    Written by ``render.common.png`` (zlib-ng, about three times faster than Pillow's encoder).
    """
    rgb = img if img.mode == "RGB" else img.convert("RGB")  # quantize leaves ``img`` as it is
    if palette is not None:
        quantised = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        quantised = rgb.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return write_png(quantised)


def antialiased(
    size: tuple[int, int], paint: Callable[[Image.Image, int], None], *, scale: int = 3
) -> Image.Image:
    """Paint at ``scale`` times the size on a transparent RGBA canvas, then downsample.

    Pillow draws shapes without anti-aliasing; supersampling smooths edges. Use it for images
    that are cached (cards, badges), not per render. ``paint(image, scale)`` draws on the big one.
    """
    w, h = size
    big = Image.new("RGBA", (w * scale, h * scale), (0, 0, 0, 0))
    paint(big, scale)
    return big.resize(size, Image.Resampling.LANCZOS)


# ---- text ----------------------------------------------------------------------------------


def font_px(fnt: ImageFont.FreeTypeFont) -> int:
    """The font's size in px: whole, as :func:`font` makes it (Pillow types it a float)."""
    return int(fnt.size)


@lru_cache(maxsize=8192)
def text_width(text: str, fnt: ImageFont.FreeTypeFont) -> int:
    """Advance width of ``text`` in pixels (cached: fonts are shared, layouts measure a lot)."""
    return int(fnt.getlength(text) + 0.5)


def ellipsize(text: str, fnt: ImageFont.FreeTypeFont, max_width: int) -> str:
    """``text``, cut with an ellipsis so that it fits ``max_width`` (prose only, never names)."""
    if text_width(text, fnt) <= max_width:
        return text
    while text and text_width(text + "…", fnt) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def fitted_font(
    text: str, max_width: int, size: int, *, bold: bool = False, min_size: int = MIN_PX
) -> ImageFont.FreeTypeFont:
    """The largest font from ``size`` down to ``min_size`` (never below ``MIN_PX``) that fits."""
    floor = max(min_size, MIN_PX)
    size = max(size, floor)
    while size > floor and text_width(text, font(size, bold=bold)) > max_width:
        size -= 1
    return font(size, bold=bold)


_WORD = re.compile(r"[^\s-]+-?|-")


def _tokens(text: str, fnt: ImageFont.FreeTypeFont, max_width: int) -> list[tuple[str, bool]]:
    """Split into (piece, glued to the previous piece): after hyphens, inside too-wide words."""
    out: list[tuple[str, bool]] = []
    for m in _WORD.finditer(text):
        glued = m.start() > 0 and not text[m.start() - 1].isspace()
        if text_width(m.group(), fnt) <= max_width:
            out.append((m.group(), glued))
            continue
        piece = ""
        for ch in m.group():
            if piece and text_width(piece + ch, fnt) > max_width:
                out.append((piece, glued))
                piece, glued = ch, True
            else:
                piece += ch
        out.append((piece, glued))
    return out


def wrap(
    text: str, fnt: ImageFont.FreeTypeFont, max_width: int, max_lines: int | None = None
) -> list[str]:
    """Greedy word wrap, breaking after hyphens too ("Spear-|warden") and inside words too wide.

    Without ``max_lines`` every character is kept: use it for names, which are never cut.
    With it, the last allowed line is ellipsized if the text does not fit (for long prose).
    """
    lines: list[str] = []
    line = ""
    for piece, glued in _tokens(text, fnt, max_width):
        candidate = line + ("" if glued or not line else " ") + piece
        if line and text_width(candidate, fnt) > max_width:
            lines.append(line)
            line = piece
        else:
            line = candidate
    if line:
        lines.append(line)
    if max_lines is not None and len(lines) > max_lines:
        last = " ".join(lines[max_lines - 1 :])
        lines = [*lines[: max_lines - 1], ellipsize(last, fnt, max_width)]
    return lines


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: RGB = TEXT,
    *,
    anchor: str = "la",
    outline: int = 0,
    outline_fill: RGB = CARD_BLACK,
) -> None:
    """Draw one line, optionally with a dark outline so it reads on any background."""
    draw.text(
        xy, text, font=fnt, fill=fill, anchor=anchor, stroke_width=outline, stroke_fill=outline_fill
    )


def draw_lines(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    lines: Iterable[str],
    fnt: ImageFont.FreeTypeFont,
    fill: RGB = TEXT,
    *,
    spacing: int = 4,
) -> int:
    """Draw lines top-down from ``xy``; return the y just below the last one."""
    x, y = xy
    step = font_px(fnt) + spacing
    for line in lines:
        draw.text((x, y), line, font=fnt, fill=fill)
        y += step
    return y


# ---- shapes --------------------------------------------------------------------------------


def panel(
    draw: ImageDraw.ImageDraw,
    box: Box,
    *,
    fill: RGB | None = PANEL,
    outline: RGB | None = PANEL_EDGE,
    width: int = 2,
    radius: int = 14,
) -> None:
    """A rounded panel."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def dashed_line(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    *,
    fill: RGB,
    width: int = 2,
    dash: int = 10,
    gap: int = 7,
) -> None:
    """A dashed straight line from ``a`` to ``b``."""
    (x0, y0), (x1, y1) = a, b
    length = max(abs(x1 - x0), abs(y1 - y0), 1)
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        draw.line(
            [
                (x0 + (x1 - x0) * pos / length, y0 + (y1 - y0) * pos / length),
                (x0 + (x1 - x0) * end / length, y0 + (y1 - y0) * end / length),
            ],
            fill=fill,
            width=width,
        )
        pos += dash + gap


def dashed_rounded_rect(
    draw: ImageDraw.ImageDraw,
    box: Box,
    *,
    fill: RGB,
    width: int = 2,
    radius: int = 10,
    dash: int = 10,
    gap: int = 7,
) -> None:
    """A rounded rectangle outline with dashed sides and solid corners."""
    x0, y0, x1, y1 = box
    r = radius
    for a, b in (
        ((x0 + r, y0), (x1 - r, y0)),
        ((x0 + r, y1), (x1 - r, y1)),
        ((x0, y0 + r), (x0, y1 - r)),
        ((x1, y0 + r), (x1, y1 - r)),
    ):
        dashed_line(draw, a, b, fill=fill, width=width, dash=dash, gap=gap)
    d = 2 * r
    for (cx, cy), start in (
        ((x0, y0), 180),
        ((x1 - d, y0), 270),
        ((x1 - d, y1 - d), 0),
        ((x0, y1 - d), 90),
    ):
        draw.arc((cx, cy, cx + d, cy + d), start, start + 90, fill=fill, width=width)


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    *,
    fill: RGB,
    text_fill: RGB = CARD_BLACK,
    pad: tuple[int, int] = (12, 5),
) -> Box:
    """A rounded label with its top-left corner at ``xy``; returns its box."""
    x, y = xy
    w = text_width(text, fnt) + 2 * pad[0]
    h = font_px(fnt) + 2 * pad[1]
    box = (x, y, x + w, y + h)
    draw.rounded_rectangle(box, radius=h // 2, fill=fill)
    draw.text((x + w / 2, y + h / 2), text, font=fnt, fill=text_fill, anchor="mm")
    return box


def glow(
    draw: ImageDraw.ImageDraw, box: Box, *, colour: RGB = GOLD, width: int = 5, radius: int = 12
) -> None:
    """A thick highlight frame just outside ``box`` (draw it before the card)."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        (x0 - width, y0 - width, x1 + width, y1 + width), radius=radius, fill=colour
    )
