"""``/game replay``: a finished game re-run from its seed and moves, off the event loop.

Rebuilding a long game takes seconds of CPU (a game of Gondor: some 1,700 moves), so the
rebuild runs in a worker (``bot.surface.render_pool.run``), one replay at a time so that images keep
the other workers. A finished game never changes: its report is kept (the last
``CACHE_SIZE`` games), and asking again costs nothing. Each member may ask once per
``REPLAY_COOLDOWN_SECONDS``.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.errors import UserFacingError
from bot.settings import Settings
from bot.storage import history
from bot.storage.store import Session, SessionStore
from bot.surface import render_pool
from engines import EngineError

log = logging.getLogger(__name__)

CACHE_SIZE = 64
"""Reports of finished games kept (a few hundred bytes each)."""


@dataclass(frozen=True)
class ReplayReport:
    """What re-running a finished game from its seed and action log showed."""

    session_id: str
    actions: int
    matches: bool
    summary: str


OLD_RULES = (
    "This game was played under an earlier version of the game's rules in this bot, and its "
    "moves no longer replay under the rules in force. Its result stands as recorded."
)


class ReplayCooldown(UserFacingError):
    """The member asked for a replay moments ago."""

    def __init__(self, seconds: int) -> None:
        super().__init__(
            f"You asked for a replay moments ago; you can ask for another in {seconds} s."
        )


class Replays:
    """Replays of finished games: cooled down per member, rebuilt in a worker, cached."""

    def __init__(self, store: SessionStore, settings: Settings) -> None:
        self.store = store
        self.cooldown = timedelta(seconds=settings.replay_cooldown_seconds)
        self._last: dict[int, datetime] = {}  # user id -> when they last asked
        self._reports: OrderedDict[str, ReplayReport] = OrderedDict()
        self._one_at_a_time = asyncio.Lock()

    def admit(self, user_id: int, now: datetime) -> None:
        """Refuse a member who asked within the cooldown (cheap: before anything is read)."""
        last = self._last.get(user_id)
        if last is not None and now - last < self.cooldown:
            wait = self.cooldown - (now - last)
            raise ReplayCooldown(max(1, math.ceil(wait.total_seconds())))

    def asked(self, user_id: int, now: datetime) -> None:
        """Start the member's cooldown (only replays that are answered count)."""
        self._last = {uid: t for uid, t in self._last.items() if now - t < self.cooldown}
        self._last[user_id] = now

    async def report(self, session: Session) -> ReplayReport:
        """Re-run a finished game from seed and action log; compare with the stored state."""
        found = self._cached(session.id)
        if found is not None:
            return found
        async with self._one_at_a_time:
            found = self._cached(session.id)  # asked by someone else meanwhile
            if found is not None:
                return found
            report = await self._rebuild(session)
        if session.status == "finished":  # a finished game never changes
            self._reports[session.id] = report
            if len(self._reports) > CACHE_SIZE:
                self._reports.popitem(last=False)
        return report

    def _cached(self, sid: str) -> ReplayReport | None:
        found = self._reports.get(sid)
        if found is not None:
            self._reports.move_to_end(sid)
        return found

    async def _rebuild(self, session: Session) -> ReplayReport:
        moves = await self.store.moves(session.id)
        try:
            state = await render_pool.run(  # bot-level entries ("!resign", "!undo") count there
                history.replayed_state,
                session.game_id,
                len(session.seats),
                session.seed,
                session.options,
                moves,
            )
        except EngineError:  # its text may name a hidden card: never shown, never logged
            log.info("replay refused session=%s: its moves break the rules in force", session.id)
            raise UserFacingError(OLD_RULES) from None
        game = session.game_cls.from_json(state)
        summary = game.result.summary if game.result else "ended before the engine's end"
        log.info("replayed session=%s moves=%s", session.id, len(moves))
        return ReplayReport(session.id, len(moves), state == session.state_json, summary)
