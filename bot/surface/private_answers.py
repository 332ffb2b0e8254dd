"""One private answer at a time: a member's newer answer in a game replaces the older one.

The "?" answer, ``/game hint`` and every question (a move's confirmation, the "Are you sure?"
of ``/game resign`` and ``/game end``) are sent by :meth:`PrivateAnswers.send`, ephemerally:
only the interaction that made one can delete it, through its webhook (application id and
token, valid 15 minutes).
So the last one per (member, session) is kept in memory, by message id (a question is a
follow-up of a click whose ``@original`` is the clicked DM or board, never to be deleted), and
deleted when the next one is sent. Questions answered by their Yes keep their outcome here, so
a second press re-shows it instead of covering it with a refusal.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

log = logging.getLogger(__name__)

MAX_ENTRIES = 4096
"""Members × games remembered; the least recently answered are forgotten first."""
MAX_AGE_SECONDS = 14 * 60
"""An interaction token lasts 15 minutes; an older answer is left alone (it can't be reached)."""


@dataclass(frozen=True)
class Answer:
    """Where a private answer can be reached: its interaction's webhook and its message."""

    application_id: int
    token: str
    message_id: int
    at: float
    source: int | None = None  # a question asked from an ephemeral message (My hand): its id


class PrivateAnswers:
    """The last private answer of each member in each game, and the outcomes of questions."""

    def __init__(
        self,
        client: discord.Client,
        *,
        size: int = MAX_ENTRIES,
        max_age: float = MAX_AGE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.client = client
        self.size = size
        self.max_age = max_age
        self.clock = clock
        self._last: OrderedDict[tuple[int, str], Answer] = OrderedDict()
        self._outcomes: OrderedDict[int, str] = OrderedDict()

    def __len__(self) -> int:
        return len(self._last)

    async def send(
        self,
        interaction: discord.Interaction,
        sid: str,
        text: str | None = None,
        *,
        embed: discord.Embed | None = None,
        view: discord.ui.View | discord.ui.LayoutView | None = None,
    ) -> None:
        """Answer ``interaction`` privately about ``sid``, replacing the member's last answer.

        The interaction must be acknowledged already (the answer is a follow-up).
        """
        extras: dict[str, Any] = {}
        if text is not None:
            extras["content"] = text
        if embed is not None:
            extras["embed"] = embed
        if view is not None:
            extras["view"] = view
        sent = await interaction.followup.send(ephemeral=True, wait=True, **extras)
        await self.replace(interaction, sid, sent)

    async def replace(
        self,
        interaction: discord.Interaction,
        sid: str,
        message: discord.abc.Snowflake,
        *,
        source: int | None = None,
    ) -> None:
        """Note ``message`` as the member's answer in ``sid`` and delete their previous one.

        ``source``: the ephemeral message the answer was asked from, which the same token may
        edit (``asked_from``). Never fails: the new answer is already shown; a lost deletion is
        logged at debug.
        """
        now = self.clock()
        self._drop_expired(now)
        key = (interaction.user.id, sid)
        previous = self._last.pop(key, None)
        self._last[key] = Answer(
            interaction.application_id, interaction.token, message.id, now, source
        )
        while len(self._last) > self.size:
            self._last.popitem(last=False)
        if previous is None or previous.message_id == message.id:
            return
        try:
            hook = discord.Webhook.partial(
                previous.application_id, previous.token, client=self.client
            )
            await hook.delete_message(previous.message_id)
        except discord.HTTPException as exc:
            log.debug("replaced answer not deleted session=%s code=%s", sid, exc.code)
        except Exception as exc:  # an old answer must never fail a new one
            log.debug("replaced answer not deleted session=%s error=%s", sid, type(exc).__name__)

    def _drop_expired(self, now: float) -> None:
        """Forget answers whose token has (nearly) expired; the oldest come first."""
        while self._last:
            key, oldest = next(iter(self._last.items()))
            if now - oldest.at <= self.max_age:
                return
            del self._last[key]

    def asked_from(
        self, user_id: int, sid: str, question_id: int
    ) -> tuple[discord.Webhook, int] | None:
        """The ephemeral message the member's question was asked from, and a webhook to edit it.

        None: asked from a DM or the board, or no longer remembered (its token about to expire).
        """
        answer = self._last.get((user_id, sid))
        if answer is None or answer.message_id != question_id or answer.source is None:
            return None
        if self.clock() - answer.at > self.max_age:
            return None
        hook = discord.Webhook.partial(answer.application_id, answer.token, client=self.client)
        return hook, answer.source

    def note_outcome(self, message_id: int, text: str) -> None:
        """A question was answered with ``text`` (its buttons now disabled)."""
        self._outcomes[message_id] = text
        self._outcomes.move_to_end(message_id)
        while len(self._outcomes) > self.size:
            self._outcomes.popitem(last=False)

    def outcome(self, message_id: int) -> str | None:
        """What a question already answered says, if this process answered it."""
        return self._outcomes.get(message_id)
