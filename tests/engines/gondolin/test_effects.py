"""Card effects: static modifiers, instant effects, activated uses, and the effect registry."""

import pytest

from engines.gondolin.actions import PlayCard, UseCard
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.effects import INSTANT, TARGETED, check_effect_names
from engines.gondolin.modifiers import STATIC, stats
from tests.engines.gondolin.helpers import end_defence, end_turn, enemy_turns, game_at, play


def test_every_effect_named_in_the_data_has_a_function():
    check_effect_names(CATALOGUE)
    used = {e.do for c in CATALOGUE.cards.values() for e in c.effects}
    used |= {e.do for s in CATALOGUE.stories.values() for ev in s.events for e in ev.effects}
    assert used == set(STATIC) | set(INSTANT) | set(TARGETED)  # and no function is left unused


def test_unknown_effect_names_are_rejected_at_load(monkeypatch):
    card = CATALOGUE.card("good_harvest")
    bad = card.model_copy(update={"effects": (card.effects[0].model_copy(update={"do": "nope"}),)})
    monkeypatch.setitem(CATALOGUE.cards, "good_harvest", bad)
    with pytest.raises(ValueError, match="nope"):
        check_effect_names(CATALOGUE)


def test_improvements_apply_while_in_play_and_insights_go_to_the_played_pile():
    game = game_at(p=3, r=20, s=8, hand=["terraced_gardens", "song_of_founding"])
    play(game, "terraced_gardens")
    assert stats(game.state).s == 10 and game.state.s == 8
    play(game, "song_of_founding")
    assert game.state.s == 10 and stats(game.state).s == 12
    assert game.state.played == ["song_of_founding"]


def test_achievements_need_the_proficiency_which_is_not_spent():
    game = game_at(p=2, r=20, hand=["high_wall", "council_of_elders"])
    cards = {a.card for a in game.legal_actions(0) if isinstance(a, PlayCard)}
    assert cards == {"council_of_elders"}  # The High Wall needs P3
    game.state.p = 3
    play(game, "high_wall")
    assert game.state.p == 3


def test_discounts_lower_costs_but_never_below_one():
    game = game_at(
        r=20,
        location="stonecrown_pass",
        hand=["settler_militia", "iron_guard"],
        improvements=["masons_lodge"],
    )
    costs = {a.card: a.cost for a in game.legal_actions(0) if isinstance(a, PlayCard)}
    assert costs == {"settler_militia": 1, "iron_guard": 3}
    assert PlayCard(card="iron_guard", cost=3).label() == "Play Iron Guard (D5, R3, M2)"


def test_a_hero_raising_every_defence_counts_itself_and_the_others():
    game = game_at(defenders=["spear_warden", "haldrun"])
    assert stats(game.state).td == 3 + 6


def test_lore_of_sieges_delays_each_enemy_only_once():
    game = game_at(
        phase="defence",
        turn=5,
        p=5,
        r=10,
        hand=["lore_of_sieges"],
        defenders=["greatshields", "fen_stalkers"],
        enemies=[("hill_troll", 4, 6), ("orc_raiders", 5, 6)],
    )
    (use,) = [a for a in game.legal_actions(0) if isinstance(a, UseCard)]
    assert use.label() == "Use Fen-stalkers: sacrifice, enemies wait 1 more turn"
    play(game, "lore_of_sieges")
    assert enemy_turns(game) == {"hill_troll": 7, "orc_raiders": 7}
    # Fen-stalkers would now be sacrificed for nothing, so the Use is not offered; it is shown
    # as unavailable with the reason.
    assert not [a for a in game.legal_actions(0) if isinstance(a, UseCard)]
    (why,) = game.unavailable_actions(0)
    assert why.label == use.label()
    assert why.reason == "Fen-stalkers: no sieging enemy can be delayed"


def test_an_activated_use_is_once_a_turn_and_its_td_lasts_only_this_turn():
    game = game_at(
        phase="defence",
        turn=5,
        r=10,
        improvements=["armoury"],
        defenders=["greatshields"],
        deck=["wolf_riders"],
        enemies=[("hill_troll", 4, 5)],
    )
    (use,) = [a for a in game.legal_actions(0) if isinstance(a, UseCard)]
    assert use.label() == "Use The Armoury (R2): TD +3 this turn"
    game.apply(0, use)
    assert stats(game.state).td == 9 and game.state.r == 8
    assert not [a for a in game.legal_actions(0) if isinstance(a, UseCard)]
    assert game.unavailable_actions(0)[0].reason == "The Armoury: already used this turn"
    end_defence(game)
    assert game.state.defeated == ["hill_troll"] and game.state.phase == "main"
    # In the Main phase the attack is over: "TD this turn" would buy nothing, so it is not offered.
    assert not [a for a in game.legal_actions(0) if isinstance(a, UseCard)]
    end_turn(game)  # turn 6: Wolf-riders (siege 0) attack this turn
    assert stats(game.state).td == 6
    assert [a for a in game.legal_actions(0) if isinstance(a, UseCard)]


def test_oath_of_the_walls_adds_to_the_next_attack_only():
    game = game_at(
        phase="defence",
        turn=5,
        p=3,
        r=3,
        hand=["oath_of_the_walls"],
        defenders=["spear_warden"],
        enemies=[("hill_troll", 3, 5)],
    )
    play(game, "oath_of_the_walls")
    end_defence(game)
    assert game.state.defeated == ["hill_troll"]
    assert stats(game.state).td == 2


def test_secret_paths_drives_off_the_weakest_enemy_without_bonuses():
    game = game_at(
        phase="defence",
        turn=5,
        p=4,
        r=3,
        hand=["secret_paths"],
        defenders=["spear_warden"],
        enemies=[("hill_troll", 4, 6), ("orc_raiders", 5, 6)],
    )
    play(game, "secret_paths")
    assert [x.card for x in game.state.enemies] == ["hill_troll"]
    assert game.state.p == 4 and "orc_raiders" in game.state.played


def test_healers_return_the_last_destroyed_defender_to_the_hand():
    game = game_at(p=2, r=2, hand=["healers_of_spring"])
    game.state.played = ["iron_guard", "good_harvest", "spear_warden", "orc_raiders"]
    play(game, "healers_of_spring")
    assert game.state.hand == ["spear_warden"]
    assert game.state.played == ["iron_guard", "good_harvest", "orc_raiders", "healers_of_spring"]


def test_treachery_destroys_the_strongest_defender():
    game = game_at(
        "seventh_gate",
        turn=9,
        r=10,
        s=20,
        deck=["shield_bearers"],
        defenders=["spear_warden", "greatshields", "iron_guard"],
    )
    end_turn(game)
    assert [x.card for x in game.state.defenders] == ["spear_warden", "iron_guard"]


def test_an_enemy_arrival_effect_and_its_siege_effect():
    game = game_at(turn=4, s=8, deck=["orc_warband", "cave_spiders"], defenders=["iron_guard"])
    end_turn(game)
    assert stats(game.state).s == 7  # Orc Warband: S -1 while sieging
    end_defence(game)
    end_turn(game)
    assert game.state.s == 7 and stats(game.state).s == 6  # Cave Spiders: S -1 for good
