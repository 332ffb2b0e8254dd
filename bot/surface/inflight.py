"""Interactions being handled, so that stopping the bot finishes them instead of cutting them.

A click is acknowledged at once, then recorded in the database, then shown (board, DMs). Closing
the database and the HTTP session under it lost the click after the player saw it accepted, or
recorded it without redrawing the board, whose buttons were then stale for good. The command
tree's and every component's ``interaction_check`` call :meth:`InFlight.admit` first, in the
handler's own task; :meth:`InFlight.drain` (at close, before the gateway and HTTP close) refuses
new ones with a clear answer and waits for those under way.
"""

from __future__ import annotations

import asyncio
import logging
import time

import discord

from bot.surface.replies import ephemeral

log = logging.getLogger(__name__)

RESTARTING = "The bot is restarting: nothing was done. Try again in a moment."


class InFlight:
    """The tasks handling interactions now; closed to new ones once draining."""

    def __init__(self) -> None:
        self.closing = False
        self._tasks: set[asyncio.Task[object]] = set()

    async def admit(self, interaction: discord.Interaction) -> bool:
        """In the handler's task, before it acts: track it; while closing, refuse it."""
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        if not self.closing:
            return True
        if interaction.type is not discord.InteractionType.autocomplete:
            await ephemeral(interaction, RESTARTING)
        return False

    async def drain(self, timeout: float) -> None:
        """Refuse new interactions and wait (at most ``timeout`` s) for those under way."""
        self.closing = True
        await asyncio.sleep(0)  # handlers dispatched just now reach admit()
        deadline = time.monotonic() + timeout
        while pending := self._tasks - {asyncio.current_task()}:
            left = deadline - time.monotonic()
            if left <= 0:
                log.warning("stopping with %s interactions still being handled", len(pending))
                return
            await asyncio.wait(pending, timeout=left)
