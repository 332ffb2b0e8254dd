"""Guardians images and alt text from hand-made views of every phase, both seats, spectator."""

from __future__ import annotations

import copy
import io
import json

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat
from pydantic import ValidationError

import render
from engines.base import Game
from engines.plugins import plugin
from render import alt_text, common, render_image, render_png
from render.guardians import board, stamp, typed
from tests.render.fonts import recording_load
from tests.render.guardians_views import CASES, NAMES, VIEWERS, make_case

ALL = [(case, viewer) for case in CASES for viewer in VIEWERS]


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


@pytest.fixture
def recorder(monkeypatch):
    """Record every font size served and every string drawn (with where and in which font)."""
    sizes: list[int] = []
    texts: list[tuple[tuple[float, float], str, object, str]] = []
    original_text = ImageDraw.ImageDraw.text

    def recording_text(self, xy, text, *args, **kwargs):
        texts.append((xy, str(text), kwargs.get("font"), kwargs.get("anchor") or "la"))
        return original_text(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(common, "_load", recording_load(sizes))
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording_text)
    monkeypatch.setattr(stamp, "ENABLED", False)  # every text drawn in place, where it lands
    common.text_width.cache_clear()
    yield sizes, texts
    common.text_width.cache_clear()


def drawn(texts) -> str:
    return "".join("".join(t[1].split()) for t in texts)


def test_guardians_is_registered():
    assert plugin("guardians").renderer == "render.guardians"
    module = render._module("guardians")
    assert callable(module.render) and callable(module.alt_text) and module.PALETTE


@pytest.mark.parametrize(("case", "viewer"), ALL)
def test_every_view_renders_an_800_px_palette_png(case, viewer):
    view, _ = make_case(case, viewer)
    img = decode(render_png("guardians", view))
    assert img.format == "PNG" and img.mode == "P"
    assert img.width == 800 and 320 < img.height <= img.width  # square or landscape, not empty
    assert len(render_png("guardians", view)) < 400_000


@pytest.mark.parametrize("case", CASES)
def test_same_view_gives_the_same_bytes_even_after_clearing_caches(case):
    view, _ = make_case(case, 0)
    first = render_png("guardians", view)
    assert render_png("guardians", copy.deepcopy(view)) == first
    common._load.cache_clear()
    common.text_width.cache_clear()
    stamp.clear()
    assert render_png("guardians", json.loads(json.dumps(view))) == first


@pytest.mark.parametrize(("case", "viewer"), ALL)
def test_pasted_stamps_give_exactly_the_pixels_drawn_in_place(case, viewer, monkeypatch):
    """Parts kept from earlier images (cards, spaces, panels) paste what painting draws."""
    view, _ = make_case(case, viewer)
    render_png("guardians", view)  # every stamp of this view is now kept
    cached = render_image("guardians", view)
    monkeypatch.setattr(stamp, "ENABLED", False)
    assert ImageChops.difference(cached, render_image("guardians", view)).getbbox() is None


def test_stamps_stay_within_their_budget(monkeypatch):
    monkeypatch.setattr(stamp, "BUDGET", 2_000_000)
    stamp.clear()
    for case in CASES:
        render_png("guardians", make_case(case, 0)[0])
    assert 0 < stamp._used <= 2_000_000
    stamp.clear()


def test_a_stamps_key_says_every_field_of_its_models_and_their_kind():
    """Equal parts share a key; a field changed, even in a list, or another kind of model, not."""
    from engines.guardians.views import CardView

    card = CardView(id="c1", name="Orc", kind="creature", vitality=2, text="")
    same = CardView.model_validate(card.model_dump())
    hurt = card.model_copy(update={"vitality": 1})
    assert stamp.key_of("mini", [card], 3) == stamp.key_of("mini", [same], 3)
    assert stamp.key_of("mini", [card], 3) != stamp.key_of("mini", [hurt], 3)
    assert stamp.key_of("mini", [card], 3) != stamp.key_of("mini", [card], 4)
    # a model and the plain data it holds are different parts (a JSON key took them as one)
    assert stamp.key_of(card) != stamp.key_of(card.model_dump(mode="json"))
    hash(stamp.key_of("board", [card, card], None, {"a": [1, 2]}))


