"""A newcomer's first game of Gondor in the playground's real browser (``first_game.py`` says
how): 16 Game-Turns, at least four phase endings each, about 90-160 s.
"""

import pytest

from tests.playground.chromium import missing
from tests.playground.first_game import Newcomer, play_first_game

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")

NEWCOMER = Newcomer(
    "Minas Tirith", "carol", True, ("Deploy the standard", "Auto-deploy", "Done", "End")
)


def test_a_first_game_of_gondor_from_help_through_the_lesson_to_the_end(playground, browser):
    play_first_game(playground, browser, NEWCOMER)
