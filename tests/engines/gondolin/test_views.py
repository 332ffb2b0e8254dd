"""Views: what the player and the channel may see, and what a renderer needs."""

import copy
import json

import engines.gondolin.game as module
from engines.gondolin.actions import ACTION_TYPES
from engines.gondolin.game import Gondolin
from engines.gondolin.views import build_view
from tests.engines.gondolin.helpers import game_at


def test_the_hand_is_face_up_to_the_table_in_both_views():
    # A solo game whose board buttons name the cards in hand: the channel sees the hand too
    # (docs/rules/gondolin.md, Views). The deck stays a count.
    game = game_at(turn=4, hand=["tarnil", "iron_guard"], deck=["elvaren"])
    mine, public = game.view(0), game.view(None)
    assert [c["id"] for c in mine["hand"]] == ["tarnil", "iron_guard"]
    assert [c["id"] for c in public["hand"]] == ["tarnil", "iron_guard"]
    assert public["hand_count"] == 2
    assert mine["audience"] == "player" and public["audience"] == "spectator"
    assert {k: v for k, v in mine.items() if k != "audience"} == {
        k: v for k, v in public.items() if k != "audience"
    }
    assert "elvaren" not in json.dumps(public).lower()


def test_the_deck_is_only_a_count_in_every_view():
    game = game_at(turn=4, deck=["elvaren", "asgar", "cold_drake"])
    for seat in (0, None):
        view = game.view(seat)
        assert view["deck_count"] == 3
        text = json.dumps(view)
        for secret in ("elvaren", "Elvaren", "asgar", "Asgar", "cold_drake", "Cold-drake"):
            assert secret not in text


def test_the_view_carries_story_track_stats_table_siege_piles_pending_and_status():
    game = game_at(
        "fenriver",
        phase="defence",
        turn=10,
        r=7,
        s=9,
        p=3,
        defenders=["wall_archers"],
        improvements=["armoury"],
        continuous=["dark_omens"],
        enemies=[("hill_troll", 9, 11)],
    )
    game.state.played = ["good_harvest"]
    view = game.view(None)
    story = view["story"]
    assert story["name"] == "Shadows on the Fenriver" and story["current_turn"] == 10
    assert [t["status"] for t in story["track"]][8:11] == ["passed", "current", "coming"]
    assert story["track"][3]["events"][0]["name"] == "Refugees from the South"
    assert view["stats"] == {
        "r": 7,
        "s": 9,
        "m": 1 + 1 + 1,
        "p": 3,
        "td": 2,
        "ta": 6,
        "income": 4 - 3,
        "anti_flying": True,
    }
    assert view["defenders"][0]["current_d"] == 2 and view["defenders"][0]["anti_flying"]
    assert view["improvements"][0]["use"] == "R2: TD +3 this turn"
    assert view["continuous"][0]["name"] == "Dark Omens"
    (troll,) = view["siege"]["enemies"]
    assert (troll["current_a"], troll["attack_turn"], troll["turns_left"]) == (6, 11, 1)
    assert view["siege"]["attack_turn"] == 11 and view["siege"]["under_siege"]
    assert view["played_count"] == 1 and view["played"] == ["Good Harvest"]
    assert view["pending"]["phase"] == "defence"
    assert view["status"].startswith("Turn 10 of 16, Defence phase")
    assert view["location"]["s"] == 8


def test_a_finished_game_shows_its_result_and_no_pending_decision():
    game = game_at(phase="defence", turn=5, enemies=[("orc_warband", 5, 8)])
    game.apply(0, game.legal_actions(0)[-1])
    view = game.view(None)
    assert view["pending"] is None
    assert view["result"]["outcome"] == "destroyed"
    assert view["status"] == game.state.end_text


def test_every_label_fits_a_button():
    for seed in range(8):
        game = Gondolin.new(1, seed=seed, options={"story": "seventh_gate"})
        steps = 0
        while not game.is_over and steps < 400:
            for action in game.legal_actions(0):
                assert 0 < len(action.label()) <= 80
                assert type(action) in ACTION_TYPES
            game.apply(0, game.legal_actions(0)[(seed + steps) % len(game.legal_actions(0))])
            steps += 1


def test_a_position_s_two_views_are_built_once(monkeypatch):
    # A click shows the player's view and the channel's: they differ only in their audience,
    # so the position's view is built once, not twice.
    built = []
    real = module.view_model
    monkeypatch.setattr(module, "view_model", lambda s: built.append(1) or real(s))
    game = game_at(turn=4, hand=["tarnil"])
    mine, public = game.view(0), game.view(None)
    assert len(built) == 1
    assert mine["audience"] == "player" and public["audience"] == "spectator"
    assert mine == build_view(game.state, 0) and public == build_view(game.state, None)
    mine["hand"].clear()
    mine["stats"]["r"] = -1
    assert game.view(0) == build_view(game.state, 0), "no caller changes another's view"


def test_a_view_asked_again_after_a_move_or_an_edit_shows_the_game_as_it_is_then():
    # The kept view is the position's: a move in place (a search's ``apply_unchecked``) or an
    # edit of the state (a scenario's set-up) is shown at the next ask, never the old view.
    game = game_at(turn=4, r=9, hand=["tarnil", "iron_guard"])
    before = game.view(0)
    game.apply_unchecked(0, game.legal_actions(0)[0])
    assert game.view(0) == build_view(game.state, 0) != before
    game.state.r += 3
    assert game.view(None) == build_view(game.state, None)
    assert game.view(None)["stats"]["r"] == game.state.r


def test_a_copy_of_the_state_is_equal_and_shares_nothing():
    # Every move's backup is a deep copy: equal, and a change to it leaves the original be.
    game = game_at(turn=4, r=9, hand=["tarnil", "iron_guard"], deck=["elvaren"])
    state = game.state
    twin = copy.deepcopy(state)
    assert twin == state and twin is not state
    twin.hand.append("asgar")
    twin.deck.clear()
    assert state.hand == ["tarnil", "iron_guard"] and state.deck == ["elvaren"]


def test_the_moves_asked_again_after_an_edit_are_the_game_s_as_it_is_then():
    # The hand's options are kept for the position: more R makes the card playable at once.
    game = game_at(turn=4, r=0, hand=["iron_guard"])
    assert not any(a.kind == "play" for a in game.legal_actions(0))
    assert [u.reason for u in game.unavailable_actions(0)] == ["Iron Guard: needs R5, you have R0"]
    game.state.r = 9
    assert any(a.kind == "play" for a in game.legal_actions(0))
    assert game.unavailable_actions(0) == []
