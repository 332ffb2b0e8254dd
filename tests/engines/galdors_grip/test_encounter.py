"""Encounter: flipping the top card, On Top of Deck abilities, the Figments walkthrough."""

from __future__ import annotations

from .helpers import act, deal, fill, get, ids, labels, moves

WALKTHROUGH_DECK = [
    "figment_b",
    "binding_stones_1",
    "binding_stones_2",
    "binding_stones_3",
    "binding_stones_4",
    "veiled_stair",
    "deeproot_depths",
]


def test_encountering_a_face_down_top_card_turns_it_face_up_upright():
    game = deal(fill("binding_stones_2"))
    top = game.state.deck[0]
    assert top.face_up and not top.inverted
    assert not any(cs.face_up for cs in game.state.deck[1:])
    assert moves(game) == ["Move 2 (top card's value)"]


def test_figments_walkthrough_nothing_then_dangerous_star_then_loss():
    game = deal(WALKTHROUGH_DECK)
    figment = get(game, "figment_b")
    # 1st encounter: it was face-down and turned face up this turn, so nothing happens.
    assert figment.face_up and not figment.inverted
    act(game, "Move 2 (top card's value)")
    act(game, "Place top card 2nd in the moved stack")
    act(game, "Move 2 (top card's value)")  # Binding Stones (2)
    act(game, "Place top card 1st in the moved stack")
    act(game, "Move 4 (top card's value)")  # Binding Stones (4)
    events = act(game, "Place top card 1st in the moved stack")
    # 2nd encounter: it was face-up on a prior turn, so it rotates to its dangerous side.
    assert ids(game)[0] == "figment_b"
    assert "Figment of Feragot was already face-up, so it rotates." in events
    assert get(game, "figment_b").inverted
    assert "Figment of Feragot: ⭐1" in game.view(0)["star_lines"]
    assert moves(game) == ["Move 2 (next card's value)", "Move 5 (top card's value)"]
    act(game, "Move 5 (top card's value)")
    act(game, "Place top card 1st in the moved stack")
    act(game, "Move 2 (top card's value)")  # Deeproot Depths
    act(game, "Place top card 1st in the moved stack")
    events = act(game, "Done rotating")
    # 3rd encounter: its dangerous side was active on a prior turn, so the game is lost.
    assert ids(game)[0] == "figment_b"
    assert game.is_over and game.result.winners == []
    assert "Figment of Feragot was met once too often: you lose!" in events


def test_each_figment_counts_its_own_encounters():
    game = deal(fill("+figment_a", "+figment_b!"))
    assert get(game, "figment_a").inverted
    assert not game.is_over


def test_frenzied_flame_goes_to_the_bottom_and_skips_explore():
    game = deal(fill("frenzied_flame", "binding_stones_3"))
    assert ids(game)[-1] == "frenzied_flame"
    flame = get(game, "frenzied_flame")
    assert flame.face_up and flame.inverted
    assert game.state.turn == 6
    assert ids(game)[0] == "binding_stones_3"
    assert game.state.deck[0].face_up
    assert moves(game) == ["Move 3 (top card's value)"]


def test_frenzied_flame_wildcard_is_an_option_as_the_next_card():
    game = deal(fill("binding_stones_3", "+frenzied_flame"))
    assert moves(game) == [
        "Move 1 (next card's wildcard = 1)",
        "Move 2 (next card's wildcard = 2)",
        "Move 3 (top card's value)",
        "Move 4 (next card's wildcard = 4)",
        "Move 5 (next card's wildcard = 5)",
        "Move 6 (next card's wildcard = 6)",
    ]


def test_upside_down_frenzied_flame_gives_no_option_as_the_next_card():
    game = deal(fill("binding_stones_3", "+frenzied_flame!"))
    assert moves(game) == ["Move 3 (top card's value)"]


def test_feragots_fortress_lets_the_player_peek_below_it():
    game = deal(
        fill("feragots_fortress", "figment_c", "+sunlit_memory", "veiled_stair", "waystone")
    )
    deck = game.view(0)["deck"]
    assert [c["peeked"] for c in deck[:5]] == [False, True, False, True, False]
    assert deck[1]["name"] == "Figment of Feragot" and not deck[1]["face_up"]
    assert deck[3]["name"] == "The Veiled Stair"
    assert deck[4]["name"] is None and deck[4]["active"] is None


def test_peeked_cards_stay_known_when_they_move_and_are_turned_up_later():
    game = deal(fill("feragots_fortress", "binding_stones_2"))
    act(game, "Move 1 (top card's value)")
    assert get(game, "binding_stones_2").face_up
    assert not get(game, "binding_stones_2").peeked


def test_upside_down_fortress_loses_with_three_dangerous_figments():
    specs = ["+feragots_fortress!", "+figment_a!", "+figment_b!", "+figment_c!"]
    game = deal(fill(*specs))
    assert game.is_over and game.result.winners == []
    assert "Feragot's Fortress" in game.result.summary


def test_upside_down_fortress_holds_with_two_dangerous_figments():
    game = deal(fill("+feragots_fortress!", "+figment_a!", "+figment_b!", "+figment_c"))
    assert not game.is_over
    assert "Rotate Feragot's Fortress" in labels(game)


def test_dread_sentinel_is_safe_once_and_deadly_the_second_time():
    game = deal(fill("dread_sentinel"))
    assert not game.is_over
    game = deal(fill("+dread_sentinel"))
    assert game.is_over and "Dread Sentinel" in game.result.summary
