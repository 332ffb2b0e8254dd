"""A click answered in its interaction callback when the answer is ready in time, else deferred.

Discord wants the first answer to an interaction within 3 s. Answering a click with the
updated message itself (UPDATE_MESSAGE) saves a request over a deferral followed by an edit,
but drawing the picture may take longer. :class:`Deadline` defers the click when nothing
answered it within ``budget`` seconds; whoever answers first holds its lock
(:func:`answering`), so the deferral and an answer never race into Discord's "already
acknowledged". A command that reads before it answers does the same (:func:`read_first`):
it is deferred ("thinking…") only when its reading outlasts the budget. The budget counts
from when Discord made the interaction (``click_age``), as Discord's 3 s do.

A click that waited (a backlog) is acknowledged before its move is saved (:func:`in_time`),
and a click Discord already refused an answer to as too late saves nothing: its member is
shown "This interaction failed". (A click whose acknowledgement is refused only after its move
was saved, the machine stalled past the budget's last second, still counts.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord

from bot.surface import click_age, layout
from bot.surface.click_age import ClickExpired

log = logging.getLogger(__name__)

ACK_BUDGET_SECONDS = 2.0
"""How long after Discord made it a click may wait for its answer before it is deferred
(Discord allows 3 s)."""
LATE_SECONDS = 1.0
"""A click older than this when its move is about to be saved is acknowledged first."""
_KEY = "deadline"  # the Deadline in ``interaction.extras``
_EXPIRED = "expired"  # in ``interaction.extras``: Discord no longer takes its first answer
UNKNOWN_INTERACTION = 10062  # Discord's code for an answer to an interaction past its 3 s
DISCORD_SECONDS = 3.0  # how long after it made an interaction Discord takes its first answer


class Deadline:
    """Defers ``interaction`` ``budget`` seconds after Discord made it, unless answered by then.

    ``ephemeral``: a command's deferral, "thinking…" shown as its answer will be (to everyone,
    or only to the member); None: a click's, which shows nothing.
    """

    def __init__(
        self, interaction: discord.Interaction, budget: float, *, ephemeral: bool | None = None
    ) -> None:
        self.interaction = interaction
        self.ephemeral = ephemeral
        self.lock = asyncio.Lock()
        interaction.extras[_KEY] = self
        self._asleep = True
        self._timer = asyncio.create_task(self._defer_after(budget))

    async def _defer_after(self, budget: float) -> None:
        await asyncio.sleep(budget - click_age.age(self.interaction))
        self._asleep = False
        await self._defer()

    def soon(self) -> asyncio.Task[None]:
        """Defer now rather than at the budget's end, in the timer's own task, returned.

        What follows does not wait for it: Discord's trouble (discord.py retries a 5xx answer
        for up to 25 s) never holds up the click's move.
        """
        if self._asleep:
            self._asleep = False
            self._timer.cancel()
            self._timer = asyncio.create_task(self._defer())
        return self._timer

    async def _defer(self) -> None:
        await defer_unless_answered(self.interaction, ephemeral=self.ephemeral)

    async def close(self) -> None:
        """The handler is done: stop the timer and defer if nothing answered the click."""
        await self._defer()
        self._timer.cancel()  # asleep, or done: it never holds the lock here
        self.interaction.extras.pop(_KEY, None)

    async def stop(self) -> None:
        """Stop the timer without deferring: what follows answers by itself, in time."""
        async with self.lock:  # a deferral under way ends first
            self._timer.cancel()
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
async def read_first(interaction: discord.Interaction, *, ephemeral: bool) -> AsyncIterator[None]:
    """A command's reading before its first answer: deferred if it outlasts the budget.

    After ``ACK_BUDGET_SECONDS`` it is deferred, "thinking…" shown as the answer will be
    (``ephemeral``); the command then answers with :func:`send` (a follow-up once deferred),
    or defers with :func:`defer_unless_answered` before slower work. A refusal raised within
    is answered as ever.
    """
    guard = Deadline(interaction, ACK_BUDGET_SECONDS, ephemeral=ephemeral)
    try:
        yield
    finally:
        await guard.stop()


async def send(interaction: discord.Interaction, **kwargs: Any) -> None:
    """A command's answer: its response, or the follow-up once it was deferred."""
    async with answering(interaction):
        if interaction.response.is_done():
            await interaction.followup.send(**kwargs)
        else:
            await interaction.response.send_message(**kwargs)


