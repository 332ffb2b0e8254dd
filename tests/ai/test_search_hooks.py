"""The search's optional guards: the policy's move by default, playouts that settle first."""

import random
from dataclasses import replace

from ai.levels import LEVELS
from ai.search import _policy_move, _Samples, search
from engines.guardians import Guardians
from engines.knightfall import Knightfall
from tests.ai.test_search import first_position
from tests.engines.guardians.test_resample import positions as guardians_positions


def policy_majority(game, seat, seed):
    """The move the policy proposes most often on the search's first samples."""
    samples = _Samples(game, seat, random.Random(seed))
    legal = game.legal_actions(seat)
    return _policy_move(game, seat, legal, samples, random.Random(seed + 2))


def disagreements(level, count):
    """Knightfall positions where the plain search does not play the policy's majority move."""
    found = []
    for seed in range(40, 60):
        game, seat = first_position(seed, "draw", wide=4)
        if search(game, seat, level, seed).action != policy_majority(game, seat, seed):
            found.append((game, seat, seed))
        if len(found) == count:
            break
    return found


def test_a_level_with_a_policy_margin_plays_the_policy_unless_a_move_beats_it_clearly():
    plain = LEVELS["normal"]
    cases = disagreements(plain, 2)
    assert cases, "the plain search always agreed with the policy"
    for game, seat, seed in cases:
        policy_move = policy_majority(game, seat, seed)
        stubborn = search(game, seat, replace(plain, policy_margin=1.0), seed)
        assert stubborn.action == policy_move  # nothing beats a move by more than 1
        finalists = [m for m in stubborn.moves if m.visits == stubborn.moves[0].visits]
        assert policy_move in [m.action for m in finalists]  # kept to the last round
        open_minded = search(game, seat, replace(plain, policy_margin=0.0), seed)
        best = max(finalists, key=lambda m: m.value)
        values = {Knightfall.encode(m.action): m.value for m in open_minded.moves}
        if open_minded.action != policy_move:
            assert (
                values[Knightfall.encode(open_minded.action)]
                > values[Knightfall.encode(policy_move)]
            )
        assert best.value >= values[Knightfall.encode(policy_move)]


class Unsettled(Knightfall):
    """Knightfall that never settles and counts the moves a search simulates."""

    applied = 0

    def settled(self):
        return False

    def apply_unchecked(self, seat, action):
        Unsettled.applied += 1
        return super().apply_unchecked(seat, action)


def test_settle_moves_play_on_past_the_horizon_while_the_game_is_unsettled():
    game, seat = first_position(4, "coins")
    level = replace(LEVELS["normal"], simulations=8, horizon=2)
    counts = {}
    for settle in (0, 5):
        Unsettled.applied = 0
        thought = search(
            Unsettled(game.state.model_copy(deep=True)), seat, replace(level, settle=settle), 1
        )
        counts[settle] = Unsettled.applied
        resamples = thought.simulations
        assert Unsettled.applied <= thought.simulations * (1 + 2 + settle) + resamples
    assert counts[5] > counts[0] + 8 * 3
    Unsettled.applied = 0
    search(Knightfall(game.state.model_copy(deep=True)), seat, replace(level, settle=5), 1)
    assert game.settled()  # the default: a settled game stops at its horizon


def test_a_guardians_position_is_unsettled_during_a_combat_a_retreat_or_a_challenge():
    seen = set()
    for game, _ in guardians_positions(8, every=1):
        s = game.state
        busy = s.phase == "combat" or s.retreat is not None or s.challenge is not None
        assert game.settled() is not busy
        seen.add(busy)
    assert seen == {True, False}
    assert Guardians.new(2, seed=1).settled()
