"""Standing choices (rulings 8.5, 16.12): the phases a player may have passed for them."""

from engines.gondor.actions import EndPhase
from engines.gondor.game import Gondor
from engines.gondor.magic.actions import MagicSelect
from engines.gondor.siege.actions import BreachFire, GrondBreach, Hurl
from engines.gondor.siege.phase import activate_grond
from tests.engines.gondor.play import advance_to, deployed
from tests.engines.gondor.positions import empty_game, legal, put


def test_a_magic_phase_is_passed_for_the_side_acting_in_it_and_the_log_line_says_so():
    game = deployed()
    assert [c.key for c in Gondor.standing_choices] == ["magic", "nohurl"]
    assert game.state.phase == "magic-1" and game.to_act() == [1]  # Westernesse first
    assert game.standing_applies(1, "magic") and not game.standing_applies(0, "magic")
    assert game.standing_move(1, "magic") == (
        EndPhase(),
        "Westernesse passes its magic phase (standing choice).",
    )
    assert game.standing_move(0, "magic") is None  # not Sauron's turn
    assert game.standing_move(1, "nohurl") is None  # not a Siege Phase
    game.apply(1, EndPhase())
    assert game.standing_move(0, "magic") == (
        EndPhase(),
        "Sauron passes his magic phase (standing choice).",
    )
    advance_to(game, 1, "sauron-movement")
    assert game.standing_move(0, "magic") is None


def test_a_magic_leader_on_his_way_is_not_stopped_by_the_standing_choice():
    """Once the player chose to move the leader, the rest of that move is theirs."""
    game = deployed()
    walk = next(a for a in game.legal_actions(1) if isinstance(a, MagicSelect))
    game.apply(1, walk)
    assert not game.standing_applies(1, "magic") and game.standing_move(1, "magic") is None


def test_catapults_hurl_nothing_in_a_siege_phase_with_only_hurls_on_offer():
    """A breach shot or Grond's battering is still asked: only fireballs and Heads are passed."""
    game = empty_game()
    put(game.state, "sauron-catapult-1", "2320")  # too far from any breachable wall
    assert any(isinstance(a, Hurl) for a in legal(game, 0))
    assert not any(isinstance(a, BreachFire) for a in legal(game, 0))
    assert game.standing_move(0, "nohurl") == (
        EndPhase(),
        "Sauron's catapults hurl nothing this Siege Phase (standing choice).",
    )
    put(game.state, "sauron-catapult-1", "2514")  # in range of the wall 2512/2513
    assert any(isinstance(a, BreachFire) for a in legal(game, 0))
    assert game.standing_move(0, "nohurl") is None
    put(game.state, "sauron-catapult-1", "2320")
    put(game.state, "grond-1", "1918")
    put(game.state, "trolls-1", "1918")
    activate_grond(game.state)
    assert any(isinstance(a, GrondBreach) for a in legal(game, 0))
    assert not game.standing_applies(0, "nohurl") and game.standing_move(0, "nohurl") is None
