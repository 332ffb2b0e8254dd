"""How long each callback holds the event loop, and whose it is: the bot's, the emulator's.

The bot, the emulator and the test share one event loop, so a watchdog that only sees the
loop turn late cannot tell a slow bot handler from the emulator building a large gateway
event. ``CallbackWatch`` wraps ``asyncio.Handle._run`` (every callback and every step of
every task goes through it) and times each call in the loop thread's CPU time
(``time.thread_time``): a handler computing for 400 ms shows as 400 ms, while a machine busy
with other processes (which stretches wall time without the loop doing more) or a render
worker thread does not count. A task step is the bot's when the task runs code of the bot or
of discord.py (``bot/``, ``discord/``), the emulator's when it runs the emulator's web server.

With ``sample=True`` a thread looks at the loop thread's stack every millisecond while a
callback runs long and counts where it is (the innermost function of ``bot/`` and the
innermost of the project's packages), so a benchmark can name the slow steps.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from asyncio import events
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType, TracebackType

import discord

import bot

LIMIT = 0.050
"""The most CPU time one of the bot's callbacks may hold the loop (Discord wants an answer in
3 s, and one process serves many games)."""

ROOT = Path(bot.__file__).resolve().parent.parent
BOT = (str(ROOT / "bot") + "/", str(Path(discord.__file__).resolve().parent) + "/")
EMULATOR = (str(ROOT / "discord_emulator") + "/", "/aiohttp/web")
PROJECT = tuple(str(ROOT / p) + "/" for p in ("bot", "engines", "render", "ai"))
SAMPLE_AFTER = 0.005  # a callback is sampled once it has run this long (wall time)


@dataclass
class Call:
    """One callback: its CPU and wall time, whose it is, and where its samples fell."""

    cpu: float = 0.0
    wall: float = 0.0
    owner: str = "other"
    name: str = ""
    where: Counter[str] = field(default_factory=Counter)
    started: float = 0.0

    def __str__(self) -> str:
        spots = ", ".join(f"{spot} ({n} samples)" for spot, n in self.where.most_common(3))
        at = f" in {spots}" if spots else ""
        return f"{self.cpu * 1000:.0f} ms of CPU ({self.wall * 1000:.0f} ms wall): {self.name}{at}"


def _owner_and_name(callback: object) -> tuple[str, str]:
    task = getattr(callback, "__self__", None)
    if not isinstance(task, asyncio.Task):
        task = None
    coro = task.get_coro() if task is not None else None
    code = getattr(coro, "cr_code", None) or getattr(callback, "__code__", None)
    if code is None:
        return "other", repr(callback)[:80]
    path = code.co_filename
    owner = "other"
    if path.startswith(BOT):
        owner = "bot"
    elif any(p in path for p in EMULATOR):
        owner = "emulator"
    name = task.get_name() if task is not None else code.co_qualname
    return owner, f"{name} ({code.co_qualname})" if task is not None else name


def where(frame: FrameType | None) -> str:
    """The innermost function of ``bot/`` and the innermost of the project, from ``frame``."""
    inner = outer = ""
    while frame is not None:
        path = frame.f_code.co_filename
        if path.startswith(PROJECT):
            module = path[len(str(ROOT)) + 1 : -3].replace("/", ".")
            name = f"{module}.{frame.f_code.co_qualname}"
            inner = inner or name
            if path.startswith(BOT[0]):
                outer = name
                break
        frame = frame.f_back
    if not inner:
        return "(outside the project)"
    return inner if inner == outer or not outer else f"{outer} > {inner}"


class CallbackWatch:
    """``with CallbackWatch() as watch: ...``, then ``watch.longest("bot")``."""

    def __init__(self, *, sample: bool = False, keep_over: float = 0.010) -> None:
        self.sample = sample
        self.keep_over = keep_over
        self.calls: list[Call] = []
        """The callbacks that took more than ``keep_over`` seconds of CPU."""
        self.count: Counter[str] = Counter()
        self._running: Call | None = None
        self._original = events.Handle._run
        self._stop = threading.Event()
        self._sampler: threading.Thread | None = None
        self._switch = sys.getswitchinterval()

    def longest(self, owner: str = "bot") -> Call:
        """The owner's longest callback (a zero one when none was kept)."""
        return max((c for c in self.calls if c.owner == owner), key=lambda c: c.cpu, default=Call())

    def __enter__(self) -> CallbackWatch:
        original, watch = self._original, self

        def timed(handle: events.Handle) -> None:
            call = Call(started=time.perf_counter())
            if watch.sample:
                watch._running = call
            cpu = time.thread_time()
            try:
                original(handle)
            finally:
                call.cpu = time.thread_time() - cpu
                call.wall = time.perf_counter() - call.started
                watch._running = None
                call.owner, call.name = _owner_and_name(handle._callback)
                watch.count[call.owner] += 1
                if call.cpu > watch.keep_over:
                    watch.calls.append(call)

        events.Handle._run = timed  # type: ignore[method-assign]
        if self.sample:
            self._switch = sys.getswitchinterval()
            sys.setswitchinterval(0.001)  # the sampler gets the GIL every millisecond
            loop_thread = threading.get_ident()
            self._sampler = threading.Thread(
                target=self._sample, args=(loop_thread,), name="loop-sampler", daemon=True
            )
            self._sampler.start()
        return self

    def _sample(self, loop_thread: int) -> None:
        while not self._stop.wait(0.001):
            call = self._running
            if call is None or time.perf_counter() - call.started < SAMPLE_AFTER:
                continue
            frame = sys._current_frames().get(loop_thread)
            if self._running is call:
                call.where[where(frame)] += 1

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        events.Handle._run = self._original  # type: ignore[method-assign]
        self._stop.set()
        if self._sampler is not None:
            self._sampler.join()
            sys.setswitchinterval(self._switch)
