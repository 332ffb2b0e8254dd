"""Ladders (16.43-16.47), overrun (5.3), gate and level control (15.15, 20.2), totals (19.x)."""

import re

from engines.gondor.combat.actions import Fire, Melee
from engines.gondor.movement import reachable
from engines.gondor.removal import wreck_at
from engines.gondor.siege.actions import NoLadder, PlaceLadder
from engines.gondor.state import ActiveSpell, Ladder
from engines.gondor.victory import demoralized, level_controller, settle, total
from engines.gondor.zoc import zoc
from tests.engines.gondor.play import advance_to, end_phase
from tests.engines.gondor.positions import empty_game, legal, move, put

WALL = "2512/2513"  # inner wall: lower 2513 (level 1), upper 2512 (level 2)
MAIN_GATE = "1917/1918"


def test_16_43_a_ladder_is_placed_at_the_end_of_a_move_and_climbed_next_turn():
    """16.43: a combat unit adjacent to a wall hexside may place a Ladder against it; from the
    following Game-Turn units may climb it for +3 MP."""
    game = empty_game(1, "sauron-movement")
    orc = put(game.state, "orc-infantry-1", "2514")
    move(game, [orc], "2513")
    assert game.state.pending is not None and game.state.pending.kind == "ladder"
    choices = legal(game, 0)
    assert PlaceLadder(a="2512", b="2513") in choices and choices[-1] == NoLadder()
    game.apply(0, PlaceLadder(a="2512", b="2513"))
    assert game.state.ladders[WALL] == Ladder(side="sauron", turn=1)
    assert game.view(None)["ladders"] == [["2512", "2513"]]
    assert WALL not in game.state.board().ready_ladders  # not this Game-Turn
    assert "2512" not in reachable(game.state.board(), "orc-infantry-1")
    advance_to(game, 2, "sauron-movement")
    assert game.state.board().ready_ladders[WALL] == "sauron"
    assert reachable(game.state.board(), "orc-infantry-1")["2512"] == 1 + 3


def test_16_44_16_45_a_ladder_placed_this_game_turn_acts_at_once_only_climbing_waits():
    """16.43 makes only the climb wait for the following Game-Turn. 16.44 (ZOC through the
    wall), 16.45 (APR -1, melee and missile fire) and combat through the wall (7.3 [R]) hold
    from the moment the Ladder stands: Sauron's orc may strike the spearmen above in his Combat
    Phase, the spearmen are bound to fight it (7.31) and the bowman's shot at the orc (Orc
    Infantry E-2-Y: APR 2 - 1) needs 6, not 5."""
    game = empty_game(1, "sauron-movement")
    orc = put(game.state, "orc-infantry-1", "2514")
    spear = put(game.state, "gondor-spearmen-1", "2512")
    bow = put(game.state, "gondor-bowman-1", "2511")
    move(game, [orc], "2513")
    game.apply(0, PlaceLadder(a="2512", b="2513"))
    board = game.state.board()
    assert "2512" in zoc(board, "sauron")
    assert "2512" not in reachable(board, "orc-infantry-1")  # 16.43: not this Game-Turn
    end_phase(game)
    assert game.state.phase == "sauron-combat"
    attack = [a for a in legal(game, 0) if isinstance(a, Melee)]
    assert [(a.unit, a.target_unit, a.need) for a in attack] == [(orc, spear, 3)]  # E vs 3 + 1
    advance_to(game, 1, "westernesse-combat")
    shots = [a for a in legal(game, 1) if isinstance(a, Fire)]
    assert [(a.unit, a.target_unit, a.need) for a in shots] == [(bow, orc, 6)]
    end_phase(game)
    assert game.state.segment == "melee"
    bound = [a for a in legal(game, 1) if isinstance(a, Melee)]
    assert [(a.unit, a.target_unit, a.need) for a in bound] == [(spear, orc, 7)]  # D vs 2 - 1
    assert "end_phase" not in [a.kind for a in legal(game, 1)]


