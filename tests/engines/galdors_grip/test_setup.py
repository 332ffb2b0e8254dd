"""Setup: deck-building methods a, b and c, options, Forked Path faces, Start of Game."""

from __future__ import annotations

import pytest

from engines import EngineError
from engines.galdors_grip import GAME
from engines.galdors_grip.cards import CATALOGUE

from .helpers import act, ids, labels

CORE = [c.id for c in CATALOGUE.set_of("core").cards]
ESSENTIAL = [c.id for c in CATALOGUE.set_of("core").cards if c.essential]
OPTIONAL = [c for c in CORE if c not in ESSENTIAL]
EXPANSION = [c.id for s in CATALOGUE.expansions for c in s.cards]
FORKED = ["wanderers_fork", "pilgrims_lantern"]


def new(seed: int = 11, **options):
    return GAME.new(1, seed=seed, options=options)


def dealt(seed: int = 11, **options):
    """A game whose deck is dealt with the suggested build for any choice left open."""
    game = new(seed, **options)
    if game.view(0)["pending"]["kind"] == "build":
        act(game, "Use the suggested build")
    return game


def test_setup_shuffles_the_core_set_face_down_and_upright():
    game = dealt(method="a")
    assert sorted(ids(game)) == sorted(CORE)
    assert game.state.turn == 1 and game.state.deck[0].face_up
    assert all(not cs.face_up and not cs.inverted for cs in game.state.deck[1:])


def test_the_shuffle_follows_the_seed():
    assert ids(dealt(5, method="a")) == ids(dealt(5, method="a"))
    assert ids(dealt(5, method="a")) != ids(dealt(6, method="a"))


def test_method_a_swaps_named_non_essential_cards_for_expansion_cards():
    game = new(
        method="a", swap_out=["wardens_oath", "ember_reverie"], swap_in=["waystone", "twin_candles"]
    )
    assert set(ids(game)) == set(CORE) - {"wardens_oath", "ember_reverie"} | {
        "waystone",
        "twin_candles",
    }


def test_method_b_draws_three_non_essentials_and_adds_three_chosen_expansion_cards():
    picks = ["waystone", "twin_candles", "seers_vigil"]
    for seed in range(5):
        deck = set(ids(new(seed, method="b", picks=picks)))
        assert len(deck) == 18 and set(ESSENTIAL) | set(picks) <= deck
        assert len(deck & set(OPTIONAL)) == 3


def test_method_c_is_the_default_and_draws_six_from_non_essentials_and_expansions():
    for seed in range(5):
        game = dealt(seed)
        assert game.state.options.method == "c"
        deck = set(ids(game))
        assert len(deck) == 18 and set(ESSENTIAL) <= deck
        assert deck - set(ESSENTIAL) <= set(OPTIONAL) | set(EXPANSION)


def test_method_c_without_expansions_is_the_core_set():
    assert sorted(ids(dealt(method="c", expansions=[]))) == sorted(CORE)


def test_method_c_can_be_limited_to_one_expansion():
    deck = set(ids(dealt(3, expansions=["knowtorious"])))
    knowmadic = {c.id for c in CATALOGUE.set_of("knowmadic").cards}
    assert not deck & knowmadic


@pytest.mark.parametrize(
    "options",
    [
        {"method": "d"},
        {"colour": "red"},
        {"threshold": -1},
        {"method": "a", "swap_out": ["galdors_grip"], "swap_in": ["waystone"]},
        {"method": "a", "swap_out": ["wardens_oath"]},
        {"method": "a", "swap_out": ["wardens_oath"], "swap_in": ["sunlit_memory"]},
        {"method": "b", "picks": ["waystone"]},
        {"method": "b", "picks": ["waystone", "waystone", "twin_candles"]},
        {"method": "b", "expansions": []},
        {"expansions": ["knowtional"]},
    ],
)
def test_bad_options_are_refused_with_a_message(options):
    with pytest.raises(EngineError, match=r"\w"):
        new(**options)


def test_drawing_without_looking_keeps_the_drawn_cards_unknown():
    view = new(4, look=False).view(0)
    assert view["unknown_cards"] > 0 and view["max_stars"] is None
    assert len(view["deck_list"]) + view["unknown_cards"] == 18
    looked = dealt(4).view(0)
    assert looked["unknown_cards"] == 0 and looked["max_stars"] >= 10


def _forked_game(seed: int = 2):
    return new(seed, method="a", swap_out=["wardens_oath", "ember_reverie"], swap_in=FORKED)


def test_forked_path_cards_start_face_up_on_the_chosen_face():
    game = _forked_game()
    assert game.view(0)["pending"]["kind"] == "setup"
    assert labels(game) == [
        "Start Wanderer's Fork on Starlit Road",
        "Start Wanderer's Fork on Shadowed Road",
    ]
    act(game, "Start Wanderer's Fork on Starlit Road")
    act(game, "Start Pilgrim's Lantern on Snuffed")
    fork = next(c for c in game.view(0)["deck"] if c["id"] == "wanderers_fork")
    assert fork["face_up"] and fork["name"] == "Wanderer's Fork (Starlit Road)"
    assert game.view(0)["stars"] >= 2


def test_start_of_game_abilities_resolve_after_setup_in_the_order_chosen():
    game = _forked_game()
    act(game, "Start Wanderer's Fork on Shadowed Road")
    act(game, "Start Pilgrim's Lantern on Kindled")
    assert game.state.turn == 0
    assert sorted(labels(game)) == [
        "Resolve Pilgrim's Lantern first",
        "Resolve Wanderer's Fork first",
    ]
    events = act(game, "Resolve Pilgrim's Lantern first")
    assert events[0].startswith("You peek at")
    below = ids(game).index("wanderers_fork") + 1
    assert all(cs.face_up for cs in game.state.deck[below : below + 2])
    assert game.state.turn == 1
