"""Workers off the event loop (pictures, the computer): a process fed by pipes, or a thread.

``ProcessPoolExecutor`` hands each job through two threads of the calling process: its queue's
feeder pickles the job and writes it, its manager waits for the answer, reads and unpickles it,
then wakes the event loop through the loop's self-pipe, each taking the GIL from the loop in
turn. In the bot that cost about 0.4 ms of its CPU a picture (the manager thread alone about
1 ms a Knightfall click). A :class:`PipeWorker` has no thread in the bot's process: the event
loop writes the pickled job into the worker's pipe and reads the answer when that pipe is
readable (asyncio's pipe transports), about a third of the executor's CPU a job.

A worker does one job at a time and answers in order, so answers are matched to the jobs
waiting first in, first out; a job whose caller gave up (cancelled) is still done, and its
answer dropped. A worker that dies (killed, out of memory) ends its pipe: every job waiting on
it fails with ``BrokenExecutor``, as with a broken executor, and so does every later one; its
owner starts a new worker.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import pickle
import struct
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

_LENGTH = struct.Struct("!I")
"""Each message: its length, then a pickle (a job ``(fn, args)``, an answer ``(ok, value)``)."""


class Worker(Protocol):
    """Runs one job at a time off the event loop."""

    async def run(self, fn: Callable[..., T], /, *args: Any) -> T:
        """``fn(*args)`` in the worker; ``BrokenExecutor`` if the worker is gone."""
        ...

    def close(self, wait: bool = True) -> None:
        """Stop the worker: a process at once, a thread once its job is done.

        A thread's job under way is waited for unless ``wait`` is false.
        """
        ...


def new_worker(
    kind: str, initializer: Callable[[int], None], nice: int, name: str = "render-worker"
) -> Worker:
    """A worker process (``process``) started with ``initializer(nice)``, or a thread."""
    if kind == "thread":
        return ThreadWorker(name)
    return PipeWorker(initializer, nice, name)


class ThreadWorker:
    """A thread of the bot's own process (``RENDER_POOL=thread``)."""

    def __init__(self, name: str = "render-worker") -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)

    async def run(self, fn: Callable[..., T], /, *args: Any) -> T:
        """``fn(*args)`` in the thread."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    def close(self, wait: bool = True) -> None:
        """Stop the thread once its job is done (a thread cannot be stopped in a job)."""
        self._executor.shutdown(wait=wait, cancel_futures=True)


class PipeWorker:
    """One spawned process, its jobs written and its answers read by the event loop."""

    def __init__(
        self, initializer: Callable[[int], None], nice: int, name: str = "render-worker"
    ) -> None:
        context = multiprocessing.get_context("spawn")
        jobs, self._jobs = context.Pipe(duplex=False)
        self._answers, answers = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_serve, args=(jobs, answers, initializer, nice), name=name
        )
        self.process.start()
        jobs.close()
        answers.close()
        self._waiting: deque[asyncio.Future[tuple[bool, Any]]] = deque()
        self._writer: asyncio.WriteTransport | None = None
        self._reader: asyncio.ReadTransport | None = None
        self._connecting: asyncio.Future[None] | None = None
        self.broken = False

    async def run(self, fn: Callable[..., T], /, *args: Any) -> T:
        """``fn(*args)`` in the process; what it raised is raised here."""
        if self.broken:
            raise BrokenExecutor("the worker process died")
        if self._connecting is None:
            self._connecting = asyncio.ensure_future(self._connect())
        try:
            await asyncio.shield(self._connecting)
        except OSError as exc:  # its pipes closed under it (a shutdown): as good as dead
            self.broken = True
            raise BrokenExecutor("the worker's pipes are closed") from exc
        if self.broken or self._writer is None:
            raise BrokenExecutor("the worker process died")
        data = pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL)
        answer: asyncio.Future[tuple[bool, Any]] = asyncio.get_running_loop().create_future()
        self._waiting.append(answer)
        self._writer.write(_LENGTH.pack(len(data)) + data)
        ok, value = await answer
        if not ok:
            raise value
        result: T = value
        return result

    async def _connect(self) -> None:
        """The pipes as the loop's transports (they close the connections with them)."""
        loop = asyncio.get_running_loop()
        self._writer, _ = await loop.connect_write_pipe(asyncio.Protocol, self._jobs)
        self._reader, _ = await loop.connect_read_pipe(lambda: _Answers(self), self._answers)

    def _answered(self, payload: bytes) -> None:
        answer = self._waiting.popleft()
        if answer.done():  # its caller gave up: dropped
            return
        try:
            answer.set_result(pickle.loads(payload))
        except Exception as exc:  # an answer that pickled but does not load here
            answer.set_exception(RuntimeError(f"the worker's answer did not load: {exc!r}"))

    def _lost(self) -> None:
        """The pipe ended: the process is gone, and every job it had with it."""
        self.broken = True
        if self._writer is not None:
            self._writer.close()
        while self._waiting:
            answer = self._waiting.popleft()
            if not answer.done():
                answer.set_exception(BrokenExecutor("the worker process died"))

    def close(self, wait: bool = True) -> None:
        """End the process at once and wait for it: a job under way is abandoned.

        Called on the event loop, its pipes are closed now; elsewhere (a thread at shutdown)
        the loop's transports close them when it reads their end.
        """
        self.broken = True
        if self.process.is_alive():
            self.process.terminate()
        self.process.join()
        if self._connecting is None:  # never used: the connections are still ours to close
            self._jobs.close()
            self._answers.close()
        elif self._connecting.done() and _on_event_loop():
            # Now, not when the loop next reads their end: a loop stopping first would leave
            # them to the collector, which may close a descriptor twice. Both transports leave
            # the loop's watch at once (the writer's unsent jobs dropped: abort, not close), so
            # the descriptors' numbers are free for the next worker's pipes.
            if self._writer is not None and not self._writer.is_closing():
                self._writer.abort()
            if self._reader is not None and not self._reader.is_closing():
                self._reader.close()
            self._jobs.close()  # the transports' own close of them is then nothing
            self._answers.close()


