"""How long ago Discord made an interaction, on this process's clock.

Discord counts its 3 s for the first answer from when it made the interaction (the time in its
snowflake id), not from when our handler starts: a click that waited in a backlog (the gateway's
socket, a busy event loop) has less left. Our wall clock may differ from Discord's by a constant
skew, so the age is not ``now - created`` itself: the offset between the two is least for an
interaction delivered at once, and the least offset seen lately is the baseline. A constant
skew then cancels out, and a click held up shows its wait. Under a backlog lasting longer than
``BASELINE_SECONDS`` the baseline creeps up and ages read low: a click is then answered as if it
had just arrived, as before ages were kept.

The age only ever makes the bot acknowledge sooner (``bot/surface/acknowledge.py``); whether
Discord still takes an answer is Discord's to say, so a clock that jumps costs a deferral, never
a click.
"""

from __future__ import annotations

import math
import time

import discord

BASELINE_SECONDS = 600.0
"""How long the least offset seen stands as the baseline before a newer one replaces it."""


class ClickExpired(Exception):
    """Discord no longer takes the click's first answer (its 3 s passed): nothing was done.

    Its member sees "This interaction failed"; nothing can be answered to it.
    """


_KEY = "created"  # in ``interaction.extras``: when Discord made it, on ``time.monotonic``


class ClickClock:
    """Stamps each interaction with when Discord made it, on this process's monotonic clock."""

    def __init__(self) -> None:
        self._least = math.inf  # the least (wall clock - snowflake time) seen, in seconds
        self._least_at = -math.inf  # when it was seen (monotonic)

    def stamp(self, interaction: discord.Interaction) -> float:
        """Note when Discord made ``interaction`` (once) and return its age now, in seconds."""
        mono = time.monotonic()
        if _KEY in interaction.extras:
            return mono - float(interaction.extras[_KEY])
        offset = time.time() - interaction.created_at.timestamp()
        if offset <= self._least or mono - self._least_at > BASELINE_SECONDS:
            self._least, self._least_at = offset, mono
        age = offset - self._least
        interaction.extras[_KEY] = mono - age
        return age


def age(interaction: discord.Interaction) -> float:
    """Seconds since Discord made ``interaction`` (since its handler began, when not stamped)."""
    created = interaction.extras.setdefault(_KEY, time.monotonic())
    return time.monotonic() - float(created)
