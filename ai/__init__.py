"""Computer players over the engine contract: choose a move for a seat at a level.

Pure like the engines (no Discord, no clock in decisions, no global random): the bot calls
:func:`choose` off its event loop. The search samples what the computer cannot see and
compares the moves on the same samples (``ai.search``, docs/design/ai.md); levels differ by
budget and playout policy.
"""

from __future__ import annotations

import random

from ai import levels
from ai.coach import Suggestion, rest_of_chapter, routine_now, suggest
from ai.levels import get_level, hint_level
from ai.search import SearchResult, compare_all, search, searchable
from engines.base import Action, Game

__all__ = [
    "LEVELS",
    "Suggestion",
    "choose",
    "hint",
    "hints_for",
    "rest_of_chapter",
    "routine_now",
    "searchable",
    "suggest",
    "think",
]

MIN_HINT_SAMPLES = 8
"""A hint tries each move on at least this many samples, however many moves there are."""

LEVELS: tuple[str, ...] = tuple(levels.LEVELS)
"""The level names, easiest first: ``("easy", "normal", "hard")``."""


def think(game: Game, seat: int, level_name: str, seed: int) -> SearchResult:
    """The whole search for ``seat``: the move and every root move's visits and value."""
    return search(game, seat, get_level(level_name, game.game_id), seed)


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


def hints_for(game_id: str) -> bool:
    """Whether ``ai.hint`` serves this game (the solo games with a hint budget)."""
    return hint_level(game_id) is not None


def hint(game: Game, seat: int, seed: int) -> SearchResult:
    """Every legal move of ``seat`` with its chance to win by playing on (0..1), best first.

    Unlike a level's sequential halving, a hint tries **every** move on the same samples of
    what the player cannot see (``resample``), each played out to the end with the game's
    policy, so the values are comparable shares of won samples and the best has the highest.
    ValueError for a game without hints, a finished game or a seat with no move now.
    """
    level = hint_level(game.game_id)
    if level is None or not searchable(game):
        raise ValueError(f"there are no hints for {game.game_id}")
    if game.is_over:
        raise ValueError("The game is over: there is no move to suggest.")
    return compare_all(game, seat, level, seed, MIN_HINT_SAMPLES)
