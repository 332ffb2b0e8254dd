"""The games' registry: every game is one plugin, found through its entry point."""

import sys
from importlib.metadata import EntryPoint

import pytest

import engines
from engines import plugins
from engines.plugins import GROUP, GamePlugin, NoGames
from tests.plugin_game import SITE, installed


@pytest.fixture
def entry_points(monkeypatch):
    """Replace what ``importlib.metadata`` finds; the real registry is read again after."""
    found: list[EntryPoint] = []

    def registered(group: str) -> list[EntryPoint]:
        return [e for e in found if e.group == group]

    monkeypatch.setattr(plugins, "entry_points", registered)
    plugins.refresh()
    yield found
    monkeypatch.undo()
    plugins.refresh()


def test_the_five_games_are_registered_in_menu_order():
    assert engines.game_ids() == ("knightfall", "galdors_grip", "gondolin", "guardians", "gondor")
    for p in plugins.plugins():
        assert engines.get_game(p.id).game_id == p.id
        assert (engines.get_game(p.id).max_players == 1) == (p.seats == "solo")


def test_an_unknown_id_is_a_key_error_naming_the_known_ones():
    with pytest.raises(KeyError, match="knightfall"):
        plugins.plugin("nope")
    assert plugins.find("nope") is None


def test_no_registered_game_says_to_install_the_project(entry_points):
    with pytest.raises(NoGames, match=r"pip install -e \."):
        plugins.game_ids()


def test_an_entry_point_must_name_the_plugin_of_its_own_id(entry_points):
    entry_points.append(EntryPoint("chess", "engines.knightfall.plugin:PLUGIN", GROUP))
    with pytest.raises(TypeError, match="chess"):
        plugins.plugins()


def test_refresh_reads_the_entry_points_again(entry_points):
    entry_points.append(EntryPoint("gondor", "engines.gondor.plugin:PLUGIN", GROUP))
    assert plugins.game_ids() == ("gondor",)
    entry_points.append(EntryPoint("knightfall", "engines.knightfall.plugin:PLUGIN", GROUP))
    assert plugins.game_ids() == ("gondor",)  # cached
    plugins.refresh()
    assert plugins.game_ids() == ("knightfall", "gondor")  # by menu position
    assert all(isinstance(p, GamePlugin) for p in plugins.plugins())


def test_the_test_game_is_installed_only_inside_its_context():
    with installed():
        assert plugins.game_ids()[-1] == "hopscotch"
        assert engines.get_game("hopscotch").title == "Hopscotch"
        assert "tiny_game.engine" in sys.modules
    assert "hopscotch" not in plugins.game_ids()
    assert str(SITE) not in sys.path
    assert not [m for m in sys.modules if m.startswith("tiny_game")]
