"""How long ago Discord made an interaction, on this process's clock.

Discord counts its 3 s for the first answer from when it made the interaction (the time in its
snowflake id), not from when our handler starts: a click that waited in a backlog (the gateway's
socket, a busy event loop) has less left. Our wall clock may differ from Discord's by a constant
skew, so the age is not ``now - created`` itself: the offset between the two is least for an
interaction delivered at once, and the least offset seen over the last ``BASELINE_SECONDS`` (at
least half of it: two halves are kept) is the baseline. A constant skew then cancels out, and a
click held up shows its wait. Under a backlog lasting longer than half the window the baseline
may creep up and ages read low: a click is then answered as if it had just arrived, as before
ages were kept.

The age only ever makes the bot acknowledge sooner (``bot/surface/acknowledge.py``); whether
Discord still takes an answer is Discord's to say, so a clock that jumps costs a deferral, never
a click.
"""

from __future__ import annotations

import math
import time

import discord

BASELINE_SECONDS = 600.0
"""The window whose least offset is the baseline (kept as two halves)."""


class ClickExpired(Exception):
    """Discord no longer takes the click's first answer (its 3 s passed): nothing was done.

    Its member sees "This interaction failed"; nothing can be answered to it.
    """


_KEY = "created"  # in ``interaction.extras``: when Discord made it, on ``time.monotonic``


class ClickClock:
    """Stamps each interaction with when Discord made it, on this process's monotonic clock."""

    def __init__(self) -> None:
        # The least (wall clock - snowflake time) seen in the current half of the window and in
        # the half before it, in seconds; when the current half began (monotonic).
        self._least = math.inf
        self._least_before = math.inf
        self._half_began = -math.inf

    def stamp(self, interaction: discord.Interaction) -> float:
        """Note when Discord made ``interaction`` (once) and return its age now, in seconds."""
        mono = time.monotonic()
        if _KEY in interaction.extras:
            return mono - float(interaction.extras[_KEY])
        offset = time.time() - interaction.created_at.timestamp()
        half = BASELINE_SECONDS / 2
        if mono - self._half_began >= half:  # a new half of the window
            recent = mono - self._half_began < 2 * half
            self._least_before = self._least if recent else math.inf
            self._least, self._half_began = math.inf, mono
        self._least = min(self._least, offset)
        age = offset - min(self._least, self._least_before)
        interaction.extras[_KEY] = mono - age
        return age


def age(interaction: discord.Interaction) -> float:
    """Seconds since Discord made ``interaction`` (since its handler began, when not stamped)."""
    created = interaction.extras.setdefault(_KEY, time.monotonic())
    return time.monotonic() - float(created)
