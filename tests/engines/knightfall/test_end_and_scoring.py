import random
from types import SimpleNamespace

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


def test_the_total_power_counts_every_card_strong_and_weak():
    game = over(camp(K="~KS", A1="2C", R2="AH"), camp(K="QD", M3="3C"))
    result = game.result
    assert result.scores == {0: 16, 1: 15}
    assert result.winners == [0]
    assert result.summary == "Player 1 wins with a total power of 16 to 15."


@pytest.mark.parametrize(
    ("p0", "p1", "total"),
    [
        ({"K": "~KS", "A1": "2C"}, {"K": "QD", "M3": "3C"}, 15),  # was: more STRONG cards won
        ({"K": "~KS", "A1": "~2C"}, {"K": "~QD", "M3": "~3C"}, 15),  # was: the higher Knight
        ({"K": "~2S"}, {"A1": "~2H"}, 2),  # was: a missing Knight lost
    ],
)
def test_an_equal_total_power_is_a_draw(p0, p1, total):
    """Rule text: "the player with the highest total powers of troops wins". Nobody has the
    highest total when both are equal, so it is a draw; before, STRONG cards and then the
    Knight broke the tie."""
    game = over(camp(**p0), camp(**p1))
    result = game.result
    assert result.winners == []
    assert result.scores == {0: total, 1: total}
    assert result.summary == f"Draw: both players have a total power of {total}."
    assert game.view(None)["result"]["winners"] == []


def test_the_bot_records_an_equal_total_as_a_draw_for_both():
    from bot.storage.outcomes import outcomes_for

    game = over(camp(K="~KS", A1="2C"), camp(K="~KD", M3="2H"))
    seats = [SimpleNamespace(seat=s, user_id=100 + s) for s in (0, 1)]
    session = SimpleNamespace(seats=seats, options={}, computer_seats={}, lesson=None)
    lines = outcomes_for(session, game.result)
    assert [(o.outcome, o.score) for o in lines] == [("draw", 15), ("draw", 15)]
    won = over(camp(K="~KS", A1="3C"), camp(K="~KD", M3="2H"))
    assert [o.outcome for o in outcomes_for(session, won.result)] == ["win", "loss"]
