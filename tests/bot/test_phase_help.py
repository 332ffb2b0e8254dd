"""The "?" answer: the goal first, then the phase, and each greyed-out move's whole reason."""

import pytest

from bot.flow.phase_help import ROOM, help_text
from bot.surface import controls
from engines import game_ids, get_game
from engines.gondolin.game import Gondolin
from engines.text import shorten


@pytest.mark.parametrize("game_id", game_ids())
def test_every_help_answer_opens_with_the_goal(game_id):
    cls = get_game(game_id)
    game = cls.new(cls.min_players, seed=3)
    for seat in (None, game.to_act()[0]):
        assert help_text(game, seat).startswith(f"**Goal:** {game.goal()}\n\n")


@pytest.mark.parametrize("game_id", game_ids())
def test_a_long_answer_lists_whole_choices_that_fit_then_counts_the_rest(game_id):
    """Discord cuts a message's text at 4,000 characters: the answer stays within, whole lines."""
    cls = get_game(game_id)
    for seed in (3, 8):
        game = cls.new(cls.min_players, seed=seed)
        seat = game.to_act()[0]
        answer = help_text(game, seat)
        assert len(answer) <= ROOM
        offered = {
            f"• **{a.label()}**" + (f" — {a.detail()}" if a.detail() else "")
            for a in game.legal_actions(seat)
        }
        section = answer.split("**Your choices now**\n")[1].split("\n\n")[0].splitlines()
        listed = [line for line in section if line.startswith("• ")]
        assert set(listed) <= offered
        more = section[-1].removeprefix("… and ").removesuffix(" more.")
        assert len(listed) + (int(more) if more.isdigit() else 0) == len(offered)


def test_a_greyed_out_moves_reason_is_whole_in_help_though_cut_on_its_button():
    game = Gondolin.new(1, seed=0)
    picks = ("haldrun", "terraced_gardens", "spear_warden", "iron_guard", "council_of_elders")
    for code in (*(f"pick.{card}" for card in picks), "end.1"):
        game.apply(0, game.decode(code))
    greyed = game.unavailable_actions(0)
    view = controls.build_view(
        "abc", 6, controls.choices_for(game, 0), unavailable=controls.unavailable_for(game, 0)
    )
    labels = [b.label for b in view.children if getattr(b, "disabled", False)]
    answer = help_text(game, 0)
    assert len(greyed) == 2
    for u in greyed:
        whole = f"{u.label}: {u.reason}"
        assert len(whole) > 80 and shorten(whole, 80) in labels  # the button is cut…
        assert f"• {u.label} — {u.reason}" in answer  # …the "?" answer is not
