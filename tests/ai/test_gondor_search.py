"""The computer player in Gondor: searched, legal, and blind to the cauldrons' truth."""

import random

import pytest

import ai
from engines.gondor import Gondor
from tests.engines.gondor.test_resample import SAURON, WESTERNESSE, oily, truths, twin


def positions(game: Gondor, seat: int, count: int, seed: int):
    """Copies of ``game`` played on by the policy, at ``count`` choices of ``seat`` (2+ moves)."""
    rng = random.Random(seed)
    game = game.copy()
    found = 0
    while found < count and not game.is_over:
        actor = game.to_act()[0]
        if actor == seat and len(game.legal_actions(seat)) > 1 and rng.random() < 0.3:
            found += 1
            yield game.copy()
        game.apply(actor, game.rollout_action(actor, rng))


def test_gondor_is_searched_now_that_it_resamples():
    assert ai.searchable(Gondor.new(2, seed=3))


@pytest.mark.parametrize("seed", [1, 2])
def test_sauron_never_reads_the_cauldrons_or_the_dice(seed):
    """Two games differing only in which unrevealed cauldrons are real (carried oil with them)
    and in the dice seed give Sauron the same move at every level, with the same seed."""
    rng = random.Random(seed)
    checked = 0
    for game in positions(oily(4 + seed), SAURON, 4, seed):
        other = twin(game, rng)
        assert other.view(SAURON) == game.view(SAURON) and truths(other) != truths(game)
        levels = ["easy", "normal", "hard"] if checked < 2 else ["easy", "normal"]
        for level in levels:
            mine = ai.choose(game, SAURON, level, seed=checked)
            assert mine in game.legal_actions(SAURON)
            assert ai.choose(other, SAURON, level, seed=checked) == mine
        checked += 1
    assert checked == 4


def test_westernesse_never_reads_the_dice():
    for k, game in enumerate(positions(oily(), WESTERNESSE, 2, 3)):
        other = game.copy()
        other.state.seed += 1
        for level in ai.LEVELS:
            mine = ai.choose(game, WESTERNESSE, level, seed=k)
            assert mine in game.legal_actions(WESTERNESSE)
            assert ai.choose(other, WESTERNESSE, level, seed=k) == mine
