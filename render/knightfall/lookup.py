"""Knightfall card lookup: the playing card's face beside what it does in the game."""

from __future__ import annotations

from PIL import Image

from engines.knightfall.views import KnightfallLookupView
from render.common.cards import face_of
from render.common.lookup import lookup_alt_text, render_lookup

CARD_SIZE = (180, 252)


def render(view: KnightfallLookupView) -> Image.Image:
    """Draw the lookup view of ``engines.knightfall.lookup.card_view``."""
    lookup = view.lookup
    return render_lookup(lookup, face_of(lookup.card, CARD_SIZE))


def alt_text(view: KnightfallLookupView) -> str:
    """The same page as text."""
    return lookup_alt_text(view.lookup, "Knightfall")