@pytest.mark.parametrize("case", ["move", "combat"])
def test_within_a_picture_each_model_of_the_view_is_written_once_for_its_keys(case, monkeypatch):
    """A space in the battlefield's key and its own, a card in the hand's and its tile's."""
    from pydantic import BaseModel

    written: list[int] = []
    dump_json = BaseModel.model_dump_json

    def recording(self: BaseModel, *args, **kwargs) -> str:
        written.append(id(self))
        return dump_json(self, *args, **kwargs)

    model = typed(make_case(case, 0)[0])
    stamp.clear()  # every part laid out and keyed
    monkeypatch.setattr(BaseModel, "model_dump_json", recording)
    for draw in (render_png, render_image):
        written.clear()
        draw("guardians", model)
        assert written and len(written) == len(set(written))
    stamp.clear()


def test_rendering_does_not_change_the_view():
    view, _ = make_case("combat", 1)
    before = copy.deepcopy(view)
    render_png("guardians", view)
    alt_text("guardians", view)
    assert view == before


@pytest.mark.parametrize("case", ["move", "combat", "over"])
def test_fixed_palette_keeps_the_image_faithful(case):
    view, _ = make_case(case, 0)
    rgb = render_image("guardians", view)
    png = decode(render_png("guardians", view)).convert("RGB")
    assert max(ImageStat.Stat(ImageChops.difference(rgb, png)).mean) < 2.0


@pytest.mark.parametrize(("case", "viewer"), ALL)
def test_every_text_is_at_least_22_px_and_inside_the_image(case, viewer, recorder):
    sizes, texts = recorder
    view, _ = make_case(case, viewer)
    img = render_image("guardians", view)
    assert sizes and min(sizes) >= common.phone_px(img.width) == 22
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    for xy, text, fnt, anchor in texts:
        x0, _, x1, _ = probe.textbbox(xy, text, font=fnt, anchor=anchor)
        assert x0 >= 0 and x1 <= img.width - 8, (text, x0, x1)


def names_shown(view: dict) -> list[str]:
    """Every name the image of ``view`` must show whole.

    Strongholds are named by their column, and the cards under a Shield or on a Stronghold are
    counted (the owner's "?" lists them): only a Shield's cards revealed to all are drawn. During
    a combat the battlefield is drawn small, without names.
    """
    names = list(view["seat_names"])
    names += [p["guardian"]["name"] for p in view["players"]]
    if view["phase"] == "up":
        names += [p["up_card"]["name"] for p in view["players"] if p["up_card"]]
    for space in [] if view["combat"] else view["spaces"]:  # a combat: the battlefield drawn small
        if space["terrain"] and "face-down" not in space["terrain"]["name"]:  # not a placeholder
            names.append(space["terrain"]["name"])
        for shield in space["shields"]:
            names.append(shield["name"])
            if shield["revealed"]:
                names += [c["name"] for c in shield["cards"] or []]

    def walk(obj) -> None:
        if isinstance(obj, dict):
            if isinstance(obj.get("name"), str) and ("kind" in obj or "owner" in obj):
                names.append(obj["name"])
            for v in obj.values():
                walk(v)
        elif isinstance(obj, list):
            for v in obj:
                walk(v)

    walk(view["combat"])
    return names


def revealed(view: dict) -> set[str]:
    """The names of the cards under Shields that flew (revealed to all)."""
    return {
        c["name"]
        for space in view["spaces"]
        for shield in space["shields"]
        if shield["revealed"]
        for c in shield["cards"] or []
    }


@pytest.mark.parametrize(("case", "viewer"), ALL)
def test_no_name_is_cut(case, viewer, recorder):
    _, texts = recorder
    view, _ = make_case(case, viewer)
    assert all(len(n) == 32 for n in view["seat_names"])
    render_image("guardians", view)
    shown = drawn(texts)
    for name in names_shown(view):  # a crowded battlefield may count a flown Shield's cards
        counted = name in revealed(view) and ("cardrevealed" in shown or "cardsrevealed" in shown)
        assert "".join(name.split()) in shown or counted, name
    own = [] if view["combat"] else [view.get("hand"), view.get("pen")]  # combat: its own hand
    for cards in own:  # whole, or counted in "+N more in ?", or all in "?": "Pen · 2 cards (?)"
        missing = [c for c in cards or [] if "".join(c["name"].split()) not in shown]
        folded = ("morein?", "cards(?)", "card(?)")
        assert not missing or any(f in shown for f in folded), missing


