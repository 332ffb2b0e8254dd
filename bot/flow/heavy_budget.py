"""One budget per member for heavy work: replays and their steps, animations, reviews, hints, Undo.

Each takes from milliseconds to half a minute of a worker's CPU (rebuilding a game of Gondor,
judging every move of it; most in the heavy worker, ``render_pool.run_heavy``, shared by every
member). A member may have one such request running and ``QUEUE`` waiting behind it, and a new
one starts only while the time their requests took in the last ``WINDOW_SECONDS`` is under
their budget (``HEAVY_BUDGET_SECONDS``); in all, at most ``MAX_HEAVY`` requests are running or
waiting. The rest are refused at once, before anything is rebuilt or drawn, with the wait in
seconds. What is kept (a replay's timeline, an animation, a review) costs nothing and does not
ask. The time counted is a request's wall time from its turn, a wait for the worker included.

Usage: ``with budget.admit(user_id) as turn:`` refuses or holds the member's place (before a
deferral, so a refusal is one cheap answer); ``async with turn():`` waits for the member's
earlier request, then times this one.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from dataclasses import dataclass, field

from bot.errors import UserFacingError

WINDOW_SECONDS = 60.0
"""The budget is the time a member's heavy requests may take in any window this long."""
QUEUE = 1
"""A member's heavy requests waiting behind their running one."""
MAX_HEAVY = 16
"""Heavy requests running or waiting, all members together."""
SWEEP_AT = 1024
"""Members remembered before those with nothing left in the window are dropped."""
TYPICAL_SECONDS = 3.0
"""What a request is assumed to take before the member's own have been timed."""

Turn = Callable[[], AbstractAsyncContextManager[None]]


class HeavyBusy(UserFacingError):
    """A heavy request refused for now; ``seconds``: when to try again."""

    def __init__(self, why: str, seconds: float) -> None:
        self.seconds = max(1, math.ceil(seconds))
        super().__init__(f"{why} Nothing was done: try again in {self.seconds} s.")


SPENT = "You have asked for a lot of heavy work in the last minute (replays, reviews, hints, Undo)."
UNDER_WAY = "Your earlier requests (a replay, review, hint or Undo) are still under way."
EVERYONE = "The bot is busy with many replays, reviews and hints right now."


@dataclass
class _Member:
    """A member's heavy requests: places held, and (end, seconds) of those done lately."""

    places: int = 0
    started: float | None = None  # when their running request started
    done: deque[tuple[float, float]] = field(default_factory=deque)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def spent(self, since: float) -> float:
        while self.done and self.done[0][0] < since:
            self.done.popleft()
        return sum(cost for _, cost in self.done)

    def typical(self) -> float:
        return max(cost for _, cost in self.done) if self.done else TYPICAL_SECONDS


class HeavyBudget:
    """Admits each member's heavy requests within their budget, a few at a time."""

    def __init__(
        self,
        budget_seconds: float,
        *,
        window: float = WINDOW_SECONDS,
        queue: int = QUEUE,
        most: int = MAX_HEAVY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.budget = budget_seconds
        self.window = window
        self.queue = queue
        self.most = most
        self.clock = clock
        self.refused = 0
        self._members: dict[int, _Member] = {}
        self._places = 0  # of all members

    def __len__(self) -> int:
        """Heavy requests running or waiting now."""
        return self._places

    @contextmanager
    def admit(self, user_id: int, *, kept: bool = False) -> Iterator[Turn]:
        """Hold a place for the member's request within the block, or refuse it (HeavyBusy).

        ``kept``: the result is kept already, so the request is cheap: it is neither counted
        nor refused, and its turn does not wait.
        """
        if kept:
            yield contextlib.nullcontext
            return
        if len(self._members) > SWEEP_AT:
            for uid, idle in list(self._members.items()):
                self._forget(uid, idle)
        member = self._members.setdefault(user_id, _Member())
        try:
            self._check(member)
        except HeavyBusy:
            self.refused += 1
            self._forget(user_id, member)
            raise
        member.places += 1
        self._places += 1
        try:
            yield lambda: self._turn(member)
        finally:
            member.places -= 1
            self._places -= 1
            self._forget(user_id, member)

    def _check(self, member: _Member) -> None:
        now = self.clock()
        spent = member.spent(now - self.window)
        if spent >= self.budget:  # wait until enough of it is older than the window
            left = spent
            for end, cost in member.done:
                left -= cost
                if left < self.budget:
                    raise HeavyBusy(SPENT, end + self.window - now)
        if member.places > self.queue:  # one running, ``queue`` waiting
            running = now - member.started if member.started is not None else 0.0
            raise HeavyBusy(UNDER_WAY, member.typical() * member.places - running)
        if self._places >= self.most:
            raise HeavyBusy(EVERYONE, TYPICAL_SECONDS * self.most / 2)

    @asynccontextmanager
    async def _turn(self, member: _Member) -> AsyncIterator[None]:
        """After the member's earlier request: this one, timed."""
        async with member.lock:
            member.started = began = self.clock()
            try:
                yield
            finally:
                member.started = None
                end = self.clock()
                member.done.append((end, end - began))

    def _forget(self, user_id: int, member: _Member) -> None:
        """Drop a member with nothing under way and nothing within the window."""
        member.spent(self.clock() - self.window)
        if member.places == 0 and not member.done:
            self._members.pop(user_id, None)
