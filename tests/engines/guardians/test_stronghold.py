"""Stronghold attacks, rubbling and the Guardian challenge (reconstruction [R])."""

from engines.guardians import clash
from engines.guardians.combat import CombatOutcome
from engines.guardians.game import WAITS
from render.guardians import typed
from render.guardians.panel import phase_title
from tests.engines.guardians.card_scenarios import shows

from .scenario import labels, movement_game, play, shield, take, terrain
from .test_combat_helpers import Table


def _siege(game):
    attacker = shield(game, 0, "C2", ["sand_lord", "swordsman"])
    terrain(game, 0, "C2")
    hold = game.state.seats[1].holds[1]
    hold.on.append(take(game, 1, "archer"))
    hold.under.append(take(game, 1, "ice_spirit"))
    play(game, 0, "Turn Shield on C2")
    step = next(a for a in game.legal_actions(0) if a.label() == "Move to C3")
    assert step.note == "siege"
    assert game.public_label(0, step) == "Move to C3"  # on the open board
    game.apply(0, step)
    return attacker


def _outcome(game, winner):
    s = game.state
    setup = s.combat.setup
    s.combat.outcome = CombatOutcome(
        winner=winner,
        attacker_total=17,
        defender_total=11,
        survivors={0: list(setup.attacker.creatures), 1: list(setup.defender.creatures)},
        discarded=[],
        out_of_play=[],
        stones_spent={0: 0, 1: 0},
        channelers_used=[],
        terrain_destroyed=False,
    )
    clash.after_combat_action(s)


def test_a_stronghold_attack_defends_with_its_creatures_and_bonus():
    """[R]: "the defender's combat hand = creatures on and under that Stronghold + his Storage
    Depot; the defender adds the Stronghold bonus.\""""
    game = movement_game()
    _siege(game)
    d = game.state.combat.setup.defender
    hold = game.state.seats[1].holds[1]
    assert d.shield is None and d.creatures == hold.on + hold.under
    assert d.stronghold_defence == 7  # Keep of Rak Nam (centre)


def test_a_won_stronghold_attack_rubbles_it_and_offers_the_challenge():
    """[R]: "If the attacker wins: the Stronghold is rubbled ... creatures on/under it are
    discarded ... the attacking Shield stays there.\""""
    game = movement_game()
    attacker = _siege(game)
    _outcome(game, winner=0)
    s = game.state
    assert s.seats[1].holds[1].rubbled and s.seats[1].holds[1].on == []
    assert len(s.seats[1].discard) == 2
    assert s.stack(attacker.shield).space == "C3"
    assert labels(game, 0) == [
        "Challenge the Guardian with Sand Lord",
        "Challenge the Guardian with Swordsman",
        "Do not challenge",
    ]
    assert game.view(None)["spaces"][10]["stronghold"]["rubbled"] is True


def test_a_lost_stronghold_attack_retreats():
    game = movement_game()
    _siege(game)
    _outcome(game, winner=1)
    assert labels(game, 0) == ["Retreat to C2", "Destroy the Shield"]
    assert not game.state.seats[1].holds[1].rubbled


def test_a_challenge_that_beats_the_guardian_wins_the_game():
    """[R]: "If the creature's total exceeds the Guardian's → the Guardian dies (win).\""""
    game = movement_game()
    _siege(game)
    _outcome(game, winner=0)
    game.state.seats[1].vitality = 10
    game.state.seats[1].stones = 0
    play(game, 0, "Challenge the Guardian with Sand Lord")
    play(game, 0, "Strike")
    assert game.to_act() == [1] and labels(game, 1) == ["Stand"]
    now, why = game.phase_help(1).splitlines()[:2]
    assert now.startswith("Now: ") and why == WAITS  # the single click is explained
    assert WAITS not in game.phase_help(0) and WAITS not in game.phase_help(None)
    play(game, 1, "Stand")
    assert game.is_over and game.result.winners == [0]
    assert "Tes Let is dead" in game.result.summary


