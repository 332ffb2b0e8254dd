"""Galdor's Grip card lookup: the card as drawn on the board, then its full printed text."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.galdors_grip.views import GripLookupView
from render.common import PANEL
from render.common.lookup import lookup_alt_text, render_lookup
from render.galdors_grip.card import draw_face

CARD_SIZE = (420, 420)


def render(view: GripLookupView) -> Image.Image:
    """Draw the lookup view of ``engines.galdors_grip.lookup.card_view``."""
    lookup = view.lookup
    picture = Image.new("RGB", CARD_SIZE, PANEL)
    draw_face(
        picture,
        ImageDraw.Draw(picture),
        (0, 0, CARD_SIZE[0] - 1, CARD_SIZE[1] - 1),
        lookup.card,
        label="",
    )
    return render_lookup(lookup, picture)


def alt_text(view: GripLookupView) -> str:
    """The same page as text."""
    return lookup_alt_text(view.lookup, "Galdor's Grip")
