"""Hints for the table: forced moves the bot may play, stage help, and action details."""

import random
from typing import get_args

import pytest

from engines.knightfall import Knightfall
from engines.knightfall.phase_help import PHASES, load_phases
from engines.knightfall.state import PlayerState, Stage

from .helpers import act, camp, make_game, play_random
from .test_views import _resample


def only(game: Knightfall, seat: int) -> str:
    """The label of the seat's single legal action."""
    (action,) = game.legal_actions(seat)
    return action.label()


# ---- auto_play_reveals ---------------------------------------------------------------------------
def test_a_forced_pass_over_hidden_cards_reveals_that_they_hold_no_linked_triple():
    # Player 1 holds a linked group K-A1-A2 with STRONG cards, of mixed colours
    game = make_game(camp(K="2H", A1="3S", A2="5H"), camp(K="8D"))
    act(game, 0, "Defend")
    act(game, 1, "Defend")
    assert only(game, 0) == "Pass"
    assert game.auto_play_reveals(0) is True


def test_a_forced_pass_is_public_without_a_usable_power_or_a_possible_triple():
    # no STRONG enemy card and no battle: no power could be used, whatever the cards
    game = make_game(camp(K="2H", A1="3S", A2="5H"), camp(K="~8D"))
    act(game, 0, "Defend")
    act(game, 1, "Defend")
    assert only(game, 0) == "Pass"
    assert game.auto_play_reveals(0) is False
    # the only linked group shows two face-up colours: it cannot pay, as all can see
    game = make_game(camp(K="~2H", A1="~3S", A2="5H", M4="9C"), camp(K="8D"))
    act(game, 0, "Defend")
    act(game, 1, "Defend")
    assert only(game, 0) == "Pass"
    assert game.auto_play_reveals(0) is False


def test_forced_moves_that_follow_from_public_information_are_played_for_you():
    game = make_game(camp(K="9H", A1="~5C", R1="KS"), camp(K="8D", M3="2S"))
    assert only(game, 0) == "Defend"  # no STRONG Archer or Mage: visible to all
    assert game.auto_play_reveals(0) is False
    act(game, 0, "Defend")
    act(game, 1, "Attack")
    assert only(game, 1) == "Battle with 2♠ (Mage 3)"  # the only STRONG Archer or Mage
    assert game.auto_play_reveals(1) is False
    game = make_game(camp(K="2H", A1="3H", A2="5H"), camp(K="~8D", M1="JS"))
    act(game, 0, "Defend")
    act(game, 1, "Defend")
    act(game, 0, "Archers: make 1 enemy card WEAK; you pay 2♥ 3♥ 5♥, including your Knight")
    assert only(game, 0) == "Shoot enemy Mage 1 (it turns WEAK)"  # the only STRONG target
    assert game.auto_play_reveals(0) is False


def test_a_forced_new_knight_and_a_forced_place_are_public():
    game = make_game(camp(K="2H", M1="9C"), camp(K="8D", A1="~4C"))
    act(game, 0, "Attack")
    act(game, 1, "Defend")
    act(game, 0, "Battle with 9♣ (Mage 1)")  # 9 vs 8+1: both die
    act(game, 0, "Pass")
    act(game, 1, "Pass")
    assert only(game, 1) == "Move 4♣ to Knight"
    assert game.auto_play_reveals(1) is False
    game = make_game(camp(K="2H"), PlayerState(knight_chosen=True), stage="draw")
    game.state.players[0].hand = [game.state.deck.pop()]
    game.state.players[1].hand = [game.state.deck.pop()]
    assert only(game, 1).endswith("in Knight")  # an empty camp: the card must become Knight
    assert game.auto_play_reveals(1) is False


def test_a_forced_move_said_to_be_public_is_forced_whatever_the_hidden_cards():
    """If auto_play_reveals is False, every deal the opponent cannot rule out forces it too."""
    rng = random.Random(11)
    checked = 0

    def on_step(game, _):
        nonlocal checked
        for seat in game.to_act():
            if len(game.legal_actions(seat)) != 1 or game.auto_play_reveals(seat):
                continue
            for _ in range(4):
                other = _resample(game, 1 - seat, rng)
                assert len(other.legal_actions(seat)) == 1, game.state.stage
            checked += 1

    for i in range(4):
        play_random(7_000_003 * (i + 1), random.Random(i), on_step)
    assert checked > 20


