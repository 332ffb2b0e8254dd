"""A level's policy margin: the policy's move unless the search finds a clearly better one."""

import random
from dataclasses import replace

from ai.levels import LEVELS
from ai.search import _policy_move, _Samples, search
from engines.knightfall import Knightfall
from tests.ai.test_search import first_position


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
