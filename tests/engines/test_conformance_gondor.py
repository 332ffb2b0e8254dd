"""The contract's random-play conformance test for Gondor (see test_conformance.py).

One whole game, against the others' six: a Gondor game is some 1,800 checked steps (more
random Gondor games, with the playout policy: tests/engines/gondor/test_policy.py). In a file of its
own, so that the test workers (which take whole files) run it beside the other games' checks.
"""

from tests.engines.test_conformance import play_and_replay

GONDOR_GAMES = 1


def test_random_play_obeys_the_contract():
    play_and_replay("gondor", GONDOR_GAMES)
