"""Game-Turns 1-16 (2.0, 12.0), movement (3.0), reinforcements (14.0), victory (20.0)."""

import re

from engines.gondor.actions import Deselect, EndMovement, Move, Select
from engines.gondor.game import PHASE_IDS
from engines.gondor.movement import reach
from tests.engines.gondor.play import advance_to, deployed, end_phase
from tests.engines.gondor.scene import index, play, scene


def test_every_phase_a_to_h_comes_in_order_and_joint_phases_take_both_sides():
    """2.0: A (Westernesse first), B (Sauron, then Westernesse's fireballs, 16.6), C, D, E
    (Sauron first), F, G, H (Sauron first)."""
    game = deployed()
    seen = []
    while game.state.turn == 1:
        here = (game.state.phase, game.to_act()[0])
        if not seen or seen[-1] != here:  # a combat phase may take one click per segment
            seen.append(here)
        end_phase(game)
    assert seen == [
        ("magic-1", 1),
        ("magic-1", 0),
        ("siege", 0),
        ("siege", 1),
        ("sauron-movement", 0),
        ("sauron-combat", 0),
        ("magic-2", 0),
        ("magic-2", 1),
        ("westernesse-movement", 1),
        ("westernesse-combat", 1),
        ("rally", 0),
        ("rally", 1),
    ]
    assert game.state.phase == PHASE_IDS[0] and game.state.turn == 2


def test_a_move_is_select_then_destination_and_each_counter_moves_once():
    """3.2: units move one at a time; Unused MP are lost."""
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    select = next(a for a in game.legal_actions(0) if isinstance(a, Select))
    game.apply(0, select)
    legal = game.legal_actions(0)
    assert Deselect() in legal and EndMovement() not in legal
    move = next(a for a in legal if isinstance(a, Move))
    assert move.label().startswith(f"Move to {move.hex}, ")
    game.apply(0, move)
    for i in select.counters:
        assert game.state.counters[i].hex == move.hex
    assert all(
        not set(a.counters) & set(select.counters)
        for a in game.legal_actions(0)
        if isinstance(a, Select)
    )


def test_magic_leaders_do_not_move_in_movement_phases():
    """3.4: "Magic leaders (Gandalf, the Nazgul Lord) move only in phases A and E"."""
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    nazgul = next(i for i, c in enumerate(game.state.counters) if c.type == "nazgul-lord")
    assert all(a.counters != (nazgul,) for a in game.legal_actions(0) if isinstance(a, Select))


def test_sauron_reinforcements_enter_on_turn_two_with_the_entry_chain():
    """14.1 (turn two, near 2124); 14.0: each unit entering by the same hex pays 1 MP more."""
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    assert not any(a.hex is None for a in game.legal_actions(0) if isinstance(a, Select))
    advance_to(game, 2, "sauron-movement")
    # clear the entry hexes of Sauron's own deployed units so the chain is visible
    for c in game.state.counters:
        if c.side == "sauron" and c.group == "start":
            c.hex = "2921" if c.kind == "leader" else None
            c.group = "start" if c.kind == "leader" else "gone"
    game._cache = None
    orcs = [i for i, c in enumerate(game.state.counters) if c.type == "mordor-orcs"]
    game.apply(0, Select(counters=(orcs[0],), hex=None))
    enter = next(a for a in game.legal_actions(0) if isinstance(a, Move) and a.hex == "2124")
    assert enter.label() == "Enter at 2124, East road (1 MP)"
    game.apply(
        0,
        next(
            a
            for a in game.legal_actions(0)
            if isinstance(a, Move) and a.entry == "2124" and a.hex != "2124"
        ),
    )
    assert game.state.entered == {"2124": 1}
    second = game.state.counters[orcs[1]].id
    board = game.state.board()
    assert reach(board, second, ("2124", 1)).costs["2124"] == 2


def test_aragorn_arrives_on_turn_ten_and_lowers_the_garrison_total():
    """14.2: Aragorn's host on Game-Turn ten; 19.11 D: -10 on Aragorn's arrival."""
    game = deployed()
    advance_to(game, 9, "westernesse-movement")
    assert "aragorn" not in game.state.arrived
    before = game.state.totals["garrison"]
    advance_to(game, 10, "westernesse-movement")
    assert "aragorn" in game.state.arrived
    expected = before - 10 - (10 if "rohan" in game.state.arrived and before == 0 else 0)
    assert game.state.totals["garrison"] <= before - 10
    assert expected <= game.state.totals["garrison"]
    assert any(a.hex is None for a in game.legal_actions(1) if isinstance(a, Select))


def test_rohan_rolls_from_turn_five_at_the_start_of_westernesse_movement():
    """14.2: from Game-Turn five, a 5 or 6 on one die at the start of the Westernesse MP."""
    game = deployed()
    advance_to(game, 4, "rally")
    assert not any("Roll for" in line for line in game.state.log)
    advance_to(game, 5, "westernesse-movement")
    assert any("Roll for Riders of Rohan" in line for line in game.state.log)


def test_the_game_ends_after_turn_sixteen_and_westernesse_wins_without_demoralization():
    """20.1: Sauron wins only if the garrison is demoralized (nobody dies yet: it is not)."""
    game = deployed()
    advance_to(game, 16, "rally")
    end_phase(game)
    end_phase(game)
    assert game.is_over and game.to_act() == []
    assert game.result.winners == [1]
    assert "the garrison is not demoralized" in game.result.summary
    assert "Sauron was not last on both East road hexes (by the Main Gate" in game.result.summary
    assert not re.search(r"\d{4}", game.result.summary)  # places, not hex ids


def test_road_control_remembers_the_last_side_through_1918_and_2124():
    """20.1 C: "he was the last side to occupy or pass through hex 1918 and hex 2124"."""
    game = deployed()
    game.state.visit("sauron", ["1918", "2124"])
    game.state.visit("westernesse", ["1918"])
    assert game.state.road == {"1918": "westernesse", "2124": "sauron"}


def test_a_group_with_nowhere_to_go_is_let_go_and_offered_again_only_after_a_move():
    """A chosen group with no destination would offer only "Deselect", and choosing it again and
    again never ended the phase (a computer Sauron did so 2,979 times): it is let go with a note
    to its mover alone and is not offered again until something moves."""
    hexes = ("2520", "2521", "2619", "2621", "2720", "2721")  # every neighbour of 2620
    foes = ("spearmen-1", "spearmen-2", "spearmen-3", "spearmen-4", "axeman-1", "bowman-1")
    ring = {f"gondor-{foe}": h for foe, h in zip(foes, hexes, strict=True)}
    game = scene({"orc-infantry-1": "2620", "orc-infantry-2": "2616", **ring}, "sauron-movement")
    trapped, free = index(game, "orc-infantry-1"), index(game, "orc-infantry-2")
    events = play(game, "select", counters=(trapped,))
    assert [(e.seat, e.text) for e in events] == [
        (0, "Orc Infantry 1 cannot move anywhere now; choose another group.")
    ]
    assert not game.state.selected
    selects = [a.counters for a in game.legal_actions(0) if isinstance(a, Select)]
    assert selects == [(free,)] and EndMovement() in game.legal_actions(0)
    play(game, "select", counters=(free,))
    play(game, "move", hex="2615")
    assert (trapped,) in [a.counters for a in game.legal_actions(0) if isinstance(a, Select)]
