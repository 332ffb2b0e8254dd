"""Galdor's Grip cards: a large readable face, a back, and what the deck list borrows.

Every function draws straight onto the table image inside a given box, from one card of the
view. A card whose name is null is drawn as a back: nothing hidden can reach the image. The
active side always reads upright (value top-left, as on the printed card); the other side's
value sits rotated 180° in the bottom-right corner, and an upside-down card gets a purple frame
and a ▼ marker.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engines.galdors_grip.views import AbilityView, CardView, SideView
from render.common import (
    BAD,
    CARD_BLACK,
    CARD_RED,
    GOLD,
    GOOD,
    MIN_PX,
    MUTED,
    RGB,
    WARN,
    WHITE,
    Box,
    draw_text,
    ellipsize,
    font,
    font_px,
    text_width,
    wrap,
)

PARCHMENT: RGB = (246, 238, 214)
INK: RGB = (34, 28, 40)
INK_SOFT: RGB = (92, 80, 90)  # 5.8:1 on parchment, 4.6:1 on the peeked tint
EDGE: RGB = (150, 132, 100)
BACK: RGB = (58, 36, 92)
BACK_LINE: RGB = (112, 84, 160)
PEEK: RGB = (222, 208, 246)
FLIPPED: RGB = (174, 128, 236)  # frame and tag (black text on it: 6:1)
FLIPPED_INK: RGB = (100, 40, 170)  # the same purple dark enough for text on a card
PRISON: RGB = (110, 182, 255)
PARCHMENT_TAG: RGB = (228, 216, 186)
PEEK_TAG: RGB = (196, 170, 240)
STAR_INK: RGB = (128, 84, 0)
ROTATE_TAG: RGB = (120, 214, 206)
COLOURS: tuple[RGB, ...] = (
    PARCHMENT,
    INK,
    INK_SOFT,
    EDGE,
    BACK,
    BACK_LINE,
    PEEK,
    FLIPPED,
    FLIPPED_INK,
    PRISON,
    PARCHMENT_TAG,
    PEEK_TAG,
    STAR_INK,
    ROTATE_TAG,
)

DANGER = "Skull"  # the attribute that can lose the game: its icon is drawn large
DANGER_PX = 48
DANGER_INK = CARD_RED  # 5:1 on parchment

# Attribute name -> (icon, short word, tag colour).
ATTRIBUTES: dict[str, tuple[str, str, RGB]] = {
    "Puzzle Piece": ("◆", "Puzzle", MUTED),
    "Skull": ("☠", "Skull", BAD),
    "Illusory Prison": ("♜", "Prison", PRISON),
    "Edited Page": ("✎", "Edited", WARN),
    "Star": ("★", "Star", GOLD),
    "Forked Path": ("⇅", "Forked", GOOD),
}


def clean(text: str) -> str:
    """Card text with the emoji star (missing from DejaVu Sans) as a plain ★."""
    return str(text).replace("⭐️", "★").replace("⭐", "★").replace("\ufe0f", "")


def shown_side(card: CardView) -> SideView | None:
    """The side the view shows if it shows this card's face (face-up, or peeked at)."""
    return card.active if card.name is not None else None


def is_known(card: CardView) -> bool:
    """Whether the view shows this card's face (face-up, or peeked at)."""
    return shown_side(card) is not None


def fit_lines(
    text: str, width: int, size: int, max_lines: int, *, bold: bool = False
) -> ImageFont.FreeTypeFont:
    """The largest font up to ``size`` in which ``text`` wraps into ``max_lines`` lines."""
    words = text.split() or [""]
    while size > MIN_PX:
        fnt = font(size, bold=bold)
        if (
            max(text_width(w, fnt) for w in words) <= width
            and len(wrap(text, fnt, width)) <= max_lines
        ):
            break
        size -= 1
    return font(size, bold=bold)


def _ability_height(abilities: list[AbilityView], tsize: int, bsize: int, width: int) -> int:
    lines = sum(len(wrap(clean(ab.text), font(tsize), width)) for ab in abilities)
    return len(abilities) * (bsize + 24) + lines * (tsize + 4)


def flipped(card: CardView) -> bool:
    """Whether the card lies upside-down (its other printed side is active)."""
    return card.orientation == "upside-down"