def test_the_view_names_the_guardian_challenge_as_its_step():
    """The picture's title says "Guardian challenge", not "Movement", while one is fought."""
    game = movement_game()
    _siege(game)
    _outcome(game, winner=0)
    challenger = game.legal_actions(0)[0]  # names a creature the channel has not seen
    assert challenger.label() == "Challenge the Guardian with Sand Lord"
    assert game.public_label(0, challenger) is None
    play(game, 0, "Challenge the Guardian with Sand Lord")
    assert game.view(None)["phase"] == game.view(1)["phase"] == "challenge"
    view = typed(game.view(None))
    assert phase_title(view) == f"Guardians · turn {view.turn} · Guardian challenge"


def test_a_failed_challenge_wounds_the_guardian_and_loses_the_creature():
    """[R]: "Otherwise the Guardian loses Vitality equal to the creature's base Vitality (wounds
    stay) and the creature is discarded.\""""
    game = movement_game()
    attacker = _siege(game)
    _outcome(game, winner=0)
    play(game, 0, "Challenge the Guardian with Swordsman")
    play(game, 0, "Strike")
    play(game, 1, "Channel a stone (+7)")
    play(game, 1, "Stand")
    s = game.state
    assert s.seats[1].vitality == 28 - 6
    assert [s.cards[u] for u in s.stack(attacker.shield).cards] == ["sand_lord"]
    assert s.challenge is None and not game.is_over


def test_a_shield_on_rubble_may_challenge_at_the_start_of_its_move():
    """[R]: "or at the start of its move if its Shield already stands on a rubbled Stronghold
    space, it may challenge the Guardian with ONE surviving creature.\""""
    game = movement_game()
    game.state.seats[1].holds[0].rubbled = True
    shield(game, 0, "L3", ["swordsman"])
    play(game, 0, "Turn Shield on L3")
    assert "Challenge the Guardian with Swordsman" in labels(game, 0)


@shows("khnumian_stronghold", "channel_bonus")
@shows("font_of_power", "channel_bonus")
def test_khnumian_centre_and_font_of_power_add_cmp_to_their_channelers():
    """Khnumian Stronghold (centre): "+1 CMP to each channeler placed under it." Font of Power:
    "+1 CMP to each channeler placed under the Stronghold it stands beside." """
    game = movement_game()
    s = game.state
    s.seats[1].strongholds = "khnumian_stronghold"
    holds = s.seats[1].holds
    holds[0].under.append(take(game, 1, "court_mage"))  # CMP 3, left: no bonus
    holds[1].under.append(take(game, 1, "hedge_wizard"))  # CMP 3, centre: +1
    holds[2].under.append(take(game, 1, "glimmer_fairy"))  # CMP 2, right with the Font: +1
    holds[2].upgrade = take(game, 1, "font_of_power")
    shield(game, 0, "C1", ["swordsman"])
    shield(game, 1, "C2", ["ice_spirit"])
    play(game, 0, "Turn Shield on C1")
    play(game, 0, "Move to C2")
    play(game, 0, "No command card")
    play(game, 1, "No command card")
    play(game, 0, "Play Swordsman")
    play(game, 1, "Play Ice Spirit")
    play(game, 1, "No bribe")
    play(game, 0, "Pass")
    assert [x for x in labels(game, 1) if x.startswith("Channel")][:3] == [
        "Channel 3 into Ice Spirit: Court Mage",
        "Channel 4 into Ice Spirit: Hedge Wizard",
        "Channel 3 into Ice Spirit: Glimmer Fairy",
    ]
    play(game, 1, "Channel 4 into Ice Spirit: Hedge Wizard")
    assert next(f for f in game.state.combat.table if f.side == 1).channel == 4


