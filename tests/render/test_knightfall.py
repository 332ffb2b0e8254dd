"""Knightfall images and alt text from hand-made views of every stage, public and private."""

import copy
import io
import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat
from pydantic import ValidationError

from engines.knightfall.lookup import card_view
from render import alt_text, common, render_image, render_png
from render.common import cards, tiles
from render.knightfall import board as kf
from render.knightfall import camp as knightfall_camp
from render.knightfall import panel, typed
from tests.render.fonts import recording_load
from tests.render.knightfall_views import STAGES, VIEWERS, make_case
from tests.render.palette_mapping import assert_mapped_in_parts

CASES = [(stage, viewer) for stage in STAGES for viewer in VIEWERS]


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


@pytest.mark.parametrize(("stage", "viewer"), CASES)
def test_every_view_renders_a_png_of_the_expected_size_and_mode(stage, viewer):
    view, _ = make_case(stage, viewer)
    img = decode(render_png("knightfall", view))
    assert img.format == "PNG"
    assert img.width == kf.WIDTH and img.height >= kf.HEIGHT
    assert img.mode == "P"


@pytest.mark.parametrize("stage", STAGES)
def test_same_view_gives_the_same_bytes_even_after_clearing_caches(stage):
    view, _ = make_case(stage, 0)
    first = render_png("knightfall", view)
    assert render_png("knightfall", copy.deepcopy(view)) == first
    common._load.cache_clear()
    cards.card_face.cache_clear()
    knightfall_camp.background.cache_clear()
    assert render_png("knightfall", json.loads(json.dumps(view))) == first


def test_rendering_does_not_change_the_view():
    view, _ = make_case("powers", 1)
    before = copy.deepcopy(view)
    render_png("knightfall", view)
    alt_text("knightfall", view)
    assert view == before


@pytest.mark.parametrize("stage", ["draw", "powers", "over"])
def test_fixed_palette_keeps_the_image_faithful(stage):
    """A colour missing from kf.PALETTE would show up here as a large error."""
    view, _ = make_case(stage, 0)
    rgb = render_image("knightfall", view)
    png = decode(render_png("knightfall", view)).convert("RGB")
    assert max(ImageStat.Stat(ImageChops.difference(rgb, png)).mean) < 2.0


def test_image_size_is_small():
    for stage in STAGES:
        view, _ = make_case(stage, 0)
        assert len(render_png("knightfall", view)) < 300_000


@pytest.mark.parametrize(("stage", "viewer"), CASES)
def test_alt_text_is_short_and_hides_what_the_view_hides(stage, viewer):
    view, hidden = make_case(stage, viewer)
    text = alt_text("knightfall", view)
    assert 0 < len(text) <= 1000
    leaked = sorted(label for label in hidden if label in text)
    assert not leaked, f"alt text names hidden cards {leaked}: {text}"


@pytest.mark.parametrize(("stage", "viewer"), CASES)
def test_alt_text_mentions_the_key_facts(stage, viewer):
    view, _ = make_case(stage, viewer)
    text = alt_text("knightfall", view)
    assert f"round {view['round']}" in text
    assert f"Deck {view['deck_count']} cards" in text
    for seat in view["waiting_for"]:
        assert view["seat_names"][seat] in text
    for player in view["players"]:
        for sid, slot in player["slots"].items():
            if slot and slot["status"] == "weak":
                assert f"{sid} {slot['card']['label']} WEAK" in text


def test_a_view_with_a_missing_or_garbled_field_is_refused_before_drawing():
    """The renderer validates the view into its model first: no KeyError deep in the drawing."""
    view, _ = make_case("draw", 0)
    missing = copy.deepcopy(view)
    del missing["players"][1]["visible_power"]
    garbled = {**view, "round": "third"}
    lookup = card_view("Q♠")
    lookup["lookup"]["card"]["suit"] = "X"
    for bad in (missing, garbled, lookup):
        with pytest.raises(ValidationError):
            render_png("knightfall", bad)
        with pytest.raises(ValidationError):
            alt_text("knightfall", bad)


def test_spectator_view_with_strong_backs_renders_and_names_no_hidden_card():
    view, _ = make_case("coins", None)
    backs = [
        (p["seat"], sid)
        for p in view["players"]
        for sid, slot in p["slots"].items()
        if slot and slot["card"] is None
    ]
    assert backs
    decode(render_png("knightfall", view))
    text = alt_text("knightfall", view)
    for seat, sid in backs:
        owner_view, _ = make_case("coins", seat)  # same deal, seen by the card's owner
        label = owner_view["players"][seat]["slots"][sid]["card"]["label"]
        assert label not in text
        assert f"{sid} " not in text.split(f"{view['seat_names'][seat]}'s camp")[1].split(".")[0]


def test_private_view_shows_the_viewers_drawn_card_and_secret_choice():
    view, _ = make_case("coins", 0)
    text = alt_text("knightfall", view)
    assert "Your choice (hidden): ATTACK" in text
    view, _ = make_case("draw", 0)
    assert f"You drew {view['you']['drawn'][0]['label']}" in alt_text("knightfall", view)


