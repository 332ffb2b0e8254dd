"""Explore: moving options, wildcards, rotating, placing the top card, Moving to Bottom."""

from __future__ import annotations

from .helpers import act, deal, fill, get, ids, labels, moves


def test_next_card_gives_an_option_only_when_face_up():
    assert moves(deal(fill("binding_stones_2", "sunlit_memory"))) == ["Move 2 (top card's value)"]
    assert moves(deal(fill("binding_stones_2", "+sunlit_memory"))) == [
        "Move 1 (next card's value)",
        "Move 2 (top card's value)",
    ]


def test_a_top_wildcard_may_be_designated_from_one_to_six():
    game = deal(fill("+wanderers_fork:1"))
    assert moves(game) == [f"Move {n} (top card's wildcard = {n})" for n in range(1, 7)]
    act(game, "Move 6 (top card's wildcard = 6)")
    assert labels(game)[-1] == "Place top card 6th in the moved stack"


def test_rotating_the_top_card_makes_its_other_value_active():
    game = deal(fill("sunlit_memory", "+binding_stones_4"))
    assert labels(game) == [
        "Rotate Sunlit Memory",
        "Move 1 (top card's value) → Binding Stones (4)",
        "Move 4 (next card's value) → a face-down card",
    ]
    act(game, "Rotate Sunlit Memory")
    assert labels(game) == [
        "Rotate Sunlit Memory",
        "Move 4 (next card's value) → a face-down card",
        "Move 6 (top card's value) → a face-down card",
    ]


def test_rotating_the_top_card_then_using_the_next_cards_value_keeps_the_rotation():
    game = deal(fill("sunlit_memory", "+binding_stones_4"))
    act(game, "Rotate Sunlit Memory")
    act(game, "Move 4 (next card's value)")
    act(game, "Place top card 4th in the moved stack")
    sunlit = get(game, "sunlit_memory")
    assert sunlit.inverted and ids(game)[-1] == "sunlit_memory"


def test_the_top_card_can_be_rotated_back_but_not_endlessly():
    game = deal(fill("sunlit_memory"))
    act(game, "Rotate Sunlit Memory")
    act(game, "Rotate Sunlit Memory")
    assert not get(game, "sunlit_memory").inverted
    assert "Rotate Sunlit Memory" not in labels(game)


def test_cards_without_a_rotate_symbol_cannot_be_rotated():
    assert not any(label.startswith("Rotate") for label in labels(deal(fill("binding_stones_4"))))


def test_moved_cards_keep_order_and_orientation_except_the_placed_top_card():
    specs = fill("binding_stones_4", "+figment_a!", "veiled_stair", "+sunlit_memory!", "waystone")
    game = deal(specs)
    before = ids(game)
    act(game, "Move 4 (top card's value)")
    assert labels(game) == [
        f"Place top card {o} in the moved stack" for o in ("1st", "2nd", "3rd", "4th")
    ]
    act(game, "Place top card 3rd in the moved stack")
    assert ids(game)[:14] == before[4:]
    assert ids(game)[-4:] == ["figment_a", "veiled_stair", "binding_stones_4", "sunlit_memory"]
    assert get(game, "figment_a").inverted and get(game, "sunlit_memory").inverted
    assert not get(game, "veiled_stair").face_up
    assert ids(game)[0] == "waystone" and game.state.deck[0].face_up


def test_moving_one_card_needs_no_placement():
    game = deal(fill("binding_stones_1", "binding_stones_3"))
    act(game, "Move 1 (top card's value)")
    assert ids(game)[0] == "binding_stones_3" and ids(game)[-1] == "binding_stones_1"


def test_moving_to_bottom_abilities_trigger_below_the_top_card_too():
    game = deal(fill("binding_stones_3", "+ember_reverie", "binding_stones_2"))
    act(game, "Move 3 (top card's value)")
    events = act(game, "Place top card 1st in the moved stack")
    assert "Ember Reverie turns over." in events
    assert get(game, "ember_reverie").inverted


def test_face_down_cards_trigger_nothing_while_moving():
    game = deal(fill("binding_stones_3", "ember_reverie", "binding_stones_2"))
    act(game, "Move 3 (top card's value)")
    act(game, "Place top card 1st in the moved stack")
    assert not get(game, "ember_reverie").inverted


def _lantern_and_deeproot():
    specs = ["binding_stones_4", "+lantern_of_recall", "sunlit_memory", "+deeproot_depths"]
    game = deal(fill(*specs))
    act(game, "Move 4 (top card's value)")
    act(game, "Place top card 1st in the moved stack")
    return game


def test_the_player_orders_abilities_that_trigger_together():
    game = _lantern_and_deeproot()
    assert game.view(0)["pending"]["kind"] == "order"
    assert labels(game) == ["Resolve Lantern of Recall first", "Resolve Deeproot Depths first"]


def test_resolving_the_lantern_first_lets_deeproot_rotate_the_revealed_card():
    game = _lantern_and_deeproot()
    act(game, "Resolve Lantern of Recall first")
    assert labels(game) == [
        "Rotate Sunlit Memory (ability)",
        "Rotate Deeproot Depths (ability)",
        "Done rotating",
    ]
    act(game, "Rotate Sunlit Memory (ability)")
    act(game, "Done rotating")
    assert get(game, "sunlit_memory").inverted and not get(game, "deeproot_depths").inverted


def test_resolving_deeproot_first_leaves_the_face_down_card_out_of_reach():
    game = _lantern_and_deeproot()
    act(game, "Resolve Deeproot Depths first")
    assert labels(game) == ["Rotate Deeproot Depths (ability)", "Done rotating"]
    act(game, "Done rotating")
    sunlit = get(game, "sunlit_memory")
    assert sunlit.face_up and not sunlit.inverted


def test_deeproot_may_rotate_galdors_grip_while_it_moves():
    game = deal(fill("binding_stones_3", "+galdors_grip", "+deeproot_depths"))
    act(game, "Move 3 (top card's value)")
    act(game, "Place top card 1st in the moved stack")
    assert labels(game) == [
        "Rotate Galdor's Grip (ability)",
        "Rotate Deeproot Depths (ability)",
        "Done rotating",
    ]
    act(game, "Rotate Galdor's Grip (ability)")
    assert get(game, "galdors_grip").inverted


def test_orzumals_eye_vortex_with_a_face_down_next_card_leaves_no_option():
    game = deal(fill("+orzumals_eye", "binding_stones_2"))
    assert game.is_over and game.result.winners == []
    assert "no moving option" in game.result.summary


def test_orzumals_eye_vortex_survives_on_a_face_up_next_card():
    game = deal(fill("+orzumals_eye", "+binding_stones_2"))
    assert get(game, "orzumals_eye").inverted
    assert moves(game) == ["Move 2 (next card's value)"]


def test_orzumals_eye_turns_back_on_its_third_encounter():
    game = deal(fill("+orzumals_eye!", "binding_stones_2"))
    assert not get(game, "orzumals_eye").inverted
    assert moves(game) == ["Move 4 (top card's value)"]


def test_archivists_margin_adds_the_third_card_as_an_option():
    game = deal(
        fill("binding_stones_1", "binding_stones_2", "+binding_stones_3", "+archivists_margin")
    )
    assert moves(game) == ["Move 1 (top card's value)", "Move 3 (third card's value)"]
