"""A finished game's positions for ``/game replay``: where a replay stops and what was public.

A replay stops at the start, wherever the game's chapter changes (``Game.chapter``: a round,
a turn, a phase) and at the end, so a long game is watched turn by turn. Each position keeps
only the spectator's view, ``view(None)``, and the public events of the moves that led to it:
what a seat held hidden stays hidden until the game itself revealed it, and the final position
shows all the game's last view shows. Built in a worker (``bot.surface.render_pool.run``) like
``bot.storage.history``, whose log rules it follows; imports only the engines and that module.
"""

from __future__ import annotations

import pickle
import zlib
from dataclasses import dataclass
from typing import Any

import engines
from bot.storage import history

MAX_POSITIONS = 400
"""Positions kept at most; a longer timeline keeps evenly spaced ones, the first and last."""
LINES = 4
"""Public event lines kept per position (the last of the moves that led to it)."""


@dataclass(frozen=True)
class Position:
    """One stop of a replay: after ``move`` moves, in ``chapter``."""

    move: int
    chapter: str
    lines: tuple[str, ...]
    packed_view: bytes  # the spectator view, pickled and compressed (a Gondor view: ~10 KB)

    def view(self) -> dict[str, Any]:
        """The spectator's view at this position."""
        view: dict[str, Any] = pickle.loads(zlib.decompress(self.packed_view))
        return view


@dataclass(frozen=True)
class Timeline:
    """A finished game replayed from its seed: its positions and where it ended."""

    state: str  # the final state's JSON (compared with the stored one)
    summary: str | None  # the engine's result; None: the game ended before the engine's end
    moves: int
    positions: tuple[Position, ...]


def _position(game: engines.Game, move: int, lines: list[str]) -> Position:
    packed = zlib.compress(pickle.dumps(game.view(None), protocol=pickle.HIGHEST_PROTOCOL))
    return Position(move, game.chapter(), tuple(lines[-LINES:]), packed)


def thinned(positions: list[Position], limit: int = MAX_POSITIONS) -> list[Position]:
    """At most ``limit`` positions, evenly spaced, always the first and the last."""
    if len(positions) <= limit:
        return positions
    last = len(positions) - 1
    picks = sorted({round(i * last / (limit - 1)) for i in range(limit)})
    return [positions[i] for i in picks]


def replayed_timeline(
    game_id: str,
    seats: int,
    seed: int,
    options: dict[str, object],
    log_rows: list[tuple[int | None, str]],
) -> Timeline:
    """In a worker: replay the log from the seed, keeping a position per chapter and the end."""
    cls = engines.get_game(game_id)
    game = cls.new(seats, seed=seed, options=history.engine_options(options))
    moves = history.moves_to_replay(log_rows)
    positions = [_position(game, 0, [])]
    lines: list[str] = []
    for done, (seat, code) in enumerate(moves, 1):
        chapter = game.chapter()
        lines += [e.text for e in game.apply(seat, cls.decode(code)) if e.seat is None]
        if not chapter or game.chapter() != chapter or done == len(moves):
            positions.append(_position(game, done, lines))
            lines = []
    summary = game.result.summary if game.result else None
    return Timeline(game.to_json(), summary, len(moves), tuple(thinned(positions)))