@pytest.mark.parametrize(("case", "viewer"), ALL)
def test_hidden_cards_are_never_drawn_nor_described(case, viewer, recorder):
    _, texts = recorder
    view, hidden = make_case(case, viewer)
    render_image("guardians", view)
    shown = drawn(texts)
    text = alt_text("guardians", view)
    assert 0 < len(text) <= 1000
    for name in hidden:
        assert "".join(name.split()) not in shown, name
        assert name not in text, name


def test_the_spectator_sees_less_than_each_seat_and_no_private_card():
    spectator, hidden = make_case("combat", None)
    assert {"Power Lunch", "Hammer of Doom", "Swamps"} <= hidden
    assert "Sand Lord" in alt_text("guardians", spectator)  # revealed in the match-up
    assert "Your combat hand: Gn'Omish Gnomes V4" in alt_text(
        "guardians", make_case("combat", 0)[0]
    )
    for seat in (0, 1):
        assert "Your Storage hand" in alt_text("guardians", make_case("move", seat)[0])
    assert "Your" not in alt_text("guardians", spectator)


def test_identical_public_facts_draw_identical_pixels_for_spectator_and_seat():
    """A seat's image differs from the spectator's only where its view holds more."""
    seat_view, _ = make_case("settle", 0)
    spectator, _ = make_case("settle", None)
    stripped = copy.deepcopy(seat_view)
    stripped.update(viewer=None, hand=None, pen=None)
    for space in stripped["spaces"]:
        for shield in space["shields"]:
            shield["points"] = None  # the owner's only
            if not shield["revealed"]:
                shield["cards"] = None
        if space["stronghold"]:
            space["stronghold"].update(cards_on=None, cards_under=None)
        terrain = space["terrain"]
        if terrain and terrain["face_down"]:
            terrain.update(type=None, name="a face-down card")
    assert stripped == spectator
    assert render_png("guardians", stripped) == render_png("guardians", spectator)


def header_y(texts, label: str) -> float:
    return next(xy[1] for xy, text, _, _ in texts if text == label)


@pytest.mark.parametrize(("viewer", "own_at_bottom"), [(None, 0), (0, 0), (1, 1)])
def test_the_viewers_strongholds_are_at_the_bottom(viewer, own_at_bottom, recorder):
    _, texts = recorder
    view, _ = make_case("move", viewer)
    render_image("guardians", view)
    own_row, other_row = ("L0", "L3") if own_at_bottom == 0 else ("L3", "L0")
    assert header_y(texts, own_row) > header_y(texts, other_row)
    assert board.row_order(typed(view))[-1] == (0 if own_at_bottom == 0 else 3)


def test_facing_arrows_follow_turned_and_the_owners_side():
    view = typed(make_case("move", 0)[0])
    shield = next(s for space in view.spaces for s in space.shields)
    shield = shield.model_copy(update={"owner": 0, "turned": False})
    assert board.facing_arrow(view, shield) == "▼"  # faces its owner at the bottom
    turned = shield.model_copy(update={"turned": True})
    assert board.facing_arrow(view, turned) == "▲"
    flipped = typed(make_case("move", 1)[0])
    assert board.facing_arrow(flipped, shield) == "▲"  # the owner is at the top for seat 1


def test_the_spaces_a_moving_shield_may_go_to_are_framed_green_and_said():
    view, _ = make_case("move", 0)
    plain = decode(render_png("guardians", view)).convert("RGB")
    going = {**view, "reach": ["L1", "C1"]}
    framed = decode(render_png("guardians", going)).convert("RGB")
    green = [img.getcolors(1 << 20) for img in (plain, framed)]
    count = [next((n for n, c in colours if c == board.REACH), 0) for colours in green]
    assert count[1] > count[0] + 400  # two frames, 4 px wide
    assert "Your Shield may go to L1 and C1 (green frames)." in alt_text("guardians", going)


def test_rubble_face_down_terrain_and_flown_shield_are_marked(recorder):
    _, texts = recorder
    view, _ = make_case("over", None)
    render_image("guardians", view)
    shown = [t[1] for t in texts]
    assert shown.count("✖ RUBBLE") == 2
    assert "face-downterrainP1" in drawn(texts)  # one fact a line at 22 px
    assert "revealed (flew)" in shown and "•Arnath,LordoftheSkies" in drawn(texts)
    assert "Bartholomew Fitzwilliam-Smythe X wins!" in shown
    texts.clear()
    own, _ = make_case("over", 0)
    render_image("guardians", own)
    shown = [t[1] for t in texts]
    assert "face-downterrainP1·Swamps" in drawn(texts)  # the owner knows it


