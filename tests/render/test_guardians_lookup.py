"""Guardians card lookup pages: the card drawn beside its text, within 1000 px, deterministic."""

import io

from PIL import Image

from engines.guardians.lookup import card_names, card_view
from render import alt_text, render_png


def test_every_lookup_page_fits_and_is_deterministic():
    for name in card_names():
        view = card_view(name)
        png = render_png("guardians", view)
        image = Image.open(io.BytesIO(png))
        assert image.width == 1000 and image.height < 1400, name
        text = alt_text("guardians", view)
        assert text.startswith(f"Guardians card: {name}") and len(text) <= 1000
    assert render_png("guardians", view) == png


def test_the_alt_text_says_what_the_page_says():
    text = alt_text("guardians", card_view("Gold"))
    assert "Bribery card" in text and "Bribes away a creature with the gold icon" in text