def test_no_ladder_question_without_a_wall_or_ladders_left():
    """16.43 and 1.6 [R]: eight Ladders in all; none is offered away from a wall."""
    game = empty_game(1, "sauron-movement")
    orc = put(game.state, "orc-infantry-1", "2516")
    move(game, [orc], "2517")
    assert game.state.pending is None
    game.state.ladders_placed = 8
    orc2 = put(game.state, "orc-infantry-2", "2514")
    move(game, [orc2], "2513")
    assert game.state.pending is None


def test_cavalry_never_places_ladders():
    """16.48: cavalry never use ladders."""
    game = empty_game(1, "sauron-movement")
    cav = put(game.state, "mordor-cavalry-1", "2514")
    game.state.counters[cav].group = "start"
    move(game, [cav], "2513")
    assert game.state.pending is None


def test_16_47_wreck_at_destroys_the_tower_and_ladders_there():
    """16.47: any adverse melee result there destroys the tower or ladder, for good."""
    game = empty_game()
    tower = put(game.state, "siege-tower-1", "2513")
    game.state.ladders[WALL] = Ladder(side="sauron", turn=1)
    events = wreck_at(game.state, "2513")
    assert game.state.counters[tower].hex is None
    assert WALL not in game.state.ladders
    assert len(events) == 2
    assert wreck_at(game.state, "2512") == []  # the upper hex holds no ladder


def test_5_3_an_overrun_leader_falls_back_to_a_friendly_unit_and_equipment_is_destroyed():
    """5.3 [R]: leaders in a hex entered by an enemy combat unit go to the nearest friendly
    combat unit within 6 hexes, else are eliminated; movement ruling 6: enemy siege equipment
    there is destroyed."""
    game = empty_game(1, "sauron-movement")
    orc = put(game.state, "orc-infantry-1", "2514")
    imrahil = put(game.state, "imrahil", "2513")
    catapult = put(game.state, "gondor-catapult-1", "2513")
    put(game.state, "gondor-spearmen-1", "2510")
    move(game, [orc], "2513")
    assert game.state.counters[imrahil].hex == "2510"
    assert game.state.counters[catapult].hex is None
    assert any("Imrahil falls back to 2510" in line for line in game.state.log)


def test_5_3_a_leader_with_no_friend_within_six_hexes_is_eliminated():
    """5.3 [R]: else eliminated."""
    game = empty_game(1, "sauron-movement")
    orc = put(game.state, "orc-infantry-1", "2514")
    imrahil = put(game.state, "imrahil", "2513")
    move(game, [orc], "2513")
    assert game.state.counters[imrahil].hex is None
    assert game.state.counters[imrahil].group == "eliminated"


def test_16_71_a_sauron_unit_entering_a_cauldron_destroys_it_and_keeps_its_secret():
    """16.71: a cauldron is destroyed when an enemy combat unit enters its hex; dummies "have
    no capability except to confuse the opposing player", and nothing reveals them: only
    Westernesse reads what it was."""
    game = empty_game(1, "sauron-movement")
    orc = put(game.state, "orc-infantry-1", "2514")
    cauldron = put(game.state, "cauldron-3", "2513")
    game.state.counters[cauldron].dummy = False
    events = move(game, [orc], "2513")
    assert game.state.counters[cauldron].hex is None
    assert "The cauldron in 2513, city level 1 is destroyed." in game.state.log
    assert not any(re.search(r"real|dummy", line) for line in game.state.log)
    private = [e.text for e in events if e.seat is not None]
    assert [e.seat for e in events if e.seat is not None] == [1]
    assert private == ["(Only you see this: it was a real cauldron.)"]


def test_15_15_a_gate_changes_hands_when_one_side_was_last_in_both_hexes():
    """15.15: control = the last side to have a unit occupy or pass through both hexes of the
    Gate; Westernesse controls all at the start."""
    game = empty_game()
    s = game.state
    assert s.gates[MAIN_GATE] == "westernesse"
    s.visit("sauron", ["1918"])
    assert s.gates[MAIN_GATE] == "westernesse"
    s.visit("sauron", ["1919", "1917"])
    assert s.gates[MAIN_GATE] == "sauron"
    s.visit("westernesse", ["1917"])
    assert s.gates[MAIN_GATE] == "sauron"
    s.visit("westernesse", ["1918"])
    assert s.gates[MAIN_GATE] == "westernesse"


