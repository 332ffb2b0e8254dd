"""A newcomer's first game of four of the five games, in the playground's real browser
(``first_game.py`` says how; Gondor, the longest, has a file of its own so that a second test
worker plays it meanwhile). Each game is dealt from its seed below (``first_game.py``: a
short whole game); each lesson and game takes about 20-70 s.
"""

import pytest

from tests.playground.chromium import missing
from tests.playground.first_game import Newcomer, play_first_game, seeded_playground

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")

NEWCOMERS = [
    Newcomer("Galdor's Grip", "dave", False, ("Use the suggested build",), "galdors_grip=4"),
    Newcomer("Gondolin", "dave", False, (), "gondolin=3"),
    Newcomer("Knightfall", "alice", True, (), "knightfall=2"),
    Newcomer("Guardians", "bob", True, ("Auto-place", "Done organising"), "guardians=4"),
]


@pytest.fixture(scope="module")
def playground(tmp_path_factory):
    """The playground, each game dealt from its newcomer's seed."""
    yield from seeded_playground(tmp_path_factory.mktemp("playground"), NEWCOMERS)


@pytest.mark.parametrize("who", NEWCOMERS, ids=["galdor", "gondolin", "knightfall", "guardians"])
def test_a_first_game_from_help_through_the_lesson_to_the_end(playground, browser, who):
    play_first_game(playground, browser, who)
