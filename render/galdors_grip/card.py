"""Galdor's Grip cards: a large readable face, a back, and what the deck list borrows.

Every function draws straight onto the table image inside a given box, from one card of the
view. A card whose name is null is drawn as a back: nothing hidden can reach the image. The
active side always reads upright (value top-left, as on the printed card); the other side's
value sits rotated 180° in the bottom-right corner, and an upside-down card gets a purple frame
and a ▼ marker. Every length is the 1000 px design's, scaled to the picture (``Scale``): the
table is 800 px wide (``BOARD``), a lookup page 1000 (``PAGE``).
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

DESIGN = 1000  # the picture width every length of a card was chosen at


@dataclass(frozen=True)
class Scale:
    """A card's lengths in a picture ``width`` px wide: each the 1000 px design's, scaled.

    ``px`` is the smallest text, ``phone_px(width)``: 9 px tall when the picture is shown
    340 px wide (22 px in the 800 px table, 27 px in a 1000 px lookup page).
    """

    width: int
    px: int
    value_px: int  # the active side's value
    name_px: int
    pad: int  # inside a card's edge
    danger_px: int  # the large skull
    tag_h: int  # a row of tags, with the gap below it
    trigger_line: int  # a line of a trigger's black bar
    text_line: int  # a line of an ability's text
    strip_h: int  # the bottom strip: the other side

    def __call__(self, length: float) -> int:
        """A length of the 1000 px design at this width."""
        return round(length * self.width / DESIGN)

    @classmethod
    def at(cls, width: int) -> Scale:
        """The lengths for a picture ``width`` px wide."""

        def s(length: int) -> int:
            return round(length * width / DESIGN)

        px = phone_px(width)
        return cls(
            width,
            px,
            value_px=s(72),
            name_px=s(32),
            pad=s(14),
            danger_px=s(48),
            tag_h=px + s(14),
            trigger_line=px + s(6),
            text_line=px + s(4),
            strip_h=px + s(26),
        )


BOARD = Scale.at(800)  # the table
PAGE = Scale.at(1000)  # a card lookup page (``render.common.lookup.WIDTH``)

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
    text: str, width: int, size: int, max_lines: int, *, least: int, bold: bool = False
) -> ImageFont.FreeTypeFont:
    """The largest font from ``size`` down to ``least`` wrapping ``text`` in ``max_lines`` lines."""
    words = text.split() or [""]
    while size > least:
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


def frame(
    draw: ImageDraw.ImageDraw, box: Box, card: CardView, fill: RGB, radius: int, z: Scale
) -> None:
    """The card's ground and edge: a thick purple edge when it lies upside-down."""
    edge, width = (FLIPPED, z(5)) if flipped(card) else (EDGE, z(2))
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=edge, width=width)


def other_value(card: CardView) -> str:
    """The other side's value ("—" when the view has no other side)."""
    return clean(card.other.value) if card.other is not None else "—"


def other_corner(
    img: Image.Image,
    box: Box,
    card: CardView,
    size: int,
    bg: RGB,
    z: Scale,
    *,
    middle: bool = False,
) -> None:
    """The other side's value, upside-down in the bottom-right corner as printed.

    ``middle``: at the right end, halfway down (a deck row, too low for a corner).
    """
    tile = _rotated_text(other_value(card), size, INK_SOFT, bg)
    top = (box[1] + box[3] - tile.height) // 2 if middle else box[3] - tile.height - z(6)
    img.paste(tile, (box[2] - tile.width - z(8), top))


