"""``Game.worth_search``: routine choices get the policy's move unsearched, the rest a search."""

import random

import ai
from ai.search import _Samples
from engines.gondor import Gondor
from tests.ai.test_search import first_position

SAURON = 0


def choices(game: Gondor, count: int, seed: int):
    """Sauron's choices with two moves or more along a policy game: (copy, routine?) pairs."""
    rng = random.Random(seed)
    game = game.copy()
    while count and not game.is_over:
        actor = game.to_act()[0]
        if actor == SAURON and len(game.legal_actions(actor)) > 1 and rng.random() < 0.2:
            count -= 1
            yield game.copy()
        game.apply(actor, game.rollout_action(actor, rng))


def policy_on_first_sample(game, seat, seed):
    sample = _Samples(game, seat, random.Random(seed)).get(0)[0]
    return sample.rollout_action(seat, random.Random(seed + 2))


def test_gondor_searches_combat_siege_magic_and_decisions_but_not_movement_clicks():
    game = Gondor.new(2, seed=5)
    assert not game.worth_search(SAURON)  # deployment
    seen = {True: 0, False: 0}
    for k, position in enumerate(choices(game, 40, 6)):
        s = position.state
        routine = s.pending is None and (s.phase == "setup" or s.phase.endswith("movement"))
        assert position.worth_search(SAURON) is not routine
        result = ai.think(position, SAURON, "hard", seed=k)
        assert (result.simulations == 0) is routine
        if routine:
            assert result.action == policy_on_first_sample(position, SAURON, k)
        assert result.action in position.legal_actions(SAURON)
        seen[routine] += 1
    assert seen[True] and seen[False]


def test_a_game_without_the_hook_is_searched_as_before():
    game, seat = first_position(41, "draw", wide=4)
    assert game.worth_search(seat)
    assert ai.think(game, seat, "normal", seed=3).simulations > 0
