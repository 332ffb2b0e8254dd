"""Rule fidelity and the player's choices (issues 15 and 8): each test quotes the rule text
that the previous engine broke."""

from __future__ import annotations

import json
import random

import pytest

from engines import IllegalAction
from engines.galdors_grip import GAME
from engines.galdors_grip.actions import Move
from engines.galdors_grip.cards import CARDS, DATA_DIR

from .helpers import act, deal, fill, get, ids, labels, moves

LOOP = ["+binding_stones_3", "+lantern_of_recall", "+twin_candles"]
"""Three face-up cards of value 3: moving 3 with the top card left first restores the deck."""


def _loop_once(game) -> list[str]:
    act(game, "Move 3 (top card's value)")
    return act(game, "Place top card 1st in the moved stack")


# ---- 1. no turn limit; a repeated deck offers a way out, never forced ---------------------


def test_no_turn_limit_ends_a_winnable_game():
    """END OF GAME lists every way the game ends; a number of turns is not one of them."""
    game = deal(fill("binding_stones_1"), turn=101)
    assert not game.is_over and game.view(0)["pending"]["kind"] == "explore"
    with pytest.raises(Exception, match="turn_limit"):
        GAME.new(1, seed=1, options={"turn_limit": 100})


def test_a_repeated_deck_keeps_offering_to_end_the_game_and_never_forces_it():
    """END OF GAME, LOSE lists three ways to lose (no moving option, a Figment met a third
    time, the rotated Galdor's Grip short of ⭐); a deck met again is not one of them, so the
    third same deck leaves the player every move and the choice to stop."""
    game = deal(LOOP)
    _loop_once(game)  # turn 6: each card's first meeting on top is now recorded
    assert "End the game: no progress" not in labels(game)
    _loop_once(game)  # turn 7: the deck is exactly as at the start of turn 6
    assert labels(game)[-1] == "End the game: no progress"
    assert game.view(0)["repeats"] == [6]
    assert "same deck as turn 6" in game.view(0)["status"]
    _loop_once(game)  # turn 8: the same deck a third time
    assert not game.is_over
    assert labels(game)[0].startswith("Move 3 (top card's value)")
    assert labels(game)[-1] == "End the game: no progress"
    assert game.view(0)["repeats"] == [6, 7]
    _loop_once(game)  # turn 9: and a fourth
    assert not game.is_over and labels(game)[-1] == "End the game: no progress"


def test_a_playout_ends_a_loop_the_third_time():
    """The rules let a player loop for ever; the computer's playouts must end, so they stop."""
    game = deal(LOOP)
    for _ in range(2):
        _loop_once(game)
    assert game.rollout_action(0, random.Random(1)).label() != "End the game: no progress"
    _loop_once(game)
    assert game.rollout_action(0, random.Random(1)).label() == "End the game: no progress"


def test_ending_a_loop_by_choice_is_a_loss_and_asks_first():
    game = deal(LOOP)
    _loop_once(game)
    _loop_once(game)
    stop = game.legal_actions(0)[-1]
    assert game.confirm_text(0, stop)
    act(game, "End the game: no progress")
    assert game.is_over and game.result.winners == []
    assert "no progress since turn 6" in game.result.summary


# ---- 2. rotating the top card while placing it -------------------------------------------


def test_the_top_card_may_be_rotated_after_the_value_is_chosen():
    """Rule: "You may rotate a card with a Rotate symbol whenever it's the top card of the deck at
    any time during a turn"."""
    game = deal(fill("sunlit_memory", "+binding_stones_4"))
    act(game, "Move 4 (next card's value)")
    assert labels(game)[0] == "Rotate Sunlit Memory"
    act(game, "Rotate Sunlit Memory")
    assert game.view(0)["pending"]["kind"] == "place"
    act(game, "Place top card 4th in the moved stack")
    assert get(game, "sunlit_memory").inverted and ids(game)[-1] == "sunlit_memory"


def test_rotations_while_placing_share_the_turns_two_rotations():
    game = deal(fill("sunlit_memory", "+binding_stones_4"))
    act(game, "Rotate Sunlit Memory")
    act(game, "Move 4 (next card's value)")
    act(game, "Rotate Sunlit Memory")
    assert not any(label.startswith("Rotate") for label in labels(game))


