"""Every game says in one plain line how to win and how it ends: ``Game.goal`` and its views."""

import pytest

from engines import game_ids, get_game

PHRASES = {
    "knightfall": "when the draw pile runs out, the higher total power",
    "galdors_grip": "have at least 9 ⭐",
    "gondolin": "Survive every turn of the story",
    "guardians": "holding all six disputed lands, destroying 5 enemy Shields",
    "gondor": "After turn 16 Sauron wins",
}


@pytest.mark.parametrize("game_id", game_ids())
def test_the_first_view_of_every_game_says_its_goal_in_one_line(game_id):
    cls = get_game(game_id)
    game = cls.new(cls.min_players, seed=3)
    goal = game.goal()
    assert PHRASES[game_id] in goal and "\n" not in goal and len(goal) <= 200
    for seat in (None, *range(cls.min_players)):
        assert game.view(seat)["goal"] == goal
