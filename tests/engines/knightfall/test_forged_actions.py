import pytest

from engines import IllegalAction
from engines.knightfall import Knightfall
from engines.knightfall.actions import ChooseKnight, Pass, Place, Shoot, UsePower

from .helpers import act, camp, make_game


def assert_refused(game: Knightfall, seat: int, action) -> None:
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(seat, action)
    assert game.to_json() == before


def test_an_action_of_another_seat_is_refused():
    game = make_game(camp(K="9H", A1="5C"), camp(K="8D", M3="2S"))
    act(game, 0, "Attack")
    assert_refused(game, 0, game.legal_actions(1)[0])  # seat 0 has already chosen
    game = make_game(camp(K="2H", A1="3H", A2="5H", M2="9D"), camp(K="8D", M3="JS"))
    act(game, 0, "Defend")
    act(game, 1, "Defend")
    assert_refused(game, 1, Pass())  # seat 0 acts first


def test_a_stale_action_from_an_earlier_stage_is_refused():
    game = Knightfall.new(2, seed=31_337_000)
    first = game.legal_actions(0)[0]
    game.apply(0, first)
    assert_refused(game, 0, first)
    card = game.state.players[0].hand[0]
    assert_refused(game, 0, ChooseKnight(index=0, card=card.id))


def test_an_action_naming_a_card_or_slot_you_do_not_have_is_refused():
    game = Knightfall.new(2, seed=31_337_000)
    hand = game.state.players[0].hand
    other = game.state.players[1].hand[0]
    assert_refused(game, 0, ChooseKnight(index=0, card=other.id))
    game.apply(0, ChooseKnight(index=0, card=hand[0].id))
    assert_refused(game, 0, Place(card=hand[0].id, slot="K"))  # the Knight slot is taken
    assert_refused(game, 0, Place(card=other.id, slot="A1"))
    assert_refused(game, 0, Place(card=hand[0].id, slot="Z9"))


def test_powers_that_were_not_offered_are_refused():
    game = make_game(camp(K="2H", A1="3S", A2="5H", M2="9D"), camp(K="8D", M3="JS"))
    act(game, 0, "Defend")
    act(game, 1, "Defend")
    forged = UsePower(power="archer", a="A1", b="A2", c="M2", cards=(29, 4, 34))
    assert_refused(game, 0, forged)
    assert_refused(game, 0, Shoot(slot="M3"))  # nothing paid yet


@pytest.mark.parametrize(
    "code",
    [
        "",
        "place",
        "place.99.K",
        "place.3.K.extra",
        "place.3.K!",
        "place.-1.K",
        "knight.7.3",
        "power.wizard.A1.A2.M2.1-2-3",
        "power.archer.A1.A2.M2.1-2",
        "power.archer.A1.A2.M2.1-2-3-4",
        "shoot.",
        "attack.1",
        "x" * 61,
        "nope.1",
    ],
)
def test_malformed_codes_are_refused(code):
    with pytest.raises(IllegalAction):
        Knightfall.decode(code)


def test_codes_round_trip_and_fit_a_button():
    game = make_game(camp(K="10H", A1="10D", A2="10S", M2="10C"), camp(K="8D", M3="JS"))
    act(game, 0, "Defend")
    act(game, 1, "Defend")
    for action in game.legal_actions(0):
        code = Knightfall.encode(action)
        assert len(code) <= 60
        assert Knightfall.decode(code) == action
        assert len(action.label()) <= 80
