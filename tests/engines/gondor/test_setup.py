"""Initial deployment (13.0) as actions."""

import pytest

from engines.base import IllegalAction
from engines.gondor.actions import AutoDeploy, Place, SetupDone, StandardDeploy, TakeBack
from engines.gondor.data import MAP
from engines.gondor.game import Gondor
from engines.gondor.hexes import distance
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


def test_the_standard_set_up_and_done_in_one_click_each():
    """Both sides deploy in one click; Game-Turn 1 starts. The set-up is legal and sensible."""
    game = Gondor.new(2, SEED)
    game.apply(0, StandardDeploy(done=True))
    assert game.to_act() == [1] and game.state.placed["sauron"]
    game.apply(1, StandardDeploy(done=True))
    assert (game.state.turn, game.state.phase) == (1, "magic-1")
    start = [c for c in game.state.counters if c.group == "start"]
    assert all(c.hex is not None for c in start)
    sauron_units = [c.hex for c in start if c.side == "sauron" and c.kind == "unit"]
    assert len(set(sauron_units)) == len(sauron_units)  # 5.2
    assert all(21 <= MAP.hexes[h].row <= 24 for h in sauron_units)
    assert max(distance(h, "1918") for h in sauron_units) <= 7  # gathered towards the gate
    towers = [c.hex for c in start if c.side == "sauron" and c.kind == "equipment"]
    assert set(towers) <= set(sauron_units)  # equipment goes with units that can carry it
    westernesse = [c.hex for c in start if c.side == "westernesse"]
    assert all(MAP.hexes[h].in_city for h in westernesse)
    cauldrons = [c for c in start if c.is_cauldron]
    assert sorted(c.dummy for c in cauldrons) == [False] * 3 + [True] * 3
    assert not any("real" in line or "dummy" in line for line in game.state.log)
    again = Gondor.new(2, SEED)
    again.apply(0, StandardDeploy(done=True))
    again.apply(1, StandardDeploy(done=True))
    assert again.to_json() == game.to_json()  # deterministic from the seed


def test_after_the_standard_set_up_single_counters_are_taken_back_and_placed_again():
    game = Gondor.new(2, SEED)
    game.apply(0, StandardDeploy())
    legal = game.legal_actions(0)
    assert legal[0] == SetupDone()
    backs = [a for a in legal if isinstance(a, TakeBack)]
    assert len(backs) == 30 and len({a.label() for a in backs}) == 30
    first = backs[0]
    game.apply(0, first)
    assert game.state.counters[first.counter].hex is None
    places = [a for a in game.legal_actions(0) if isinstance(a, Place)]
    assert {a.counter for a in places} == {first.counter}
    elsewhere = next(a for a in places if a.hex != first.hex)
    game.apply(0, elsewhere)
    assert game.state.counters[first.counter].hex == elsewhere.hex
    game.apply(0, SetupDone())
    game.apply(1, StandardDeploy())
    guard = next(i for i, c in enumerate(game.state.counters) if c.type == "citadel-guard")
    backs = [a for a in game.legal_actions(1) if isinstance(a, TakeBack)]
    assert guard not in {a.counter for a in backs}  # 13.2: it stands in 1903
    cauldron = next(a for a in backs if game.state.counters[a.counter].is_cauldron)
    was_dummy = game.state.counters[cauldron.counter].dummy
    events = game.apply(1, cauldron)
    assert all("real" not in e.text and "dummy" not in e.text for e in events)
    truths = {a.dummy for a in game.legal_actions(1) if isinstance(a, Place)}
    assert truths == {was_dummy}  # the other five truths are placed: this one is the one left
    game.apply(1, StandardDeploy(done=True))
    assert game.state.turn == 1
    assert sorted(c.dummy for c in game.state.counters if c.is_cauldron) == [False] * 3 + [True] * 3


def test_the_table_may_read_a_placement_but_not_a_cauldrons():
    """The channel names an only move the bot plays (``public_label``), but never a cauldron's
    placement: its label says real or dummy (16.71)."""
    game = Gondor.new(2, SEED)
    game.apply(0, StandardDeploy(done=True))
    while not (place := game.legal_actions(1)[0]).label().startswith("Place Cauldron"):
        assert isinstance(place, Place) and game.public_label(1, place) == place.label()
        game.apply(1, place)
    assert game.public_label(1, place) is None
    assert game.public_label(1, StandardDeploy(done=True)) is None  # it draws their truths
    game.apply(1, StandardDeploy())
    backs = [a for a in game.legal_actions(1) if isinstance(a, TakeBack)]
    cauldron = next(a for a in backs if a.label().startswith("Take back Cauldron"))
    unit = next(a for a in backs if not a.label().startswith("Take back Cauldron"))
    assert game.public_label(1, cauldron) is None  # the table sees "a cauldron", no number
    assert game.public_label(1, unit) == unit.label()


def test_the_deployment_prompt_counts_the_counters_left():
    """The count reads "1 counter left", not "1 counters left"."""
    game = Gondor.new(2, SEED)
    while len([a for a in game.legal_actions(0) if isinstance(a, Place)]) and (
        "(1 counter left)" not in (game.rules().prompt(game.state) or "")
    ):
        assert "(1 counters left)" not in (game.rules().prompt(game.state) or "")
        game.apply(0, next(a for a in game.legal_actions(0) if isinstance(a, Place)))
    assert game.rules().prompt(game.state) == "Sauron deploys (1 counter left)."
