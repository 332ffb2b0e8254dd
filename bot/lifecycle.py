"""Ending games the engine does not end: resign, abort, expiry, idleness; and replays."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

import discord

from bot import history
from bot.errors import NotInGame, UserFacingError
from bot.outcomes import resignation
from bot.sessions import SessionManager
from bot.store import Session

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ReplayReport:
    """What re-running a finished game from its seed and action log showed."""

    session_id: str
    actions: int
    matches: bool
    summary: str


class Lifecycle:
    """Resign, abort, housekeeping and replay, all under the session lock."""

    def __init__(self, manager: SessionManager, idle_days: float, challenge_minutes: float) -> None:
        self.manager = manager
        self.store = manager.store
        self.idle = timedelta(days=idle_days)
        self.challenge = timedelta(minutes=challenge_minutes)

    async def live_session(self, channel_id: int | None) -> Session:
        """The game running in this channel, or a friendly refusal."""
        session = await self.store.live_in_channel(channel_id or 0)
        if session is None:
            raise UserFacingError("No game is running in this channel.")
        return session

    async def resign(self, channel_id: int | None, user_id: int) -> str:
        """The user gives up: the others win (a pending challenge is simply withdrawn)."""
        session = await self.live_session(channel_id)
        async with self.manager.lock(session.id):
            session = await self.store.load(session.id)
            seat = session.seat_of(user_id)
            if seat is None:
                raise NotInGame()
            now = discord.utils.utcnow()
            if session.status == "pending":
                await self.store.close(session, status="abandoned", reason="withdrawn", now=now)
                await self._edit_board_text(session, "This challenge was withdrawn.")
                return "The challenge is withdrawn."
            result = resignation(session, seat)
            session = await self.store.record_action(
                session,
                seat=seat,
                code="!resign",
                game=session.game,
                public_events=[result.summary],
                now=now,
                result=result,
                end_reason="resigned",
            )
            await self._finish_messages(session, result.summary)
        return "You resigned."

    async def abort(self, channel_id: int | None, user_id: int, moderator: bool) -> str:
        """Abort without a result: every player agrees, or a member with Manage Server."""
        session = await self.live_session(channel_id)
        async with self.manager.lock(session.id):
            session = await self.store.load(session.id)
            seat = session.seat_of(user_id)
            if seat is None and not moderator:
                raise UserFacingError(
                    "Only the players (all of them agreeing) or a member with Manage Server "
                    "can abort a game."
                )
            if seat is not None and not moderator and len(session.seats) == 1:
                raise UserFacingError(
                    "A solo game can't be aborted by its player; use `/game resign` to end it."
                )
            if seat is not None and not moderator:
                await self.store.set_wants_abort(session.id, seat)
                session = await self.store.load(session.id)
                missing = [s.name for s in session.seats if not s.wants_abort]
                if missing:
                    return (
                        f"Noted. The game is aborted once {', '.join(missing)} also "
                        "run `/game abort`."
                    )
            await self.end_without_result(session, "aborted", "The game was aborted.")
        return "The game is aborted; it does not count on the leaderboard."

    async def end_without_result(self, session: Session, reason: str, text: str) -> None:
        """Close a live session that will not count (call under the session lock)."""
        now = discord.utils.utcnow()
        if not await self.store.close(session, status="abandoned", reason=reason, now=now):
            return
        session = await self.store.load(session.id)
        if session.state_json is None:
            await self._edit_board_text(session, text)
        else:
            await self._finish_messages(session, text)

    async def sweep(self, now: datetime) -> int:
        """Expire old challenges and close idle games; return how many were closed."""
        closed = 0
        expired = await self.store.sessions_where("pending", now - self.challenge)
        idle = await self.store.sessions_where("active", now - self.idle)
        for sid, reason, text in [
            *((s, "expired", "This challenge expired.") for s in expired),
            *((s, "idle", "Closed as abandoned after a long time without moves.") for s in idle),
        ]:
            async with self.manager.lock(sid):
                session = await self.store.load(sid)
                if session.status in ("pending", "active"):
                    await self.end_without_result(session, reason, text)
                    closed += 1
        return closed

    async def replay(self, session: Session) -> ReplayReport:
        """Re-run a finished game from seed and action log; compare with the stored state."""
        log_rows = await self.store.action_log(session.id)
        game = history.rebuild(  # bot-level entries ("!resign", "!undo") are handled there
            session.game_cls,
            len(session.seats),
            session.seed,
            session.options,
            [(seat, code) for seat, code, _ in log_rows],
        )
        matches = game.to_json() == session.state_json
        summary = game.result.summary if game.result else "ended before the engine's end"
        return ReplayReport(session.id, len(log_rows), matches, summary)

    async def _finish_messages(self, session: Session, text: str) -> None:
        await self.manager.delivery.update_board(session, ending=text)
        for seat in range(len(session.seats)):
            await self.manager.delivery.strip_dm(session, seat)

    async def _edit_board_text(self, session: Session, text: str) -> None:
        if session.message_id is None:
            return
        try:
            channel = await self.manager.delivery.channel(session)
            message = channel.get_partial_message(session.message_id)  # type: ignore[attr-defined]
            await message.edit(content=text, embed=None, view=None)
        except discord.HTTPException:
            log.info("could not edit the challenge message session=%s", session.id)