# ---- 3. the player's setup choices -------------------------------------------------------


def test_method_a_the_player_chooses_the_swaps():
    """Rule: "a. Manually swap out any non-essential cards for an equal number of specific
    expansion set cards"."""
    game = GAME.new(1, seed=3, options={"method": "a"})
    assert game.view(0)["pending"]["kind"] == "build"
    assert labels(game)[0] == "Use the suggested build (the Core Set)"
    act(game, "Swap out Warden's Oath")
    assert all(label.startswith(("Use", "Swap in")) for label in labels(game))
    act(game, "Swap in Waystone")
    assert game.view(0)["building"]["chosen"] == ["Waystone"]
    act(game, "Swap out Ember Reverie")
    act(game, "Swap in Twin Candles")
    act(game, "Deal the deck (2 swaps)")
    deck = set(ids(game))
    assert {"waystone", "twin_candles"} <= deck and not {"wardens_oath", "ember_reverie"} & deck
    assert len(deck) == 18


def test_method_b_the_player_chooses_the_three_expansion_cards():
    """Rule: "b. ... combine them with three specific expansion set cards"."""
    game = GAME.new(1, seed=3, options={"method": "b"})
    assert labels(game)[0] == "Use the suggested build (3 random expansion cards)"
    for name in ("Waystone", "Twin Candles", "Seer's Vigil"):
        act(game, f"Add {name}")
    assert {"waystone", "twin_candles", "seers_vigil"} <= set(ids(game))
    assert len(ids(game)) == 18


def test_method_c_the_player_chooses_whether_to_look():
    """Rule: "c. ... draw six cards (with or without looking at them)"."""
    looked = GAME.new(1, seed=4, options={"method": "c"})
    assert labels(looked) == [
        "Use the suggested build (look at the 6 cards)",
        "Draw the 6 cards without looking",
    ]
    blind = GAME.new(1, seed=4, options={"method": "c"})
    act(looked, "Use the suggested build")
    act(blind, "Draw the 6 cards without looking")
    assert sorted(ids(looked)) == sorted(ids(blind))
    assert looked.view(0)["unknown_cards"] == 0 and blind.view(0)["unknown_cards"] > 0


def test_options_still_make_the_choices_in_advance():
    options = {"method": "a", "swap_out": ["wardens_oath"], "swap_in": ["waystone"]}
    assert "waystone" in ids(GAME.new(1, seed=1, options=options))
    game = GAME.new(1, seed=1, options={"threshold": 7, "method": "b", "allstar": False})
    assert game.view(0)["pending"]["kind"] == "build"


# ---- 4. Allstar counts the chosen face ----------------------------------------------------


def test_allstar_counts_the_face_chosen_for_a_forked_path_card():
    """Forked Path: "During setup, choose which side will start face up"; Allstar is
    "gaining all available ⭐" (Shadowed Road shows none)."""
    deck = ["+galdors_grip!", "+sunlit_memory!", "+lantern_of_recall", "+wanderers_fork:1"]
    game = deal(deck, allstar=True)
    assert game.result.winners == [0] and game.result.scores == {0: 2}
    assert "Allstar!" in game.result.summary


def test_allstar_never_appears_on_a_loss():
    game = deal(["+figment_a!", "+sunlit_memory!"])
    assert game.result.winners == [] and game.result.scores == {0: 2}
    assert "Allstar" not in game.result.summary


# ---- 5. rotation counts as a moving option -----------------------------------------------


def test_a_top_card_that_can_rotate_to_a_value_is_not_a_loss(monkeypatch):
    """Rule: "If you don't have any available moving options" — but "If the top card has a Rotate
    symbol, it can be rotated so its other value becomes the active one"."""
    sunlit = CARDS["sunlit_memory"]
    face = sunlit.faces[0]
    blank = face.model_copy(update={"upright": face.upright.model_copy(update={"value": None})})
    monkeypatch.setitem(CARDS, "sunlit_memory", sunlit.model_copy(update={"faces": (blank,)}))
    game = deal(fill("sunlit_memory", "binding_stones_2"))
    assert not game.is_over
    assert labels(game) == ["Rotate Sunlit Memory"]
    act(game, "Rotate Sunlit Memory")
    assert moves(game) == ["Move 6 (top card's value)"]
    assert not any(label.startswith("Rotate") for label in labels(game))  # back is a dead end