def _attr(name: str) -> tuple[str, str, RGB]:
    return ATTRIBUTES.get(name, ("•", name, MUTED))


def attribute_icon(name: str) -> str:
    """The icon of an attribute ("•" for one this renderer does not know)."""
    return _attr(name)[0]


@lru_cache(maxsize=64)
def _rotated_text(text: str, size: int, fill: RGB, bg: RGB) -> Image.Image:
    """``text`` on a flat ``bg``, turned 180° (exactly, so the palette stays faithful)."""
    fnt = font(size, bold=True)
    w = max(1, text_width(text, fnt))
    img = Image.new("RGB", (w + 4, size + 6), bg)
    ImageDraw.Draw(img).text((2, 1), text, font=fnt, fill=fill)
    return img.transpose(Image.Transpose.ROTATE_180)


def frame(draw: ImageDraw.ImageDraw, box: Box, card: CardView, fill: RGB, radius: int) -> None:
    """The card's ground and edge: a thick purple edge when it lies upside-down."""
    edge, width = (FLIPPED, 5) if flipped(card) else (EDGE, 2)
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=edge, width=width)


def other_value(card: CardView) -> str:
    """The other side's value ("—" when the view has no other side)."""
    return clean(card.other.value) if card.other is not None else "—"


def other_corner(img: Image.Image, box: Box, card: CardView, size: int, bg: RGB) -> None:
    """The other side's value, upside-down in the bottom-right corner as printed."""
    tile = _rotated_text(other_value(card), size, INK_SOFT, bg)
    img.paste(tile, (box[2] - tile.width - 8, box[3] - tile.height - 6))


