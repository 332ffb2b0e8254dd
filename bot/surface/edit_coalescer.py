"""One edit in flight per message; newer states wait as a single pending one.

Discord lets a bot edit messages about 5 times per 5 s in a channel, and on a 429 discord.py
sleeps and sends the same request again. Editing a board at every move of a burst (clicks back
to back, the computer's replies) would queue every intermediate picture, and the newest would
show seconds late. Here each message has at most one edit in flight; a newer state submitted
meanwhile replaces the pending one, sent when the edit in flight ends. A burst of moves costs two
edits, an older state is never sent after a newer one, and a lone move's edit starts at once.
Nothing is lost: every move is saved before its picture is submitted.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable

import discord

log = logging.getLogger(__name__)

Edit = Callable[[], Awaitable[None]]
"""Brings one message to one state; it handles Discord's refusals itself."""


class EditCoalescer:
    """Per message (any hashable key), the edit in flight and the newest one waiting."""

    def __init__(self) -> None:
        self._pending: dict[Hashable, Edit] = {}
        self._running: dict[Hashable, asyncio.Task[None]] = {}
        self.closed = False

    def submit(self, key: Hashable, edit: Edit) -> None:
        """Show ``edit``'s state in the message ``key``: now, or after the edit in flight."""
        if self.closed:
            log.info("stopping: an edit was not sent key=%s", key)
            return
        self._pending[key] = edit  # an older state not sent yet is dropped
        if key not in self._running:
            task = asyncio.create_task(self._run(key), name=f"message-edit-{key}")
            self._running[key] = task

    async def settle(self, key: Hashable) -> None:
        """Make way for a newer state shown another way (a click's answer).

        The pending edit is dropped and the one in flight waited for, so it cannot land after.
        """
        self._pending.pop(key, None)
        task = self._running.get(key)
        if task is not None:
            await asyncio.wait({task})  # its failures are its own: logged there

    async def flush(self, key: Hashable) -> None:
        """Wait until the message's edit in flight and the one pending have been sent."""
        task = self._running.get(key)
        if task is not None:
            await asyncio.wait({task})

    async def _run(self, key: Hashable) -> None:
        try:
            while (edit := self._pending.pop(key, None)) is not None:
                try:
                    await edit()
                except discord.HTTPException as exc:  # Discord's text may quote the message
                    log.warning(
                        "message edit failed key=%s status=%s code=%s", key, exc.status, exc.code
                    )
                except Exception:
                    log.exception("message edit failed key=%s", key)
        finally:
            del self._running[key]

    async def close(self, timeout: float) -> bool:
        """Send no more; wait at most ``timeout`` s for the edits under way, then cancel them.

        Whether every edit submitted was sent (none cancelled, none left waiting).
        """
        self.closed = True
        running = set(self._running.values())
        if not running:
            return True
        _, late = await asyncio.wait(running, timeout=timeout)
        for task in late:
            task.cancel()
        if late:
            log.warning("stopping with %s message edits unsent", len(late))
            await asyncio.wait(late)
        return not late and not self._pending
