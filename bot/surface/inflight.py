"""Interactions being handled, so that stopping the bot finishes them instead of cutting them.

A click is acknowledged at once, then recorded in the database, then shown (board, DMs). Closing
the database and the HTTP session under it lost the click after the player saw it accepted, or
recorded it without redrawing the board, whose buttons were then stale for good. The command
tree's and every component's ``interaction_check`` call :meth:`InFlight.admit` first, in the
handler's own task; :meth:`InFlight.drain` (at close, before the gateway and HTTP close) refuses
new ones with a clear answer and waits for those under way.

It also bounds the work a process takes on: beyond ``limit`` interactions being handled, a new
one is answered at once with "busy, try again" (well inside Discord's 3 s deadline) instead of
queueing behind the others until its deadline passes. Autocomplete is never counted or refused:
it is cheap and a refusal would only empty the member's list. A handler that has answered and
goes on only to wait for the computer's turns (it thinks in its own worker process) is set
aside: it holds up no other interaction, so it no longer counts towards the bound (a server
with many games against the computer is not told "busy"), and stopping still waits for it.
"""

from __future__ import annotations

import asyncio
import logging
import time

import discord

from bot.surface.click_age import ClickClock
from bot.surface.replies import ephemeral

log = logging.getLogger(__name__)

RESTARTING = "The bot is restarting: nothing was done. Try again in a moment."
BUSY = "The bot is very busy right now: nothing was done. Try again in a moment."


class InFlight:
    """The tasks handling interactions now; closed to new ones once draining."""

    def __init__(self, limit: int) -> None:
        self.closing = False
        self.limit = limit
        self.refused_busy = 0
        self._tasks: set[asyncio.Task[object]] = set()
        self._aside: set[asyncio.Task[object]] = set()  # answered, waiting for the computer
        self.clock = ClickClock()

    def __len__(self) -> int:
        """Interactions being handled now that count towards the bound."""
        return len(self._tasks) - len(self._aside)

    def set_aside(self) -> None:
        """The current handler, answered, no longer counts towards the bound (see above)."""
        task = asyncio.current_task()
        if task is not None and task in self._tasks and task not in self._aside:
            self._aside.add(task)
            task.add_done_callback(self._aside.discard)

    async def admit(self, interaction: discord.Interaction) -> bool:
        """In the handler's task, before it acts: track it; refuse it while closing or full."""
        autocomplete = interaction.type is discord.InteractionType.autocomplete
        if not autocomplete:
            self.clock.stamp(interaction)
        task = asyncio.current_task()
        if task is not None and task not in self._tasks:
            if not autocomplete and not self.closing and len(self) >= self.limit:
                self.refused_busy += 1
                if self.refused_busy % 100 == 1:  # the first, then one line per hundred
                    log.warning(
                        "busy: %s interactions being handled; %s refused so far",
                        len(self),
                        self.refused_busy,
                    )
                await ephemeral(interaction, BUSY)
                return False
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        if not self.closing:
            return True
        if not autocomplete:
            await ephemeral(interaction, RESTARTING)
        return False

    async def drain(self, timeout: float) -> bool:
        """Refuse new interactions and wait (at most ``timeout`` s) for those under way.

        Whether every one finished.
        """
        self.closing = True
        await asyncio.sleep(0)  # handlers dispatched just now reach admit()
        deadline = time.monotonic() + timeout
        while pending := self._tasks - {asyncio.current_task()}:
            left = deadline - time.monotonic()
            if left <= 0:
                log.warning("stopping with %s interactions still being handled", len(pending))
                return False
            await asyncio.wait(pending, timeout=left)
        return True
