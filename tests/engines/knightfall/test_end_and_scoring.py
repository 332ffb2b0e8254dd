import random

import pytest

from .helpers import act, camp, make_game, play_random


def test_a_game_lasts_exactly_21_rounds_and_ends_with_an_empty_deck():
    rounds_seen = set()
    game, _ = play_random(77, random.Random(1), lambda g, _: rounds_seen.add(g.state.round))
    assert game.is_over
    assert rounds_seen == set(range(1, 22))
    assert game.state.deck == []
    assert game.view(None)["round"] == 21
    assert game.to_act() == []


def test_the_last_round_ends_after_stage_five_not_when_the_deck_empties():
    game = make_game(camp(K="2H", M1="9C"), camp(K="8D", A1="4C"), round=21, deck=[])
    act(game, 0, "Attack")
    act(game, 1, "Defend")
    act(game, 0, "Battle with 9♣ (Mage 1)")  # 9 vs 8+1: a tie, Player 2's Knight dies
    assert not game.is_over
    act(game, 0, "Pass")  # no decisive battle: seat 0 first in odd rounds
    act(game, 1, "Pass")
    assert game.state.stage == "knight" and not game.is_over
    events = act(game, 1, "Move 4♣ to Knight")
    assert game.is_over
    assert game.result is not None
    assert "game is over" in events[-1].text


def over(p0, p1):
    return make_game(p0, p1, stage="over", round=21, deck=[])


def test_score_counts_every_card_strong_and_weak():
    game = over(camp(K="~KS", A1="2C", R2="AH"), camp(K="QD", M3="3C"))
    result = game.result
    assert result.scores == {0: 16, 1: 15}
    assert result.winners == [0]
    assert result.summary == "Player 1 wins 16–15."


def test_a_tie_goes_to_more_strong_cards():
    game = over(camp(K="~KS", A1="2C"), camp(K="QD", M3="3C"))
    assert game.result.winners == [1]
    assert "more STRONG cards (2 to 1)" in game.result.summary


def test_then_to_the_higher_knight():
    game = over(camp(K="~KS", A1="~2C"), camp(K="~QD", M3="~3C"))
    assert game.result.winners == [0]
    assert "higher Knight (13 to 12)" in game.result.summary


def test_then_the_game_is_a_draw():
    game = over(camp(K="~KS", A1="2C"), camp(K="~KD", M3="2H"))
    assert game.result.winners == [0, 1]
    assert game.result.summary.startswith("Draw")
    assert game.view(None)["result"]["scores"] == {"0": 15, "1": 15}


@pytest.mark.parametrize("seat", [0, 1])
def test_a_missing_knight_counts_as_zero_in_the_tie_break(seat):
    from engines.knightfall.state import PlayerState

    empty = PlayerState(knight_chosen=True)
    camps = [camp(K="~2S"), empty]
    camps[seat], camps[1 - seat] = camps[0], camps[1]
    game = over(*camps)
    assert game.result.winners == [seat]
