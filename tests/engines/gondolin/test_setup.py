"""4A: initialising a game from the options, in easy and hard mode."""

from collections import Counter

import pytest

from engines import EngineError
from engines.gondolin.actions import PickCard
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.decks import ready_decks
from engines.gondolin.game import Gondolin


def test_default_options_play_the_first_story_with_its_ready_made_deck_in_easy_mode():
    game = Gondolin.new(1, seed=3)
    st = game.state
    assert st.story == next(iter(CATALOGUE.stories)) and st.mode == "easy"
    deck = ready_decks(st.story)[0].card_list()
    assert Counter(st.deck) + Counter([st.location]) == Counter(deck)


def test_the_location_is_played_first_and_sets_the_stats():
    game = Gondolin.new(1, seed=3, options={"story": "fenriver"})
    location = CATALOGUE.location(game.state.location)
    assert (game.state.s, game.state.r, game.state.p) == (location.s, location.r, location.p)
    assert location.id not in game.state.deck


def test_easy_mode_lets_the_player_pick_the_hand_from_defenders_and_achievements():
    game = Gondolin.new(1, seed=3, options={"story": "hidden_vale", "mode": "easy"})
    assert game.state.phase == "choose_hand"
    choices = game.legal_actions(0)
    assert choices and all(isinstance(a, PickCard) for a in choices)
    assert all(CATALOGUE.card(a.card).goes_to_hand for a in choices)
    assert len({a.card for a in choices}) == len(choices)
    picks = ["iron_guard", "iron_guard", "tarnil", "wall_archers", "terraced_gardens"]
    for card in picks:
        game.apply(0, PickCard(card=card))
    assert game.state.hand == picks
    assert game.state.phase == "main" and game.state.turn == 1
    assert len(game.state.deck) == 24 - 1 - 5


def test_easy_mode_shuffles_after_picking_so_seeds_give_different_orders():
    orders = set()
    for seed in range(5):
        game = Gondolin.new(1, seed=seed)
        while game.state.phase == "choose_hand":
            game.apply(0, game.legal_actions(0)[0])
        orders.add(tuple(game.state.deck))
    assert len(orders) > 1


def test_hard_mode_draws_the_hand_skipping_events_which_return_to_the_deck():
    for seed in range(20):
        game = Gondolin.new(1, seed=seed, options={"story": "seventh_gate", "mode": "hard"})
        st = game.state
        assert st.phase == "main" and st.turn == 1
        assert len(st.hand) == CATALOGUE.stories["seventh_gate"].hand
        assert all(CATALOGUE.card(c).goes_to_hand for c in st.hand)
        deck = ready_decks("seventh_gate")[0].card_list()
        assert Counter(st.deck) + Counter(st.hand) + Counter([st.location]) == Counter(deck)
        assert st.shuffles == 2


def test_the_same_seed_gives_the_same_game():
    a = Gondolin.new(1, seed=99, options={"mode": "hard"})
    b = Gondolin.new(1, seed=99, options={"mode": "hard"})
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"story": "nope"}, "Unknown story"),
        ({"mode": "medium"}, "'easy' or 'hard'"),
        ({"colour": "red"}, "Unknown options: colour"),
        ({"deck": "abc"}, "list of card ids"),
        ({"deck": ["seven_springs"] * 2}, "cannot play the story"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(options, message):
    with pytest.raises(EngineError, match=message):
        Gondolin.new(1, seed=1, options=options)


def test_a_custom_legal_deck_is_accepted():
    deck = ready_decks("hidden_vale")[0].card_list()
    deck[deck.index("seven_springs")] = "eyrie"
    game = Gondolin.new(1, seed=1, options={"deck": deck})
    assert game.state.location == "eyrie"
