"""Galdor's Grip card lookup: the card as drawn on the board (all of it), then its full text."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.galdors_grip.views import GripLookupView
from render.common import PANEL
from render.common.lookup import lookup_alt_text, render_lookup
from render.galdors_grip.card import PAGE, draw_face, face_height

CARD_SIZE = (420, 420)  # on the 1000 px page: the card's lengths at ``PAGE``


def render(view: GripLookupView) -> Image.Image:
    """Draw the lookup view of ``engines.galdors_grip.lookup.card_view``."""
    lookup = view.lookup
    w = CARD_SIZE[0]
    size = (w, max(CARD_SIZE[1], face_height(lookup.card, w, PAGE)))  # every word of the card
    picture = Image.new("RGB", size, PANEL)
    draw_face(
        picture, ImageDraw.Draw(picture), (0, 0, w - 1, size[1] - 1), lookup.card, label="", z=PAGE
    )
    return render_lookup(lookup, picture)


def alt_text(view: GripLookupView) -> str:
    """The same page as text."""
    return lookup_alt_text(view.lookup, "Galdor's Grip")
