"""The **My hand** answers still open, kept up to date as the game moves on.

A player whose DMs are closed plays from the ephemeral answer of **My hand**. Only the
interaction that made it, or a click in it, can edit it: through its webhook (application id
and token, valid 15 minutes). The latest one per (member, game) is kept here, in memory, with
what of the player's own it shows (``Delivery._own_digest``), so the bot edits it when that
changes (``Delivery.refresh_hand``). After 14 minutes it is forgotten: a press on it then
redraws it in the press's own answer (``Delivery.clicked_hand``).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot.surface.private_answers import MAX_AGE_SECONDS, MAX_ENTRIES


@dataclass(frozen=True)
class Hand:
    """Where an open My hand answer can be edited, and what of the player's own it shows."""

    application_id: int
    token: str
    message_id: int
    at: float
    shown: str | None  # None: not known (the next change edits it)


class OpenHands:
    """The last My hand answer of each member in each game, while its token lasts."""

    def __init__(
        self,
        *,
        size: int = MAX_ENTRIES,
        max_age: float = MAX_AGE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.size = size
        self.max_age = max_age
        self.clock = clock
        self._open: OrderedDict[tuple[int, str], Hand] = OrderedDict()

    def __len__(self) -> int:
        return len(self._open)

    def note(
        self, interaction: discord.Interaction, sid: str, message_id: int, shown: str | None
    ) -> None:
        """``message_id`` is the member's My hand in ``sid``, reachable by ``interaction``."""
        now = self.clock()
        key = (interaction.user.id, sid)
        self._open.pop(key, None)
        self._open[key] = Hand(
            interaction.application_id, interaction.token, message_id, now, shown
        )
        while len(self._open) > self.size:
            self._open.popitem(last=False)
        self._drop_expired(now)

    def get(self, user_id: int, sid: str) -> Hand | None:
        """The member's open My hand in ``sid``, unless its token is (nearly) expired."""
        self._drop_expired(self.clock())
        return self._open.get((user_id, sid))

    def shown(self, user_id: int, sid: str, hand: Hand, digest: str | None) -> None:
        """``hand`` now shows ``digest`` (if it is still the member's open one)."""
        key = (user_id, sid)
        if _same(self._open.get(key), hand):
            self._open[key] = Hand(
                hand.application_id, hand.token, hand.message_id, hand.at, digest
            )

    def forget(self, user_id: int, sid: str, hand: Hand) -> None:
        """No more edits of ``hand`` (the game ended, or Discord refused one)."""
        if _same(self._open.get((user_id, sid)), hand):
            del self._open[(user_id, sid)]

    def _drop_expired(self, now: float) -> None:
        """Forget the answers whose token has (nearly) expired; the oldest come first."""
        while self._open:
            key, oldest = next(iter(self._open.items()))
            if now - oldest.at <= self.max_age:
                return
            del self._open[key]


def _same(kept: Hand | None, hand: Hand) -> bool:
    """Whether ``kept`` is the same answer reached the same way (whatever it shows since)."""
    return kept is not None and (kept.token, kept.message_id) == (hand.token, hand.message_id)
