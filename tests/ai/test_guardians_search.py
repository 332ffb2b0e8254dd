"""The computer player in Guardians: searched, legal, and blind to what it cannot see."""

import random

import ai
from ai.levels import get_level
from engines.guardians import Guardians
from tests.engines.guardians.test_resample import pending_choice, positions, twin


def test_guardians_is_searched_with_its_own_budgets():
    assert ai.searchable(Guardians.new(2, seed=1))
    hard = get_level("hard", "guardians")
    assert hard.candidates is not None and hard.simulations <= 240


def test_the_computer_never_reads_what_it_cannot_see():
    """Two games differing only in what the seat cannot see (the opponent's hidden cards swapped
    with its deck, the seat's deck order, the opponent's secret choice, the seed) give the same
    move at every level, with the same seed."""
    rng = random.Random(31)
    checked = pending = 0
    phases = set()
    for game, seat in positions(32, every=7):
        if len(game.legal_actions(seat)) < 2:
            continue
        other = twin(game, seat, rng)
        assert other.view(seat) == game.view(seat)
        assert other.to_json() != game.to_json()
        pending += pending_choice(game, 1 - seat)
        phases.add(game.state.phase)
        levels = ["easy", "normal", "hard"] if checked % 4 == 0 else ["easy"]
        for level in levels:
            mine = ai.choose(game, seat, level, seed=checked)
            assert mine in game.legal_actions(seat)
            assert ai.choose(other, seat, level, seed=checked) == mine
        checked += 1
    assert checked >= 12
    assert pending >= 1
    assert {"organize", "move", "combat"} <= phases
