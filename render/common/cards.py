"""Standard playing cards: faces, backs, empty slots and status marks, cached per size.

Reusable by any game that draws a 52-card deck. Returned images are shared through
``functools.lru_cache``: paste them, never draw on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from PIL import Image, ImageDraw

from render.common import (
    CARD_BLACK,
    CARD_RED,
    MUTED,
    RGB,
    WARN,
    WHITE,
    antialiased,
    dashed_rounded_rect,
    font,
    phone_px,
)

Size = tuple[int, int]
# Cards are drawn for a table 1000 px wide: no text on them below 27 px (9 px on a phone). A
# smaller table passes its own least size (``text_px``: ``phone_px`` of its width).
TEXT_PX = phone_px()
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RED_SUITS = frozenset("HD")
FACE: RGB = (252, 252, 248)
EDGE: RGB = (120, 120, 120)
BACK: RGB = (40, 62, 140)
BACK_LINE: RGB = (78, 104, 190)
BACK_MARGIN: RGB = (250, 250, 250)
BACK_INK: RGB = (10, 20, 60)


class PlayingCard(Protocol):
    """A card of a game's view with a rank ("10", "Q") and a suit letter ("H", "D", "C", "S")."""

    @property
    def rank(self) -> str:
        """The rank as printed in the corner."""

    @property
    def suit(self) -> str:
        """The suit letter."""


@dataclass(frozen=True)
class Mark:
    """A status band across the bottom of a face: its word, colours and face tint."""

    text: str
    fill: RGB
    text_fill: RGB
    face: RGB = FACE


# Games may add their own marks; the key is what ``card_face(status=...)`` takes.
MARKS: dict[str, Mark] = {
    "weak": Mark("WEAK", WARN, CARD_BLACK, face=(255, 240, 200)),
    "strong": Mark("STRONG", (24, 38, 84), WHITE),
}


def card_colours() -> tuple[RGB, ...]:
    """Every colour the card images use, for ``common.fixed_palette``."""
    marks = [c for m in MARKS.values() for c in (m.fill, m.text_fill, m.face)]
    return (FACE, EDGE, BACK, BACK_LINE, BACK_MARGIN, BACK_INK, CARD_RED, CARD_BLACK, MUTED, *marks)


