"""ai.hint: every legal move of a solo game with its chance to win, best first."""

import random

import pytest

import ai
import engines


def midgame(game_id: str, seed: int, moves: int):
    """A solo game after ``moves`` policy moves, at a position with a choice."""
    game = engines.get_game(game_id).new(1, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(0, game.rollout_action(0, rng))
    while len(game.legal_actions(0)) < 2:
        game.apply(0, game.rollout_action(0, rng))
    return game


@pytest.mark.parametrize(("game_id", "moves"), [("galdors_grip", 6), ("gondolin", 8)])
def test_the_best_move_has_the_highest_value_and_every_legal_move_a_chance(game_id, moves):
    game = midgame(game_id, 3, moves)
    result = ai.hint(game, 0, 5)
    values = [m.value for m in result.moves]
    assert result.action == result.moves[0].action
    assert values == sorted(values, reverse=True)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert {m.action for m in result.moves} == set(game.legal_actions(0))
    assert len({m.visits for m in result.moves}) == 1  # every move on the same samples
    assert result.moves[0].visits >= ai.MIN_HINT_SAMPLES
    assert ai.hint(game, 0, 5) == result  # deterministic


def test_hints_are_for_the_solo_games_only():
    assert ai.hints_for("galdors_grip") and ai.hints_for("gondolin")
    knightfall = engines.get_game("knightfall").new(2, seed=1)
    assert not ai.hints_for("knightfall")
    with pytest.raises(ValueError, match="no hints"):
        ai.hint(knightfall, 0, 1)
