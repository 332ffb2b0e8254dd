"""Chapter 4B: resources, the maintenance check, draw and event phases, the end of the story."""

import pytest

from engines import IllegalAction
from engines.gondolin.actions import DestroyCard, EndTurn, PlayCard
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.modifiers import mods_for, stats
from tests.engines.gondolin.helpers import end_defence, end_turn, enemy_turns, game_at, play, texts


def test_resource_phase_follows_the_rule_text_example():
    # S=5, R=3, M=1: floor(5/2) - 1 = 1 is added, R=4.
    game = game_at(turn=3, r=3, s=5, defenders=["spear_warden"], deck=["shield_bearers"])
    log = texts(end_turn(game))
    assert game.state.r == 4
    assert "S 5 gives 2, M 1 costs 1: R 3 → 4" in log


def test_turn_one_has_no_resource_phase_but_a_main_phase():
    game = game_at(turn=1, r=4, hand=["spear_warden"])
    assert game.state.phase == "main"
    play(game, "spear_warden")
    assert game.state.r == 2


def test_maintenance_check_destroys_one_card_at_a_time_until_r_is_not_negative():
    game = game_at(
        turn=4,
        r=0,
        s=4,
        deck=["shield_bearers"],
        defenders=["spear_warden", "iron_guard", "settler_militia"],
        improvements=["high_wall"],
    )
    end_turn(game)  # income 2 - M 4 = -2
    assert game.state.phase == "maintenance" and game.state.r == -2
    choices = game.legal_actions(0)
    assert all(isinstance(a, DestroyCard) for a in choices)
    assert [a.card for a in choices] == ["spear_warden", "iron_guard", "high_wall"]  # M > 0 only
    assert choices[2].label() == "Destroy The High Wall (M1)"
    game.apply(0, choices[0])  # M1 gone: R -1, still negative
    assert game.state.phase == "maintenance" and game.state.r == -1
    (wall,) = [a for a in game.legal_actions(0) if a.card == "high_wall"]
    game.apply(0, wall)  # R 0: no further destruction allowed
    assert game.state.r == 0
    assert game.state.phase == "main"
    assert not any(isinstance(a, DestroyCard) for a in game.legal_actions(0))
    assert [x.card for x in game.state.defenders] == ["iron_guard", "settler_militia"]
    assert game.state.hand == ["shield_bearers"]  # the Draw phase followed


def test_maintenance_offers_one_button_per_card_yet_any_copy_may_be_destroyed():
    game = game_at(
        turn=4, r=0, s=2, deck=["shield_bearers"], defenders=["spear_warden", "spear_warden"]
    )
    end_turn(game)  # income 1 - M 2 = -1
    first, second = (x.uid for x in game.state.defenders)
    assert game.legal_actions(0) == [DestroyCard(uid=first, card="spear_warden")]
    game.apply(0, DestroyCard(uid=second, card="spear_warden"))  # a stored game's choice
    assert [x.uid for x in game.state.defenders] == [first]
    with pytest.raises(IllegalAction):
        game.apply(0, DestroyCard(uid=first, card="spear_warden"))  # R is 0: the check is over


def test_destroying_a_bigger_upkeep_card_may_overshoot_but_stops_the_check():
    game = game_at(
        turn=4,
        r=0,
        s=4,
        deck=["shield_bearers"],
        defenders=["spear_warden", "iron_guard", "oathsworn"],
    )
    end_turn(game)  # 2 - 5 = -3
    (big,) = [a for a in game.legal_actions(0) if a.card == "oathsworn"]
    game.apply(0, big)  # -3 + 2 = -1
    (guard,) = [a for a in game.legal_actions(0) if a.card == "iron_guard"]
    game.apply(0, guard)  # -1 + 2 = 1
    assert game.state.r == 1 and game.state.phase == "main"


def test_maintenance_with_nothing_left_to_destroy_sets_r_to_zero():
    # Fenriver's refugees add M +1 from turn 4; with S 0 and no cards R would go to -1.
    game = game_at("fenriver", turn=5, r=0, s=0, deck=["shield_bearers"])
    end_turn(game)
    assert game.state.r == 0 and game.state.phase == "main"


def test_drawn_defender_or_achievement_goes_to_the_hand_which_has_no_limit():
    hand = ["spear_warden"] * 3 + ["shield_bearers"] * 3 + ["iron_guard"] * 3
    game = game_at(turn=3, deck=["terraced_gardens"], hand=hand)
    events = end_turn(game)
    assert game.state.hand[-1] == "terraced_gardens" and len(game.state.hand) == 10
    # The hand is face-up to the table in this solo game, so the log names the card for all.
    assert any(e.seat is None and "New in your hand: Terraced Gardens." in e.text for e in events)


