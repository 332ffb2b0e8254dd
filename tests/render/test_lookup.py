"""Card lookup pages: at most 1000 px wide, deterministic, with alt text."""

import importlib
import io

import pytest
from PIL import Image

from render import alt_text, render_png

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