@shows("dork_age", "bonus")
@shows("shroud_of_grahzue", "bonus")
def test_a_challenge_with_channelers_and_any_time_spells():
    """[R]: "a match-up of that creature (all bonuses, channeling, command effects except
    terrain) against the Guardian's *current* Vitality; the defender may channel into his
    Guardian ... and play spells." Dork Age: "Cast at any time: +5 to your creature whose
    match-up opponent is a Guardian." Shroud of Grahzue: "+3 to your creature." """
    game = movement_game()
    attacker = _siege(game)
    _outcome(game, winner=0)  # the centre is rubbled; the left Stronghold still stands
    s = game.state
    s.seats[0].storage.append(take(game, 0, "dork_age"))
    s.seats[1].storage.append(take(game, 1, "shroud_of_grahzue"))
    s.seats[1].holds[0].under.append(take(game, 1, "court_mage"))
    s.seats[1].vitality, s.seats[1].stones = 14, 0
    play(game, 0, "Challenge the Guardian with Sand Lord")
    assert labels(game, 0)[-2:] == ["Cast Dork Age (+5)", "Strike"]
    play(game, 0, "Cast Dork Age (+5)")  # Sand Lord 11 + 5 = 16 against 14
    play(game, 0, "Strike")
    assert labels(game, 1) == [
        "Channel 3: Court Mage",
        "Cast Shroud of Grahzue (+3)",
        "Stand",
    ]
    play(game, 1, "Channel 3: Court Mage")
    play(game, 1, "Cast Shroud of Grahzue (+3)")
    assert labels(game, 1) == ["Stand"]  # the channeler is spent for the turn
    assert game.auto_play_reveals(1)  # a forced Stand would tell the Storage Hand is empty
    play(game, 1, "Stand")  # 16 against 14 + 3 + 3: the Guardian holds, wounded by 11
    s = game.state
    assert s.seats[1].vitality == 3 and not game.is_over
    assert [s.cards[u] for u in s.stack(attacker.shield).cards] == ["swordsman"]
    assert {s.cards[u] for u in s.seats[0].discard} >= {"dork_age", "sand_lord"}
    assert s.cards[s.seats[1].discard[-1]] == "shroud_of_grahzue"


def test_dork_age_is_not_cast_in_an_ordinary_match_up():
    """Dork Age gives +5 only "to your creature whose match-up opponent is a Guardian"."""
    t = Table(["swordsman"], ["swordsman"], storage=(["dork_age"], ()))
    t.no_commands()
    t.primaries("swordsman", "swordsman")
    assert not [a for a in t.legal(0) if a.kind == "ccast"]


def _reason(game, label):
    action = next(a for a in game.legal_actions(0) if a.label() == label)
    return game.suggestion_reason(0, action)


def test_the_coachs_reason_for_a_challenge_says_its_real_stakes():
    """A Guardian held off still loses the creature's base Vitality, so a creature with at
    least its Vitality kills it whatever it channels ("you win" is known); a weaker one only
    wounds it, and the reason says what the challenger loses if it holds."""
    game = movement_game()
    _siege(game)
    _outcome(game, winner=0)
    assert _reason(game, "Challenge the Guardian with Swordsman") == (
        "Wounds their Guardian (28) by 6; if it holds, Swordsman is lost."
    )
    game.state.seats[1].vitality = 6  # 6 against 6: held off, the wound of 6 kills it
    assert _reason(game, "Challenge the Guardian with Swordsman") == (
        "Swordsman (6) kills their Guardian (6): you win."
    )
    play(game, 0, "Challenge the Guardian with Swordsman")
    play(game, 0, "Strike")
    play(game, 1, "Channel a stone (+7)")
    play(game, 1, "Stand")
    assert game.is_over and game.result.winners == [0]


def test_a_challenge_with_the_last_creature_says_the_shield_goes_too():
    game = movement_game()
    attacker = _siege(game)
    _outcome(game, winner=0)
    s = game.state
    s.stack(attacker.shield).cards.remove(
        next(u for u in s.stack(attacker.shield).cards if s.cards[u] == "sand_lord")
    )
    assert _reason(game, "Challenge the Guardian with Swordsman") == (
        "Wounds their Guardian (28) by 6; if it holds, your last creature and Shield go."
    )
    s.seats[0].shields_lost, s.seats[1].vitality = 4, 5
    assert _reason(game, "Challenge the Guardian with Swordsman") == (
        "Swordsman (6) kills their Guardian (5): a draw at worst."
    )
