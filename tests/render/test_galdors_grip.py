"""Galdor's Grip images and alt text for every view along seeded random games of the engine."""

import copy
import io
import json
import random
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat
from pydantic import ValidationError

import engines
from render import alt_text, common, render_image, render_png
from render.common import tiles
from render.galdors_grip import board as gg
from render.galdors_grip import card as ggc
from render.galdors_grip import typed
from tests.render.fonts import recording_load
from tests.render.palette_mapping import assert_drawn_again_from_tiles, assert_mapped_in_parts

pytestmark = pytest.mark.skipif(
    "galdors_grip" not in engines.game_ids(), reason="the Galdor's Grip engine is not there yet"
)
SEEDS = (1, 7, 23)
MAX_STEPS = 120


@cache
def playout(seed: int) -> tuple[dict, ...]:
    """The view after every step of a random game (uniform over legal actions)."""
    game = engines.get_game("galdors_grip").new(1, seed=seed)
    rng = random.Random(seed)
    views = [game.view(0)]
    for _ in range(MAX_STEPS):
        actions = game.legal_actions(0)
        if not actions:
            break
        game.apply(0, rng.choice(actions))
        views.append(game.view(0))
    return tuple(views)


@cache
def all_names() -> frozenset[str]:
    """Every name a card can show (Forked Path faces carry their title)."""
    from engines.galdors_grip.cards import CARDS

    names = set()
    for card in CARDS.values():
        names.add(card.name)
        for i in range(len(card.faces)):
            names.add(card.face_name(i))
    return frozenset(names)


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def sample(views: tuple[dict, ...]) -> list[dict]:
    """The first, a middle and the last view of a game."""
    return [views[0], views[len(views) // 2], views[-1]]


@pytest.mark.parametrize("seed", SEEDS)
def test_every_view_of_a_game_renders_a_png_of_the_expected_size_and_mode(seed):
    views = playout(seed)
    assert views[-1]["outcome"] in ("won", "lost") or len(views) > MAX_STEPS
    for view in views:
        png = render_png("galdors_grip", view)
        assert len(png) < 300_000
        img = decode(png)
        assert img.format == "PNG"
        assert (img.width, img.height) == (gg.WIDTH, gg.HEIGHT)
        assert img.mode == "P"


@pytest.mark.parametrize("seed", SEEDS)
def test_same_view_gives_the_same_bytes_even_after_clearing_caches(seed):
    for view in sample(playout(seed)):
        first = render_png("galdors_grip", view)
        assert render_png("galdors_grip", copy.deepcopy(view)) == first
        common._load.cache_clear()
        ggc._rotated_text.cache_clear()
        assert render_png("galdors_grip", json.loads(json.dumps(view))) == first


def test_rendering_does_not_change_the_view():
    view = playout(SEEDS[0])[len(playout(SEEDS[0])) // 2]
    before = copy.deepcopy(view)
    render_png("galdors_grip", view)
    alt_text("galdors_grip", view)
    assert view == before


@pytest.mark.parametrize("seed", SEEDS)
def test_fixed_palette_keeps_the_image_faithful(seed):
    """A colour missing from gg.PALETTE would show up here as a large error."""
    for view in sample(playout(seed)):
        rgb = render_image("galdors_grip", view)
        png = decode(render_png("galdors_grip", view)).convert("RGB")
        assert max(ImageStat.Stat(ImageChops.difference(rgb, png)).mean) < 2.0


@pytest.mark.parametrize("seed", SEEDS)
def test_alt_text_describes_stars_and_top_card_and_hides_face_down_cards(seed):
    for view in playout(seed):
        text = alt_text("galdors_grip", view)
        assert text
        assert len(text) <= 1000
        assert f"Stars {view['stars']} of " in text
        top = view["deck"][0]
        if top["face_up"]:
            assert f"Top card: {top['name']}" in text
        else:
            assert "Top card: face-down" in text or top["peeked"]
        # A name that the view does not carry anywhere must never reach the alt text.
        shown = json.dumps(view, ensure_ascii=False)
        for name in all_names():
            if name not in shown:
                assert name not in text, name


def test_an_unpeeked_face_down_card_is_drawn_as_a_back_whatever_it_hides():
    """Two views that differ only in hidden facts draw the same image."""
    view = playout(SEEDS[0])[0]
    hidden = [i for i, c in enumerate(view["deck"]) if not c["face_up"] and not c["peeked"]]
    assert hidden
    other = copy.deepcopy(view)
    other["deck"][hidden[0]]["id"] = "not_shown"
    assert render_png("galdors_grip", other) == render_png("galdors_grip", view)


def test_a_view_with_a_missing_or_garbled_field_is_refused_before_drawing():
    """The renderer validates the view into its model first: no KeyError deep in the drawing."""
    from engines.galdors_grip.lookup import card_names, card_view

    view = playout(SEEDS[0])[5]
    missing = copy.deepcopy(view)
    del missing["pending"]
    garbled = {**view, "stars": "many"}
    lookup = card_view(card_names()[0])
    lookup["lookup"]["card"]["active"]["abilities"] = "none"
    for bad in (missing, garbled, lookup):
        with pytest.raises(ValidationError):
            render_png("galdors_grip", bad)
        with pytest.raises(ValidationError):
            alt_text("galdors_grip", bad)


def test_game_over_view_shows_a_result_banner():
    for seed in SEEDS:
        last = playout(seed)[-1]
        if last["outcome"]:
            img = render_image("galdors_grip", last)
            colour = common.GOLD if last["outcome"] == "won" else common.BAD
            assert img.getpixel((gg.MARGIN + 8, 100)) == colour
            return
    pytest.skip("no seeded game ended")


def fullest_view() -> dict:
    """The most a view can ask of the deck list: a game whose deck holds the longest names
    (every Forked Path card on its longest face), every card peeked at and upside-down, and a
    deck repeated from earlier turns."""
    from engines.galdors_grip.cards import CARDS
    from engines.galdors_grip.setup import ESSENTIAL, OPTIONAL, expansion_pool

    game = engines.get_game("galdors_grip").new(1, seed=SEEDS[0])
    rng = random.Random(SEEDS[0])
    while game.state.turn < 2:
        game.apply(0, rng.choice(game.legal_actions(0)))

    def longest_face(card_id: str) -> int:
        card = CARDS[card_id]
        return max(range(len(card.faces)), key=lambda i: len(card.face_name(i)))

    def length(card_id: str) -> int:
        return len(CARDS[card_id].face_name(longest_face(card_id)))

    others = sorted(OPTIONAL + expansion_pool(game.state.options), key=length, reverse=True)
    ids = ESSENTIAL + others[: len(game.state.deck) - len(ESSENTIAL)]
    for position, (state, card_id) in enumerate(zip(game.state.deck, ids, strict=True)):
        state.id, state.face, state.inverted = card_id, longest_face(card_id), True
        state.face_up, state.peeked = position == 0, position > 0
    game.state.repeats = [3, 7]
    return game.view(0)


def views_to_check() -> list[dict]:
    """Setup, middle and end of seeded games, every card lookup, and the fullest deck list."""
    from engines.galdors_grip.lookup import card_names, card_view

    views = [v for seed in SEEDS for v in sample(playout(seed))]
    return [*views, *(card_view(name) for name in card_names()), fullest_view()]


def test_every_image_is_square_or_landscape_so_a_phone_shows_it_screen_wide():
    """Discord fits an image into a box wider than tall: a tall image shrinks by its height."""
    for view in views_to_check():
        img = render_image("galdors_grip", view)
        assert img.height <= img.width, (img.size, view.get("turn"), "lookup" in view)


@pytest.fixture
def drawn_texts(monkeypatch) -> list[str]:
    """Every text drawn on an image while the test runs."""
    texts: list[str] = []
    original = ImageDraw.ImageDraw.text
    monkeypatch.setattr(tiles, "ENABLED", False)  # every part drawn, none pasted from a tile
    monkeypatch.setattr(
        ImageDraw.ImageDraw,
        "text",
        lambda self, xy, text, *a, **k: (
            texts.append(str(text)) or original(self, xy, text, *a, **k)
        ),
    )
    return texts


def test_the_fullest_deck_fits_the_square_with_every_name_whole_and_readable(
    monkeypatch, drawn_texts
):
    sizes: list[int] = []
    texts = drawn_texts
    monkeypatch.setattr(common, "_load", recording_load(sizes))
    ggc._rotated_text.cache_clear()
    view = fullest_view()
    img = render_image("galdors_grip", view)
    assert img.height <= img.width
    assert min(sizes) >= common.min_px(img.width)
    drawn = "".join("".join(texts).split())
    for card in view["deck"]:
        assert "".join(ggc.clean(card["name"]).split()) in drawn


def test_the_table_is_800_px_square_with_the_phones_text_size_and_lookups_stay_1000(
    monkeypatch, drawn_texts
):
    """A third fewer pixels than 1000 px to map and deflate; shown 340 px wide, every text
    still reads 9 px tall (22 px here). The fullest deck's rows keep the lines they had at
    1000 px: "Figment of Feragot" and its marks on one line. A lookup page stays 1000 px."""
    from engines.galdors_grip.lookup import card_names, card_view

    sizes: list[int] = []
    monkeypatch.setattr(common, "_load", recording_load(sizes))
    for view in [*sample(playout(SEEDS[0])), fullest_view()]:
        ggc._rotated_text.cache_clear()
        sizes.clear()
        img = render_image("galdors_grip", view)
        assert img.size == (800, 800), (view["turn"], img.size)
        assert min(sizes) == common.phone_px(800) == 22, (view["turn"], sorted(set(sizes)))
    lines, _ = gg._list_geometry(typed(fullest_view()).deck[1:], gg.HEIGHT)
    assert lines[:11] == [1] * 11, lines
    for name in card_names()[:3]:
        ggc._rotated_text.cache_clear()
        sizes.clear()
        img = render_image("galdors_grip", card_view(name))
        assert img.width == 1000 and min(sizes) == common.phone_px(1000) == 27, name


def test_a_card_lookup_draws_every_word_of_the_card(drawn_texts):
    """The picture is as tall as the card's words need: no ability text cut with an ellipsis."""
    from engines.galdors_grip.lookup import card_names, card_view

    texts = drawn_texts
    for name in card_names():
        texts.clear()
        render_image("galdors_grip", card_view(name))
        assert not [t for t in texts if "…" in t], name


def board_views() -> list[dict]:
    """Every view of a seeded game, and the fullest deck list."""
    return [*playout(SEEDS[0]), fullest_view()]


def test_a_png_maps_only_what_is_drawn_and_is_the_picture_mapped_whole(monkeypatch):
    """The PNG is drawn onto the palette: the felt once, then each part on its own."""
    palette = common.fixed_palette(gg.PALETTE)
    limit = gg.WIDTH * gg.HEIGHT // 2
    assert_mapped_in_parts(monkeypatch, "galdors_grip", board_views(), palette, limit)


def test_a_view_drawn_again_is_pasted_whole_from_its_tiles(monkeypatch):
    """The deck list's title is a tile too: no text drawn again."""
    assert_drawn_again_from_tiles(monkeypatch, "galdors_grip", board_views())
