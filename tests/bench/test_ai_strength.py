"""The strength bench's literal one-ply greedy player (bench/ai_strength.py)."""

import random

import engines
from bench.ai_strength import one_step


def test_onestep_plays_the_move_that_evaluates_best_one_ply_ahead(monkeypatch):
    """Each legal move is tried on a copy and scored by ``evaluate``; the best is played."""
    cls = engines.get_game("knightfall")
    game = cls.new(2, seed=7000)
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    assert len(legal) > 2
    best = legal[len(legal) // 2]

    def tried(self, seat, action):
        self.tried = action
        return []

    monkeypatch.setattr(cls, "apply_unchecked", tried)
    monkeypatch.setattr(cls, "evaluate", lambda self, seat: 0.9 if self.tried == best else 0.4)
    for seed in range(5):
        assert one_step(game, seat, random.Random(seed)) == best
