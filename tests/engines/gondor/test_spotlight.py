"""The spotlight: where the last action visibly changed the map (the board's close-up)."""

from engines.gondor.actions import Move, Select
from tests.engines.gondor.play import advance_to, deployed


def test_the_spotlight_is_where_the_last_action_changed_the_map():
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    select = next(a for a in game.legal_actions(0) if isinstance(a, Select) and a.hex)
    game.apply(0, select)
    assert game.view(None)["spotlight"] == []  # choosing a group changes nothing on the map
    move = next(a for a in game.legal_actions(0) if isinstance(a, Move))
    game.apply(0, move)
    assert game.view(None)["spotlight"] == sorted([select.hex, move.hex])


def test_the_last_move_is_from_where_to_where_and_a_choice_draws_no_arrow():
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    select = next(a for a in game.legal_actions(0) if isinstance(a, Select) and a.hex)
    game.apply(0, select)
    assert game.view(None)["moves"] == []
    move = next(a for a in game.legal_actions(0) if isinstance(a, Move))
    game.apply(0, move)
    assert game.view(None)["moves"] == [[select.hex, move.hex]]
    assert game.view(1)["moves"] == game.view(None)["moves"]  # positions are public
