"""``/game replay``: a finished game re-run from its seed and moves, to check and to watch.

Rebuilding a long game takes seconds of CPU (a game of Gondor: some 1,700 moves), so the
rebuild runs in the heavy worker (``bot.surface.render_pool.run_heavy``), one at a time. It
yields the game's timeline (``bot.storage.timeline``): the check (same final state?) and the
positions the step-through shows, chapter by chapter, each from the spectator's view. A
finished game never changes: its timeline is kept (the last ``CACHE_SIZE`` games) and asking
again costs nothing; after a restart the first press of a replay's button rebuilds it. Each
member may ask for a replay, and for an animation, once per ``REPLAY_COOLDOWN_SECONDS``; a
rebuild or an animation not kept, whether asked by command or by a button, is the member's
heavy request (``bot.flow.heavy_budget``).

The step-through buttons work for anyone who sees the replay message (it is public, like a
board): a press shows the position its id names in that message, for everyone.
"""

from __future__ import annotations

import asyncio
import io
import logging
import math
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

import discord

from bot.errors import UserFacingError
from bot.flow.heavy_budget import HeavyBudget
from bot.settings import Settings
from bot.storage import timeline as timelines
from bot.storage.refusals import SessionNotFound
from bot.storage.store import Session, SessionStore
from bot.storage.timeline import Timeline
from bot.surface import animation, layout, presenter, render_pool, replay_view
from bot.surface.replies import reply_errors
from engines import EngineError

log = logging.getLogger(__name__)

T = TypeVar("T")

CACHE_SIZE = 8
"""Timelines of finished games kept (a Gondor game's: about 1.5 MB)."""
ANIMATIONS = 4
"""Animations kept (each under Discord's 10 MiB upload limit)."""


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
NOT_FOUND = "No finished game with that id in this server."
ENDED_EARLY = "ended before the engine's end"
"""A replay report's summary when the game ended before the engine's end (a resignation...)."""
NOT_OVER = "That game is still being played: its replay comes once it has ended."
TOO_LARGE = (
    "This game's animation would not fit under Discord's upload limit; "
    "step through it with the ◀ ▶ buttons instead."
)


def report_text(session: Session, report: ReplayReport) -> str:
    """The line above a replay: the seed, its commitment, and whether the re-run matched."""
    verdict = "the same final state ✅" if report.matches else "a DIFFERENT final state ❌"
    return (
        f"Replayed session `{report.session_id}` from seed `{session.seed}` "
        f"(SHA-256 `{presenter.seed_hash(session.seed)}`) and {report.actions} moves: "
        f"{verdict}. {presenter.with_names(report.summary, session.names)}"
    )


class ReplayCooldown(UserFacingError):
    """The member asked for a replay (or an animation) moments ago."""

    def __init__(self, what: str, seconds: int) -> None:
        super().__init__(
            f"You asked for {what} moments ago; you can ask for another in {seconds} s."
        )