@contextlib.asynccontextmanager
async def answering(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Hold off the deferral while answering: ``response.is_done()`` stays true within."""
    guard = interaction.extras.get(_KEY)
    if not isinstance(guard, Deadline):
        yield
        return
    async with guard.lock:
        yield


async def defer_unless_answered(
    interaction: discord.Interaction, *, ephemeral: bool | None = None
) -> None:
    """Acknowledge the interaction with a deferral unless something answered it already.

    What is sent after is a follow-up, never the click's first answer (which a later edit of
    ``@original``, meant for the clicked message, would replace). ``ephemeral``: a command's
    "thinking…" (to everyone, or only to the member); None: a click's silent deferral.
    """
    async with answering(interaction):
        if interaction.response.is_done() or interaction.extras.get(_EXPIRED):
            return
        try:
            if ephemeral is None:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        except discord.HTTPException as exc:
            if _too_late(exc):
                interaction.extras[_EXPIRED] = True
            log.warning("could not acknowledge interaction %s", interaction.id)


def defer_soon(interaction: discord.Interaction) -> None:
    """A click that must wait (for its game's lock): deferred now, in the background."""
    guard = interaction.extras.get(_KEY)
    if isinstance(guard, Deadline):
        guard.soon()


async def in_time(interaction: discord.Interaction) -> None:
    """Before saving a click's move (within :func:`deadline`): a click that waited is deferred.

    Older than ``LATE_SECONDS`` and not answered yet, it is deferred now, so that what follows
    (the move saved, its pictures drawn) can take its time. Raises ``ClickExpired`` when Discord
    refuses the deferral as too late: the move must not be saved, as its member is told it
    failed. A deferral still under way when Discord's 3 s are over (Discord failing, discord.py
    retrying) is left to go on: the move is saved, and shown when Discord takes it again.
    """
    if interaction.extras.get(_EXPIRED):  # an earlier deferral was refused as too late
        raise ClickExpired
    guard = interaction.extras.get(_KEY)
    age = click_age.age(interaction)
    if interaction.response.is_done() or age <= LATE_SECONDS or not isinstance(guard, Deadline):
        return
    await asyncio.wait({guard.soon()}, timeout=max(DISCORD_SECONDS - age, 0.0) + 0.5)
    if interaction.extras.get(_EXPIRED):
        raise ClickExpired


def _too_late(exc: discord.HTTPException) -> bool:
    """Whether Discord refused a first answer because the interaction's 3 s had passed."""
    return exc.status == 404 and exc.code == UNKNOWN_INTERACTION


async def edit_clicked(
    interaction: discord.Interaction, view: discord.ui.View | discord.ui.LayoutView | None
) -> discord.Message | None:
    """Show ``view`` in the clicked message: in the click's answer, or an edit once deferred.

    Returns the message as Discord now holds it, when it says.
    """
    edited: object = None
    async with answering(interaction):
        answered = interaction.response.is_done()
        if not answered:
            answer = await interaction.response.edit_message(view=view)
            edited = answer.resource if answer is not None else None
    if answered:
        edited = await interaction.edit_original_response(view=view)
    return edited if isinstance(edited, discord.Message) else None


async def strip_clicked(
    interaction: discord.Interaction, latest: discord.Message | None = None
) -> None:
    """Take the buttons off the clicked message: in the click's answer if it has none yet.

    A v2 message is sent whole again without its rows, from ``latest`` (the bot's newest
    version of it, when known) rather than the click's copy, which may be older: a client
    not yet refreshed pressed it, and its older text would be put back.
    """
    message = latest or interaction.message
    await edit_clicked(interaction, None if message is None else layout.with_rows(message, None))
