"""Chapter 5: the siege examples and attack examples of the rule text, flying, ties."""

from engines.gondolin.siege import attack_turn
from tests.engines.gondolin.helpers import (
    end_defence,
    end_turn,
    enemy_turns,
    game_at,
    play,
    texts,
)


def test_siege_example_1_single_enemy_attacks_alone_against_two_defenders():
    # Turn 3: an enemy willing to siege 1 turn is drawn; the first Defender is played.
    game = game_at(
        turn=2, deck=["orc_raiders", "spear_warden"], hand=["wall_archers", "shield_bearers"]
    )
    end_turn(game)
    assert game.state.turn == 3
    assert game.state.phase == "defence"
    assert enemy_turns(game) == {"orc_raiders": 4}
    play(game, "wall_archers")
    end_defence(game)
    assert game.state.enemies and game.state.phase == "main"
    # Turn 4: another card is drawn; the enemy attacks this turn against two Defenders.
    end_turn(game)
    assert game.state.turn == 4 and game.state.phase == "defence"
    assert attack_turn(game.state) == 4
    play(game, "shield_bearers")
    log = texts(end_defence(game))
    assert "Attack! Orc Raiders: TA 3 against TD 5." in log
    assert not game.state.enemies
    assert [x.card for x in game.state.defenders] == ["wall_archers", "shield_bearers"]
    assert game.state.p == 1
    assert game.state.phase == "main"


def test_siege_example_2_three_enemies_attack_together_when_the_earliest_runs_out():
    game = game_at(
        "fenriver",
        turn=12,
        r=0,
        s=30,
        deck=["orc_warband", "orc_raiders", "hill_troll"],
        defenders=["greatshields", "greatshields", "greatshields", "iron_guard", "iron_guard"],
    )
    end_turn(game)  # turn 13: enemy A (siege 3) arrives, attacks no later than turn 16
    assert enemy_turns(game) == {"orc_warband": 16}
    end_defence(game)
    end_turn(game)  # turn 14: enemy B (siege 1), no later than turn 15
    assert enemy_turns(game) == {"orc_warband": 16, "orc_raiders": 15}
    assert attack_turn(game.state) == 15
    end_defence(game)
    assert len(game.state.enemies) == 2
    end_turn(game)  # turn 15: enemy C (siege 2), no later than 17; the attack is now
    assert enemy_turns(game) == {"orc_warband": 16, "orc_raiders": 15, "hill_troll": 17}
    log = texts(end_defence(game))
    assert "Attack! Orc Warband, Orc Raiders, Hill Troll" in log
    assert not game.state.enemies
    assert sorted(game.state.defeated) == ["hill_troll", "orc_raiders", "orc_warband"]


def test_simple_attack_example_flying_a3_beats_anti_flying_d2_and_ends_the_game(example_cards):
    game = game_at(
        phase="defence", turn=5, defenders=["defender_y_small"], enemies=[("enemy_x", 5, 5)]
    )
    log = texts(end_defence(game))
    assert game.is_over and game.state.outcome == "destroyed"
    assert game.state.cause == "overrun"
    assert "TA 3 overran TD 2" in log
    assert game.result.winners == [] and game.result.scores == {0: 0}


def test_complex_attack_example_td16_beats_ta15_with_one_anti_flying_defender(example_cards):
    game = game_at(
        phase="defence",
        turn=5,
        defenders=["defender_y", "defender_z"],
        enemies=[("enemy_l", 4, 5), ("enemy_m", 5, 6), ("enemy_n", 5, 7)],
    )
    log = texts(end_defence(game))
    assert "TA 15 against TD 16" in log
    assert not game.is_over
    assert not game.state.enemies
    assert len(game.state.defenders) == 2


def test_flying_attackers_win_whatever_the_td_without_a_defender_against_flying(example_cards):
    game = game_at(
        phase="defence",
        turn=5,
        defenders=["defender_z", "defender_z"],
        enemies=[("enemy_m", 5, 5)],
    )
    end_defence(game)
    assert game.state.outcome == "destroyed" and game.state.cause == "flying"


