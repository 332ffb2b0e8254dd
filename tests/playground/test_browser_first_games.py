"""A newcomer's first game of four of the five games, in the playground's real browser
(``first_game.py`` says how; Gondor, the longest, has a file of its own so that a second test
worker plays it meanwhile). Each lesson and game takes about 10-70 s.
"""

import pytest

from tests.playground.chromium import missing
from tests.playground.first_game import Newcomer, play_first_game

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")

NEWCOMERS = [
    Newcomer("Galdor's Grip", "dave", False, ("Use the suggested build",)),
    Newcomer("Gondolin", "dave", False, ()),
    Newcomer("Knightfall", "alice", True, ()),
    Newcomer("Guardians", "bob", True, ("Auto-place", "Done organising")),
]


@pytest.mark.parametrize("who", NEWCOMERS, ids=["galdor", "gondolin", "knightfall", "guardians"])
def test_a_first_game_from_help_through_the_lesson_to_the_end(playground, browser, who):
    play_first_game(playground, browser, who)
