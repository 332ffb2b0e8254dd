"""Counters and stacks: a stack shows its top counter, edges of the ones under it, badges.

The full map shows each counter as a small square in its side's colour with its type glyph and,
on a combat unit, its melee class letter (A-E; a shooting-only unit its missile letter, a-e) at
22 px, so a Troll (B) never looks like a Light Orc (E); the close-up shows its whole unit code
("Ee-3-X") or name at ``style.ZOOM_PX``, and the legend the full map's look, larger. Sprites are
drawn once per look, supersampled, and cached. A counter's look comes only from its CounterView;
a hidden one (truth "?") looks the same whatever it hides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.gondor.views import CounterView, StackView
from render.common import GOLD, RGB, font, text_width
from render.gondor import glyphs, style
from render.gondor.hexgrid import Layout

SCALE = 3
COMBAT = ("infantry", "cavalry", "mumak")
PRIORITY = (*COMBAT, "siege-tower", "catapult", "grond", "leader", "banner", "cauldron")


@dataclass(frozen=True)
class Look:
    """A counter's size, its margin for shadows and badges, its text size, and whether zoomed.

    The zoomed look prints the unit code or name under the glyph; the others a class letter.
    """

    size: tuple[int, int]
    pad: int
    text_px: int
    zoom: bool


MAP = Look((28, 28), 8, style.LABEL_PX, False)  # the whole map
KEY = Look((40, 40), 10, style.PHONE_PX, False)  # the legend: the map's look, readable on a phone
ZOOM = Look((style.px(140), style.px(84)), style.px(16), style.ZOOM_PX, True)  # a code fits


@dataclass(frozen=True)
class Face:
    """Everything that decides how a counter looks (the sprite cache key)."""

    kind: str
    side: str
    missile: bool = False
    melee: bool = True
    truth: str = ""
    disrupted: bool = False
    carrying: str = ""
    label: str = ""
    letter: str = ""  # the full map's class letter
    under: int = 0  # how many counters lie under it in its stack
    leader_under: bool = False


def top_counter(counters: Sequence[CounterView]) -> CounterView:
    """The counter shown on top of a stack: a combat unit, else equipment, a leader, the rest."""

    def rank(c: CounterView) -> int:
        return PRIORITY.index(c.kind) if c.kind in PRIORITY else len(PRIORITY)

    return min(counters, key=rank)


def short_name(c: CounterView) -> str:
    """A leader's or equipment's word on a zoomed counter."""
    if c.short:
        return c.short
    if c.kind == "cauldron":
        return {"real": "Oil", "dummy": "Dummy"}.get(c.truth or "", "?")
    if c.kind == "siege-tower":
        return "Tower"
    return (c.name or c.kind).split()[-1]


def face(counters: Sequence[CounterView], zoom: bool) -> Face:
    """The look of a stack's top counter."""
    top = top_counter(counters)
    code = top.code or ""
    label = (code or short_name(top)) if zoom else ""
    return Face(
        letter="" if zoom or top.truth == "?" else code[:1],
        kind=top.kind,
        side=top.side,
        missile=any(ch.islower() for ch in code),
        melee=not code or code[0].isupper(),
        truth=top.truth or "",
        disrupted=top.disrupted,
        carrying=top.carrying or "",
        label=label,
        under=len(counters) - 1,
        leader_under=any(c is not top and c.kind == "leader" for c in counters),
    )


def _glyph_key(f: Face) -> str:
    if f.kind == "cauldron" and f.truth == "dummy":
        return "dummy-cauldron"
    return f.kind


def _fill(f: Face) -> RGB:
    return style.HIDDEN if f.truth == "?" else style.side_colour(f.side)


@lru_cache(maxsize=512)
def sprite(f: Face, look: Look) -> Image.Image:
    """The RGBA image of a counter (with its shadows and badges), centred on its middle."""
    (w, h), pad, zoom = look.size, look.pad, look.zoom
    size = (w + 2 * pad, h + 2 * pad)

    def paint(img: Image.Image, k: int) -> None:
        draw = ImageDraw.Draw(img)
        x0, y0 = pad * k, pad * k
        box = (x0, y0, x0 + w * k, y0 + h * k)
        step = (round(3 * h / MAP.size[1]) if not zoom else style.px(5)) * k
        for n in range(min(f.under, 2), 0, -1):
            shadow = tuple(v + n * step for v in box)
            draw.rounded_rectangle(
                shadow, radius=4 * k, fill=style.WHITE, outline=style.INK, width=k
            )
        _body(draw, f, box, k, look)

    big = Image.new("RGBA", (size[0] * SCALE, size[1] * SCALE), (0, 0, 0, 0))
    paint(big, SCALE)
    return big.resize(size, Image.Resampling.BOX)  # a box filter: no ringing, no new colours