# ---- 6. every move says where it leads ---------------------------------------------------


def test_each_move_names_the_card_it_brings_to_the_top_and_its_fate():
    game = deal(fill("binding_stones_2", "+figment_a", "+figment_b!"))
    assert labels(game) == [
        "Move 1 (next card's value) → Figment of Feragot (1/6)",
        "Move 2 (top card's value) → Figment of Feragot (2/5): you lose",
    ]
    one, two = game.legal_actions(0)
    assert one.detail() == "Moves 1 card; Figment of Feragot (1/6) comes to the top and rotates."
    assert two.detail() == "Moves 2 cards; Figment of Feragot (2/5) comes to the top: you lose."
    assert game.confirm_text(0, two) and game.confirm_text(0, one) is None
    act(game, "Move 2 (top card's value)")
    act(game, "Place top card 1st in the moved stack")
    assert game.is_over and game.result.winners == []


def test_a_stale_move_with_the_wrong_destination_is_refused():
    game = deal(fill("binding_stones_2", "+figment_a", "+figment_b!"))
    forged = Move(count=2, source="top", lands="figment_b", fate="safe")
    with pytest.raises(IllegalAction):
        game.apply(0, forged)


def test_forecasts_match_what_happens_in_random_play():
    for seed in range(12):
        game = GAME.new(1, seed=seed, options={"method": "a", "swap_out": [], "swap_in": []})
        rng = random.Random(seed)
        while not game.is_over:
            action = rng.choice(game.legal_actions(0))
            if isinstance(action, Move):
                lands = game.state.deck[action.count % 18]
                assert action.lands == (lands.id if lands.face_up or lands.peeked else None)
            turn = game.state.turn
            game.apply(0, action)
            if isinstance(action, Move):
                while not game.is_over and game.state.turn == turn:
                    game.apply(0, game.legal_actions(0)[-1])
                if action.fate == "lose":
                    assert game.is_over and game.result.winners == []
                if action.fate in ("safe", "rotate", "peek") and game.is_over:
                    assert "no progress" in game.result.summary


# ---- 7, 8. undo, phase help ------------------------------------------------------------


def test_undo_is_offered_and_replaying_the_actions_is_exact():
    assert GAME.allows_undo
    rng = random.Random(5)
    game, codes = GAME.new(1, seed=77_000_001), []
    for _ in range(30):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions(0))
        codes.append(GAME.encode(action))
        game.apply(0, action)
    replay = GAME.new(1, seed=77_000_001)
    for code in codes[:-1]:
        replay.apply(0, GAME.decode(code))
    replay.apply(0, GAME.decode(codes[-1]))
    assert replay.to_json() == game.to_json()


def test_phase_help_comes_from_the_data_file_for_every_decision():
    import tomllib

    texts = tomllib.loads((DATA_DIR / "text" / "phase_help.toml").read_text("utf-8"))
    seen = set()
    for seed in range(8):
        game = GAME.new(1, seed=seed, options={"method": "abc"[seed % 3]})
        rng = random.Random(seed)
        while True:
            text = game.phase_help(0)
            kind = game.view(0)["pending"]["kind"]
            decision, *key = text.split("\n\n")
            assert decision in texts.values()
            assert key == ([] if kind == "build" else [texts["board"]])  # the image's marks
            seen.add(kind)
            if game.is_over:
                break
            game.apply(0, rng.choice(game.legal_actions(0)))
    assert {"build", "explore", "place", "over"} <= seen


def test_a_saved_game_from_before_upgrades():
    game = deal(fill("binding_stones_2"))
    old = json.loads(game.to_json())
    old["schema_version"] = 1
    old["options"]["turn_limit"] = 100
    old["max_stars"] = 15
    restored = GAME.from_json(json.dumps(old))
    assert restored.view(0) == game.view(0)
