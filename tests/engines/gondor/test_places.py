"""Gondor in plain words: the goal, the buttons and the "?" name places and explain terms, and
the deciding seat's close-up is centred on its decision."""

import random
import re

from engines.gondor.actions import Move, Select
from engines.gondor.game import Gondor
from engines.gondor.places import place
from engines.gondor.views import FORCES_LABEL, GOAL, game_map

from .helpers import bare_hex_ids
from .play import advance_to, deployed
from .scene import counter, load, play, scene


def test_the_goal_names_places_marked_on_the_map_not_hex_ids():
    assert not re.search(r"\d{4}", GOAL)
    assert '"East road"' in GOAL and "Main Gate" in GOAL and "demoralized" in GOAL
    labels = game_map().labels  # drawn by the ringed hexes (render/gondor/map.py place_names)
    assert labels["1918"] == labels["2124"] == "East road" and labels["1917"] == "Main Gate"


def test_a_hex_is_named_by_its_place_road_city_level_or_nearest_landmark():
    assert place("1918") == "East road" and place("1903") == "Citadel"
    assert place("2019") == "the East road to Osgiliath"
    assert place("1817") == "the South road along the Outer Wall"
    assert place("1515") == "city level 1"
    assert place("2118") == "Pelennor fields near the Main Gate"
    assert place("0412") == "Pelennor fields"


def test_every_move_button_names_the_place_it_goes_to():
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    game.apply(0, next(a for a in game.legal_actions(0) if isinstance(a, Select) and a.hex))
    moves = [a for a in game.legal_actions(0) if isinstance(a, Move)]
    assert moves
    for m in moves:
        assert m.label().startswith(f"Move to {m.hex}, {place(m.hex)} ("), m.label()


def test_the_help_explains_the_goal_the_footer_and_the_spells_where_they_matter():
    game = deployed()  # the first magic phase: Gandalf acts
    words = game.phase_help(1).split("Words used here:")[1]
    for term in ("demoralized", FORCES_LABEL, "East road", "FearSpell", "Freeze Leader"):
        assert f"\n• {term}: " in words, term
    moving = scene({}, phase="westernesse-movement").phase_help(1)
    assert "\n• FearSpell: " not in moving  # no spell is cast there
    assert f"\n• {FORCES_LABEL}: " in moving  # the footer is under every board


def test_every_help_answer_ends_with_the_key_to_the_pictures_signs():
    """The close-ups' unit codes and the turned map's directions, for every asker."""
    for game in (Gondor.new(2, 1), deployed()):
        for seat in (0, 1, None):
            key = game.phase_help(seat).splitlines()[-1]
            assert key.startswith("On the pictures: the map is turned, west (the mountain) up")
            assert "Ee-3-X: melee class A (best) to E, e if it shoots" in key


def test_the_movers_close_up_is_centred_on_the_selected_group_and_nobody_elses():
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    select = next(a for a in game.legal_actions(0) if isinstance(a, Select) and a.hex)
    assert "focus" not in game.view(0)
    game.apply(0, select)
    assert game.view(0)["focus"] == [select.hex]
    assert "focus" not in game.view(1) and "focus" not in game.view(None)


def test_a_retreat_is_centred_on_the_retreating_unit_and_names_where_it_goes(monkeypatch):
    game: Gondor = scene({"trolls-1": "2620", "gondor-spearmen-1": "2621"})
    load(monkeypatch, 1, 1, 6, 6, 3, 3)  # trolls hit, spearmen miss; morale roll: R1
    play(game, "melee")
    assert game.state.pending is not None and game.state.pending.kind == "retreat"
    assert counter(game, "gondor-spearmen-1").hex == "2621"
    assert game.view(1)["focus"] == ["2621"]  # Westernesse decides where it retreats
    prompt = game.view(1)["pending"]
    assert "away from 2620, " in prompt and not bare_hex_ids(prompt), prompt
    retreats = [a for a in game.legal_actions(1) if a.kind == "retreat"]
    assert retreats and all(a.label().endswith(f" to {a.hex}, {place(a.hex)}") for a in retreats)
    assert "focus" not in game.view(0) and "focus" not in game.view(None)


JARGON = ("CPT", "APR", "MA", "MP", "ZOC", "Morale", "missile line", "2d6", "Severed Head")
"""Terms a move's label or detail may use only if the "?" answer explains them."""


def test_every_text_a_player_reads_names_the_places_of_hex_ids_and_explains_its_terms():
    """Over a random game: every label, detail and coach's reason of every offered move, the
    warnings, the "?" help of each decision and the log; the "?" explains the moves' terms."""
    rng = random.Random(5)
    game = Gondor.new(2, seed=5)
    kinds: set[str] = set()
    for _ in range(700):
        if game.is_over:
            break
        seat = game.to_act()[0]
        actions = game.legal_actions(seat)
        for a in actions:
            texts = [a.label(), a.detail() or "", game.suggestion_reason(seat, a) or ""]
            for text in texts:
                assert not bare_hex_ids(text), (a.kind, text)
            kinds.add(a.kind)
        help_text, _, words = game.phase_help(seat).partition("Words used here:")
        prompt = game.view(seat)["pending"] or ""
        warned = [w.text for w in game.warnings(seat)]
        for text in [*warned, help_text, prompt]:  # the glossary defines "hex"
            assert not bare_hex_ids(text), text
        shown = " ".join(f"{a.label()} {a.detail() or ''}" for a in actions)
        for term in JARGON:
            assert term not in shown or f"\n• {term}: " in words, (term, shown[:200])
        for event in game.apply(seat, rng.choice(actions)):  # the log, public or private
            assert not bare_hex_ids(event.text), event.text
    assert {"select", "move", "march", "hurl", "take_back", "place"} <= kinds, kinds