def test_combat_shows_both_cards_fates_and_strength(recorder):
    _, texts = recorder
    view, _ = make_case("combat", None)
    render_image("guardians", view)
    shown = [t[1] for t in texts]
    for expected in (
        "Primary match-ups",
        "Sand Lord",
        "Snogwart",
        "BEATEN",
        "BRIBED",
        "strength 5",
        "P2 cast: Babes on Archer V6",
        "Command creatures",
        "Set aside (out of play)",
        "P2 defender · 0 creatures in hand · to act",
    ):
        assert expected in shown, expected
    text = alt_text("guardians", view)
    assert "Primary match-up 1: P1 Sand Lord V11 vs P2 Snogwart V8 beaten" in text


def test_secondary_attacks_and_the_winner_are_narrated(recorder):
    _, texts = recorder
    view, _ = make_case("resolution", 1)
    render_image("guardians", view)
    shown = [t[1] for t in texts]
    assert "Secondary attacks" in shown
    assert "P1attacker·0creaturesinhand·total13" in drawn(texts)
    assert "AlexandrinaWolfeschlegelsteinhaholdsC2" in drawn(texts)


@pytest.mark.parametrize("viewer", [None, 1])
def test_a_pending_pick_is_never_shown_to_others(viewer, recorder):
    _, texts = recorder
    view, _ = make_case("command", viewer)
    render_image("guardians", view)
    assert "P1attacker·4creaturesinhand·decided" in drawn(texts)
    assert "P2defender·2creaturesinhand·stilldeciding" in drawn(texts)
    assert "Floyd" not in drawn(texts) and "Floyd" not in alt_text("guardians", view)


def test_the_viewer_sees_their_own_pick_and_combat_hand(recorder):
    _, texts = recorder
    view, _ = make_case("command", 0)
    render_image("guardians", view)
    shown = [t[1] for t in texts]
    assert "Yourpick(hiddenfromyouropponent):Floyd,theFlyingPigV2" in drawn(texts)
    assert "Your combat hand · 4 cards" in shown


def test_seat_names_and_player_numbers():
    view, _ = make_case("move", 1)
    assert view["seat_names"] == NAMES
    del view["seat_names"]
    text = alt_text("guardians", view)
    assert "Player 1 (P1)" in text and "Your view as Player 2 (P2)" in text
    decode(render_png("guardians", view))


def test_a_view_missing_or_garbling_a_field_is_refused_before_drawing():
    """The view is validated into the engine's model once: no KeyError deep in the drawing."""
    view, _ = make_case("combat", None)
    missing = copy.deepcopy(view)
    del missing["players"][0]["guardian"]
    garbled = copy.deepcopy(view)
    garbled["combat"]["table"][0]["side"] = "attacker"
    no_combat_sides = {**view, "combat": {"space": "C2"}}
    for bad in (missing, garbled, no_combat_sides):
        with pytest.raises(ValidationError):
            render_png("guardians", bad)
        with pytest.raises(ValidationError):
            alt_text("guardians", bad)
    with pytest.raises(ValidationError):
        render_png("guardians", {"game": "guardians", "lookup": {"title": "Gold"}})


def engine_views(seed: int, every: int = 3):
    """Views along a seeded random game of the real engine (once it is registered)."""
    import random

    import engines

    game = engines.get_game("guardians").new(2, seed=seed)
    rng = random.Random(seed)
    for step in range(300):
        if step % every == 0 or game.is_over:
            for viewer in VIEWERS:
                yield {**game.view(viewer), "seat_names": NAMES}
        if game.is_over:
            return
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_views_of_the_real_engine_render_legibly(recorder):
    import engines

    try:
        engines.get_game("guardians")
    except (KeyError, AttributeError):
        pytest.skip("the Guardians engine is not there yet")
    sizes, _ = recorder
    for view in engine_views(3, every=7):
        sizes.clear()
        img = render_image("guardians", view)
        assert img.width == 800 and min(sizes) >= common.phone_px(img.width)
        assert 0 < len(alt_text("guardians", view)) <= 1000


