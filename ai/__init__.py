"""Computer players over the engine contract (issue 13): choose a move for a seat at a level.

Pure like the engines (no Discord, no clock in decisions, no global random): the bot calls
:func:`choose` off its event loop. The search samples what the computer cannot see and
compares the moves on the same samples (``ai.search``, docs/design/ai.md); levels differ by
budget and playout policy.
"""

from __future__ import annotations

import random

from ai import levels
from ai.levels import get_level
from ai.search import SearchResult, search
from engines.base import Action, Game

__all__ = ["LEVELS", "choose", "think"]

LEVELS: tuple[str, ...] = tuple(levels.LEVELS)
"""The level names, easiest first: ``("easy", "normal", "hard")``."""


def think(game: Game, seat: int, level_name: str, seed: int) -> SearchResult:
    """The whole search for ``seat``: the move and every root move's visits and value."""
    return search(game, seat, get_level(level_name, game.game_id), seed)


def searchable(game: Game) -> bool:
    """Whether the game samples what a seat cannot see (its own ``Game.resample``).

    Searching a game that keeps the default ``resample`` (a plain copy) would read its hidden
    truth, so such games get their playout policy instead, at every level, until they have one.
    """
    return type(game).resample is not Game.resample


def choose(game: Game, seat: int, level: str, seed: int) -> Action:
    """The computer's move for ``seat`` at ``level``; the same inputs give the same move.

    ValueError for an unknown level, a finished game or a seat with no move now.
    """
    if not searchable(game):
        get_level(level, game.game_id)  # an unknown level is refused all the same
        if not game.legal_actions(seat):
            raise ValueError(f"seat {seat} has no move now")
        return game.rollout_action(seat, random.Random(seed))
    return think(game, seat, level, seed).action