def _on_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class _Answers(asyncio.Protocol):
    """Reads the worker's answers, each a length then a pickle, as they come."""

    def __init__(self, worker: PipeWorker) -> None:
        self._worker = worker
        self._buffer = bytearray()

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        while len(self._buffer) >= _LENGTH.size:
            (size,) = _LENGTH.unpack_from(self._buffer)
            end = _LENGTH.size + size
            if len(self._buffer) < end:
                return
            payload = bytes(self._buffer[_LENGTH.size : end])
            del self._buffer[:end]
            self._worker._answered(payload)

    def connection_lost(self, exc: Exception | None) -> None:
        self._worker._lost()


def _serve(
    jobs: Connection, answers: Connection, initializer: Callable[[int], None], nice: int
) -> None:
    """In the worker: run each job read from ``jobs`` and write its answer, until the pipe ends."""
    initializer(nice)
    read, write = jobs.fileno(), answers.fileno()
    while True:
        head = _read_exactly(read, _LENGTH.size)
        if head is None:
            return  # the bot closed the pipe, or is gone
        (size,) = _LENGTH.unpack(head)
        job = _read_exactly(read, size)
        if job is None:
            return
        try:
            fn, args = pickle.loads(job)
            answer = pickle.dumps((True, fn(*args)), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:
            answer = _failure(exc)
        _write_all(write, _LENGTH.pack(len(answer)) + answer)


def _failure(exc: Exception) -> bytes:
    """A job's exception as an answer; a RuntimeError naming it if it does not load back.

    An exception whose constructor takes other arguments than it keeps pickles, but does not
    load: its caller would wait for an answer forever.
    """
    try:
        answer = pickle.dumps((False, exc), protocol=pickle.HIGHEST_PROTOCOL)
        pickle.loads(answer)
        return answer
    except Exception:
        named = RuntimeError(f"{type(exc).__name__}: {exc}")
        return pickle.dumps((False, named), protocol=pickle.HIGHEST_PROTOCOL)


def _read_exactly(fd: int, size: int) -> bytes | None:
    """``size`` bytes from ``fd``; None at the end of the pipe."""
    parts: list[bytes] = []
    while size:
        part = os.read(fd, min(size, 1 << 20))
        if not part:
            return None
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
