"""Images drawn off the event loop: a pool of worker processes (or threads) drawing pictures.

Drawing and encoding an image is CPU work (10-130 ms); on the event loop's process it would
hold the GIL while interactions wait to be acknowledged. ``RENDER_POOL=process`` (the default)
runs it in ``workers`` spawned processes (default: one per CPU): the view goes in pickled, the
PNG bytes and the alt text come back (reading a view back into its model takes milliseconds
for the largest games, so the alt text is written in the worker too). ``thread`` renders in
threads of the bot's own process (less memory, but the drawing competes with the event loop
for the GIL). Workers run at a lower priority than the bot, so on a busy machine clicks are
acknowledged first and images come after. A job goes to the first idle worker, not to any:
one worker draws while it keeps up, its caches warm (a second one drawing every other picture
had cold ones: a Knightfall picture cost about 40 % more CPU), and the others take the
overflow. A worker is given at most ``IN_FLIGHT`` jobs (one drawing, one waiting in its pipe):
beyond that, jobs wait in the pool for whichever worker frees first, so under a backlog a
picture waits behind one job at most, not behind a queue that a slow picture holds up (a job
whose caller gave up still counts until its worker is done with it). The last few
pictures are kept by the digest of
their view, so a view shown again (the same board, a hand opened twice) is not drawn again.
This module imports only ``render`` and ``bot.surface`` modules of the standard library's
weight (``pool_workers``, ``workers``), so a worker starts quickly.

Other CPU work that must not hold the event loop goes through :func:`run` into the same
workers (Undo's rebuild, ``bot.storage.history``; the rating graph): the function and its
arguments go in pickled, so the function must be importable in a worker. The heavy work members
ask for (a replay's rebuild, an animation, a review, a hint: seconds each) goes through
:func:`run_heavy` into one worker of its own at the lowest priority (``HEAVY_NICE``): pictures
never wait behind it for a worker, and the machine's cores go to the bot and the pictures
first.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import pickle
import signal
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.surface.pool_workers import exit_with_parent
from bot.surface.workers import Worker, new_worker
from render import picture as draw_picture

log = logging.getLogger(__name__)

T = TypeVar("T")

RECENT = 64  # images kept by their view's digest (about 60 KB each)
IN_FLIGHT = 2  # jobs given to a drawing worker at a time: one drawn, the next ready in its pipe
WORKER_NICE = 10  # worker processes run at a lower priority than the event loop
HEAVY_NICE = 19  # the heavy worker: the lowest, below the pictures' workers


@dataclass(frozen=True)
class Picture:
    """An image of a view, its alt text, and its key: the digest of the game and the view.

    Two pictures with the same key are the same image: a message showing one already needs
    no upload of the other (``bot.surface.shown_pictures``).
    """

    png: bytes
    alt: str
    key: str


def pickled(game_id: str, view: Mapping[str, Any]) -> tuple[bytes, str]:
    """The view pickled for a worker, and the key of its picture."""
    data = pickle.dumps(dict(view), protocol=pickle.HIGHEST_PROTOCOL)
    key = hashlib.blake2b(game_id.encode() + b"\0" + data, digest_size=16).hexdigest()
    return data, key


def draw(game_id: str, pickled_view: bytes, key: str) -> Picture:
    """In the worker: the picture of a pickled view."""
    view = pickle.loads(pickled_view)
    return Picture(*draw_picture(game_id, view), key)


def _start_worker(nice: int = WORKER_NICE) -> None:
    """In a new worker: yield the CPU to the bot, leave Ctrl-C to it, and end with it.

    A lower priority (``WORKER_NICE``) keeps the CPU for the event loop when the machine is
    busy: acknowledgements stay fast, images wait. Ctrl-C in a terminal reaches every process
    of the group; the bot stops its workers itself (a worker dying of it mid-shutdown left the
    bot hanging until killed). A worker whose bot died without closing the pool (killed)
    exits instead of lingering (``bot.surface.pool_workers``).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(nice)
    exit_with_parent()