def test_stamps_match_painting_in_place_along_a_real_game(monkeypatch):
    """Along a random game (public and private views in turn, as the bot renders them)."""
    import engines

    try:
        engines.get_game("guardians")
    except (KeyError, AttributeError):
        pytest.skip("the Guardians engine is not there yet")
    for view in engine_views(11, every=5):
        cached = render_image("guardians", view)
        monkeypatch.setattr(stamp, "ENABLED", False)
        in_place = render_image("guardians", view)
        monkeypatch.setattr(stamp, "ENABLED", True)
        assert ImageChops.difference(cached, in_place).getbbox() is None


def test_every_view_is_square_or_landscape():
    """Discord fits an embed's image in a landscape box: a taller image shrinks by its height.

    Along seeded random games of the real engine (every phase, the spectator and both seats),
    and a card lookup, no image is taller than wide.
    """
    from engines.guardians.lookup import card_view

    phases = set()
    for seed in (3, 149):  # 149 ends within engine_views' 300 steps
        for view in engine_views(seed, every=2):
            phases.add((view["phase"], view["combat"] is not None))
            img = render_image("guardians", view)
            assert img.height <= img.width, (seed, view["phase"], view["viewer"], img.size)
    assert {("organize", False), ("move", False), ("settle", False), ("over", False)} <= phases
    assert any(combat for _, combat in phases)
    lookup = render_image("guardians", card_view("Wailing Specter"))
    assert lookup.height <= lookup.width


def test_a_crowded_column_draws_its_shields_compact():
    """A Shield on every space of a column, two of them on named terrain cards: drawn in full
    the battlefield would make the image taller than wide, so its Shields show their name and
    count only. A Stronghold's reserve (Death Pit of Djoser) is counted like its other cards."""
    from engines.guardians.views import GuardiansView
    from render.guardians.style import MAIN_W
    from tests.engines.guardians.scenario import movement_game, shield, take, terrain

    game = movement_game()
    shield(game, 0, "C0", ["swordsman"], turned=True, card="angelic_standard_bearer")
    shield(game, 0, "C1", ["swordsman"], turned=True)
    shield(game, 1, "C2", ["swordsman"])
    shield(game, 1, "C3", ["swordsman"], card="dem_bones_standard_bearer")
    terrain(game, 0, "C1", "smouldering_heaps")
    terrain(game, 1, "C2", "ss_house_of_babes")
    game.state.seats[1].holds[1].upgrade = take(game, 1, "death_pit_of_djoser")
    game.state.seats[1].holds[1].reserve.append(take(game, 1, "wraith"))
    game.state.seats[0].holds[1].under.append(take(game, 0, "court_mage"))
    view = {**game.view(0), "seat_names": NAMES}
    img = render_image("guardians", view)
    assert img.height <= img.width
    typed_view = GuardiansView.model_validate(view)
    full, compact = board.board(typed_view, MAIN_W), board.board(typed_view, MAIN_W, room=0)
    assert full[0] + img.height - compact[0] > img.width  # in full it would not fit
    assert "reserve1" in "".join(alt_text("guardians", view).split())


def test_the_status_does_not_repeat_the_turn_and_phase_the_title_says(recorder):
    _, texts = recorder
    view, _ = make_case("move", 0)
    view["status"] = "Turn 3, movement: Player 1 turns a Shield."
    render_image("guardians", view)
    shown = [t[1] for t in texts]
    assert "Guardians · turn 3 · Movement" in shown
    assert "Alexandrina Wolfeschlegelsteinha turns a Shield." in shown
    assert not any(s.startswith("Turn 3,") for s in shown)


def test_an_empty_land_says_so_on_its_header_line(recorder):
    """One line less: "no terrain" beside the space id (a Stronghold's defence, where it fits)."""
    _, texts = recorder
    view, _ = make_case("move", None)
    render_image("guardians", view)
    at = {t[1]: t[0] for t in texts}
    assert abs(at["no terrain"][1] - at["R2"][1]) <= 4 and at["no terrain"][0] > at["R2"][0]


def test_a_players_own_cards_get_room_before_the_battlefields_details(recorder):
    """Where the battlefield in full would fold every card of the player's own into "?", it is
    drawn compact (Shields as name and count) and some of the Storage hand shows."""
    import itertools

    from render.guardians.style import FULL

    _, texts = recorder
    view = next(itertools.islice(engine_views(3, every=2), 118, None))
    assert view["viewer"] == 0 and view["hand"] and view["combat"] is None
    typed_view = typed(view)
    assert board.board(typed_view, FULL)[0] > board.board(typed_view, FULL, room=0)[0]
    img = render_image("guardians", view)
    shown = drawn(texts)
    assert any("".join(c["name"].split()) in shown for c in view["hand"]), shown
    assert img.height <= img.width