def test_names_fall_back_to_player_numbers():
    view, _ = make_case("draw", None, names=False)
    text = alt_text("knightfall", view)
    assert "Player 1" in text and "Player 2" in text
    decode(render_png("knightfall", view))


def test_long_names_are_cut_to_fit():
    view, _ = make_case("over", 1)
    view["seat_names"] = ["W" * 80, "M" * 80]
    assert len(alt_text("knightfall", view)) <= 1000
    decode(render_png("knightfall", view))


def test_final_view_announces_the_winner():
    view, _ = make_case("over", None)
    winner = view["seat_names"][view["result"]["winners"][0]]
    assert f"Final: {winner} wins" in alt_text("knightfall", view)


def test_renders_from_worker_threads_match_serial_renders():
    """The bot renders in asyncio.to_thread: shared caches must not disturb the output."""
    views = [make_case(stage, viewer)[0] for stage in ("draw", "powers") for viewer in VIEWERS]
    serial = [render_png("knightfall", v) for v in views]
    common._load.cache_clear()
    cards.card_face.cache_clear()
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(lambda v: render_png("knightfall", v), views * 2)) == serial * 2


def test_each_seat_block_shows_its_own_battle_coin_card_and_result():
    """No names repeated in a battle section: each seat's block holds its part of the battle."""
    for stage, winner in (("revealed", 1), ("powers", 0)):  # powers: the Mage reversed it
        view = typed({**make_case(stage, 0)[0], "seat_names": ["Ann", "Bob"]})
        battle = view.last_battle
        assert battle is not None and battle.winner == winner
        for seat in (0, 1):
            words = [i.text for row in panel.block(view, seat).rows for i in row]
            fought = battle.cards[str(seat)]
            assert "⚔ ATTACK" in words and fought.card.label in words, words
            assert ("won" if seat == winner else "lost") in words, (stage, seat, words)
            assert not any("Ann" in w or "Bob" in w for w in words), words


def test_a_battle_from_an_earlier_round_says_which_round(monkeypatch):
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self, xy, text, *args, **kwargs):
        drawn.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    monkeypatch.setattr(tiles, "ENABLED", False)  # every part drawn, none pasted from a tile
    for stage in ("draw", "powers"):
        view, _ = make_case(stage, 0)
        drawn.clear()
        render_image("knightfall", view)
        battle = view["last_battle"]["round"]
        said = f"The battle shown is from round {battle}." in " ".join(drawn)
        assert said == (battle != view["round"]), (stage, drawn)


def test_a_column_too_long_for_the_square_table_makes_it_taller_not_cut():
    """The column is drawn straight onto the table: one that outgrows it gets a taller table."""
    view, _ = make_case("powers", 0)
    view["powers"] = [dict(used, seat=seat) for used in view["powers"] for seat in (0, 1) * 4]
    model = typed(view)
    img = render_image("knightfall", view)
    assert img.height > kf.HEIGHT
    bottom = img.height - knightfall_camp.MARGIN - panel.block(model, 0).height
    x0, x1 = knightfall_camp.RIGHT
    above = img.crop((x0 - 8, bottom - 6, x1 + 8, bottom - 1))
    assert above.getcolors() == [(above.width * above.height, common.FELT)]  # nothing runs into it
    assert img.getpixel(((x0 + x1) // 2, bottom + 1)) == common.seat_colour(0)
    column = img.crop((x0, 0, x1, bottom - 6))
    assert len(column.getcolors(1 << 16) or []) > 20  # the column is drawn there, not left blank


def test_the_table_is_800_px_square_with_the_phones_text_size_on_cards_too(monkeypatch):
    """A third fewer pixels than 1000 px to map and deflate; shown 340 px wide, every text and
    card index still reads 9 px tall (22 px here: the rank in a card's corner is 25 px)."""
    sizes: list[int] = []
    monkeypatch.setattr(common, "_load", recording_load(sizes))
    for cached in (cards.card_face, cards.card_back, cards.empty_slot):
        cached.cache_clear()
    for stage, viewer in CASES:
        sizes.clear()
        img = render_image("knightfall", make_case(stage, viewer)[0])
        assert img.size == (800, 800), (stage, viewer, img.size)
        assert min(sizes) == common.phone_px(800) == 22, (stage, viewer, sorted(set(sizes)))
    assert cards.rank_size(knightfall_camp.CARD, knightfall_camp.PX) == 25
    for cached in (cards.card_face, cards.card_back, cards.empty_slot):
        cached.cache_clear()


def test_a_png_maps_only_what_is_drawn_and_is_the_picture_mapped_whole(monkeypatch):
    """The PNG is drawn onto the palette: the table once, then only the parts drawn on it."""
    tall, _ = make_case("powers", 0)
    tall["powers"] = [dict(used, seat=seat) for used in tall["powers"] for seat in (0, 1) * 4]
    views = [make_case(s, v)[0] for s in STAGES for v in VIEWERS] + [tall]
    palette = common.fixed_palette(kf.PALETTE)
    limit = kf.WIDTH * kf.HEIGHT // 2  # never the whole
    assert_mapped_in_parts(monkeypatch, "knightfall", views, palette, limit)