class Replays:
    """Replays of finished games: cooled down per member, rebuilt in a worker, cached."""

    def __init__(
        self,
        store: SessionStore,
        settings: Settings,
        budget: HeavyBudget,
        refuse_sealed: Callable[[Session], None] = lambda session: None,
    ) -> None:
        self.store = store
        self.refuse_sealed = refuse_sealed  # a daily deal's replay waits for its day's end
        self.budget = budget
        self.cooldown = timedelta(seconds=settings.replay_cooldown_seconds)
        self._last: dict[str, dict[int, datetime]] = {}  # what -> user id -> when they asked
        self._timelines: OrderedDict[str, Timeline] = OrderedDict()
        self._animations: OrderedDict[str, bytes] = OrderedDict()
        self._one_at_a_time = asyncio.Lock()

    def admit(self, user_id: int, now: datetime, what: str = "a replay") -> None:
        """Refuse a member who asked within the cooldown (cheap: before anything is read)."""
        last = self._last.get(what, {}).get(user_id)
        if last is not None and now - last < self.cooldown:
            wait = self.cooldown - (now - last)
            raise ReplayCooldown(what, max(1, math.ceil(wait.total_seconds())))

    def asked(self, user_id: int, now: datetime, what: str = "a replay") -> None:
        """Start the member's cooldown (only replays that are answered count)."""
        recent = self._last.get(what, {})
        self._last[what] = {uid: t for uid, t in recent.items() if now - t < self.cooldown}
        self._last[what][user_id] = now

    async def finished(self, guild_id: int | None, sid: str) -> Session:
        """The finished game ``sid`` of this server; a running one is refused, saying so.

        So is a daily deal before its day ends: it is everyone's deal that day.
        """
        try:
            session = await self.store.load(sid)
        except SessionNotFound:
            raise UserFacingError(NOT_FOUND) from None
        if session.guild_id != guild_id:
            raise UserFacingError(NOT_FOUND)
        if session.status in ("active", "pending"):
            raise UserFacingError(NOT_OVER)
        if session.status != "finished":
            raise UserFacingError(NOT_FOUND)
        self.refuse_sealed(session)
        return session

    def kept(self, sid: str) -> bool:
        """Whether the game's timeline is kept (showing it is cheap)."""
        return sid in self._timelines

    async def report(self, session: Session) -> ReplayReport:
        """Re-run a finished game from seed and action log; compare with the stored state."""
        timeline = await self.timeline(session)
        matches = timeline.state == session.state_json
        summary = ENDED_EARLY if timeline.summary is None else timeline.summary
        return ReplayReport(session.id, timeline.moves, matches, summary)

    async def timeline(self, session: Session) -> Timeline:
        """The game's positions, rebuilt in a worker unless kept."""
        found = _cached(self._timelines, session.id)
        if found is not None:
            return found
        async with self._one_at_a_time:
            found = _cached(self._timelines, session.id)  # asked by someone else meanwhile
            if found is not None:
                return found
            timeline = await self._rebuild(session)
        if session.status == "finished":  # a finished game never changes
            _keep(self._timelines, session.id, timeline, CACHE_SIZE)
        return timeline

    async def _rebuild(self, session: Session) -> Timeline:
        moves = await self.store.moves(session.id)
        try:
            timeline = await render_pool.run_heavy(  # bot-level entries ("!undo"…) count there
                timelines.replayed_timeline,
                session.game_id,
                len(session.seats),
                session.seed,
                session.options,
                moves,
            )
        except EngineError:  # its text may name a hidden card: never shown, never logged
            log.info("replay refused session=%s: its moves break the rules in force", session.id)
            raise UserFacingError(OLD_RULES) from None
        log.info("replayed session=%s moves=%s", session.id, len(moves))
        return timeline

    async def step(self, interaction: discord.Interaction, sid: str, position: int) -> None:
        """A step-through button: show position ``position`` in the clicked replay message.

        A kept timeline makes it cheap; a rebuild (the timeline not kept) is the clicker's heavy
        request, refused at once beyond their budget.
        """
        async with reply_errors(interaction, f"session={sid} replay step"):
            session = await self.finished(interaction.guild_id, sid)
            with self.budget.admit(interaction.user.id, kept=self.kept(session.id)) as turn:
                await interaction.response.defer()
                async with turn():
                    timeline = await self.timeline(session)
            report = report_text(session, await self.report(session))  # the same above
            shown = await replay_view.position(session, timeline, position, report)
            await interaction.edit_original_response(**shown.kwargs(edit=True))

    async def animate(self, interaction: discord.Interaction, sid: str) -> None:
        """The "Animated replay" button: the whole game as a GIF, posted under the replay."""
        what = "an animated replay"
        async with reply_errors(interaction, f"session={sid} replay animation"):
            self.admit(interaction.user.id, interaction.created_at, what)
            session = await self.finished(interaction.guild_id, sid)
            kept = session.id in self._animations
            with self.budget.admit(interaction.user.id, kept=kept) as turn:
                self.asked(interaction.user.id, interaction.created_at, what)
                await interaction.response.defer(thinking=True)
                async with turn():
                    data = await self.animation(session)
            file = discord.File(
                io.BytesIO(data),
                filename=f"replay-{session.id}.gif",
                description=f"The board of this game of {session.game_cls.title}, move by move.",
            )
            caption = replay_view.animation_caption(session)
            shown = layout.message(None, [caption], colour=presenter.COLOUR, picture=file)
            await interaction.followup.send(**shown.kwargs())

    async def animation(self, session: Session) -> bytes:
        """The game as an animated GIF, drawn in a worker unless kept."""
        found = _cached(self._animations, session.id)
        if found is not None:
            return found
        timeline = await self.timeline(session)
        async with self._one_at_a_time:
            found = _cached(self._animations, session.id)
            if found is not None:
                return found
            views = [p.packed_view for p in timeline.positions]
            try:
                data = await render_pool.run_heavy(
                    animation.animate, session.game_id, views, session.plain_names
                )
            except animation.TooLarge:
                raise UserFacingError(TOO_LARGE) from None
        log.info("animated session=%s frames<=%s bytes=%s", session.id, len(views), len(data))
        _keep(self._animations, session.id, data, ANIMATIONS)
        return data


def _cached(cache: OrderedDict[str, T], sid: str) -> T | None:
    found = cache.get(sid)
    if found is not None:
        cache.move_to_end(sid)
    return found


def _keep(cache: OrderedDict[str, T], sid: str, value: T, size: int) -> None:
    cache[sid] = value
    if len(cache) > size:
        cache.popitem(last=False)
