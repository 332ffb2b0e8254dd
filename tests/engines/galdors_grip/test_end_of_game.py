"""The end: Galdor's Grip's win and loss, End of Game scoring, the F.A.Q. on wildcards and
The Veiled Stair, the threshold and Allstar options."""

from __future__ import annotations

import pytest

from .helpers import act, deal, fill, get, labels

TEN_STARS = [
    "+galdors_grip!",
    "+veiled_stair",
    "+binding_stones_3",
    "+binding_stones_4",
    "+figment_b!",
    "+figment_a!",
    "+figment_c!",
    "+figment_d!",
    "+sunlit_memory!",
    "+lantern_of_recall",
]
"""Stair over 3, 4, 5 (⭐2), stones 3 + 4 (⭐2), four dangerous Figments, Sunlit, Lantern."""


@pytest.mark.parametrize(("threshold", "won"), [(9, True), (10, True), (11, False)])
def test_meeting_the_rotated_grip_ends_the_game_against_the_threshold(threshold, won):
    game = deal(fill(*TEN_STARS), threshold=threshold)
    assert game.is_over
    assert game.result.scores == {0: 10}
    assert game.result.winners == ([0] if won else [])


def test_the_default_threshold_is_nine():
    game = deal(fill(*TEN_STARS[:-2], "+sunlit_memory"))
    assert game.result.scores == {0: 8} and game.result.winners == []


def test_rotating_the_grip_this_turn_does_not_end_the_game():
    game = deal(fill("galdors_grip"))
    act(game, "Rotate Galdor's Grip")
    assert not game.is_over and get(game, "galdors_grip").inverted
    act(game, "Move 2 (top card's value)")
    act(game, "Place top card 1st in the moved stack")
    assert not game.is_over


def test_an_upright_grip_does_nothing():
    game = deal(fill("+galdors_grip"))
    assert not game.is_over and labels(game)[0] == "Rotate Galdor's Grip"


def test_binding_stones_score_with_an_adjacent_value_making_seven():
    game = deal(["+galdors_grip!", "+binding_stones_2", "+figment_b!", "binding_stones_3"])
    # Stones 2 + dangerous Figment 5 = 7; the Figment shows ⭐1; face-down stones show nothing.
    assert game.result.scores == {0: 2}


def test_faq_a_wildcard_between_two_binding_stones_counts_for_both():
    game = deal(["+galdors_grip!", "+binding_stones_1", "+frenzied_flame", "+binding_stones_3"])
    assert game.result.scores == {0: 2}


def test_faq_the_wildcard_takes_yet_another_value_in_the_stairs_sequence():
    deck = ["+galdors_grip!", "+veiled_stair", "+binding_stones_1", "+frenzied_flame"]
    game = deal([*deck, "+binding_stones_3"])
    # * is 6 beside Stones 1, 4 beside Stones 3 and 2 in the run 1, 2, 3 under the Stair.
    assert game.result.scores == {0: 4}


@pytest.mark.parametrize(
    ("below", "stars"),
    [
        (["+binding_stones_3", "+frenzied_flame", "+figment_b!"], 2 + 1 + 1),  # 3, *(4), 5
        (["+binding_stones_3", "+binding_stones_2", "+binding_stones_1"], 2),  # 3, 2, 1
        (["+binding_stones_3", "+binding_stones_1", "+binding_stones_2"], 0),  # no sequence
        (["+binding_stones_3", "+binding_stones_2"], 0),  # fewer than three cards below
    ],
)
def test_faq_the_veiled_stair_needs_three_values_in_sequence_below_it(below, stars):
    game = deal(["+galdors_grip!", "+veiled_stair", *below])
    assert game.result.scores == {0: stars}


def test_face_down_cards_neither_score_nor_count_as_neighbours():
    game = deal(["+galdors_grip!", "+binding_stones_3", "binding_stones_4", "lantern_of_recall"])
    assert game.result.scores == {0: 0}


LAST_LIGHT = ["+galdors_grip!", "+last_light", "+binding_stones_1", "+sunlit_memory"]


def test_end_of_game_abilities_are_ordered_when_one_changes_the_deck():
    game = deal(LAST_LIGHT)
    assert not game.is_over
    assert labels(game) == ["Resolve Last Light first", "Resolve Binding Stones (1) first"]


def test_rotating_before_scoring_completes_the_binding_stones():
    game = deal(LAST_LIGHT)
    act(game, "Resolve Last Light first")
    act(game, "Rotate Sunlit Memory (ability)")
    assert game.result.scores == {0: 3}


def test_scoring_before_rotating_misses_the_binding_stones():
    game = deal(LAST_LIGHT)
    act(game, "Resolve Binding Stones (1) first")
    act(game, "Rotate Sunlit Memory (ability)")
    assert game.result.scores == {0: 2}


def test_allstar_challenge_needs_every_available_star():
    game = deal(fill(*TEN_STARS), allstar=True)
    assert game.view(0)["target"] == 15
    assert game.result.winners == []
    game = deal(["+galdors_grip!", "+sunlit_memory!", "+lantern_of_recall"], allstar=True)
    assert game.result.winners == [0]
    assert "Allstar!" in game.result.summary
