"""Guardians card lookup: the card as on the table, large, beside everything it does.

The picture is drawn here at the lookup's own text size (9 px on a phone), not as the table's
small tiles (``card.mini_block``): its name band in the card's colour and its numbers as chips.
The card's text is on the page beside it, so the picture leaves it out. The page is 1000 px
wide, as every game's lookup (``render.common.lookup``), while the table is 800.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.guardians.views import CardView, LookupView
from render.common import PANEL, font, phone_px, text_width, wrap
from render.common.lookup import WIDTH, lookup_alt_text, render_lookup
from render.guardians.card import band_colour, chips, subtitle
from render.guardians.style import CARD_FACE, CARD_SOFT, ink_on

CARD_WIDTH = 300
PX = phone_px(WIDTH)  # 27 px: the page's smallest text
PAD = 12
CHIP_H = PX + 10


def _chip_rows(card: CardView, room: int) -> list[list[tuple[str, tuple[int, int, int], int]]]:
    """The chips (label, fill, width) in rows that fit ``room``."""
    fnt = font(PX, bold=True)
    rows: list[list[tuple[str, tuple[int, int, int], int]]] = []
    x = room + 1
    for label, fill in chips(card):
        w = text_width(label, fnt) + 16
        if x + w > room:
            rows.append([])
            x = 0
        rows[-1].append((label, fill, w))
        x += w + 8
    return rows


def picture(card: CardView) -> Image.Image:
    """The card ``CARD_WIDTH`` wide: its name on its colour band, kind, then its numbers."""
    bold, plain = font(PX, bold=True), font(PX)
    inner = CARD_WIDTH - 2 * PAD
    names, subs = wrap(card.name, bold, inner), wrap(subtitle(card), plain, inner)
    rows = _chip_rows(card, inner)
    band_h = PAD + len(names) * (PX + 6) + 4
    height = band_h + PAD + len(subs) * (PX + 6) + len(rows) * (CHIP_H + 6) + PAD
    img = Image.new("RGB", (CARD_WIDTH, height), PANEL)
    draw = ImageDraw.Draw(img)
    band = band_colour(card)
    box = (0, 0, CARD_WIDTH - 1, height - 1)
    draw.rounded_rectangle(box, radius=12, fill=CARD_FACE, outline=band, width=4)
    draw.rounded_rectangle((0, 0, CARD_WIDTH - 1, band_h), radius=12, fill=band)
    draw.rectangle((0, band_h - 12, CARD_WIDTH - 1, band_h), fill=band)
    y = PAD
    for line in names:
        draw.text((PAD, y), line, font=bold, fill=ink_on(band))
        y += PX + 6
    y = band_h + PAD
    for line in subs:
        draw.text((PAD, y), line, font=plain, fill=CARD_SOFT)
        y += PX + 6
    for row in rows:
        x = PAD
        for label, fill, w in row:
            draw.rounded_rectangle(
                (x, y, x + w, y + CHIP_H), radius=8, fill=fill, outline=CARD_SOFT, width=1
            )
            draw.text((x + w / 2, y + CHIP_H / 2), label, font=bold, fill=ink_on(fill), anchor="mm")
            x += w + 8
        y += CHIP_H + 6
    return img


def render(view: LookupView) -> Image.Image:
    """Draw the lookup view of ``engines.guardians.lookup.card_view``."""
    return render_lookup(view.lookup, picture(view.lookup.card))


def alt_text(view: LookupView) -> str:
    """The same page as text."""
    return lookup_alt_text(view.lookup, "Guardians")
