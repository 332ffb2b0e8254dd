"""Choices the rule text leaves to the player: the Location, and ties between targets."""

import random

import pytest

from engines import EngineError
from engines.gondolin.actions import ChooseLocation, ChooseTarget, PickCard
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.decks import ready_decks, validate_deck
from engines.gondolin.game import Gondolin
from tests.engines.gondolin.helpers import end_turn, game_at, play

TWO_LOCATIONS = [*ready_decks("hidden_vale")[0].card_list(), "reedmarsh"]


def test_a_story_may_allow_more_than_one_location_and_the_deck_rules_come_from_it():
    # 3A: "Typically, stories will only allow one Location type card in total in the deck."
    assert CATALOGUE.stories["hidden_vale"].deck.max_locations == 2
    assert validate_deck(TWO_LOCATIONS, "hidden_vale") == []
    fen = [*ready_decks("fenriver")[0].card_list(), "seven_springs"]
    assert validate_deck(fen, "fenriver") == [
        "Shadows on the Fenriver needs exactly 1 Location in a deck; this one has 2."
    ]
    # "Only 1 copy of the same location card in a deck."
    problems = validate_deck([*TWO_LOCATIONS[:-1], "seven_springs"], "hidden_vale")
    assert any("Hollow of Seven Springs: 2 copies" in p for p in problems)


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_with_several_locations_the_player_chooses_where_to_found_the_settlement(mode):
    # 4A: "Go through the deck and pick the Location card."
    game = Gondolin.new(1, seed=5, options={"deck": TWO_LOCATIONS, "mode": mode})
    assert game.state.phase == "choose_location" and game.state.location is None
    actions = game.legal_actions(0)
    assert actions == [ChooseLocation(card="seven_springs"), ChooseLocation(card="reedmarsh")]
    assert actions[1].label() == "Found the settlement at The Reedmarsh (S9, R2, P0)"
    assert "siege 1 more turn" in actions[1].detail()
    view = game.view(None)
    assert view["location"]["name"] == "Location to choose"
    assert view["pending"]["prompt"] == "Choose the Location where the settlement is founded."
    game.apply(0, actions[1])
    st = game.state
    assert st.location == "reedmarsh" and (st.s, st.r, st.p) == (9, 2, 0)
    assert "seven_springs" not in st.deck and "reedmarsh" not in st.deck  # the other is set aside
    if mode == "easy":
        assert st.phase == "choose_hand" and isinstance(game.legal_actions(0)[0], PickCard)
    else:
        assert st.phase == "main" and len(st.hand) == 5


def test_a_single_location_is_played_without_asking():
    game = Gondolin.new(1, seed=5)
    assert game.state.location == "seven_springs" and game.state.phase == "choose_hand"


def test_a_location_choice_must_be_one_the_deck_offers():
    game = Gondolin.new(1, seed=5, options={"deck": TWO_LOCATIONS})
    with pytest.raises(EngineError):
        game.apply(0, ChooseLocation(card="eyrie"))


def test_treachery_asks_which_defender_when_different_cards_tie_for_the_highest_d():
    # Story event "Treachery": "Your Defender with the highest D is destroyed." Tarnil and the
    # Greatshields both have D6: which one falls is a real choice.
    game = game_at(
        "seventh_gate",
        turn=9,
        r=10,
        s=20,
        deck=["shield_bearers"],
        defenders=["spear_warden", "tarnil", "greatshields"],
    )
    end_turn(game)
    assert game.state.phase == "choose_target"
    actions = game.legal_actions(0)
    assert [a.label() for a in actions] == ["Lose Tarnil of the Wells", "Lose Greatshields"]
    assert "tied" in game.view(None)["pending"]["prompt"]
    game.apply(0, actions[1])
    assert [x.card for x in game.state.defenders] == ["spear_warden", "tarnil"]
    assert game.state.phase == "main" and "greatshields" in game.state.played


def test_copies_of_one_card_tying_is_no_choice():
    game = game_at(
        "seventh_gate",
        turn=9,
        r=10,
        s=20,
        deck=["shield_bearers"],
        defenders=["iron_guard", "iron_guard", "spear_warden"],
    )
    end_turn(game)
    assert game.state.phase == "main"
    assert [x.card for x in game.state.defenders] == ["iron_guard", "spear_warden"]


def test_the_grey_fever_asks_and_then_the_event_phase_goes_on_to_the_siege():
    # The Grey Fever: "Your Defender with the lowest D is destroyed." Two D2 Defenders tie.
    game = game_at(
        turn=4,
        deck=["grey_fever"],
        defenders=["spear_warden", "wall_archers", "iron_guard"],
        enemies=[("hill_troll", 4, 6)],
    )
    end_turn(game)
    assert game.state.phase == "choose_target"
    (keep_archers, lose_archers) = game.legal_actions(0)
    assert keep_archers.card == "spear_warden" and lose_archers.card == "wall_archers"
    game.apply(0, keep_archers)
    assert [x.card for x in game.state.defenders] == ["wall_archers", "iron_guard"]
    assert game.state.phase == "defence"  # the siege goes on after the event
    assert game.state.played[-2:] == ["grey_fever", "spear_warden"]


def test_secret_paths_asks_which_enemy_when_the_lowest_a_is_tied():
    # Secret Paths: "The sieging enemy with the lowest A leaves play, without bonuses."
    game = game_at(
        phase="defence",
        turn=5,
        p=4,
        r=3,
        hand=["secret_paths"],
        defenders=["spear_warden"],
        enemies=[("orc_raiders", 4, 6), ("bat_cloud", 5, 7), ("hill_troll", 5, 7)],
    )
    play(game, "secret_paths")
    assert game.state.phase == "choose_target"
    assert [a.label() for a in game.legal_actions(0)] == [
        "Drive off Orc Raiders",
        "Drive off Bat Cloud",
    ]
    assert "without giving its bonus" in game.legal_actions(0)[1].detail()
    game.apply(0, ChooseTarget(uid=game.legal_actions(0)[1].uid, card="bat_cloud"))
    assert [x.card for x in game.state.enemies] == ["orc_raiders", "hill_troll"]
    assert game.state.phase == "defence"


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_a_location_choice_ends(seed):
    rng = random.Random(seed)
    game = Gondolin.new(1, seed=seed, options={"deck": TWO_LOCATIONS, "mode": "hard"})
    for _ in range(2000):
        if game.is_over:
            break
        game.apply(0, rng.choice(game.legal_actions(0)))
    assert game.is_over