def draw_back(draw: ImageDraw.ImageDraw, box: Box, label: str, z: Scale) -> None:
    """A face-down card: dark violet with a lattice and its label."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=z(14), fill=BACK, outline=BACK_LINE, width=z(3))
    inset = z(10)
    draw.rounded_rectangle(
        (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
        radius=z(6),
        outline=BACK_LINE,
        width=z(2),
    )
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    r = min(x1 - x0, y1 - y0) // 5
    draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], outline=BACK_LINE)
    draw.polygon(
        [(cx, cy - r // 2), (cx + r // 2, cy), (cx, cy + r // 2), (cx - r // 2, cy)],
        fill=BACK_LINE,
    )
    draw_text(draw, (cx, y0 + inset + z(6)), label, font(z(30), bold=True), WHITE, anchor="ma")
    bold = font(z.px, bold=True)
    draw_text(draw, (cx, y1 - inset - z(10)), "face-down", bold, PEEK, anchor="md")


def draw_back_row(draw: ImageDraw.ImageDraw, box: Box, z: Scale) -> None:
    """A face-down card lying in the deck list: the back's violet with its inner line."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=z(8), fill=BACK, outline=BACK_LINE, width=z(3))
    i = z(6)
    draw.rounded_rectangle(
        (x0 + i, y0 + i, x1 - i, y1 - i), radius=z(5), outline=BACK_LINE, width=z(2)
    )
    bold = font(z.px, bold=True)
    draw_text(draw, (x0 + z(16), (y0 + y1) // 2), "face-down", bold, PEEK, anchor="lm")


def _tag(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, fill: RGB, z: Scale) -> int:
    fnt = font(z.px, bold=True)
    w = text_width(text, fnt) + z(14)
    h = z.px + z(10)
    draw.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=fill)
    draw.text((x + w / 2, y + h / 2), text, font=fnt, fill=CARD_BLACK, anchor="mm")
    return x + w


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


def _tag_rows(tags: list[tuple[str, RGB]], room: int, z: Scale) -> list[list[tuple[str, RGB]]]:
    """The tags wrapped as words are into rows ``room`` wide."""
    rows: list[list[tuple[str, RGB]]] = []
    x = room + 1
    for text, colour in tags:
        w = text_width(text, font(z.px, bold=True)) + z(14) + z(6)
        if x + w > room and x > 0:
            rows.append([])
            x = 0
        rows[-1].append((text, colour))
        x += w
    return rows


def _bar_h(trigger: list[str], z: Scale) -> int:
    """A trigger's black bar, with the gap below it."""
    return len(trigger) * z.trigger_line + z(10)


def _stars_width(active: SideView, z: Scale) -> int:
    if not active.stars:
        return 0
    return text_width(f"★{active.stars}", font(z.name_px + z(4), bold=True)) + z(26)


def face_layout(card: CardView, width: int, z: Scale) -> FaceLayout:
    """The layout of the face of a card the view shows, ``width`` wide."""
    active = shown_side(card)
    assert active is not None, "a back has no face layout"
    pad, px = z.pad, z.px
    value_w = text_width(clean(active.value), font(z.value_px, bold=True))
    vw = max(value_w, z.value_px // 2) + z(8)
    beside = width - 2 * pad - vw - z(6) - _stars_width(active, z)
    beside -= z.danger_px + z(8) if DANGER in card.attributes else 0
    name = clean(card.name or "")
    nfont = fit_lines(name, beside, z.name_px, 2, least=px, bold=True)
    lines = wrap(name, nfont, beside)
    below = len(lines) > 2 or text_width(max(name.split() or [""], key=len), nfont) > beside
    step = font_px(nfont) + z(4)
    if below:
        nfont = fit_lines(name, width - 2 * pad, z.name_px, 2, least=px, bold=True)
        lines = wrap(name, nfont, width - 2 * pad)
        head = z.value_px + z(24) + len(lines) * step  # the line box is taller than the size
    else:
        head = max(z(14) + px + len(lines) * step, z.value_px + z(14))
    tags = _tag_rows(_tags(card, active), width - 2 * pad, z)
    text_w = width - 2 * pad - z(4)
    abilities = [
        (
            wrap(clean(ab.trigger), font(px, bold=True), text_w - z(8)),
            wrap(clean(ab.text), font(px), text_w),
        )
        for ab in active.abilities
    ]
    body = sum(_bar_h(b, z) + len(t) * z.text_line + z(8) for b, t in abilities)
    body = body or z.text_line + z(8)
    height = head + z(6) + len(tags) * z.tag_h + z(4) + body + z.strip_h
    return FaceLayout(lines, nfont, below, head, tags, abilities, height)


def face_height(card: CardView, width: int, z: Scale) -> int:
    """How tall the face of ``card`` is with every word shown (a back: any height will do)."""
    return face_layout(card, width, z).height if is_known(card) else 0


def draw_face(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    card: CardView,
    *,
    label: str,
    z: Scale,
) -> None:
    """A top card in full: value, name, tags, stars, abilities, the other side.

    A card the view does not show is drawn as a back with ``label``. In a box lower than
    ``face_height`` the ability text is cut with an ellipsis (the alt text has it whole).
    """
    active = shown_side(card)
    if active is None:
        draw_back(draw, box, label, z)
        return
    x0, y0, x1, y1 = box
    pad, px = z.pad, z.px
    layout = face_layout(card, x1 - x0, z)
    bg = PEEK if not card.face_up else PARCHMENT
    frame(draw, box, card, bg, z(14), z)
    bold = font(px, bold=True)
    # Value block, top-left; the stars badge and the skull top-right.
    value = clean(active.value)
    vfont = font(z.value_px, bold=True)
    vw = max(text_width(value, vfont), z.value_px // 2) + z(8)
    draw_text(draw, (x0 + pad, y0 + z(4)), value, vfont, INK)
    right = x1 - pad
    if active.stars:
        star_px = z.name_px + z(4)
        sw = _stars_width(active, z) - z(8)
        badge = (right - sw, y0 + z(12), right, y0 + z(20) + star_px)
        draw.rounded_rectangle(badge, radius=z(10), fill=GOLD)
        mid = (right - sw / 2, y0 + z(16) + star_px / 2)
        s = f"★{active.stars}"
        draw.text(mid, s, font=font(star_px, bold=True), fill=CARD_BLACK, anchor="mm")
        right -= sw + z(8)
    if DANGER in card.attributes:
        draw_text(draw, (right, y0 + z(8)), "☠", font(z.danger_px), DANGER_INK, anchor="ra")
    # Label, then the name: beside the value, or under it when too long for beside.
    nx = x0 + pad + vw + z(6)
    draw_text(draw, (nx, y0 + z(10)), label, bold, INK_SOFT)
    nfont = layout.name_font
    y = y0 + z.value_px + z(10) if layout.name_below else y0 + z(14) + px
    x = x0 + pad if layout.name_below else nx
    for line in layout.name:
        draw_text(draw, (x, y), line, nfont, INK)
        y += font_px(nfont) + z(4)
    y = y0 + layout.head_h + z(6)
    # Orientation and attribute tags.
    for row in layout.tags:
        x = x0 + pad
        for text, colour in row:
            x = _tag(draw, x, y, text, colour, z) + z(6)
        y += z.tag_h
    y += z(4)
    # Abilities: a black trigger bar, then the wrapped text.
    bottom = y1 - z.strip_h
    if not layout.abilities:
        draw_text(draw, (x0 + pad, y + z(4)), "No abilities", font(px), INK_SOFT)
    for trigger, lines in layout.abilities:
        bar = _bar_h(trigger, z)
        if y + bar + px > bottom:
            break
        draw.rectangle((x0 + pad, y, x1 - pad, y + bar - z(6)), fill=CARD_BLACK)
        for i, line in enumerate(trigger):
            ty = y + z(5) + i * z.trigger_line
            draw_text(draw, (x0 + pad + z(8), ty), line, bold, WHITE)
        y += bar
        room = max(1, (bottom - y) // z.text_line)
        if len(lines) > room:
            lines = [
                *lines[: room - 1],
                ellipsize(" ".join(lines[room - 1 :]), font(px), x1 - x0 - 2 * pad - z(4)),
            ]
        for line in lines:
            draw_text(draw, (x0 + pad + z(2), y), line, font(px), INK)
            y += z.text_line
        y += z(8)
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
    room = x1 - x0 - 2 * pad - z.value_px
    while len(bits) > 1 and text_width(" · ".join(bits), bold) > room:
        bits.pop()  # whole words or none: the lookup and the alt text say the rest
    otext = ellipsize(" · ".join(bits), bold, room)
    draw_text(draw, (x0 + pad, y1 - z(10)), otext, bold, INK_SOFT, anchor="ld")
    other_corner(img, box, card, z.name_px + z(6), bg, z)
