"""How long the bot's event loop goes without turning: a watchdog task beside the bot.

The bot, the emulator and the test share one event loop. The watchdog wakes every
``TICK`` seconds; between two wake-ups the loop ran whatever else was ready. The longest
stretch is measured in the loop thread's CPU time (``time.thread_time``), so a handler that
computes for 4 s shows as 4 s while a machine busy with other processes (which delays the
wake-up without the loop doing anything) does not fail the test.
"""

from __future__ import annotations

import asyncio
import time
from types import TracebackType

TICK = 0.002
LIMIT = 0.050
"""The most CPU time the loop may spend between two turns (Discord wants an answer in 3 s,
and one process serves many games)."""


class LoopWatch:
    """``async with LoopWatch() as watch: ...``, then ``watch.longest`` (seconds of CPU)."""

    def __init__(self) -> None:
        self.longest = 0.0
        self.longest_wall = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _watch(self) -> None:
        cpu, wall = time.thread_time(), time.perf_counter()
        while True:
            await asyncio.sleep(TICK)
            now_cpu, now_wall = time.thread_time(), time.perf_counter()
            self.longest = max(self.longest, now_cpu - cpu)
            self.longest_wall = max(self.longest_wall, now_wall - wall - TICK)
            cpu, wall = now_cpu, now_wall

    async def __aenter__(self) -> LoopWatch:
        self._task = asyncio.create_task(self._watch(), name="loop-watch")
        await asyncio.sleep(0)  # the watchdog has started
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        assert self._task is not None
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)

    def __str__(self) -> str:
        return f"{self.longest * 1000:.0f} ms of CPU ({self.longest_wall * 1000:.0f} ms wall)"