# ---- phase_help ----------------------------------------------------------------------------------
def test_every_stage_has_help_text():
    assert set(PHASES.root) == set(get_args(Stage))
    for phase in PHASES.root.values():
        assert phase.title and len(phase.text) > 40


def test_phase_help_follows_the_game_through_every_stage():
    seen: dict[str, str] = {}

    def on_step(game, _):
        for seat in [None, *game.to_act()]:
            text = game.phase_help(seat)
            assert text.startswith(PHASES.root[game.state.stage].title)
            assert ".." not in text and "(s)" not in text
            seen.setdefault(game.state.stage, text)

    game, _ = play_random(123_456_789, random.Random(3), on_step)
    seen["over"] = game.phase_help(None)
    assert set(get_args(Stage)) - {"knight"} <= set(seen)
    assert seen["over"].startswith("Game over.")


def test_phase_help_adds_the_notes_for_the_asking_player():
    game = make_game(camp(K="~9H", A1="~5C"), camp(K="8D", M3="2S"), round=20, deck=2)
    help0 = game.phase_help(0)
    assert "You have no STRONG Archer or Mage, so you can only defend." in help0
    assert "Your Knight is WEAK and cannot fight" in help0
    assert "Round 20; 1 more round after this one." in help0
    assert "WEAK and cannot fight" not in game.phase_help(1)
    assert "WEAK and cannot fight" not in game.phase_help(None)


def test_the_phase_file_must_cover_every_stage_and_note(tmp_path):
    path = tmp_path / "phases.toml"
    path.write_text('[muster]\ntitle = "M"\ntext = "t"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="stages"):
        load_phases(path)


# ---- labels and details --------------------------------------------------------------------------
def test_labels_fit_a_button_and_details_a_select_option():
    def on_step(game, _):
        for seat in game.to_act():
            for action in game.legal_actions(seat):
                assert len(action.label()) <= 80, action.label()
                detail = action.detail()
                assert detail is None or len(detail) <= 100, detail

    for i in range(3):
        play_random(3_000_017 * (i + 1), random.Random(i), on_step)


def test_mage_power_detail_names_what_the_reversal_does():
    game = make_game(camp(K="KS", A2="5S", M1="2D", M2="4H", R1="6D"), camp(K="8C", A1="3C"))
    act(game, 0, "Attack")
    act(game, 1, "Defend")
    act(game, 0, "Battle with 5♠ (Archer 2)")
    mage = game.legal_actions(0)[1]
    assert mage.label() == "Mages: reverse the battle; you pay 2♦ 4♥ 6♦"
    assert mage.detail() == (
        "Discards your Mage 1, Mage 2 and Reserve 1; then 8♣ is discarded and 5♠ returns WEAK."
    )
    archers = game.legal_actions(0)[0]
    assert archers.detail() == (
        "Discards your Mage 1, Mage 2 and Reserve 1; then you pick the enemy card."
    )


# ---- unavailable_actions -------------------------------------------------------------------------
def reasons(game: Knightfall, seat: int) -> dict[str, str]:
    return {u.label: u.reason for u in game.unavailable_actions(seat)}


def test_unavailable_moves_say_why():
    game = make_game(camp(K="9H", A1="~5C"), camp(K="8D", M3="2S"))
    assert reasons(game, 0) == {"Attack": "needs a STRONG Archer or Mage"}
    assert reasons(game, 1) == {}
    act(game, 0, "Defend")
    act(game, 1, "Defend")
    assert reasons(game, 0) == {"Special powers": "needs 3 same-colour linked cards"}
    assert reasons(game, 1) == {}  # not their turn yet
    game = make_game(camp(K="2H", A1="3H", A2="5H"), camp(K="~8D"))
    act(game, 0, "Defend")
    act(game, 1, "Defend")
    assert reasons(game, 0) == {
        "Archers": "no STRONG enemy card to shoot",
        "Mages": "no battle this round that a reversal would change",
    }
