"""A click answered in its interaction callback when the answer is ready in time, else deferred.

Discord wants the first answer to an interaction within 3 s. Answering a click with the
updated message itself (UPDATE_MESSAGE) saves a request over a deferral followed by an edit,
but drawing the picture may take longer. :class:`Deadline` defers the click when nothing
answered it within ``budget`` seconds; whoever answers first holds its lock
(:func:`answering`), so the deferral and an answer never race into Discord's "already
acknowledged".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

import discord

log = logging.getLogger(__name__)

ACK_BUDGET_SECONDS = 2.0
"""How long a click may wait for its answer before it is deferred (Discord allows 3 s)."""
_KEY = "deadline"  # the Deadline in ``interaction.extras``


class Deadline:
    """Defers ``interaction`` after ``budget`` seconds unless something answered it by then."""

    def __init__(self, interaction: discord.Interaction, budget: float) -> None:
        self.interaction = interaction
        self.lock = asyncio.Lock()
        interaction.extras[_KEY] = self
        self._timer = asyncio.create_task(self._defer_after(budget))

    async def _defer_after(self, budget: float) -> None:
        await asyncio.sleep(budget)
        await self._defer()

    async def _defer(self) -> None:
        await defer_unless_answered(self.interaction)

    async def close(self) -> None:
        """The handler is done: stop the timer and defer if nothing answered the click."""
        await self._defer()
        self._timer.cancel()  # asleep, or done: it never holds the lock here
        self.interaction.extras.pop(_KEY, None)


@contextlib.asynccontextmanager
async def deadline(
    interaction: discord.Interaction, budget: float | None = None
) -> AsyncIterator[None]:
    """Within the block the click is answered by its first answer, or deferred.

    Deferred after ``budget`` seconds (``ACK_BUDGET_SECONDS`` unless given).
    """
    guard = Deadline(interaction, ACK_BUDGET_SECONDS if budget is None else budget)
    try:
        yield
    finally:
        await guard.close()


@contextlib.asynccontextmanager
async def answering(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Hold off the deferral while answering: ``response.is_done()`` stays true within."""
    guard = interaction.extras.get(_KEY)
    if not isinstance(guard, Deadline):
        yield
        return
    async with guard.lock:
        yield


async def defer_unless_answered(interaction: discord.Interaction) -> None:
    """Acknowledge the click with a deferral unless something answered it already.

    What is sent after is a follow-up, never the click's first answer (which a later edit of
    ``@original``, meant for the clicked message, would replace).
    """
    async with answering(interaction):
        if interaction.response.is_done():
            return
        try:
            await interaction.response.defer()
        except discord.HTTPException:
            log.warning("could not acknowledge interaction %s", interaction.id)


async def strip_clicked(interaction: discord.Interaction) -> None:
    """Take the buttons off the clicked message: in the click's answer if it has none yet."""
    async with answering(interaction):
        if interaction.response.is_done():
            await interaction.edit_original_response(view=None)
        else:
            await interaction.response.edit_message(view=None)