def radius_for(size: Size) -> int:
    """Corner radius used for cards of ``size``."""
    return max(4, size[0] // 10)


def suit_colour(suit: str) -> RGB:
    """Red for hearts and diamonds, black for clubs and spades."""
    return CARD_RED if suit in RED_SUITS else CARD_BLACK


def rank_size(size: Size, text_px: int = TEXT_PX) -> int:
    """Corner rank size in px: 31 on a full-size card (86 px wide), never below ``text_px``."""
    return max(text_px, round(size[0] * 0.36))


@lru_cache(maxsize=512)
def card_face(
    rank: str, suit: str, size: Size, status: str | None = None, *, text_px: int = TEXT_PX
) -> Image.Image:
    """A face-up card: rank and suit in the corners, a big centre pip, an optional status band."""
    w, h = size
    mark = MARKS.get(status) if status else None
    colour = suit_colour(suit)
    symbol = SUIT_SYMBOLS[suit]

    def paint(img: Image.Image, s: int) -> None:
        draw = ImageDraw.Draw(img)
        r = radius_for(size) * s
        draw.rounded_rectangle(
            (0, 0, w * s - 1, h * s - 1),
            radius=r,
            fill=mark.face if mark else FACE,
            outline=EDGE,
            width=2 * s,
        )
        idx = _index(rank, symbol, colour, size, s, text_px)
        pad = 4 * s
        img.alpha_composite(idx, (pad, pad))
        band = round(h * 0.24) * s if mark else 0
        bottom = h * s - band if mark else h * s - pad - idx.height
        top = pad + idx.height
        pip = font(max(text_px, round(min(w * 0.5, (bottom - top) / s * 0.95))), scale=s)
        draw.text((w * s // 2, (top + bottom) // 2), symbol, font=pip, fill=colour, anchor="mm")
        if mark:
            y0 = h * s - band
            draw.rounded_rectangle((0, y0, w * s - 1, h * s - 1), radius=r, fill=mark.fill)
            draw.rectangle((0, y0, w * s - 1, y0 + r), fill=mark.fill)
            word = _band_word(mark, (w - 6) * s, band, s, text_px)
            img.alpha_composite(word, ((w * s - word.width) // 2, y0 + (band - word.height) // 2))
            draw.rounded_rectangle(
                (0, 0, w * s - 1, h * s - 1), radius=r, outline=EDGE, width=2 * s
            )
        else:
            img.alpha_composite(
                idx.rotate(180), (w * s - pad - idx.width, h * s - pad - idx.height)
            )

    return antialiased(size, paint)


def _band_word(mark: Mark, max_width: int, band: int, s: int, text_px: int) -> Image.Image:
    """The band's word at ``text_px`` or more, narrowed (never shortened) to fit the card.

    "STRONG" in bold at 22 px is wider than a card; the letters keep their full height and
    are squeezed sideways instead, which reads better on a phone than a smaller size.
    """
    fnt = font(max(text_px, round(band / s * 0.8)), bold=True, scale=s)
    left, top, right, bottom = fnt.getbbox(mark.text)
    # Pillow types bounding boxes as floats; FreeType's are whole px.
    tile = Image.new("RGBA", (int(right - left) + 2 * s, int(bottom - top) + 2 * s), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text((s - left, s - top), mark.text, font=fnt, fill=mark.text_fill)
    if tile.width > max_width:
        tile = tile.resize((max_width, tile.height), Image.Resampling.LANCZOS)
    return tile


def index_width(size: Size, rank: str = "10", *, text_px: int = TEXT_PX) -> int:
    """Width in px of a card's corner index (the widest, "10♥", by default)."""
    return _index(rank, SUIT_SYMBOLS["H"], CARD_RED, size, 1, text_px).width


def _index(rank: str, symbol: str, colour: RGB, size: Size, s: int, text_px: int) -> Image.Image:
    """The corner index ("10♥": rank then suit on one line) at scale ``s``."""
    rs = rank_size(size, text_px)
    rank_font = font(rs, bold=True, scale=s)
    suit_font = font(max(text_px, round(rs * 0.8)), scale=s)
    rank_w = rank_font.getlength(rank)
    # "10" is two glyphs: tighten the gap so "10♥" still fits a narrow card.
    gap = -2 * s if len(rank) > 1 else 0
    tw = int(rank_w + gap + suit_font.getlength(symbol)) + s
    boxes = [rank_font.getbbox(rank, anchor="ls"), suit_font.getbbox(symbol, anchor="ls")]
    above = -min(b[1] for b in boxes)
    tile = Image.new("RGBA", (tw, int(above + max(b[3] for b in boxes))), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    draw.text((0, above), rank, font=rank_font, fill=colour, anchor="ls")
    draw.text((rank_w + gap, above), symbol, font=suit_font, fill=colour, anchor="ls")
    return tile


@lru_cache(maxsize=64)
def card_back(size: Size, label: str | None = None, *, text_px: int = TEXT_PX) -> Image.Image:
    """A face-down card with a lattice pattern and an optional label (e.g. a slot id)."""
    w, h = size

    def paint(img: Image.Image, s: int) -> None:
        draw = ImageDraw.Draw(img)
        r = radius_for(size) * s
        draw.rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=r, fill=BACK_MARGIN)
        inset = 4 * s
        draw.rounded_rectangle(
            (inset, inset, w * s - inset, h * s - inset), radius=r // 2, fill=BACK
        )
        step = 12 * s
        for k in range(-h * s, w * s + h * s, step):
            draw.line([(k, inset), (k + h * s, inset + h * s)], fill=BACK_LINE, width=s)
            draw.line(
                [(k, h * s - inset), (k + h * s, h * s - inset - h * s)], fill=BACK_LINE, width=s
            )
        # Repaint the white margin over the pattern's overflow, then the outline.
        frame = Image.new("L", img.size, 0)
        ImageDraw.Draw(frame).rounded_rectangle(
            (inset, inset, w * s - inset, h * s - inset), radius=r // 2, fill=255
        )
        white = Image.new("RGBA", img.size, (*BACK_MARGIN, 255))
        img.paste(white, mask=Image.eval(frame, lambda v: 255 - v))
        draw.rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=r, outline=EDGE, width=2 * s)
        _clip_round(img, r)
        if label:
            fnt = font(max(text_px, round(w * 0.32)), bold=True, scale=s)
            draw.text(
                (w * s // 2, h * s // 2),
                label,
                font=fnt,
                fill=WHITE,
                anchor="mm",
                stroke_width=3 * s,
                stroke_fill=BACK_INK,
            )

    return antialiased(size, paint)


def _clip_round(img: Image.Image, radius: int) -> None:
    """Make everything outside the rounded outline transparent."""
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, img.width - 1, img.height - 1), radius=radius, fill=255
    )
    img.putalpha(mask)


@lru_cache(maxsize=64)
def empty_slot(
    size: Size, label: str = "", fill: RGB | None = None, *, text_px: int = TEXT_PX
) -> Image.Image:
    """A dashed outline where a card could go, labelled (e.g. with the slot id).

    ``fill`` paints the inside (e.g. the panel colour, to hide lines drawn underneath).
    """
    w, h = size

    def paint(img: Image.Image, s: int) -> None:
        draw = ImageDraw.Draw(img)
        if fill is not None:
            draw.rounded_rectangle(
                (0, 0, w * s - 1, h * s - 1), radius=radius_for(size) * s, fill=fill
            )
        dashed_rounded_rect(
            draw,
            (s, s, w * s - 2 * s, h * s - 2 * s),
            fill=MUTED,
            width=2 * s,
            radius=radius_for(size) * s,
            dash=9 * s,
            gap=7 * s,
        )
        if label:
            fnt = font(max(text_px, round(w * 0.32)), bold=True, scale=s)
            draw.text((w * s // 2, h * s // 2), label, font=fnt, fill=MUTED, anchor="mm")

    return antialiased(size, paint)


def face_of(
    card: PlayingCard, size: Size, status: str | None = None, *, text_px: int = TEXT_PX
) -> Image.Image:
    """The cached face of a view's card."""
    return card_face(card.rank, card.suit, size, status, text_px=text_px)