def test_15_15_moving_through_a_breached_gate_takes_it():
    """15.15 with 16.27: a unit passing through both hexes of a breached gate controls it."""
    game = empty_game(1, "sauron-movement")
    game.state.breaches.append(MAIN_GATE)
    orc = put(game.state, "orc-infantry-1", "1919")
    move(game, [orc], "1916")
    assert game.state.gates[MAIN_GATE] == "sauron"
    assert {"hexside": ["1917", "1918"], "controller": "sauron"} in game.view(0)["gates"]


def test_15_15_and_20_1_c_only_combat_units_take_a_gate_or_the_road():
    """15.15: the last side to have "any unit" occupy or pass both hexes holds a gate; 20.1 C:
    the road is Sauron's while he was the last "to have his units" occupy or pass 1918 and
    2124. Imrahil alone, then the Banner alone, pass through 1918 and the breached Main Gate
    (1917): Sauron keeps both; the Spearmen passing the same way take both."""
    game = empty_game(1, "westernesse-movement")
    s = game.state
    s.breaches.append(MAIN_GATE)
    s.gates[MAIN_GATE] = "sauron"
    s.road = {"1918": "sauron", "2124": "sauron"}
    s.spells.append(
        ActiveSpell(id="reveal-aragorn", family="reveal-aragorn", phase="magic-1", ends=4)
    )
    movers = [put(s, "imrahil", "1919"), put(s, "banner", "1919")]
    s.banner_leader = movers[0]
    spear = put(s, "gondor-spearmen-1", "1919")
    for mover in movers:
        move(game, [mover], "1916")
        assert game.state.counters[mover].hex == "1916"
        assert (game.state.road["1918"], game.state.gates[MAIN_GATE]) == ("sauron", "sauron")
    move(game, [spear], "1916")
    taken = (game.state.road["1918"], game.state.gates[MAIN_GATE])
    assert taken == ("westernesse", "westernesse")


def test_20_2_and_19_11_19_13_a_level_held_by_sauron_moves_both_totals():
    """20.2: Sauron controls a level when he controls every gate into it and no undisrupted
    Westernesse combat unit is inside; 19.11: +10 to the garrison per level; 19.13: -5 to
    Sauron per level, given back if lost."""
    game = empty_game()
    s = game.state
    garrison, sauron = total(s, "garrison"), total(s, "sauron")
    s.gates[MAIN_GATE] = "sauron"
    assert level_controller(s, 1) == "sauron"
    assert (total(s, "garrison"), total(s, "sauron")) == (garrison + 10, sauron - 5)
    spear = put(s, "gondor-spearmen-1", "2514")
    assert level_controller(s, 1) == "westernesse"
    s.counters[spear].disrupted = True
    assert level_controller(s, 1) == "sauron"
    s.gates[MAIN_GATE] = "westernesse"
    assert (total(s, "garrison"), total(s, "sauron")) == (garrison, sauron)
    forces = {f["id"]: f["total"] for f in game.view(None)["forces"]}
    assert forces == {"garrison": garrison, "relief": 0, "sauron": sauron}


def test_19_13_twenty_points_off_sauron_once_the_garrison_first_falls():
    """19.13: when the garrison first becomes demoralized, 20 points are subtracted from
    Sauron's present total (for good: it stays if the garrison recovers, 19.14)."""
    game = empty_game()
    s = game.state
    s.totals["sauron"] = 50
    s.totals["garrison"] = 36
    assert demoralized(s, "garrison")
    assert total(s, "sauron") == 30
    settle(s)
    s.totals["garrison"] = 10
    assert not demoralized(s, "garrison")
    assert total(s, "sauron") == 30
