"""Rows of words, pills and card chips that wrap like text, all at the phone's text size.

A player block lists short facts ("10 cards · 8 strong", "▶ to play", "⚔ ATTACK 9♦ A1 · 9"):
each group starts a row and its items flow left to right, wrapping when the room runs out, so
the block is as tall as its facts need and no word is ever cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from engines.knightfall.views import CardView
from render.common import CARD_BLACK, CARD_RED, RGB, TEXT, font, text_width, wrap
from render.common.cards import FACE
from render.knightfall.camp import PX, px

ROW = PX + px(12)  # a pill or chip row
GAP = px(8)  # between items on a row
ROW_GAP = px(6)
PADS = {"text": 0, "pill": px(20), "chip": px(12)}


@dataclass(frozen=True)
class Item:
    """A word run (``fill`` is its colour), a pill (``fill`` behind dark text) or a card chip."""

    text: str
    fill: RGB = TEXT
    kind: str = "text"  # "text" | "pill" | "chip"
    bold: bool = False


def chip(card: CardView) -> Item:
    """A white label with the card's rank and suit in its colour ("10♣")."""
    return Item(card.label, CARD_RED if card.colour == "red" else CARD_BLACK, "chip", True)


def width(item: Item) -> int:
    """The item's width in px (pills and chips include their padding)."""
    pad = PADS[item.kind]
    return text_width(item.text, font(PX, bold=item.bold or item.kind != "text")) + pad


Row = list[Item]


def layout(groups: list[list[Item]], room: int) -> list[Row]:
    """The rows: each group starts a new row; a text too long for the room wraps into lines."""
    rows: list[Row] = []
    for group in groups:
        rows.append([])
        used = 0
        for item in _split(group, room):
            w = width(item)
            if rows[-1] and used + GAP + w > room:
                rows.append([])
                used = 0
            used += (GAP if rows[-1] else 0) + w
            rows[-1].append(item)
    return [r for r in rows if r]


def _split(group: list[Item], room: int) -> list[Item]:
    out = []
    for item in group:
        if item.kind == "text" and width(item) > room:
            lines = wrap(item.text, font(PX, bold=item.bold), room)
            out += [Item(line, item.fill, "text", item.bold) for line in lines]
        else:
            out.append(item)
    return out


def height(rows: Sequence[Sequence[Item]]) -> int:
    """The height the rows take, gaps included."""
    return len(rows) * (ROW + ROW_GAP) - (ROW_GAP if rows else 0)


def draw_rows(draw: ImageDraw.ImageDraw, rows: Sequence[Sequence[Item]], x0: int, y: int) -> int:
    """Draw the rows from (``x0``, ``y``); return the y below the last."""
    for row in rows:
        x, mid = x0, y + ROW // 2
        for item in row:
            w = width(item)
            fnt = font(PX, bold=item.bold or item.kind != "text")
            if item.kind == "text":
                draw.text((x, mid), item.text, font=fnt, fill=item.fill, anchor="lm")
            else:
                fill, ink = (item.fill, CARD_BLACK) if item.kind == "pill" else (FACE, item.fill)
                radius = ROW // 2 if item.kind == "pill" else px(6)
                draw.rounded_rectangle((x, y + 1, x + w, y + ROW - 1), radius=radius, fill=fill)
                draw.text((x + w / 2, mid), item.text, font=fnt, fill=ink, anchor="mm")
            x += w + GAP
        y += ROW + ROW_GAP
    return y - ROW_GAP
