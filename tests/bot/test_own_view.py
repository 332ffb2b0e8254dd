"""What counts as a player's own (``own_view.digest``): their DM is edited when it changes."""

from bot.storage.position import Position
from bot.surface import own_view
from tests.engines.guardians.scenario import movement_game, shield, terrain

SWITCHES = (False, frozenset[str]())


def test_a_warning_raised_by_the_table_alone_changes_the_digest():
    game = movement_game()
    shield(game, 0, "L0", ["swordsman"])
    shield(game, 1, "R2", ["swordsman"])
    terrain(game, 1, "L1", "woods")
    game.state.mover = 1  # Player 1 waits: no moves of theirs change
    before = own_view.digest(Position(game), 0, SWITCHES)
    assert game.warnings(0) == []
    terrain(game, 1, "C1", "swamps")  # public: Player 2 now holds five lands
    assert game.warnings(0)
    assert own_view.digest(Position(game), 0, SWITCHES) != before