class RenderPool:
    """Renders views to PNG in its workers; the bot holds one (``TabletopBot.renders``).

    ``drawing``: the workers jobs go to, the first idle one first. Beside them, ``heavy``: one
    worker at ``HEAVY_NICE`` for :meth:`run_heavy`. A worker that dies (killed, out of memory)
    is replaced and asked once more, so one lost process costs one slow image, not every image.
    Processes (``bot.surface.workers.PipeWorker``: no thread of the bot's process carries their
    jobs), or threads of the bot's own.
    """

    def __init__(self, kind: str = "process", workers: int | None = None) -> None:
        self.kind = kind
        self.workers = workers or os.cpu_count() or 1
        # started now, not at the first image
        self.drawing = [new_worker(kind, _start_worker, WORKER_NICE) for _ in range(self.workers)]
        self._busy = [0] * self.workers  # jobs given to each worker and not yet back
        # Jobs beyond IN_FLIGHT a worker wait here, in order: with fewer taken, one worker at
        # least has fewer than IN_FLIGHT.
        self._slots = asyncio.Semaphore(self.workers * IN_FLIGHT)
        self.heavy = new_worker(kind, _start_worker, HEAVY_NICE)
        self._recent: OrderedDict[str, Picture] = OrderedDict()
        self._closed = False

    async def picture(self, game_id: str, view: Mapping[str, Any]) -> Picture:
        """The picture of ``view`` of game ``game_id``, drawn off the event loop."""
        data, key = pickled(game_id, view)
        found = self._recent.get(key)
        if found is not None:
            self._recent.move_to_end(key)
            return found
        picture = await self.run(draw, game_id, data, key)
        self._recent[key] = picture
        if len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        return picture

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker, awaited without holding the event loop."""
        return await self._run(False, fn, *args)

    async def run_heavy(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the heavy worker (one job at a time, at the lowest priority)."""
        return await self._run(True, fn, *args)

    async def _run(self, heavy: bool, fn: Callable[..., T], *args: Any) -> T:
        if heavy:
            return await self._run_on(None, fn, *args)
        # The first idle worker, not whichever: work one job after another (a click's board,
        # then its DMs) stays in one process, whose caches (tiles, cards, the CPU's own) are
        # warm; the next worker takes work only while the ones before it are busy.
        # A job given to a worker is drawn even if its caller gives up (it is in the worker's
        # pipe): its slot is freed when the worker is done with it, not when the caller leaves.
        await self._slots.acquire()
        worker = min(range(self.workers), key=lambda i: (self._busy[i], i))
        self._busy[worker] += 1
        job = asyncio.ensure_future(self._run_on(worker, fn, *args))
        job.add_done_callback(lambda done: self._freed(worker, done))
        return await asyncio.shield(job)

    def _freed(self, worker: int, job: asyncio.Future[Any]) -> None:
        self._busy[worker] -= 1
        self._slots.release()
        if not job.cancelled():
            job.exception()  # read: a job its caller gave up on may fail unseen

    async def _run_on(self, worker: int | None, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a worker (None: the heavy one), started anew if it died."""
        used = self._worker(worker)
        try:
            return await used.run(fn, *args)
        except BrokenExecutor:  # the worker died (killed, out of memory): a new one, once more
            if self._closed:  # stopped by close(): nothing is started again
                raise
            if self._worker(worker) is used:  # the first call to notice replaces it
                log.warning("a render worker died; starting a new one")
                used.close()
                if worker is None:
                    self.heavy = new_worker(self.kind, _start_worker, HEAVY_NICE)
                else:
                    self.drawing[worker] = new_worker(self.kind, _start_worker, WORKER_NICE)
            return await self._worker(worker).run(fn, *args)

    def _worker(self, worker: int | None) -> Worker:
        return self.heavy if worker is None else self.drawing[worker]

    def close(self) -> None:
        """Stop the workers and wait for them (at shutdown: a job under way is abandoned)."""
        self._closed = True
        self.heavy.close()
        for drawing in self.drawing:
            drawing.close()


_current: RenderPool | None = None


def use(pool: RenderPool | None) -> None:
    """Make ``pool`` the one ``png`` renders in (the bot sets it at start, clears it at close)."""
    global _current
    _current = pool


async def picture(game_id: str, view: Mapping[str, Any]) -> Picture:
    """The picture of a view: in the bot's pool, or in a thread without one (scripts, tests)."""
    if _current is None:
        return await asyncio.to_thread(draw, game_id, *pickled(game_id, view))
    return await _current.picture(game_id, view)


async def run(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in the bot's pool, or in a thread when none is set (scripts, tests)."""
    if _current is None:
        return await asyncio.to_thread(fn, *args)
    return await _current.run(fn, *args)


async def run_heavy(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in the bot's heavy worker, or in a thread when none is set."""
    if _current is None:
        return await asyncio.to_thread(fn, *args)
    return await _current.run_heavy(fn, *args)