def test_an_anti_flying_improvement_or_continuous_event_also_counts_against_flying():
    for extra in ({"improvements": ["watch_beacons"]}, {"continuous": ["great_birds"]}):
        game = game_at(
            phase="defence",
            turn=5,
            defenders=["greatshields"],
            enemies=[("bat_cloud", 3, 5)],
            **extra,
        )
        end_defence(game)
        assert not game.is_over
        assert game.state.defeated == ["bat_cloud"]


def test_td_equal_to_ta_destroys_all_defenders_and_attackers_but_the_settlement_survives():
    game = game_at(
        phase="defence",
        turn=5,
        p=0,
        defenders=["spear_warden", "settler_militia"],
        enemies=[("orc_raiders", 4, 5)],
    )
    log = texts(end_defence(game))
    assert "TD equals TA" in log
    assert not game.is_over
    assert game.state.defenders == [] and game.state.enemies == []
    assert game.state.played == ["spear_warden", "settler_militia", "orc_raiders"]
    assert game.state.p == 1  # bonuses are granted on a tie (docs/rules/gondolin.md)
    assert game.state.phase == "main"


def test_win_triggers_fire_only_when_td_exceeds_ta():
    game = game_at(
        phase="defence", turn=5, defenders=["vale_riders"], enemies=[("orc_raiders", 4, 5)]
    )
    end_defence(game)
    assert game.state.p == 2  # P +1 bonus and P +1 from Riders of the Vale
    tie = game_at(
        phase="defence", turn=5, defenders=["vale_riders"], enemies=[("wolf_riders", 5, 5)]
    )
    end_defence(tie)
    assert tie.state.p == 1  # the bonus only; the Riders fell with the Wolf-riders


def test_under_siege_without_a_defender_after_the_defence_phase_loses():
    game = game_at(phase="defence", turn=5, enemies=[("orc_warband", 5, 8)])
    end_defence(game)
    assert game.state.outcome == "destroyed" and game.state.cause == "no_defenders"


def test_a_defender_played_in_the_defence_phase_holds_the_siege():
    game = game_at(
        phase="defence", turn=5, hand=["settler_militia"], enemies=[("hill_troll", 5, 7)]
    )
    play(game, "settler_militia")
    end_defence(game)
    assert not game.is_over and game.state.phase == "main"


def test_a_siege_0_enemy_attacks_the_turn_it_arrives_after_the_defence_phase():
    game = game_at(turn=3, deck=["wolf_riders"], hand=["iron_guard"])
    end_turn(game)
    assert enemy_turns(game) == {"wolf_riders": 4}
    assert attack_turn(game.state) == game.state.turn
    play(game, "iron_guard")
    end_defence(game)
    assert game.state.defeated == ["wolf_riders"]


def test_the_main_phase_follows_an_attack_in_the_same_turn():
    game = game_at(
        phase="defence",
        turn=5,
        r=3,
        defenders=["greatshields"],
        hand=["shield_bearers"],
        enemies=[("orc_raiders", 4, 5)],
    )
    end_defence(game)
    assert game.state.phase == "main"
    play(game, "shield_bearers")
    assert len(game.state.defenders) == 2


def test_the_defence_phase_before_an_attack_waits_for_the_player():
    # Siege example 1 again: turn 3 the enemy arrives (no attack yet), turn 4 it attacks.
    game = game_at(turn=2, deck=["orc_raiders", "spear_warden"], hand=["wall_archers"])
    end_turn(game)
    assert game.state.phase == "defence" and not game.auto_play_pauses(0)
    play(game, "wall_archers")
    end_defence(game)
    assert not game.auto_play_pauses(0)  # the Main phase
    end_turn(game)
    assert attack_turn(game.state) == game.state.turn == 4
    assert game.auto_play_pauses(0), "the only move would fight the attack unseen"
