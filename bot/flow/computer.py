"""The computer's moves, thought out off the event loop (a worker process by default).

``ai.choose`` is pure and may take up to its time budget: the bot hands it the stored state in
a worker process (or a thread) and awaits the answer, so other games and commands carry on.
A worker process ends with the bot, however the
bot ends (``bot.surface.pool_workers``). This module imports only the engines, ``ai`` and
``bot.surface``'s ``pool_workers``, ``workers`` and ``heavy``, so a worker process starts
quickly.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import random
import signal
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor
from typing import TypeVar

import ai
import engines
from bot.surface import heavy
from bot.surface.pool_workers import exit_with_parent
from bot.surface.workers import Worker, new_worker
from engines import Action, Game

log = logging.getLogger(__name__)

COMPUTER_NAME = "Computer ({level})"
T = TypeVar("T")

NICE = 0
"""The worker's priority: the bot's own. At the pictures' lower one (10), the searches of the
load bench's mix at 30 clicks/s ran over their limit 156 times in 40 s (none at 0): starved by
the event loop, the search gave way to the quick move."""
LEFT_TO_START_SECONDS = 2.0
"""A job left less than this of its time limit (or half the limit, if less) when the worker
is free is not started at all (``WaitedTooLong``): a search takes up to about a second on an
idle machine (docs/design/ai.md), so begun that late it would likely run over, and one that
runs over costs its worker (ended and started again)."""


def computer_name(level: str) -> str:
    """How a computer seat is named on the board and in the log."""
    return COMPUTER_NAME.format(level=level)


def move_seed(session_seed: int, step: int) -> int:
    """The seed of the computer's choice at ``step``: replays of a game choose the same."""
    digest = hashlib.sha256(f"{session_seed}:{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def think(game_id: str, state_json: str, seat: int, level: str, seed: int) -> str:
    """In the worker: restore the game, choose, and return the move's code."""
    cls = engines.get_game(game_id)
    return cls.encode(ai.choose(cls.from_json(state_json), seat, level, seed))


def hint(
    game_id: str, state_json: str, seat: int, seed: int
) -> tuple[int, list[tuple[str, float]]]:
    """In the worker: the samples per move and each legal move's code and value, best first."""
    cls = engines.get_game(game_id)
    result = ai.hint(cls.from_json(state_json), seat, seed)
    return result.moves[0].visits, [(cls.encode(m.action), m.value) for m in result.moves]


def suggest(game_id: str, state_json: str, seat: int, seed: int) -> tuple[str, str, str | None]:
    """In the worker: the coach's move for ``seat`` (``ai.suggest``): its code, label, reason."""
    cls = engines.get_game(game_id)
    tip = ai.suggest(cls.from_json(state_json), seat, seed)
    return cls.encode(tip.action), tip.action.label(), tip.reason


def rest_of_chapter(game_id: str, state_json: str, seat: int, seed: int) -> list[str]:
    """In the worker: the coach's moves to the end of the part of the game (their codes)."""
    cls = engines.get_game(game_id)
    return [cls.encode(a) for a in ai.rest_of_chapter(cls.from_json(state_json), seat, seed)]


def new_computer_worker(kind: str) -> Worker:
    """One worker: ``process`` (the default; the search uses a core) or ``thread``."""
    return new_worker(kind, _start_worker, NICE, "computer-worker")


def _start_worker(nice: int) -> None:
    """In the worker: its priority, Ctrl-C left to the bot, and an end with the bot.

    Ctrl-C in a terminal reaches the whole process group; the bot stops its workers itself.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(nice)
    exit_with_parent()


def policy_move(game: Game, seat: int, seed: int) -> Action:
    """The game's quick playout move, on a sample of what ``seat`` knows (reads nothing hidden)."""
    rng = random.Random(seed)
    try:
        return game.resample(seat, rng).rollout_action(seat, rng)
    except Exception:
        log.exception("the quick move failed game=%s; the first legal move is played", game.game_id)
        return game.legal_actions(seat)[0]


class WaitedTooLong(TimeoutError):
    """The job never started: the worker was busy with others past its time limit."""


class _Turns:
    """The worker's turns: one job at a time, the first waiting of the first rank next.

    Rank 0 is a game waiting for its move (the computer's, a player's "play the rest"), rank 1
    the coach's suggestion, which nothing waits for: under a backlog a game's move never waits
    behind suggestions.
    """

    def __init__(self) -> None:
        self._taken = False
        self._waiting: tuple[deque[asyncio.Future[None]], ...] = (deque(), deque())

    async def take(self, rank: int) -> None:
        """Wait for the worker's turn (cancel the wait to give it up)."""
        if not self._taken and not any(self._waiting):
            self._taken = True
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[rank].append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.give_back()  # the turn came as the wait was given up: the next one's
            else:  # still waiting, or passed over by ``give_back`` already
                with contextlib.suppress(ValueError):
                    self._waiting[rank].remove(turn)
            raise

    def give_back(self) -> None:
        """The job is done: the next one waiting takes the worker."""
        for waiting in self._waiting:
            while waiting:
                turn = waiting.popleft()
                if not turn.done():
                    turn.set_result(None)
                    return
        self._taken = False


class Computer:
    """Runs ``ai.choose`` in its worker, within ``time_limit`` seconds.

    The worker takes one job at a time; the others (other games' searches, the coach's) wait
    for it here, in the bot, where a job that never started can be told apart from one under
    way, the games' moves before the coach's suggestions (``_Turns``). A search that runs over
    its limit is abandoned with its worker: a process is ended at once (left running, it took a
    core from everything else until its search was done) and a new one started. One that
    fails, or could not start while ``LEFT_TO_START_SECONDS`` of its limit were left
    (``WaitedTooLong``, the worker kept), is given up too. Either way the computer plays the
    game's quick policy move instead, so a game never waits for it long. That move is worked
    out in a thread (``heavy``), beside the event loop: a quick move is still the game's rules,
    and a new worker process would first have to start.
    """

    def __init__(self, kind: str = "process", time_limit: float = 10.0) -> None:
        self.kind = kind
        self.time_limit = time_limit
        self.worker = new_computer_worker(kind)
        self._turns = _Turns()
        self._closed = False

    async def choose(
        self, game_id: str, game: Game, seat: int, level: str, seed: int
    ) -> tuple[Action, str]:
        """The computer's move for ``seat`` and its code, without blocking the event loop."""
        cls = type(game)
        try:
            job = (game_id, game.to_json(), seat, level, seed)
            code = await self._run(self.time_limit, 0, think, *job)
        except Exception as exc:
            if isinstance(exc, WaitedTooLong):
                why = "waited past its time limit behind other searches"
            else:
                why = "ran over its time limit" if isinstance(exc, TimeoutError) else "failed"
            log.warning(
                "the computer's search %s game=%s level=%s; it plays its quick move",
                why,
                game_id,
                level,
                exc_info=not isinstance(exc, TimeoutError),
            )
            code = cls.encode(await heavy.run(policy_move, game, seat, seed))
        return cls.decode(code), code

    async def _run(self, time_limit: float, rank: int, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` in the worker at its turn, all within ``time_limit`` seconds.

        ``rank``: see ``_Turns``. Raises ``WaitedTooLong`` if the worker was not free while
        ``LEFT_TO_START_SECONDS`` of the limit were left, TimeoutError if the job ran over (its
        worker replaced before the next job is given one), or what it raised.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + time_limit
        start_by = deadline - min(LEFT_TO_START_SECONDS, time_limit / 2)
        try:
            async with asyncio.timeout_at(start_by):
                await self._turns.take(rank)
        except TimeoutError:
            raise WaitedTooLong() from None
        try:
            if loop.time() >= start_by:
                raise WaitedTooLong()
            worker = self.worker
            try:
                async with asyncio.timeout_at(deadline):
                    return await worker.run(fn, *args)
            except (TimeoutError, BrokenExecutor):
                if self._closed:  # ended by close(): nothing is started again
                    raise
                worker.close(wait=False)  # a process ends now; a thread can only be left
                self.worker = new_computer_worker(self.kind)
                raise
        finally:
            self._turns.give_back()

    async def suggest(
        self, game_id: str, state_json: str, seat: int, seed: int, time_limit: float
    ) -> tuple[str, str, str | None]:
        """The coach's move for ``seat`` (code, label, reason), thought out in the worker.

        Raises whatever the search raised, or TimeoutError past ``time_limit`` (the caller
        then shows nothing). A move of the computer's own waits for it no longer than that.
        """
        return await self._run(time_limit, 1, suggest, game_id, state_json, seat, seed)

    async def rest_of_chapter(
        self, game_id: str, state_json: str, seat: int, seed: int, time_limit: float
    ) -> list[str]:
        """The coach's moves to the end of the part of the game, worked out in the worker.

        Raises as ``suggest`` does (TimeoutError past ``time_limit``).
        """
        return await self._run(time_limit, 0, rest_of_chapter, game_id, state_json, seat, seed)

    def close(self) -> None:
        """Stop the worker (at shutdown; a thread's search under way is waited for).

        A job under way or asked for later fails (``BrokenExecutor``): no worker is started
        again.
        """
        self._closed = True
        self.worker.close()
