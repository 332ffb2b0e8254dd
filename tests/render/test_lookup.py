"""Card lookup pages: at most 1000 px wide, deterministic, with alt text."""

import importlib
import io

import pytest
from PIL import Image

from render import alt_text, common, render_image, render_png
from render.common import cards
from tests.render.fonts import recording_load

GAMES = ("knightfall", "galdors_grip", "gondolin")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_page_fits_the_width_and_is_deterministic(game_id):
    lookup = importlib.import_module(f"engines.{game_id}.lookup")
    for name in lookup.card_names():
        view = lookup.card_view(name)
        png = render_png(game_id, view)
        image = Image.open(io.BytesIO(png))
        assert image.width <= 1000 and image.height < 2000
        text = alt_text(game_id, view)
        assert 0 < len(text) <= 1000 and str(view["lookup"]["title"])[:20] in text
    assert render_png(game_id, view) == png


@pytest.mark.parametrize("game_id", ["knightfall", "guardians"])
def test_every_card_page_reads_9_px_on_a_phone(game_id, monkeypatch):
    """The page's text and the card picture beside it: 27 px in the 1000 px page.

    (Galdor's Grip and Gondolin draw their pictures with their boards' card faces: the
    phone-fit test checks those pages with the rest of each game's images.)
    """
    sizes: list[int] = []
    monkeypatch.setattr(common, "_load", recording_load(sizes))
    cards.card_face.cache_clear()
    lookup = importlib.import_module(f"engines.{game_id}.lookup")
    for name in lookup.card_names():
        sizes.clear()
        image = render_image(game_id, lookup.card_view(name))
        assert image.height <= image.width, (name, image.size)
        assert min(sizes) >= common.phone_px(image.width), (name, min(sizes))
    cards.card_face.cache_clear()
