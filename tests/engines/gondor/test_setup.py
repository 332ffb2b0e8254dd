"""Initial deployment (13.0) as actions."""

import pytest

from engines.base import IllegalAction
from engines.gondor.actions import AutoDeploy, Place, SetupDone
from engines.gondor.data import MAP
from engines.gondor.game import Gondor
from tests.engines.gondor.play import SEED, deployed


def test_sauron_places_first_within_four_hexes_of_the_eastern_edge():
    """13.0: "The Sauron Player always places his units first"; 13.1: rows 21-24."""
    game = Gondor.new(2, SEED)
    assert game.to_act() == [0]
    places = [a for a in game.legal_actions(0) if isinstance(a, Place)]
    assert places and all(21 <= MAP.hexes[a.hex].row <= 24 for a in places)
    assert all(MAP.hexes[a.hex].terrain != "mountain" for a in places)
    assert AutoDeploy() in game.legal_actions(0)
    assert SetupDone() not in game.legal_actions(0)


def test_the_citadel_guard_starts_in_1903():
    """13.2: "the Westernesse Player places his Citadel Guard (D-3-W) in hex 1903"."""
    game = Gondor.new(2, SEED)
    guard = next(c for c in game.state.counters if c.type == "citadel-guard")
    assert guard.hex == "1903"


def test_one_combat_unit_a_hex_during_deployment():
    """5.2 holds during deployment: a second unit may not join the first."""
    game = Gondor.new(2, SEED)
    first = next(a for a in game.legal_actions(0) if isinstance(a, Place))
    game.apply(0, first)
    assert all(a.hex != first.hex for a in game.legal_actions(0) if isinstance(a, Place))
    with pytest.raises(IllegalAction):
        game.apply(0, Place(counter=first.counter + 1, hex=first.hex))


def test_westernesse_places_three_real_and_three_dummy_cauldrons_in_the_city():
    """16.71-16.72: cauldrons anywhere inside Minas Tirith, each with three oil counters."""
    game = Gondor.new(2, SEED)
    game.apply(0, AutoDeploy())
    game.apply(0, SetupDone())
    assert game.to_act() == [1]
    while not any(
        game.state.counters[a.counter].is_cauldron
        for a in game.legal_actions(1)
        if isinstance(a, Place)
    ):
        game.apply(1, next(a for a in game.legal_actions(1) if isinstance(a, Place)))
    places = [a for a in game.legal_actions(1) if isinstance(a, Place)]
    assert {a.dummy for a in places} == {True, False}
    assert all(MAP.hexes[a.hex].in_city for a in places)
    assert game.auto_play_reveals(1)
    game.apply(1, AutoDeploy())
    cauldrons = [c for c in game.state.counters if c.is_cauldron]
    assert sorted(c.dummy for c in cauldrons) == [False] * 3 + [True] * 3
    assert all(c.oil == 3 and MAP.hexes[c.hex].in_city for c in cauldrons)


def test_after_both_sides_deploy_game_turn_one_begins_with_westernesse_magic():
    """2.0: phase A, "Westernesse's magic leader first"."""
    game = deployed()
    assert (game.state.turn, game.state.phase) == (1, "magic-1")
    assert game.to_act() == [1]
    start = [c for c in game.state.counters if c.group == "start"]
    assert all(c.hex is not None for c in start)
