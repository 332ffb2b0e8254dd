"""The game as a whole: hints, phase help, confirmations (random legal play to the end, its
replay and round-trips: tests/engines/test_conformance_gondor.py)."""

import json
import random

import pytest

from engines.base import IllegalAction
from engines.gondor import game as gondor_game
from engines.gondor import moving
from engines.gondor.actions import Deselect, EndMovement, March, Move, Select, counter_name
from engines.gondor.game import Gondor
from engines.gondor.hexes import distance
from engines.gondor.moving import suggestions
from engines.gondor.places import place
from engines.gondor.state import LOG_KEPT, GondorState
from tests.engines.gondor.play import advance_to, deployed


def test_hints_phase_help_confirm_and_reveals():
    game = deployed()
    assert "Magic" in game.phase_help(None)
    advance_to(game, 1, "sauron-movement")
    assert game.confirm_text(0, EndMovement()).startswith("End movement without moving anything?")
    assert not game.auto_play_reveals(0)
    select = next(a for a in game.legal_actions(0) if isinstance(a, Select))
    assert select.label().startswith("Select ")


def test_ending_movement_idle_is_asked_once_a_game_per_side():
    """The slip-guard asks a side the first time only, not in every Movement Phase."""
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    assert game.confirm_text(0, EndMovement()) is not None
    game.apply(0, EndMovement())
    advance_to(game, 1, "westernesse-movement")
    assert game.confirm_text(1, EndMovement()) is not None  # Westernesse has not been asked yet
    game.apply(1, EndMovement())
    for side, seat in (("sauron-movement", 0), ("westernesse-movement", 1)):
        advance_to(game, 2, side)
        assert not game.state.moved
        assert game.confirm_text(seat, EndMovement()) is None
    restored = Gondor.from_json(game.to_json())
    assert restored.confirm_text(1, EndMovement()) is None


def test_a_selected_groups_destinations_come_nearest_the_enemy_first():
    """The Move list opens with the hexes nearest the enemy's units, furthest reach first."""
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    select = next(
        a for a in game.legal_actions(0) if isinstance(a, Select) and len(a.counters) == 1
    )
    game.apply(0, select)
    moves = [a for a in game.legal_actions(0) if isinstance(a, Move)]
    front = [c.hex for c in game.state.counters if c.side == "westernesse" and c.kind == "unit"]

    def key(m: Move) -> tuple[int, int, str]:
        return min(distance(m.hex, h) for h in front if h), -m.mp, m.hex

    assert len(moves) > 5 and moves == sorted(moves, key=key)
    assert game.legal_actions(0)[-1] == Deselect()


def test_suggested_moves_are_one_click_each_and_old_two_click_moves_still_work():
    """Up to 5 stacks nearest the front (not next to it) with their likeliest destination, each
    one click; the same move by Select then Move leaves the same position, and replays."""
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    legal = game.legal_actions(0)
    marches = [a for a in legal if isinstance(a, March)]
    assert 1 <= len(marches) <= 5 and legal[: len(marches)] == marches  # listed first
    assert len({m.hex for m in marches}) == len(marches)  # never two to one hex
    assert game.action_groups(0, legal)[0] == "Suggested moves (one click)"
    first = marches[0]
    assert first.label() == (
        f"{' + '.join(counter_name(i) for i in first.counters)} to "
        f"{first.hex}, {place(first.hex)} ({first.mp / 2:g} MP)"
    )
    two_clicks = Gondor.from_json(game.to_json())
    two_clicks.apply(0, Select(counters=first.counters, hex=first.start))
    best = first.move()
    assert best in two_clicks.legal_actions(0)
    two_clicks.apply(0, best)
    game.apply(0, Gondor.decode(Gondor.encode(first)))
    for state in (game.state, two_clicks.state):
        assert [state.counters[i].hex for i in first.counters] == [first.hex] * len(first.counters)
    assert game.state.moved == two_clicks.state.moved and not game.state.selected
    assert game.state.pending == two_clicks.state.pending  # e.g. a Ladder, asked alike
    assert first not in game.legal_actions(game.to_act()[0])  # it moved: not suggested again


def test_westernesse_is_suggested_its_groups_likeliest_destination():
    """Westernesse's suggestion is the first move of the group's list: nearest the enemy."""
    game = deployed()
    advance_to(game, 1, "westernesse-movement")
    marches = [a for a in game.legal_actions(1) if isinstance(a, March)]
    assert marches
    for march in marches[:1]:
        game.apply(1, Select(counters=march.counters, hex=march.start))
        best = next(a for a in game.legal_actions(1) if isinstance(a, Move))
        assert (best.hex, best.mp) == (march.hex, march.mp)


def test_sauron_is_suggested_moves_on_the_main_gate_keeping_its_hex_for_grond():
    """While the Main Gate stands, Sauron's suggestions go as near 1918 as each group can get
    (the stacks nearest it first), 1918 itself only for a group with Grond (15.23)."""
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    marches = [a for a in game.legal_actions(0) if isinstance(a, March)]
    assert marches
    taken: set[str] = set()
    starts = [distance(m.start or "", "1918") for m in marches]
    assert starts == sorted(starts) and min(starts) > 1
    for march in marches:
        trial = Gondor.from_json(game.to_json())
        trial.apply(0, Select(counters=march.counters, hex=march.start))
        free = [
            a.hex
            for a in trial.legal_actions(0)
            if isinstance(a, Move) and a.hex not in taken | {"1918"}
        ]
        assert distance(march.hex, "1918") == min(distance(h, "1918") for h in free)
        assert distance(march.hex, "1918") < distance(march.start or "", "1918")
        taken.add(march.hex)