def played(seed: int, moves: int) -> Game:
    """The real engine after ``moves`` random moves of a seeded game (as ``engine_views``)."""
    import random

    import engines

    game = engines.get_game("guardians").new(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


@pytest.mark.parametrize(
    ("seed", "moves", "viewer"),
    [
        (13, 348, 1),  # a flown Shield's three cards on a crowded battlefield: counted
        (17, 363, 0),  # six match-ups and a combat hand: without the small battlefield
        (22, 630, 0),  # two Shields on a Stronghold
        (48, 618, 0),  # every space of a column taken, two Shields on one: without upgrades
        (62, 438, 0),  # and a face-down card on it: the title and status run on
    ],
)
def test_crowded_positions_of_random_games_stay_square(seed, moves, viewer, recorder):
    sizes, _ = recorder
    view = {**played(seed, moves).view(viewer), "seat_names": NAMES}
    img = render_image("guardians", view)
    assert img.height <= img.width and min(sizes) >= common.phone_px(img.width)


def test_a_busy_combat_still_fits_with_every_match_up(recorder):
    """Four primary match-ups, a secondary attack and seven casts (a random game, seed 5, at
    its 457th move): each fighter is drawn on a line, dispelled casts and the lists of other
    fighters are left to the alt text, and the image stays square with every fighter in it."""
    sizes, texts = recorder
    view = {**played(5, 457).view(0), "seat_names": NAMES}
    fighters = [f for f in view["combat"]["table"] if f["role"] in ("primary", "secondary")]
    assert len(fighters) == 9 and len(view["combat"]["casts"]) == 7
    img = render_image("guardians", view)
    assert img.height <= img.width and min(sizes) >= common.phone_px(img.width)
    shown = drawn(texts)
    for f in fighters:
        assert "".join(f["name"].split()) in shown, f["name"]
    assert "Dread Howl (dispelled)" in alt_text("guardians", view)


WARNED = "If your Shields fall, they get all six lands: reinforce them"
"""A long warning headline (``Alert.short``), as the bot adds it to a player's picture."""


@pytest.mark.parametrize("case", ["move", "combat"])
def test_a_warning_is_drawn_under_the_header_in_phone_text_and_described(case, recorder):
    sizes, texts = recorder
    view, _ = make_case(case, 0)
    plain = render_image("guardians", view)
    sizes.clear()
    texts.clear()
    img = render_image("guardians", {**view, "warnings": [WARNED]})
    (line,) = [t for t in texts if "six lands" in t[1]]
    assert line[1] == f"⚠ {WARNED}" and line[2].size >= common.phone_px(img.width)
    assert line[0][1] < 200, "under the header, above the table"
    assert img.height <= img.width and img.size != plain.size
    assert f"Warning: {WARNED}." in alt_text("guardians", {**view, "warnings": [WARNED]})
    assert "Warning" not in alt_text("guardians", view)


def test_a_finished_game_draws_no_warning(recorder):
    _, texts = recorder
    view, _ = make_case("over", 0)
    render_image("guardians", {**view, "warnings": [WARNED]})
    assert not any("six lands" in t[1] for t in texts)


def test_a_terrain_card_held_by_the_other_player_says_whose_card_it_is(recorder):
    """ "Rivers and Lakes · P2" beside "held by P1" read as a contradiction: the card says
    "P2's card" (its owner gets its bonus), the header's pill who holds the land."""
    _, texts = recorder
    view, _ = make_case("move", None)
    space = next(s for s in view["spaces"] if s["terrain"] and not s["terrain"]["face_down"])
    space["terrain"]["owner"], space["controller"] = 1, 0
    render_image("guardians", view)
    shown = [t[1] for t in texts]
    assert "P2's card" in shown and "held by P1" in shown


def test_the_end_says_who_won_once():
    view, _ = make_case("over", 0)
    summary = "Player 2 wins: five of Player 1's Shields are destroyed."
    view.update(status=summary, recent=["Player 1's Shield on C2 is destroyed.", summary])
    view["result"]["summary"] = summary
    text = alt_text("guardians", view)
    winner = NAMES[1]
    assert text.count(f"{winner} wins") == 1, text
    assert "five of Alexandrina Wolfeschlegelsteinha's Shields are destroyed" in text
