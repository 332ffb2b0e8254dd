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
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


async def run(fn: Callable[..., T], /, *args: Any) -> T:
    """``fn(*args)`` in a thread, awaited without holding the event loop."""
    return await asyncio.to_thread(fn, *args)