def _body(draw: ImageDraw.ImageDraw, f: Face, box: tuple[int, ...], k: int, look: Look) -> None:
    """The counter square, glyph, label, disruption bar, oil and leader badges."""
    x0, y0, x1, y1 = box
    zoom = look.zoom
    fill = _fill(f)
    if f.kind == "leader" and not zoom:
        draw.ellipse(box, fill=fill, outline=style.INK, width=k * 2)
    else:
        draw.rounded_rectangle(box, radius=4 * k, fill=fill, outline=style.INK, width=k * 2)
    w, h = x1 - x0, y1 - y0
    lw = (2.6 * look.size[1] / MAP.size[1] if not zoom else 4 * style.ZOOM) * k  # scaled
    glyph_h = h * (0.62 if not zoom else 0.42)
    gw = glyph_h * (1.0 if f.kind in ("infantry", "cavalry", "leader") else 1.3)
    gx = x0 + (w - gw) / 2
    gy = y0 + (h * 0.19 if not zoom else h * 0.08)
    gbox = (gx, gy, gx + gw, gy + glyph_h)
    if f.truth == "?":
        if zoom:
            glyphs.cauldron(draw, gbox, lw, style.WHITE) if f.kind == "cauldron" else None
        else:
            fnt = font(look.text_px, bold=True, scale=k)
            draw.text(((x0 + x1) / 2, (y0 + y1) / 2), "?", font=fnt, fill=style.WHITE, anchor="mm")
    else:
        ink = style.mix(fill, style.WHITE, 0.45) if f.letter else style.WHITE
        if f.missile and not f.melee:
            glyphs.bow(draw, gbox, lw, ink)
        else:
            glyphs.GLYPHS.get(_glyph_key(f), glyphs.infantry)(draw, gbox, lw, ink)
        if f.missile and f.melee:
            _bow_mark(draw, box, lw, zoom)
        if f.letter:
            fnt = font(look.text_px, bold=True, scale=k)
            centre = ((x0 + x1) / 2, (y0 + y1) / 2)
            draw.text(
                centre,
                f.letter,
                font=fnt,
                fill=style.WHITE,
                anchor="mm",
                stroke_width=k,
                stroke_fill=style.INK,
            )
    if zoom:
        fnt = font(look.text_px, bold=True, scale=k)
        label = f.label
        if text_width(label, fnt) > w - 6 * k:
            fnt = font(look.text_px, scale=k)
        draw.text(((x0 + x1) / 2, y1 - h * 0.26), label, font=fnt, fill=style.WHITE, anchor="mm")
    if f.disrupted:
        bar = h * (0.2 if not zoom else 0.12)
        draw.rectangle((x0 + k, y1 - bar, x1 - k, y1 - k), fill=style.DISRUPTED)
        if zoom:
            draw.rectangle((x0 + k, y0 + k, x1 - k, y0 + bar), fill=style.DISRUPTED)
    if f.carrying:
        d = h * (0.42 if not zoom else 0.36)
        dbox = (x1 - d * 0.7, y0 - d * 0.35, x1 + d * 0.3, y0 + d * 0.75)
        colours = {"oil": (style.OIL, style.WHITE), "dummy": (None, style.OIL)}
        fill_, edge = colours.get(f.carrying, (style.OIL_UNKNOWN, style.INK))
        glyphs.drop(draw, dbox, lw, fill_, edge)
    if f.leader_under:
        s = h * (0.5 if not zoom else 0.42)
        glyphs.star(
            draw, (x0 - s * 0.35, y0 - s * 0.35, x0 + s * 0.65, y0 + s * 0.65), lw, style.INK
        )


def _bow_mark(draw: ImageDraw.ImageDraw, box: tuple[int, ...], lw: float, zoom: bool) -> None:
    """A small bow in the counter's corner: the unit shoots as well as fights."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    s = h * (0.34 if zoom else 0.4)
    if zoom:
        b = (x1 - s - w * 0.06, y0 + h * 0.06, x1 - w * 0.06, y0 + h * 0.06 + s)
    else:
        b = (x1 - s * 0.85, y1 - s * 0.95, x1 + s * 0.15, y1 + s * 0.05)
        draw.ellipse((b[0] - 2, b[1] - 2, b[2] + 2, b[3] + 2), fill=GOLD)
    glyphs.bow(draw, b, lw * 0.7, style.INK if not zoom else style.WHITE)


def draw_stacks(img: Image.Image, stacks: Sequence[StackView], layout: Layout, zoom: bool) -> None:
    """Every stack of the view at its hex (only those inside the image)."""
    look = ZOOM if zoom else MAP
    (w, h), pad = look.size, look.pad
    dy = layout.size * 0.11 if zoom else 0.0
    badges = []
    for stack in stacks:
        counters = stack.counters
        if not counters:
            continue
        x, y = layout.centre(stack.hex)
        if not (-layout.w < x < img.width + layout.w and -layout.w < y < img.height + layout.w):
            continue
        f = face(counters, zoom)
        spr = sprite(f, look)
        img.paste(spr, (round(x - w / 2 - pad), round(y + dy - h / 2 - pad)), spr)
        if zoom and f.under:
            badges.append((f.under, (x + w / 2, y + dy - h / 2)))
    for n, corner in badges:  # over every counter: a neighbour never hides a stack's count
        _count_badge(img, n, corner)


def badge_box(n: int, corner: tuple[float, float]) -> tuple[float, float, float, float]:
    """Where the "+n" pill of a zoomed counter whose top-right corner is ``corner`` goes."""
    x, y = corner
    left = x - text_width(f"+{n}", font(style.ZOOM_PX, bold=True)) + style.px(6)
    return (left, y - style.px(20), x + style.px(22), y + style.px(14))


def _count_badge(img: Image.Image, n: int, corner: tuple[float, float]) -> None:
    """A "+n" pill at a zoomed counter's top-right corner."""
    draw = ImageDraw.Draw(img)
    box = badge_box(n, corner)
    draw.rounded_rectangle(box, radius=style.px(10), fill=GOLD, outline=style.INK, width=2)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    fnt = font(style.ZOOM_PX, bold=True)
    draw.text(centre, f"+{n}", font=fnt, fill=style.INK, anchor="mm")
