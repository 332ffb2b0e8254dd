"""Galdor's Grip cards: a large readable face, a compact strip card and a back.

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


@lru_cache(maxsize=64)
def _rotated_text(text: str, size: int, fill: RGB, bg: RGB) -> Image.Image:
    """``text`` on a flat ``bg``, turned 180° (exactly, so the palette stays faithful)."""
    fnt = font(size, bold=True)
    w = max(1, text_width(text, fnt))
    img = Image.new("RGB", (w + 4, size + 6), bg)
    ImageDraw.Draw(img).text((2, 1), text, font=fnt, fill=fill)
    return img.transpose(Image.Transpose.ROTATE_180)


def _frame(draw: ImageDraw.ImageDraw, box: Box, card: CardView, fill: RGB, radius: int) -> None:
    edge, width = (FLIPPED, 5) if flipped(card) else (EDGE, 2)
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=edge, width=width)


def other_value(card: CardView) -> str:
    """The other side's value ("—" when the view has no other side)."""
    return clean(card.other.value) if card.other is not None else "—"


def _other_corner(img: Image.Image, box: Box, card: CardView, size: int, bg: RGB) -> None:
    """The other side's value, upside-down in the bottom-right corner as printed."""
    tile = _rotated_text(other_value(card), size, INK_SOFT, bg)
    img.paste(tile, (box[2] - tile.width - 8, box[3] - tile.height - 6))


def draw_back(
    draw: ImageDraw.ImageDraw, box: Box, label: str, *, big: bool = False, radius: int = 10
) -> None:
    """A face-down card: dark violet with a lattice and its deck position."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=radius, fill=BACK, outline=BACK_LINE, width=3)
    inset = 10 if big else 7
    draw.rounded_rectangle(
        (x0 + inset, y0 + inset, x1 - inset, y1 - inset), radius=6, outline=BACK_LINE, width=2
    )
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    r = min(x1 - x0, y1 - y0) // (5 if big else 4)
    draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], outline=BACK_LINE)
    draw.polygon(
        [(cx, cy - r // 2), (cx + r // 2, cy), (cx, cy + r // 2), (cx - r // 2, cy)],
        fill=BACK_LINE,
    )
    fnt = font(30 if big else 24, bold=True)
    draw_text(draw, (cx, y0 + inset + 6), label, fnt, WHITE, anchor="ma")
    if big:
        draw_text(draw, (cx, y1 - inset - 10), "face-down", font(26, bold=True), PEEK, anchor="md")


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
    large: bool,
) -> None:
    """A top or next card in full: value, name, tags, stars, abilities, the other side.

    A card the view does not show is drawn as a back with ``label``.
    """
    active = shown_side(card)
    if active is None:
        draw_back(draw, box, label, big=True, radius=14)
        return
    x0, y0, x1, y1 = box
    peeked = not card.face_up
    bg = PEEK if peeked else PARCHMENT
    _frame(draw, box, card, bg, 14)
    vsize, nsize, tsize, bsize = (72, 32, 26, 22) if large else (60, 26, 22, 22)
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
    # Label, then the name: beside the value on the large card, below it on the small one.
    nx = x0 + pad + vw + 6
    draw_text(draw, (nx, y0 + 10), label, font(bsize, bold=True), INK_SOFT)
    if DANGER in card.attributes:
        draw_text(draw, (right, y0 + 8), "☠", font(DANGER_PX), DANGER_INK, anchor="ra")
        right -= DANGER_PX + 8
    name = clean(card.name or "")
    if large:
        y, room = y0 + 14 + bsize, right - nx
    else:
        nx, y, room = x0 + pad, y0 + vsize + 14, x1 - x0 - 2 * pad
    nfont = fit_lines(name, room, nsize, 2, bold=True)
    for line in wrap(name, nfont, room):
        draw_text(draw, (nx, y), line, nfont, INK)
        y += font_px(nfont) + 4
    y = max(y, y0 + vsize + 14)
    # Orientation and attribute tags.
    y += 6
    tag_size = bsize
    x = x0 + pad
    orient = "▼ upside-down" if flipped(card) else "▲ upright"
    x = _tag(draw, x, y, orient, FLIPPED if flipped(card) else PARCHMENT_TAG, tag_size) + 6
    if active.rotate:
        x = _tag(draw, x, y, "⟲ rotates" if large else "⟲", ROTATE_TAG, tag_size) + 6
    if peeked:
        x = _tag(draw, x, y, "peeked", PEEK_TAG, tag_size) + 6
    for attr in card.attributes:
        icon, word, colour = _attr(attr)
        text = f"{icon} {word}" if large else icon
        w = text_width(text, font(tag_size, bold=True)) + 14
        if x + w > x1 - pad:
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
    _other_corner(img, box, card, nsize + 6, bg)


MINI_TOP = 58  # value row of a strip card, above its name
MINI_FOOT = 66  # orientation and attribute icons, below its name


def mini_name_lines(card: CardView, width: int) -> list[str]:
    """A strip card's name, wrapped whole (an unknown card has none)."""
    if not is_known(card):
        return []
    return wrap(clean(card.name or ""), font(MIN_PX, bold=True), width - 12)


def draw_mini(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, card: CardView) -> None:
    """A strip card: position, value, stars, name, a large ☠ if it can kill, orientation."""
    x0, y0, x1, y1 = box
    pos = str(card.position)
    active = shown_side(card)
    if active is None:
        draw_back(draw, box, pos)
        return
    peeked = not card.face_up
    bg = PEEK if peeked else PARCHMENT
    _frame(draw, box, card, bg, 10)
    value = clean(active.value)
    vfont = font(42, bold=True)
    draw_text(draw, (x0 + 8, y0 + 2), value, vfont, INK)
    draw_text(draw, (x1 - 8, y0 + 4), pos, font(MIN_PX, bold=True), INK_SOFT, anchor="ra")
    stars = active.stars
    if stars:
        draw_text(
            draw, (x1 - 8, y0 + 30), f"★{stars}", font(MIN_PX, bold=True), STAR_INK, anchor="ra"
        )
    attrs = card.attributes
    rx = x0 + 12 + text_width(value, vfont)
    if DANGER in attrs:  # beside the value, where the eye lands first
        draw_text(draw, (rx, y0 + 4), "☠", font(DANGER_PX), DANGER_INK)
        rx += DANGER_PX
    if active.rotate:
        draw_text(draw, (rx, y0 + 12), "⟲", font(26, bold=True), FLIPPED_INK)
    nfont = font(MIN_PX, bold=True)
    y = y0 + MINI_TOP
    for line in mini_name_lines(card, x1 - x0):
        draw_text(draw, (x0 + 6, y), line, nfont, INK)
        y += font_px(nfont) + 3
    icons = "".join(_attr(a)[0] for a in attrs if a != DANGER)
    foot = " ".join(b for b in ("▼" if flipped(card) else "", "peek" if peeked else "") if b)
    if foot:
        draw_text(draw, (x0 + 8, y1 - 34), foot, font(MIN_PX, bold=True), FLIPPED_INK, anchor="ld")
    draw_text(draw, (x0 + 8, y1 - 8), icons, font(MIN_PX, bold=True), INK_SOFT, anchor="ld")
    _other_corner(img, box, card, MIN_PX, bg)