def test_an_occurrence_resolves_to_the_played_pile_and_a_continuous_event_stays():
    game = game_at(turn=4, r=0, deck=["good_harvest", "fertile_years"])
    end_turn(game)
    assert game.state.played == ["good_harvest"]
    assert game.state.r == 0 + 4 + 3
    end_turn(game)
    assert [x.card for x in game.state.continuous] == ["fertile_years"]
    assert stats(game.state).s == 10


def test_an_empty_deck_skips_the_draw_and_the_story_goes_on():
    game = game_at(turn=4, deck=[])
    log = texts(end_turn(game))
    assert "The deck is empty" in log
    assert game.state.turn == 5 and game.state.phase == "main"


def test_story_events_happen_on_their_turn_and_static_ones_last():
    game = game_at(turn=2, s=8, deck=["shield_bearers"] * 6)
    end_turn(game)  # turn 3: First Frost, S -1 for good
    assert game.state.s == 7
    for _ in range(3):
        end_turn(game)
    assert game.state.turn == 6  # Smoke in the Hills: enemies A +1 from now on
    assert mods_for(game.state).enemy_a == 1


def test_story_events_and_continuous_effects_stack_by_addition():
    game = game_at(
        "fenriver",
        turn=13,
        continuous=["shadow_over_land"],
        enemies=[("iron_captain", 12, 14)],
        defenders=["greatshields"],
    )
    # Iron Captain A8 + his own +1 + Shadow over the Land +1 + The Dark Tide (turn 12) +1
    assert stats(game.state).ta == 11


def test_a_relentless_story_enemy_attacks_the_turn_it_arrives_and_is_printed_so():
    # Story card: "The Northern Warband (A{a}) arrives and attacks this turn; nothing delays it
    # or drives it off." The Reedmarsh ("Enemies entering play siege 1 more turn") and Lore of
    # Sieges yield to the card that names the exception, so Lore of Sieges is not offered.
    game = game_at(
        turn=11,
        location="reedmarsh",
        defenders=["greatshields", "greatshields", "greatshields"],
        deck=["good_harvest"],
        hand=["lore_of_sieges", "secret_paths"],
        p=5,
    )
    end_turn(game)  # turn 12
    assert [x.attack_turn for x in game.state.enemies] == [12]
    assert not [a for a in game.legal_actions(0) if isinstance(a, PlayCard)]
    reasons = [u.reason for u in game.unavailable_actions(0)]
    assert reasons == [
        "Lore of Sieges: no sieging enemy can be delayed",
        "Secret Paths: no sieging enemy can be driven off",
    ]
    assert "nothing delays it" in CATALOGUE.card("northern_warband").text


def test_other_story_enemies_are_enemies_like_any_other_for_the_printed_cards():
    # Wings over the Mountains (turn 9): "The Carrion Host (A5, flying, siege 2) lays siege."
    # The Reedmarsh: "Enemies entering play siege 1 more turn."
    game = game_at(
        "fenriver",
        turn=8,
        location="reedmarsh",
        defenders=["tower_watch"],
        deck=["shield_bearers"],
        hand=["lore_of_sieges", "secret_paths"],
        r=10,
        p=5,
    )
    end_turn(game)
    assert enemy_turns(game) == {"carrion_host": 9 + 2 + 1}
    # Lore of Sieges: "Every sieging enemy not delayed before waits 1 more turn."
    play(game, "lore_of_sieges")
    assert enemy_turns(game) == {"carrion_host": 13}
    # Secret Paths: "The sieging enemy with the lowest A leaves play, without bonuses."
    play(game, "secret_paths")
    assert not game.state.enemies and game.state.p == 5
    assert "carrion_host" not in game.state.played  # a story's enemy leaves no card behind


def test_surviving_the_last_turn_ends_the_game_with_the_story_score():
    game = game_at(
        turn=11,
        r=5,
        s=9,
        p=4,
        deck=["shield_bearers"],
        defenders=["greatshields", "greatshields", "iron_guard"],
    )
    end_turn(game)  # turn 12: R 5 + 4 - 6 = 3; the Warband (A13 +1) attacks: 17 > 14
    end_defence(game)
    assert game.state.phase == "main"
    end_turn(game)
    assert game.is_over and game.state.outcome == "survived"
    assert game.state.score == 4 + 9 + 3 // 2  # P + S + R / 2
    assert game.result.winners == [0] and game.result.scores == {0: game.state.score}
    assert "Score 14" in game.result.summary


def test_end_turn_for_a_stale_turn_is_refused():
    game = game_at(turn=4, deck=["shield_bearers"])
    with pytest.raises(IllegalAction):
        game.apply(0, EndTurn(turn=3))
