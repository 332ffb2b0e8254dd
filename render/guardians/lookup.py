"""Guardians card lookup: the card drawn as on the table, beside everything it does."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.guardians.views import CardView, LookupView
from render.common import PANEL
from render.common.lookup import lookup_alt_text, render_lookup
from render.guardians.card import card_block

CARD_WIDTH = 260


def picture(card: CardView) -> Image.Image:
    """The card as a compact table card, ``CARD_WIDTH`` wide, on the page's background."""
    height, paint = card_block(card, CARD_WIDTH)
    img = Image.new("RGB", (CARD_WIDTH, height), PANEL)
    paint(img, ImageDraw.Draw(img), 0, 0)
    return img


def render(view: LookupView) -> Image.Image:
    """Draw the lookup view of ``engines.guardians.lookup.card_view``."""
    return render_lookup(view.lookup, picture(view.lookup.card))


def alt_text(view: LookupView) -> str:
    """The same page as text."""
    return lookup_alt_text(view.lookup, "Guardians")