def draw_back(draw: ImageDraw.ImageDraw, box: Box, label: str) -> None:
    """A face-down card: dark violet with a lattice and its label."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=14, fill=BACK, outline=BACK_LINE, width=3)
    inset = 10
    draw.rounded_rectangle(
        (x0 + inset, y0 + inset, x1 - inset, y1 - inset), radius=6, outline=BACK_LINE, width=2
    )
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    r = min(x1 - x0, y1 - y0) // 5
    draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], outline=BACK_LINE)
    draw.polygon(
        [(cx, cy - r // 2), (cx + r // 2, cy), (cx, cy + r // 2), (cx - r // 2, cy)],
        fill=BACK_LINE,
    )
    draw_text(draw, (cx, y0 + inset + 6), label, font(30, bold=True), WHITE, anchor="ma")
    draw_text(draw, (cx, y1 - inset - 10), "face-down", font(26, bold=True), PEEK, anchor="md")


def draw_back_row(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A face-down card lying in the deck list: the back's violet with its inner line."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=BACK, outline=BACK_LINE, width=3)
    draw.rounded_rectangle((x0 + 6, y0 + 6, x1 - 6, y1 - 6), radius=5, outline=BACK_LINE, width=2)
    draw_text(
        draw, (x0 + 16, (y0 + y1) // 2), "face-down", font(MIN_PX, bold=True), PEEK, anchor="lm"
    )


def _tag(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, fill: RGB, size: int) -> int:
    fnt = font(size, bold=True)
    w = text_width(text, fnt) + 14
    draw.rounded_rectangle((x, y, x + w, y + size + 10), radius=(size + 10) // 2, fill=fill)
    draw.text((x + w / 2, y + (size + 10) / 2), text, font=fnt, fill=CARD_BLACK, anchor="mm")
    return x + w


def draw_face(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    card: CardView,
    *,
    label: str,
) -> None:
    """A top or next card in full: value, name, tags, stars, abilities, the other side.

    A card the view does not show is drawn as a back with ``label``.
    """
    active = shown_side(card)
    if active is None:
        draw_back(draw, box, label)
        return
    x0, y0, x1, y1 = box
    peeked = not card.face_up
    bg = PEEK if peeked else PARCHMENT
    frame(draw, box, card, bg, 14)
    vsize, nsize, tsize, bsize = 72, 32, 26, 22
    pad = 14
    # Value block, top-left.
    value = clean(active.value)
    vfont = font(vsize, bold=True)
    vw = max(text_width(value, vfont), vsize // 2) + 8
    draw_text(draw, (x0 + pad, y0 + 4), value, vfont, INK)
    # Stars badge, top-right.
    right = x1 - pad
    stars = active.stars
    if stars:
        sfont = font(nsize + 4, bold=True)
        s = f"★{stars}"
        sw = text_width(s, sfont) + 18
        draw.rounded_rectangle(
            (right - sw, y0 + 12, right, y0 + 20 + nsize + 4), radius=10, fill=GOLD
        )
        draw.text(
            (right - sw / 2, y0 + 16 + (nsize + 4) / 2), s, font=sfont, fill=CARD_BLACK, anchor="mm"
        )
        right -= sw + 8
    # Label, then the name, beside the value.
    nx = x0 + pad + vw + 6
    draw_text(draw, (nx, y0 + 10), label, font(bsize, bold=True), INK_SOFT)
    if DANGER in card.attributes:
        draw_text(draw, (right, y0 + 8), "☠", font(DANGER_PX), DANGER_INK, anchor="ra")
        right -= DANGER_PX + 8
    name = clean(card.name or "")
    y, room = y0 + 14 + bsize, right - nx
    nfont = fit_lines(name, room, nsize, 2, bold=True)
    for line in wrap(name, nfont, room):
        draw_text(draw, (nx, y), line, nfont, INK)
        y += font_px(nfont) + 4
    y = max(y, y0 + vsize + 14)
    # Orientation and attribute tags.
    y += 6
    tag_size = bsize
    x = x0 + pad
    tags = [("▼ upside-down", FLIPPED) if flipped(card) else ("▲ upright", PARCHMENT_TAG)]
    if active.rotate:
        tags.append(("⟲ rotates", ROTATE_TAG))
    if peeked:
        tags.append(("peeked", PEEK_TAG))
    for attr in card.attributes:
        icon, word, colour = _attr(attr)
        tags.append((f"{icon} {word}", colour))
    for text, colour in tags:  # wrapped as words are
        w = text_width(text, font(tag_size, bold=True)) + 14
        if x + w > x1 - pad and x > x0 + pad:
            y += tag_size + 14
            x = x0 + pad
        x = _tag(draw, x, y, text, colour, tag_size) + 6
    y += tag_size + 18
    # Abilities: a black trigger bar, then the wrapped text.
    bottom = y1 - (bsize + 26)
    abilities = active.abilities
    width = x1 - x0 - 2 * pad - 4
    while tsize > MIN_PX and _ability_height(abilities, tsize, bsize, width) > bottom - y:
        tsize -= 1
    tfont = font(tsize)
    if not abilities:
        draw_text(draw, (x0 + pad, y + 4), "No abilities", font(tsize), INK_SOFT)
    for ab in abilities:
        if y + bsize + 12 + tsize > bottom:
            break
        draw.rectangle((x0 + pad, y, x1 - pad, y + bsize + 10), fill=CARD_BLACK)
        trig = ellipsize(clean(ab.trigger), font(bsize, bold=True), x1 - x0 - 2 * pad - 12)
        draw_text(draw, (x0 + pad + 8, y + 5), trig, font(bsize, bold=True), WHITE)
        y += bsize + 16
        room = max(1, (bottom - y) // (tsize + 4))
        for line in wrap(clean(ab.text), tfont, x1 - x0 - 2 * pad - 4, max_lines=room):
            draw_text(draw, (x0 + pad + 2, y), line, tfont, INK)
            y += tsize + 4
        y += 8
    # Bottom strip: the other side, with its value upside-down in the corner.
    bits = [f"Other side: {other_value(card)}"]
    other = card.other
    if other is not None:
        if other.stars:
            bits.append(f"★{other.stars}")
        n_ab = len(other.abilities)
        if n_ab and other.abilities != active.abilities:
            bits.append(f"{n_ab} abilit{'y' if n_ab == 1 else 'ies'}")
        if other.rotate:
            bits.append("⟲")
    otext = ellipsize(" · ".join(bits), font(bsize, bold=True), x1 - x0 - 2 * pad - vsize)
    draw_text(draw, (x0 + pad, y1 - 10), otext, font(bsize, bold=True), INK_SOFT, anchor="ld")
    other_corner(img, box, card, nsize + 6, bg)
