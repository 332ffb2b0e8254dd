"""The game as a whole: random legal play ends, replays, round-trips; hints."""

import random

from engines.gondor.actions import Deselect, EndMovement, Move, Select
from engines.gondor.game import Gondor
from engines.gondor.hexes import distance
from tests.engines.gondor.play import advance_to, deployed


def test_random_legal_play_reaches_a_result_and_replays_from_the_seed():
    game = Gondor.new(2, 77)
    rng = random.Random(1)
    codes = []
    while not game.is_over:
        seat = game.to_act()[0]
        action = rng.choice(game.legal_actions(seat))
        codes.append((seat, Gondor.encode(action)))
        game.apply(seat, action)
        assert len(codes) < 5000
    assert game.result is not None and game.result.summary
    replay = Gondor.new(2, 77)
    for seat, code in codes:
        replay.apply(seat, Gondor.decode(code))
    assert replay.to_json() == game.to_json()
    assert Gondor.from_json(game.to_json()).to_json() == game.to_json()


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
