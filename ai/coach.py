"""The coach: the computer's own move suggested to a player, with a one-line reason.

A suggestion is the computer's search at a modest budget (``coach_level``) for the player's
seat, from what that seat may know: every sample of the hidden cards is drawn by
``Game.resample``, so two games the seat sees alike get the same suggestion. The reason comes
from the game (``Game.suggestion_reason``), which reads only what the seat may see.
"""

from __future__ import annotations

import time
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


PHASE_MOVES = 400
"""At most this many moves in one ``rest_of_chapter`` (a Gondor movement phase is 50-110)."""
PHASE_SECONDS = 6.0
"""The CPU time ``rest_of_chapter`` spends at most; the moves found by then are played."""


def routine_now(game: Game, seat: int) -> bool:
    """Whether ``seat`` alone acts now in a routine choice of a named part of the game.

    Where the coach may play the rest of the part: a movement phase of hundreds of clicks
    (``Game.worth_search`` False), never a game without parts (``Game.chapter``).
    """
    return (
        not game.is_over
        and game.to_act() == [seat]
        and not game.worth_search(seat)
        and bool(game.chapter())
    )


def rest_of_chapter(
    game: Game, seat: int, seed: int, *, limit: int = PHASE_MOVES, seconds: float = PHASE_SECONDS
) -> list[Action]:
    """The coach's moves for ``seat`` to the end of the game's part now (``Game.chapter``).

    Each is the suggestion at its position (a routine choice: the policy on a sample of what
    the seat knows; a decision on the way, such as a Ladder: the coach's search), played on
    ``game``, which the caller gives as a private copy. It stops when the part ends (the move
    that ends it included), another seat must act, a move would ask to be confirmed, or after
    ``limit`` moves or ``seconds`` of CPU time. Empty unless ``routine_now``.
    """
    if not searchable(game) or not routine_now(game, seat):
        return []
    chapter, level, start = game.chapter(), coach_level(game.game_id), time.process_time()
    moves: list[Action] = []
    while (
        len(moves) < limit
        and time.process_time() - start < seconds
        and not game.is_over
        and game.to_act() == [seat]
        and game.chapter() == chapter
    ):
        action = search(game, seat, level, seed + len(moves)).action
        if game.confirm_text(seat, action) is not None:
            break
        game.apply(seat, action)
        moves.append(action)
    return moves