def test_nothing_is_suggested_once_a_group_is_selected_or_outside_movement():
    game = deployed()
    assert not any(isinstance(a, March) for a in game.legal_actions(game.to_act()[0]))
    advance_to(game, 1, "sauron-movement")
    select = next(a for a in game.legal_actions(0) if isinstance(a, Select))
    game.apply(0, select)
    assert not any(isinstance(a, March) for a in game.legal_actions(0))
    stale = March(counters=select.counters, start=select.hex, hex="2620", mp=2)
    with pytest.raises(IllegalAction):
        game.apply(0, stale)


def test_a_long_games_save_keeps_the_latest_log_lines_only():
    """The full record is the session's actions: a save keeps the lines the view shows."""
    game = deployed()
    advance_to(game, 10, "sauron-movement")  # 86 public lines by now
    seen = [e.text for e in game.apply(0, EndMovement()) if e.seat is None]
    assert len(game.state.log) == LOG_KEPT
    assert game.state.log[-len(seen) :] == seen
    assert game.view(None)["log_tail"] == game.state.log[-8:]


def test_checking_a_move_other_than_a_march_skips_the_suggestions(monkeypatch):
    """A click's check lists the suggested moves (a path search per stack) only for a March;
    any other move is legal exactly when it is one of the rules' choices."""
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    # As a click loads a state this process did not write: nothing listed yet (``listed``).
    fresh = Gondor(GondorState.model_validate_json(game.to_json()))
    marches = [a for a in game.legal_actions(0) if isinstance(a, March)]
    select = next(a for a in game.legal_actions(0) if isinstance(a, Select))
    searched: list[int] = []
    real = gondor_game.suggestions
    monkeypatch.setattr(gondor_game, "suggestions", lambda *a: searched.append(1) or real(*a))
    fresh.check(0, select)
    fresh.check(0, EndMovement())
    with pytest.raises(IllegalAction):
        fresh.check(0, Select(counters=(0,), hex="0101"))  # not one of the rules' choices
    assert not searched
    fresh.check(0, marches[0])  # a March is looked up among the suggestions
    with pytest.raises(IllegalAction):
        fresh.check(
            0, March(counters=marches[0].counters, start=marches[0].start, hex="2620", mp=2)
        )
    assert searched == [1]


def test_the_suggestions_build_one_board_for_every_stack_they_try(monkeypatch):
    """One board and one front per listing, however many stacks get a path search."""
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    built: list[int] = []
    real = GondorState.board
    monkeypatch.setattr(GondorState, "board", lambda s: built.append(1) or real(s))
    assert len(suggestions(game.state)) > 1
    assert built == [1]


def test_distances_to_the_front_are_kept_while_the_enemy_stands_still(monkeypatch):
    """A listing on the same front (the enemy's units unmoved) works out no distance again; a
    front that moved is a new one."""
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    asked: list[str] = []
    real = moving.cube
    monkeypatch.setattr(moving, "cube", lambda h: asked.append(h) or real(h))
    first = game.rules().choices(Gondor.from_json(game.to_json()).state)
    assert suggestions(game.state) and asked
    asked.clear()
    assert game.rules().choices(Gondor.from_json(game.to_json()).state) == first
    assert suggestions(Gondor.from_json(game.to_json()).state) == suggestions(game.state)
    assert not [h for h in asked if h not in front_hexes(game)]  # only the front's own ids
    enemy = next(c for c in game.state.counters if c.side == "westernesse" and c.hex)
    enemy.hex = "2620"
    front = front_hexes(game)
    near = moving._front(game.state)
    for h in ("0101", "1918", "2620", "3216"):
        assert near(h) == min(distance(h, f) for f in front)


def front_hexes(game: Gondor) -> set[str]:
    """The hexes of Westernesse's combat units on the map."""
    return {
        c.hex for c in game.state.counters if c.side == "westernesse" and c.kind == "unit" and c.hex
    }


def test_a_click_checks_its_move_against_the_moves_listed_when_its_state_was_written(
    monkeypatch,
):
    """The turn lists the moves of the position it leaves, then writes the state: a game read
    back from that text takes them as they were listed (``listed``), without a search."""
    game = deployed()
    advance_to(game, 1, "sauron-movement")
    legal = game.legal_actions(0)  # listed for the DM's controls, then written out
    text = game.to_json()
    listings: list[int] = []
    real = moving.Movement.choices
    monkeypatch.setattr(moving.Movement, "choices", lambda r, s: listings.append(1) or real(r, s))
    monkeypatch.setattr(
        gondor_game, "suggestions", lambda *a: listings.append(2) or suggestions(*a)
    )
    clicked = Gondor.from_json(text)
    march = next(a for a in legal if isinstance(a, March))
    clicked.check(0, next(a for a in legal if isinstance(a, Select)))
    clicked.check(0, march)
    assert clicked.legal_actions(0) == legal
    assert not listings
    elsewhere = Gondor.from_json(json.dumps(json.loads(text)))  # a text this process never wrote
    elsewhere.check(0, march)
    assert listings == [1, 2]


def test_the_moves_kept_with_a_text_are_the_ones_its_state_lists():
    """Move after move of a seeded game, a game read from a text written here offers exactly
    the moves a game read from the same text without them lists."""
    game = deployed(seed=5)
    rng = random.Random(5)
    for _ in range(150):
        seat = game.to_act()[0]
        game.legal_actions(seat)
        text = game.to_json()
        kept = Gondor.from_json(text)
        listed = Gondor(GondorState.model_validate_json(text))
        assert kept.legal_actions(seat) == listed.legal_actions(seat)
        game = kept
        game.apply(seat, rng.choice(game.legal_actions(seat)))
