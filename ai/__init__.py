"""Computer players over the engine contract (issue 13): choose a move for a seat at a level.

Pure like the engines (no Discord, no clock in decisions, no global random): the bot calls
:func:`choose` off its event loop. A first stand-in plays a uniformly random legal move; the
search (information-set Monte Carlo tree search) replaces it behind the same signature.
"""

from __future__ import annotations

import random

from engines.base import Action, Game

LEVELS = ("easy", "normal", "hard")


def choose(game: Game, seat: int, level: str, seed: int) -> Action:
    """The computer's move for ``seat`` at ``level``; the same inputs give the same move."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    legal = game.legal_actions(seat)
    return random.Random(seed).choice(legal)
