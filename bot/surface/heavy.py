"""A click's engine work (apply, legality, views, moves, digests) run beside the event loop.

One process serves many games on one event loop, and a callback that computes holds every
other game's clicks (Discord wants an answer within 3 s). A Gondor move can take 100 ms of
rules (legal moves over the whole map, before and after, then each seat's view); :func:`run`
does such work in a thread, so the loop keeps turning: the thread gives the interpreter up every
``sys.getswitchinterval()`` (5 ms) and the loop's short callbacks run in between. A thread,
not a worker process: the game object stays in this process, where the click goes on with it
(a process would pickle the state both ways, about 1.5 ms for a late Gondor game, and the
moves, views and digests computed there would have to come back too). The caller holds the
session lock, so no other handler touches the same game meanwhile.

Light work (a light game's turn, about a millisecond) runs on the loop itself: handed to a
thread it cost the bot more than the work (the thread woken, the loop woken through its
self-pipe, the interpreter passed back and forth), and the loop gains nothing from a thread for
work shorter than the switch interval, which the thread holds the interpreter for anyway. A
kind of light work that took more than ``SLOW`` of the loop's CPU in most of its last
``JUDGED`` runs goes to the thread for the rest of the process: a light game whose turns grew
heavy holds the loop a few times, not at every click, while one slow run (a garbage
collection's pass, caches cold at the start, a loaded machine) sends nothing to the thread.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

log = logging.getLogger(__name__)

SLOW = 0.010
"""CPU seconds light work may hold the loop before its kind goes to the thread."""

JUDGED = 16
"""How many of a kind's latest runs on the loop decide whether it is slow."""

slow_kinds: set[str] = set()
"""The kinds of light work found slow in this process: they run in the thread."""

_slow_runs: dict[str, deque[bool]] = {}
"""Per kind of light work, whether each of its latest runs on the loop took over ``SLOW``."""


async def run(fn: Callable[..., T], /, *args: Any, light: str | None = None) -> T:
    """``fn(*args)`` in a thread, awaited without holding the event loop.

    ``light``: the kind of light work it is (a game's id), run on the loop unless found slow.
    """
    if light is None or light in slow_kinds:
        return await asyncio.to_thread(fn, *args)
    started = time.thread_time()
    try:
        return fn(*args)
    finally:
        _judge(light, time.thread_time() - started)


def _judge(kind: str, spent: float) -> None:
    """Note a run of light work on the loop; its kind goes to the thread once mostly slow."""
    runs = _slow_runs.setdefault(kind, deque(maxlen=JUDGED))
    runs.append(spent > SLOW)
    slow = sum(runs)
    if slow > JUDGED // 2:
        slow_kinds.add(kind)
        log.warning(
            "light work held the event loop over %.0f ms of CPU in %d of its last %d runs,"
            " in a thread from now kind=%s",
            SLOW * 1000,
            slow,
            len(runs),
            kind,
        )
