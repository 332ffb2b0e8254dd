"""What the table is told: current values, unavailable moves, confirmations, help, details."""

import re
from pathlib import Path

from engines.gondolin.actions import EndDefence, EndTurn, PlayCard
from engines.gondolin.catalogue import DATA_DIR
from engines.gondolin.game import Gondolin
from engines.gondolin.help import PHASE_HELP
from tests.engines.gondolin.helpers import end_turn, game_at

HOW_TO_PLAY = (DATA_DIR / "how_to_play.md").read_text()


def _event(view, turn):
    (event,) = view["story"]["track"][turn - 1]["events"]
    return event


def test_story_enemies_show_their_current_a_not_the_printed_one():
    # The Northern Warband prints A13; "Smoke in the Hills" (turn 6) gives every enemy A +1.
    game = game_at(turn=11, deck=["good_harvest"], defenders=["greatshields"])
    warband = _event(game.view(None), 12)
    assert warband["enemy"]["a"] == 13 and warband["enemy"]["current_a"] == 14
    assert warband["text"].startswith("The Northern Warband (A14) arrives")
    # Before turn 6 the coming +1 is already counted: the story card is public.
    early = _event(game_at(turn=2).view(None), 12)
    assert early["enemy"]["current_a"] == 14
    log = " ".join(e.text for e in end_turn(game))
    assert "The Northern Warband (A14) arrives" in log
    assert "The Northern Warband (A14) lays siege" in log
    (enemy,) = game.view(None)["siege"]["enemies"]
    assert (enemy["a"], enemy["current_a"]) == (13, 14)


def test_unaffordable_cards_are_shown_with_the_reason():
    game = game_at(r=1, p=1, hand=["tarnil", "high_wall", "settler_militia"])
    reasons = [u.reason for u in game.unavailable_actions(0)]
    assert reasons == [
        "Tarnil of the Wells: needs R6, you have R1",
        "The High Wall: needs P3, you have P1",
    ]
    labels = [u.label for u in game.unavailable_actions(0)]
    assert labels[0] == PlayCard(card="tarnil", cost=6).label()


def test_income_is_explained_in_the_status():
    game = game_at(r=5, s=8, defenders=["shield_bearers"], hand=["tarnil"])
    assert game.view(None)["status"] == (
        "Turn 2 of 12, Main phase: R 5, TD 3, next income +3 (S 8 gives 4, M 1 costs 1)."
    )
    game = game_at(r=5, s=8, defenders=["tarnil"])
    assert "next income +3 (S 8 gives 4, M 2 costs 2, other income +1)" in game.view(0)["status"]


def test_ending_the_defence_into_a_lost_attack_asks_first_and_says_what_happens():
    game = game_at(
        phase="defence", turn=5, defenders=["spear_warden"], enemies=[("hill_troll", 4, 5)]
    )
    assert game.confirm_text(0, EndDefence()) == (
        "End the Defence phase with TD 2 below TA 6? The attack overruns the settlement "
        "and the game ends."
    )
    tie = game_at(
        phase="defence", turn=5, defenders=["greatshields"], enemies=[("hill_troll", 4, 5)]
    )
    assert "equal to TA 6? Every Defender and every attacker is destroyed" in tie.confirm_text(
        0, EndDefence()
    )
    bare = game_at(phase="defence", turn=5, enemies=[("hill_troll", 4, 7)])
    assert "no Defender in play" in bare.confirm_text(0, EndDefence())
    flyer = game_at(
        phase="defence", turn=5, defenders=["greatshields"], enemies=[("bat_cloud", 4, 5)]
    )
    assert "Bat Cloud fly over the walls" in flyer.confirm_text(0, EndDefence())
    later = game_at(
        phase="defence", turn=5, defenders=["spear_warden"], enemies=[("hill_troll", 4, 7)]
    )
    assert later.confirm_text(0, EndDefence()) is None
    won = game_at(
        phase="defence",
        turn=5,
        defenders=["iron_guard", "spear_warden"],
        enemies=[("hill_troll", 4, 5)],
    )
    assert won.confirm_text(0, EndDefence()) is None
    assert game.confirm_text(0, EndTurn(turn=5)) is None


def test_every_phase_has_help_from_the_data_file():
    for phase in (
        "choose_location",
        "choose_hand",
        "choose_target",
        "maintenance",
        "defence",
        "main",
        "over",
    ):
        assert len(PHASE_HELP[phase]) > 60
    game = game_at(phase="defence", turn=5, enemies=[("hill_troll", 4, 7)])
    assert game.phase_help(0) == PHASE_HELP["defence"] == game.phase_help(None)


def test_actions_explain_effect_and_cost_in_at_most_100_characters():
    game = Gondolin.new(1, seed=2, options={"story": "seventh_gate"})
    seen = 0
    for step in range(300):
        if game.is_over:
            break
        for action in game.legal_actions(0):
            detail = action.detail()
            if detail is not None:
                assert len(detail) <= 100 and detail.endswith((".", "…"))
                seen += 1
        actions = game.legal_actions(0)
        game.apply(0, actions[step % len(actions)])
    assert seen
    assert PlayCard(card="tarnil", cost=6).detail() == (
        "Defence D6. While in play: R +1 in every Resource phase. Costs R6, then M2 every "
        "Resource phase."
    )


def test_every_abbreviation_shown_is_explained_in_how_to_play():
    shown = {"R", "S", "M", "P", "PX", "D", "A", "TD", "TA"}
    for abbr in shown:
        assert re.search(rf"\*\*{abbr}\*\*", HOW_TO_PLAY), abbr
    assert "✈" in HOW_TO_PLAY and "Siege" in HOW_TO_PLAY and "Eminent" in HOW_TO_PLAY
    assert Path(DATA_DIR / "phase_help.toml").exists()
