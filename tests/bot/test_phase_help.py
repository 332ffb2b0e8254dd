"""The "?" answer: the goal first, then the phase, and each greyed-out move's whole reason."""

import pytest

from bot.flow.phase_help import help_text
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
