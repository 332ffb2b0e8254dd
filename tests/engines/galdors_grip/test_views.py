"""Views: face-down cards stay hidden (also from the player) unless peeked at; the view holds
what a renderer needs; button labels fit."""

from __future__ import annotations

import copy
import json
import random

import engines.galdors_grip.game as module
from engines.galdors_grip import GAME
from engines.galdors_grip.views import build_view

from .helpers import deal, fill

HIDDEN_FIELDS = ("id", "name", "set", "face", "orientation", "active", "other")


def _random_states(seed: int, steps: int = 400, **options):
    game = GAME.new(1, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        yield game
        if game.is_over:
            return
        game.apply(0, rng.choice(game.legal_actions(0)))


def _shuffle_hidden(game, rng: random.Random):
    twin = GAME.from_json(game.to_json())
    deck = twin.state.deck
    hidden = [i for i, cs in enumerate(deck) if not (cs.face_up or cs.peeked)]
    cards = [deck[i] for i in hidden]
    rng.shuffle(cards)
    for i, cs in zip(hidden, cards, strict=True):
        deck[i] = cs
    return twin


def test_face_down_cards_show_only_their_position():
    for seed in range(6):
        for game in _random_states(seed):
            if game.state.build is not None:  # not dealt yet: the view shows 18 backs
                assert not any(card["face_up"] or card["id"] for card in game.view(0)["deck"])
                continue
            for cs, card in zip(game.state.deck, game.view(0)["deck"], strict=True):
                if not (cs.face_up or cs.peeked):
                    assert all(card[f] is None for f in HIDDEN_FIELDS)
                    assert card["attributes"] == [] and card["faces"] == []


def test_the_view_does_not_depend_on_the_order_of_hidden_cards():
    rng = random.Random(0)
    for seed in range(6):
        for game in _random_states(seed, method=rng.choice("abc"), look=rng.random() < 0.5):
            twin = _shuffle_hidden(game, rng)
            assert json.dumps(twin.view(0)) == json.dumps(game.view(0))


def test_spectators_see_what_the_player_sees():
    for game in _random_states(3, steps=50):
        assert game.view(None) == game.view(0)


def test_button_labels_fit_discord():
    for seed in range(6):
        for game in _random_states(seed):
            assert all(len(a.label()) <= 80 for a in game.legal_actions(0))


def test_the_view_carries_the_whole_deck_and_the_decision():
    game = deal(fill("binding_stones_3", "+figment_b!"), threshold=7)
    view = game.view(0)
    assert [c["position"] for c in view["deck"]] == list(range(1, 19))
    assert [c["role"] for c in view["deck"][:3]] == ["top", "next", "deck"]
    top, nxt = view["deck"][0], view["deck"][1]
    assert top["name"] == "Binding Stones" and top["active"]["value"] == "3"
    assert top["attributes"] == ["Puzzle Piece", "Illusory Prison", "Star"]
    assert top["active"]["abilities"][0]["trigger"] == "End of Game"
    assert nxt["orientation"] == "upside-down" and nxt["active"]["stars"] == 1
    assert nxt["active"]["value"] == "5" and nxt["other"]["value"] == "2"
    assert view["face_down"] == 16 and view["threshold"] == 7 and view["target"] == 7
    assert view["stars"] == 1 and view["star_lines"] == ["Figment of Feragot: ⭐1"]
    assert view["pending"]["kind"] == "explore"
    assert view["status"] == (
        "Turn 5 · 1 ⭐ of the 7 needed to win · top: Binding Stones · 16 face-down"
    )
    assert len(view["deck_list"]) == 18 and view["max_stars"] == 15


def test_a_forked_path_card_shows_both_faces():
    card = deal(fill("+wanderers_fork:1", "+binding_stones_1")).view(0)["deck"][0]
    assert card["name"] == "Wanderer's Fork (Shadowed Road)" and card["face"] == 1
    assert [f["title"] for f in card["faces"]] == ["Starlit Road", "Shadowed Road"]
    assert card["attributes"] == ["Forked Path", "Star"]


def test_a_finished_game_says_so():
    view = deal(
        ["+galdors_grip!", "+binding_stones_1", "+frenzied_flame", "+binding_stones_3"]
    ).view(0)
    assert view["pending"]["kind"] == "over" and view["outcome"] == "lost"
    assert view["status"] == "Lost on turn 5: 2 ⭐ of the 9 needed: not enough."


def test_the_stars_are_counted_in_words_against_the_target():
    game = GAME.new(1, seed=2)
    assert game.view(0)["status"] == "Setup · 9 ⭐ needed to win"
    assert game.view(0)["goal"].startswith("Trap Feragot: have at least 9 ⭐ (stars on face-up")
    allstar = GAME.new(1, seed=2, options={"allstar": True})
    assert "at least every ⭐ the deck can give" in allstar.goal()
    lost = deal(["+galdors_grip!", "+binding_stones_1", "+frenzied_flame", "+binding_stones_3"])
    assert lost.result is not None
    assert lost.result.summary.startswith("Lost: 2 ⭐ of the 9 needed: not enough.")
    assert "/" not in lost.result.summary  # no bare "2/14 ⭐"


def test_a_position_s_view_is_built_once_and_shown_fresh_after_a_move(monkeypatch):
    # The player's view and the channel's are the same: a click builds it once. A move, even
    # in place (a search's ``apply_unchecked``), shows at the next ask.
    built = []
    real = module.view_model
    monkeypatch.setattr(module, "view_model", lambda s: built.append(1) or real(s))
    game = GAME.new(1, seed=3)
    assert game.view(0) == game.view(None) == build_view(game.state)
    assert len(built) == 1
    rng = random.Random(3)
    for _ in range(30):
        if game.is_over:
            break
        game.apply_unchecked(0, rng.choice(game.legal_actions(0)))
        assert game.view(None) == build_view(game.state)


def test_views_share_no_part_a_caller_could_change():
    # Printed sides and faces are built once for every view: each view must still be its
    # own data, so a caller changing one view changes no other.
    for game in _random_states(5, steps=60):
        view = game.view(0)
        for card in view["deck"]:
            if card["active"] is not None:
                card["active"]["abilities"].append({"trigger": "x", "text": "y"})
                card["faces"].clear()
        again = game.view(0)
        fresh = json.loads(json.dumps(GAME.from_json(game.to_json()).view(0)))
        assert again == fresh


def test_a_copy_of_the_state_is_equal_and_shares_nothing():
    # Every move's backup is a deep copy: equal, and a change to it leaves the original be.
    for game in _random_states(2, steps=40):
        state = game.state
        twin = copy.deepcopy(state)
        assert twin == state and twin.model_dump_json() == state.model_dump_json()
        twin.seen["x"] = [1]
        twin.repeats.append(99)
        assert "x" not in state.seen and 99 not in state.repeats
        if state.deck:
            twin.deck[0].face_up = not twin.deck[0].face_up
            assert twin.deck[0].face_up != state.deck[0].face_up
