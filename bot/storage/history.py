"""Rebuilding a game from its seed and action log (replays and undo).

The one place that knows how log entries replay: ``@<code>`` is a move the bot played because
it was the seat's only choice, ``!resign`` changes nothing in the engine, ``!undo`` removes the
player's last chosen move together with the forced moves that followed it. ``/game replay``
(``bot.storage.timeline``) and the Undo button (``bot.flow.undo``) both replay
:func:`moves_to_replay`, so a game with undos replays the same. A long game takes seconds to
rebuild (a game of Gondor has some 1,700 moves), so the bot runs :func:`replayed_state` in a
worker process (``bot.surface.render_pool.run``); this module imports only the engines and
``bot.storage.models`` for that reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import engines
from bot.storage.models import DAILY, FORCED, LESSON, TOURNAMENT, UNRATED, USED_UNDO, Session
from engines import Game

if TYPE_CHECKING:
    from bot.storage.store import SessionStore

UNDO = "!undo"
CHALLENGER_SEAT = "challenger_seat"
"""Session option: the seat the challenger took (absent: seat 0), e.g. Westernesse in Gondor."""
BOT_OPTIONS = frozenset({USED_UNDO, CHALLENGER_SEAT, UNRATED, LESSON, DAILY, TOURNAMENT})
"""Options the bot keeps beside the engine's options; never passed to the engine."""


def engine_options(options: Mapping[str, object]) -> dict[str, object]:
    """The session options without the bot's own keys."""
    return {k: v for k, v in options.items() if k not in BOT_OPTIONS}


def challenger_seat(options: Mapping[str, object]) -> int:
    """The seat of the member who sent the challenge (0 unless they chose another)."""
    seat = options.get(CHALLENGER_SEAT, 0)
    return seat if isinstance(seat, int) else 0


def moves_to_replay(log_rows: Iterable[tuple[int | None, str]]) -> list[tuple[int, str]]:
    """The (seat, engine code) moves that stand after applying every ``!undo``."""
    moves: list[tuple[int, str, bool]] = []  # (seat, code, forced)
    for seat, code in log_rows:
        if code == UNDO:
            while moves and moves[-1][2]:
                moves.pop()
            if moves:
                moves.pop()
        elif not code.startswith("!"):  # other bot-level entries such as "!resign"
            forced = code.startswith(FORCED)
            moves.append((seat if seat is not None else 0, code.removeprefix(FORCED), forced))
    return [(seat, code) for seat, code, _ in moves]


def rebuild(
    cls: type[Game],
    seats: int,
    seed: int,
    options: Mapping[str, object],
    log_rows: Iterable[tuple[int | None, str]],
) -> Game:
    """The game after replaying the logged actions from the seed."""
    game = cls.new(seats, seed=seed, options=engine_options(options))
    for seat, code in moves_to_replay(log_rows):
        game.apply(seat, cls.decode(code))
    return game


def replayed_state(
    game_id: str,
    seats: int,
    seed: int,
    options: Mapping[str, object],
    log_rows: list[tuple[int | None, str]],
) -> str:
    """In a worker: :func:`rebuild`, returned as the state's JSON (what the bot stores)."""
    return rebuild(engines.get_game(game_id), seats, seed, options, log_rows).to_json()


def can_undo(session: Session) -> bool:
    """Whether the board offers Undo: a running solo game of an engine that allows it."""
    return (
        session.status == "active"
        and session.lesson is None  # a lesson follows its script
        and len(session.seats) == 1
        and session.game_cls.allows_undo
        and session.step > 0
        and not session.game.is_over
    )


async def mark_used_undo(store: SessionStore, session: Session) -> None:
    """Remember in the session options that this game used undo (they reach the results)."""
    if session.options.get(USED_UNDO):
        return
    await store.set_options(session.id, {**session.options, USED_UNDO: True})
