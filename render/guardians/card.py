"""Guardians cards on the table: small tiles in their name band's colour, and card backs.

The band's colour is a creature's family (Mortals white, Elementals brown, Externals black), a
terrain's type or the card's kind. ``chips`` gives a card's numbers (vitality with the red
stacking number, the off-colour bonus in the colour of the family it beats, bribes, CMP, the
green bar "receives", ranged attacks, flying): a tile writes them as one line, the card lookup
draws them as chips. Tiles grow downwards to fit their name: names wrap, never cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PIL import Image, ImageDraw

from engines.guardians.views import CardView
from render.common import GOOD, PANEL, RGB, font
from render.common.cards import BACK, BACK_INK, BACK_LINE
from render.guardians import stamp
from render.guardians.style import (
    BRIBES,
    CARD_FACE,
    CARD_SOFT,
    FAMILY,
    FAMILY_SHORT,
    KIND_COLOURS,
    KIND_NAMES,
    OCB_TARGET,
    SMALL,
    STONE_EDGE,
    TERRAIN,
    TERRAIN_NAMES,
    Block,
    ink_on,
    pack,
    px,
    wrap,
)

MINI_PAD = px(8)


def band_colour(card: CardView) -> RGB:
    """The colour of a card's name band: its family, terrain type or kind."""
    if card.family is not None and card.family in FAMILY:
        return FAMILY[card.family]
    if card.kind == "terrain" and card.terrain is not None and card.terrain in TERRAIN:
        return TERRAIN[card.terrain]
    return KIND_COLOURS.get(card.kind, STONE_EDGE)


def subtitle(card: CardView) -> str:
    """The line under the name: "Mortal knight", "Spell", a terrain type ("Woods"), "Terrain"."""
    if card.kind == "creature":
        family = FAMILY_SHORT.get(card.family or "", "")
        return f"{family} {card.klass or ''}".strip()
    kind = KIND_NAMES.get(card.kind, card.kind or "Card")
    if card.terrain:  # the band has the terrain's colour; its type says the rest
        terrain = TERRAIN_NAMES.get(card.terrain, card.terrain)
        return terrain if terrain != card.name else kind
    return kind


def chips(card: CardView) -> list[tuple[str, RGB]]:
    """The card's numbers as (label, fill) chips, in reading order."""
    out: list[tuple[str, RGB]] = []
    if card.vitality is not None:
        stacking = card.stacking
        label = f"V {card.vitality}" + (f"/{stacking}" if stacking is not None else "")
        out.append((label, CARD_FACE))
    if card.ocb:
        target = OCB_TARGET.get(card.family or "", "")
        out.append((f"OCB +{card.ocb}", FAMILY.get(target, CARD_FACE)))
    for bribe in card.bribes or ():
        out.append((bribe, BRIBES.get(bribe, CARD_FACE)))
    if card.kind == "bribery" and card.bribe:
        out.append((card.bribe, BRIBES.get(card.bribe, CARD_FACE)))
    if card.cmp:
        out.append((f"CMP {card.cmp}", CARD_FACE))
    if card.receives:
        out.append(("receives", GOOD))
    if card.ranged:
        out.append((f"ranged {card.ranged}", CARD_FACE))
    if card.flies:
        out.append(("flies", (170, 210, 250)))
    return out


def back_block(width: int, facts: list[str], height: int = 2 * SMALL + px(24)) -> Block:
    """A face-down card with a label packed from ``facts``, e.g. "face-down terrain · P2"."""
    fnt = font(SMALL, bold=True)
    lines = pack(facts, fnt, width - px(24))
    height = max(height, len(lines) * (SMALL + px(4)) + px(20))

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        draw.rounded_rectangle(
            (x, y, x + width - 1, y + height - 1),
            radius=px(10),
            fill=BACK,
            outline=CARD_FACE,
            width=px(3),
        )
        for k in range(x + px(8), x + width - px(8), px(16)):
            draw.line([(k, y + px(5)), (k, y + height - px(6))], fill=BACK_LINE, width=px(2))
        ty = y + (height - len(lines) * (SMALL + px(4))) // 2
        for line in lines:
            draw.text(
                (x + width // 2, ty),
                line,
                font=fnt,
                fill=CARD_FACE,
                anchor="ma",
                stroke_width=px(3),
                stroke_fill=BACK_INK,
            )
            ty += SMALL + px(4)

    return height, paint


def card_line(card: CardView | None) -> str:
    """A card as a short text ("Swordsman V6", "Power Lunch"); "face-down card" if hidden."""
    if card is None or not card.name:
        return "face-down card"
    text = card.name
    if card.vitality is not None:
        text += f" V{card.vitality}"
    return text


def stats_line(card: CardView) -> str:
    """The card's numbers ("V 3 · gold · CMP 4"), else its kind; "" for a terrain named so."""
    numbers = " · ".join(label for label, _ in chips(card))
    if numbers or card.kind != "terrain":
        return numbers or subtitle(card)
    kind = TERRAIN_NAMES.get(card.terrain or "", "")
    plain = card.name.replace("&", "and").lower()
    return "" if kind.replace("&", "and").lower() in plain else kind


def mini_block(card: CardView, width: int) -> Block:
    """A card as a small tile in its band colour: its name, then its numbers (or its kind)."""
    band = band_colour(card)
    ink = ink_on(band)
    inner = width - 2 * MINI_PAD
    name_font, stat_font = font(SMALL, bold=True), font(SMALL)
    lines = [(line, name_font) for line in wrap(card.name, name_font, inner)]
    stats = stats_line(card)
    lines += [(line, stat_font) for line in wrap(stats, stat_font, inner)] if stats else []
    height = len(lines) * (SMALL + px(4)) + 2 * MINI_PAD - px(2)

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        draw.rounded_rectangle(
            (x, y, x + width - 1, y + height - 1),
            radius=px(8),
            fill=band,
            outline=CARD_SOFT,
            width=1,
        )
        ty = y + MINI_PAD - px(2)
        for line, fnt in lines:
            draw.text((x + MINI_PAD, ty), line, font=fnt, fill=ink)
            ty += SMALL + px(4)

    return height, paint


def mini_grid(cards: Sequence[CardView], width: int, columns: int = 2, gap: int = px(8)) -> Block:
    """Small tiles in rows of ``columns``, each row as tall as its tallest tile."""
    w = (width - gap * (columns - 1)) // columns
    rows = [cards[i : i + columns] for i in range(0, len(cards), columns)]
    blocks = [
        [stamp.lazy(stamp.key_of("mini", c), w, partial(mini_block, c, w), PANEL) for c in row]
        for row in rows
    ]
    heights = [max(h for h, _ in row) for row in blocks]
    height = sum(heights) + gap * max(0, len(rows) - 1)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        for row, h in zip(blocks, heights, strict=True):
            for i, (_, p) in enumerate(row):
                p(img, draw, x + i * (w + gap), y)
            y += h + gap

    return height, stamp.pasting(paint, *(p for row in blocks for _, p in row))
