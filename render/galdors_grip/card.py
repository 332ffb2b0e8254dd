"""Galdor's Grip cards: a large readable face, a back, and what the deck list borrows.

Every function draws straight onto the table image inside a given box, from one card of the
view. A card whose name is null is drawn as a back: nothing hidden can reach the image. The
active side always reads upright (value top-left, as on the printed card); the other side's
value sits rotated 180° in the bottom-right corner, and an upside-down card gets a purple frame
and a ▼ marker.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engines.galdors_grip.views import CardView, SideView
from render.common import (
    BAD,
    CARD_BLACK,
    CARD_RED,
    GOLD,
    GOOD,
    MUTED,
    RGB,
    WARN,
    WHITE,
    Box,
    draw_text,
    ellipsize,
    font,
    font_px,
    phone_px,
    text_width,
    wrap,
)

PX = phone_px()
"""The smallest text: 27 px in the 1000 px table or lookup page, 9 px on a phone."""

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
    while size > PX:
        fnt = font(size, bold=bold)
        if (
            max(text_width(w, fnt) for w in words) <= width
            and len(wrap(text, fnt, width)) <= max_lines
        ):
            break
        size -= 1
    return font(size, bold=bold)


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


def other_corner(
    img: Image.Image, box: Box, card: CardView, size: int, bg: RGB, *, middle: bool = False
) -> None:
    """The other side's value, upside-down in the bottom-right corner as printed.

    ``middle``: at the right end, halfway down (a deck row, too low for a corner).
    """
    tile = _rotated_text(other_value(card), size, INK_SOFT, bg)
    top = (box[1] + box[3] - tile.height) // 2 if middle else box[3] - tile.height - 6
    img.paste(tile, (box[2] - tile.width - 8, top))


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
    draw_text(draw, (cx, y1 - inset - 10), "face-down", font(PX, bold=True), PEEK, anchor="md")


def draw_back_row(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A face-down card lying in the deck list: the back's violet with its inner line."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=BACK, outline=BACK_LINE, width=3)
    draw.rounded_rectangle((x0 + 6, y0 + 6, x1 - 6, y1 - 6), radius=5, outline=BACK_LINE, width=2)
    draw_text(draw, (x0 + 16, (y0 + y1) // 2), "face-down", font(PX, bold=True), PEEK, anchor="lm")


def _tag(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, fill: RGB, size: int) -> int:
    fnt = font(size, bold=True)
    w = text_width(text, fnt) + 14
    draw.rounded_rectangle((x, y, x + w, y + size + 10), radius=(size + 10) // 2, fill=fill)
    draw.text((x + w / 2, y + (size + 10) / 2), text, font=fnt, fill=CARD_BLACK, anchor="mm")
    return x + w


VALUE_PX, NAME_PX, PAD = 72, 32, 14
TAG_H = PX + 14  # a row of tags, with the gap below it
TRIGGER_LINE = PX + 6  # a line of a trigger's black bar
TEXT_LINE = PX + 4
STRIP_H = PX + 26  # the bottom strip: the other side


@dataclass(frozen=True)
class FaceLayout:
    """Where a card face puts its words: measured once, drawn in whatever height it gets."""

    name: list[str]
    name_font: ImageFont.FreeTypeFont
    name_below: bool  # the name runs under the value, not beside it (too long for beside)
    head_h: int  # value, label and name
    tags: list[list[tuple[str, RGB]]]  # rows of (text, colour)
    abilities: list[tuple[list[str], list[str]]]  # (trigger, text), wrapped whole
    height: int  # everything shown, nothing cut


def _tags(card: CardView, active: SideView) -> list[tuple[str, RGB]]:
    tags = [("▼ upside-down", FLIPPED)] if flipped(card) else []  # upright goes without saying
    if active.rotate:
        tags.append(("⟲ rotates", ROTATE_TAG))
    if not card.face_up:
        tags.append(("peeked", PEEK_TAG))
    for attr in (a for a in card.attributes if a != DANGER):  # the large ☠ says Skull
        icon, word, colour = _attr(attr)
        tags.append((f"{icon} {word}", colour))
    return tags


def _tag_rows(tags: list[tuple[str, RGB]], room: int) -> list[list[tuple[str, RGB]]]:
    """The tags wrapped as words are into rows ``room`` wide."""
    rows: list[list[tuple[str, RGB]]] = []
    x = room + 1
    for text, colour in tags:
        w = text_width(text, font(PX, bold=True)) + 20
        if x + w > room and x > 0:
            rows.append([])
            x = 0
        rows[-1].append((text, colour))
        x += w
    return rows


def _bar_h(trigger: list[str]) -> int:
    """A trigger's black bar, with the gap below it."""
    return len(trigger) * TRIGGER_LINE + 10


def _stars_width(active: SideView) -> int:
    return text_width(f"★{active.stars}", font(NAME_PX + 4, bold=True)) + 26 if active.stars else 0


