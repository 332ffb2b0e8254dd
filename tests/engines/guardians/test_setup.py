"""Setup: shuffled decks, Guardians, Strongholds, stones and the default lands."""

from engines.guardians import Guardians
from engines.guardians.board import DISPUTED, controller
from engines.guardians.catalogue import CATALOGUE


def test_each_seat_draws_twelve_from_its_own_shuffled_deck():
    """Text: "Shuffle all your cards, except the Guardian and Strongholds ... Draw 12 cards."""
    game = Guardians.new(2, seed=11)
    s = game.state
    for seat, deck_id in enumerate(["starter_1", "starter_2"]):
        deck = CATALOGUE.decks[deck_id]
        mine = s.seats[seat]
        assert len(mine.drawn) == 12
        assert len(mine.deck) == len(deck.card_list()) - 12
        owned = sorted(s.cards[u] for u in mine.drawn + mine.deck)
        assert owned == sorted(deck.card_list())
        assert all(u[0] == "ab"[seat] for u in mine.drawn + mine.deck)
        guardian = CATALOGUE.guardians[deck.guardian]
        assert (mine.guardian, mine.stones, mine.vitality) == (
            guardian.id,
            guardian.stones,
            guardian.vitality,
        )
        assert mine.strongholds == deck.strongholds
    assert s.seats[0].drawn + s.seats[0].deck != sorted(s.seats[0].drawn + s.seats[0].deck)


def test_the_disputed_lands_start_controlled_by_default_without_terrain():
    """Text: "There are three lands in front of your stronghold that are considered to be under
    your control at the beginning of the game.\""""
    s = Guardians.new(2, seed=3).state
    assert s.lands == {} and s.stacks == []
    assert [controller(s, sp) for sp in DISPUTED] == [0, 0, 0, 1, 1, 1]


def test_same_seed_same_game_other_seed_other_order():
    assert Guardians.new(2, seed=5).to_json() == Guardians.new(2, seed=5).to_json()
    assert (
        Guardians.new(2, seed=5).state.seats[0].drawn
        != Guardians.new(2, seed=6).state.seats[0].drawn
    )


def test_custom_deck_lists_from_the_options():
    deck = ["swordsman"] * 20 + ["shield"] * 8 + ["woods"] * 6
    game = Guardians.new(
        2,
        seed=1,
        options={
            "deck_lists": [deck, deck],
            "guardians": ["tes_let", "rak_nam"],
            "strongholds": ["keep_of_rak_nam", "keep_of_rak_nam"],
        },
    )
    assert game.state.seats[0].guardian == "tes_let"
    assert len(game.state.seats[1].deck) == len(deck) - 12
