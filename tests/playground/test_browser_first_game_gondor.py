"""A newcomer's first game of Gondor in the playground's real browser (``first_game.py`` says
how): 16 Game-Turns, at least four phase endings each, about 80-95 s (its seed: the shortest of
three tried, 68-70 moves).
"""

import pytest

from tests.playground.chromium import missing
from tests.playground.first_game import Newcomer, play_first_game, seeded_playground

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")

NEWCOMER = Newcomer(
    "Minas Tirith",
    "carol",
    True,
    ("Place the rest near the Main Gate and finish", "Done", "End"),
    "gondor=1",
)


@pytest.fixture(scope="module")
def playground(tmp_path_factory):
    """The playground, Gondor dealt from the newcomer's seed."""
    yield from seeded_playground(tmp_path_factory.mktemp("playground"), [NEWCOMER])


def test_a_first_game_of_gondor_from_help_through_the_lesson_to_the_end(playground, browser):
    play_first_game(playground, browser, NEWCOMER)