def face_layout(card: CardView, width: int) -> FaceLayout:
    """The layout of the face of a card the view shows, ``width`` wide."""
    active = shown_side(card)
    assert active is not None, "a back has no face layout"
    vw = max(text_width(clean(active.value), font(VALUE_PX, bold=True)), VALUE_PX // 2) + 8
    beside = width - 2 * PAD - vw - 6 - _stars_width(active)
    beside -= DANGER_PX + 8 if DANGER in card.attributes else 0
    name = clean(card.name or "")
    nfont = fit_lines(name, beside, NAME_PX, 2, bold=True)
    lines = wrap(name, nfont, beside)
    below = len(lines) > 2 or text_width(max(name.split() or [""], key=len), nfont) > beside
    step = font_px(nfont) + 4
    if below:
        nfont = fit_lines(name, width - 2 * PAD, NAME_PX, 2, bold=True)
        lines = wrap(name, nfont, width - 2 * PAD)
        head = VALUE_PX + 24 + len(lines) * step  # the line box is taller than the size
    else:
        head = max(14 + PX + len(lines) * step, VALUE_PX + 14)
    tags = _tag_rows(_tags(card, active), width - 2 * PAD)
    text_w = width - 2 * PAD - 4
    abilities = [
        (
            wrap(clean(ab.trigger), font(PX, bold=True), text_w - 8),
            wrap(clean(ab.text), font(PX), text_w),
        )
        for ab in active.abilities
    ]
    body = sum(_bar_h(b) + len(t) * TEXT_LINE + 8 for b, t in abilities) or TEXT_LINE + 8
    height = head + 6 + len(tags) * TAG_H + 4 + body + STRIP_H
    return FaceLayout(lines, nfont, below, head, tags, abilities, height)


def face_height(card: CardView, width: int) -> int:
    """How tall the face of ``card`` is with every word shown (a back: any height will do)."""
    return face_layout(card, width).height if is_known(card) else 0


def draw_face(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    card: CardView,
    *,
    label: str,
) -> None:
    """A top card in full: value, name, tags, stars, abilities, the other side.

    A card the view does not show is drawn as a back with ``label``. In a box lower than
    ``face_height`` the ability text is cut with an ellipsis (the alt text has it whole).
    """
    active = shown_side(card)
    if active is None:
        draw_back(draw, box, label)
        return
    x0, y0, x1, y1 = box
    layout = face_layout(card, x1 - x0)
    bg = PEEK if not card.face_up else PARCHMENT
    frame(draw, box, card, bg, 14)
    bold = font(PX, bold=True)
    # Value block, top-left; the stars badge and the skull top-right.
    value = clean(active.value)
    vfont = font(VALUE_PX, bold=True)
    vw = max(text_width(value, vfont), VALUE_PX // 2) + 8
    draw_text(draw, (x0 + PAD, y0 + 4), value, vfont, INK)
    right = x1 - PAD
    if active.stars:
        sfont = font(NAME_PX + 4, bold=True)
        s = f"★{active.stars}"
        sw = _stars_width(active) - 8
        badge = (right - sw, y0 + 12, right, y0 + 20 + NAME_PX + 4)
        draw.rounded_rectangle(badge, radius=10, fill=GOLD)
        mid = (right - sw / 2, y0 + 16 + (NAME_PX + 4) / 2)
        draw.text(mid, s, font=sfont, fill=CARD_BLACK, anchor="mm")
        right -= sw + 8
    if DANGER in card.attributes:
        draw_text(draw, (right, y0 + 8), "☠", font(DANGER_PX), DANGER_INK, anchor="ra")
    # Label, then the name: beside the value, or under it when too long for beside.
    nx = x0 + PAD + vw + 6
    draw_text(draw, (nx, y0 + 10), label, bold, INK_SOFT)
    nfont = layout.name_font
    y = y0 + VALUE_PX + 10 if layout.name_below else y0 + 14 + PX
    x = x0 + PAD if layout.name_below else nx
    for line in layout.name:
        draw_text(draw, (x, y), line, nfont, INK)
        y += font_px(nfont) + 4
    y = y0 + layout.head_h + 6
    # Orientation and attribute tags.
    for row in layout.tags:
        x = x0 + PAD
        for text, colour in row:
            x = _tag(draw, x, y, text, colour, PX) + 6
        y += TAG_H
    y += 4
    # Abilities: a black trigger bar, then the wrapped text.
    bottom = y1 - STRIP_H
    if not layout.abilities:
        draw_text(draw, (x0 + PAD, y + 4), "No abilities", font(PX), INK_SOFT)
    for trigger, lines in layout.abilities:
        if y + _bar_h(trigger) + PX > bottom:
            break
        draw.rectangle((x0 + PAD, y, x1 - PAD, y + _bar_h(trigger) - 6), fill=CARD_BLACK)
        for i, line in enumerate(trigger):
            draw_text(draw, (x0 + PAD + 8, y + 5 + i * TRIGGER_LINE), line, bold, WHITE)
        y += _bar_h(trigger)
        room = max(1, (bottom - y) // TEXT_LINE)
        if len(lines) > room:
            lines = [
                *lines[: room - 1],
                ellipsize(" ".join(lines[room - 1 :]), font(PX), x1 - x0 - 2 * PAD - 4),
            ]
        for line in lines:
            draw_text(draw, (x0 + PAD + 2, y), line, font(PX), INK)
            y += TEXT_LINE
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
    while len(bits) > 1 and text_width(" · ".join(bits), bold) > x1 - x0 - 2 * PAD - VALUE_PX:
        bits.pop()  # whole words or none: the lookup and the alt text say the rest
    otext = ellipsize(" · ".join(bits), bold, x1 - x0 - 2 * PAD - VALUE_PX)
    draw_text(draw, (x0 + PAD, y1 - 10), otext, bold, INK_SOFT, anchor="ld")
    other_corner(img, box, card, NAME_PX + 6, bg)
