"""A game's messages brought up to date after Discord would not take them for a while.

Discord has storms: for seconds or minutes it answers 5xx, or rate-limits beyond discord.py's
five tries. Every move is saved before anything is shown, so only messages fall behind: a
board still showing an earlier position, a DM not edited, a "your move" DM not sent. Each
session with such a message gets one task that shows the game again after 1, 2, 4 … seconds
(a message that already shows the current position costs no request), until a pass sends
everything; if the storm outlasts them all, the next move shows the game anew.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

RETRY_SECONDS = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0, 120.0, 300.0)
"""The waits before each pass (about nine minutes in all)."""


class CatchUp:
    """Per session behind, one task showing it again until everything was sent."""

    def __init__(self, show_again: Callable[[str], Awaitable[None]]) -> None:
        """``show_again(sid)`` shows the session's game as it is now, under its lock.

        It returns once every request was answered; a failure calls :meth:`behind` again.
        """
        self._show_again = show_again
        self._behind: set[str] = set()
        self._passing: set[str] = set()  # sessions whose pass is under way
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def behind(self, sid: str) -> None:
        """A message of the session could not be brought up to date: try again later.

        Trouble met by a pass makes the next wait longer; trouble met by a move shown
        meanwhile starts the waits again from the first (Discord may be back already).
        """
        self._behind.add(sid)
        if sid in self._passing:
            return
        waiting = self._tasks.get(sid)
        if waiting is not None:
            waiting.cancel()  # asleep: no pass is under way
        task = asyncio.create_task(self._run(sid), name=f"catch-up-{sid}")
        self._tasks[sid] = task
        task.add_done_callback(lambda done: self._forget(sid, done))

    def _forget(self, sid: str, task: asyncio.Task[None]) -> None:
        if self._tasks.get(sid) is task:
            del self._tasks[sid]

    async def _run(self, sid: str) -> None:
        for wait in RETRY_SECONDS:
            await asyncio.sleep(wait)
            self._behind.discard(sid)
            self._passing.add(sid)
            try:
                await self._show_again(sid)
            except Exception:
                log.exception("could not show the game again session=%s", sid)
                self._behind.add(sid)
            finally:
                self._passing.discard(sid)
            if sid not in self._behind:
                log.info("messages up to date again session=%s", sid)
                return
        self._behind.discard(sid)
        log.warning("messages still behind session=%s; the next move shows them", sid)

    async def close(self) -> bool:
        """Stop every pass (at shutdown: a restart shows each game again).

        Whether none was under way.
        """
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks)
        return not tasks
