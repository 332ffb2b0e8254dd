"""Gondolin Cards images and alt text along seeded random games, public and private."""

import copy
import io
import random

import pytest
from PIL import Image, ImageChops, ImageStat
from pydantic import ValidationError

import engines
from engines.gondolin.lookup import card_view
from engines.gondolin.views import GondolinView
from render import alt_text, common, render_image, render_png
from render.common import tiles
from render.gondolin import board as gondolin
from tests.render.fonts import recording_load
from tests.render.palette_mapping import assert_drawn_again_from_tiles, assert_mapped_in_parts

SEEDS = (1, 4, 9)
STEPS = (0, 6, 20, 10_000)  # start, early, middle, and played to the end


def walk(seed: int, steps: int):
    # The last seed plays the longest story (20 turns) in hard mode.
    options = {"story": "seventh_gate", "mode": "hard"} if seed == SEEDS[-1] else {}
    game = engines.get_game("gondolin").new(1, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        actions = game.legal_actions(0)
        if not actions:
            break
        game.apply(0, rng.choice(actions))
    return game


GAMES = {(seed, steps): walk(seed, steps) for seed in SEEDS for steps in STEPS}
CASES = [(seed, steps, who) for seed, steps in GAMES for who in (None, 0)]


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


@pytest.mark.parametrize(("seed", "steps", "who"), CASES)
def test_views_render_to_pngs_of_the_expected_size_and_mode(seed, steps, who):
    view = GAMES[seed, steps].view(who)
    png = render_png("gondolin", view)
    img = decode(png)
    assert img.format == "PNG"
    assert img.mode == "P"
    assert img.width == gondolin.WIDTH
    assert gondolin.MIN_HEIGHT <= img.height <= gondolin.MAX_HEIGHT == img.width
    model = GondolinView.model_validate(view)
    layout = gondolin._layout(model)
    assert gondolin._height(model, layout) == layout.height == img.height  # nothing cut off
    assert len(png) < 300_000


def test_the_board_is_800_px_wide_with_the_phones_text_size_and_sheets_stay_1000(monkeypatch):
    """A third fewer pixels than 1000 px to map and deflate; shown 340 px wide, every text
    still reads 9 px tall (22 px here). The longest word of a card name ("Greatshields")
    still fits a tile's line; a card sheet or lookup page stays 1000 px."""
    sizes: list[int] = []
    monkeypatch.setattr(common, "_load", recording_load(sizes))
    monkeypatch.setattr(tiles, "ENABLED", False)  # every part drawn, none pasted from a tile
    for seed, steps, who in CASES:
        sizes.clear()
        img = render_image("gondolin", GAMES[seed, steps].view(who))
        assert img.width == 800, (seed, steps, img.size)
        assert min(sizes) == common.phone_px(800) == 22, (seed, steps, sorted(set(sizes)))
    width = gondolin.TILES[0][0]
    assert gondolin._name_lines("Greatshields", width)[0] == ["Greatshields"]
    sizes.clear()
    page = render_image("gondolin", card_view("Greatshields"))
    assert page.width == 1000 and min(sizes) == common.phone_px(1000) == 27


@pytest.mark.parametrize("steps", STEPS)
def test_same_view_gives_the_same_bytes(steps):
    view = GAMES[SEEDS[0], steps].view(0)
    first = render_png("gondolin", view)
    common._load.cache_clear()
    assert render_png("gondolin", copy.deepcopy(view)) == first


def test_rendering_does_not_change_the_view():
    view = GAMES[SEEDS[1], 20].view(0)
    before = copy.deepcopy(view)
    render_png("gondolin", view)
    alt_text("gondolin", view)
    assert view == before


def test_a_view_with_a_missing_or_garbled_field_is_refused_before_drawing():
    """The renderer validates the view into its model first: no KeyError deep in the drawing."""
    view = GAMES[SEEDS[1], 20].view(0)
    missing = copy.deepcopy(view)
    del missing["stats"]["td"]
    garbled = {**view, "turn": "fifth"}
    lookup = card_view("Stonecrown Pass")
    lookup["lookup"]["card"]["copies"] = "a few"
    for bad in (missing, garbled, lookup):
        with pytest.raises(ValidationError):
            render_png("gondolin", bad)
        with pytest.raises(ValidationError):
            alt_text("gondolin", bad)


@pytest.mark.parametrize("steps", [20, 10_000])
def test_fixed_palette_keeps_the_image_faithful(steps):
    """A colour drawn but missing from gondolin.PALETTE would show up as a large error."""
    view = GAMES[SEEDS[2], steps].view(0)
    rgb = render_image("gondolin", view)
    png = decode(render_png("gondolin", view)).convert("RGB")
    assert max(ImageStat.Stat(ImageChops.difference(rgb, png)).mean) < 2.0


@pytest.mark.parametrize(("seed", "steps", "who"), CASES)
def test_alt_text_is_short_and_mentions_turn_and_stats(seed, steps, who):
    view = GAMES[seed, steps].view(who)
    text = alt_text("gondolin", view)
    assert 0 < len(text) <= 1000
    assert f"turn {view['turn']} of" in text
    stats = view["stats"]
    for key, label in (("r", "R"), ("s", "S"), ("m", "M"), ("p", "P"), ("td", "TD"), ("ta", "TA")):
        assert f"{label} {stats[key]}" in text


@pytest.mark.parametrize(("seed", "steps"), list(GAMES))
def test_the_hand_is_face_up_on_the_board_of_this_solo_game(seed, steps):
    """The board's buttons name the hand, so the image shows it too (docs/rules/gondolin.md)."""
    game = GAMES[seed, steps]
    public, private = game.view(None), game.view(0)
    assert public["hand"] == private["hand"]
    text = alt_text("gondolin", public)
    assert all(card["name"] in text for card in public["hand"])
    assert render_png("gondolin", public) == render_png("gondolin", private)


def test_a_png_maps_only_what_is_drawn_and_is_the_picture_mapped_whole(monkeypatch):
    """The PNG is drawn onto the palette: the background once, then each part on its own."""
    views = [GAMES[key].view(None) for key in GAMES]
    palette = common.fixed_palette(gondolin.PALETTE)
    limit = gondolin.WIDTH * gondolin.MIN_HEIGHT // 2
    assert_mapped_in_parts(monkeypatch, "gondolin", views, palette, limit)


def test_a_view_drawn_again_is_pasted_whole_from_its_tiles(monkeypatch):
    """The title, the events, the headings and the banner are tiles too: no text drawn again."""
    assert_drawn_again_from_tiles(monkeypatch, "gondolin", [GAMES[k].view(None) for k in GAMES])
