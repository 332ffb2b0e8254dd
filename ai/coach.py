"""The coach: the computer's own move suggested to a player, with a one-line reason.

A suggestion is the computer's search at a modest budget (``coach_level``) for the player's
seat, from what that seat may know: every sample of the hidden cards is drawn by
``Game.resample``, so two games the seat sees alike get the same suggestion. The reason comes
from the game (``Game.suggestion_reason``), which reads only what the seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.levels import coach_level
from ai.search import search, searchable
from engines.base import Action, Game


@dataclass(frozen=True)
class Suggestion:
    """The suggested move and why, in one short sentence (None where the game gives none)."""

    action: Action
    reason: str | None


def suggest(game: Game, seat: int, seed: int) -> Suggestion:
    """The computer's suggestion for ``seat`` now; the same inputs give the same suggestion.

    ValueError for a finished game, a seat with no move now or a game whose hidden cards
    cannot be sampled (its search would read them).
    """
    if not searchable(game):
        raise ValueError(f"there is no coach for {game.game_id}")
    action = search(game, seat, coach_level(game.game_id), seed).action
    return Suggestion(action, game.suggestion_reason(seat, action))
