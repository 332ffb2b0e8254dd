"""Ending games the engine does not end: resign, abort, expiry, idleness."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

import discord

from bot.errors import NotInGame, UserFacingError
from bot.flow.sessions import Change, SessionManager
from bot.settings import Settings
from bot.storage.models import TOURNAMENT, UNRATED
from bot.storage.outcomes import resignation
from bot.storage.refusals import SessionNotFound
from bot.storage.server_settings import ServerSettings
from bot.storage.store import Session
from bot.surface import custom_ids, game_threads, layout, membership, mentions
from bot.surface.links import message_link
from bot.surface.reach import TokenExpired
from bot.surface.replies import close_question, ephemeral, reply_errors
from bot.surface.text_limits import BUTTON_LABEL
from engines import Result
from engines.text import join_and, player, shorten

log = logging.getLogger(__name__)

DANGER = discord.ButtonStyle.danger

SWEEP = "sweep"  # the housekeeping job claimed once per tick (table housekeeping)
LEFT = "left"  # the end reason of a game a player left by leaving the server
LIVE = ("pending", "active")
NOT_UPDATED = " A message could not be updated; the board may look out of date."
ADMIN_ONLY = (
    "`/game end` is for members with Manage Server. Players can use `/game resign`, "
    "or `/game abort` (all players agreeing)."
)
RESIGN_QUESTION = (
    "Are you sure? Resigning ends the game now as your loss, and the ratings change. "
    "It can't be undone."
)
UNRATED_RESIGN_QUESTION = (
    "Are you sure? Resigning ends the game now as your loss. It can't be undone."
)
MOVED_ON = (
    "The game has moved on since you were asked, so that did nothing: use `{command}` again "
    "if you still want to."
)
OPEN_REQUESTS = 4096
"""Abort requests whose message is remembered (to point to it when a player asks again)."""
AGREE_LAPSED = (
    "The game has moved on since this was asked, so the request lapsed. "
    "Use `/game abort` to ask again."
)


@dataclass(frozen=True)
class Answer:
    """A command's ephemeral answer; ``asks``: a question's session and its Yes button."""

    text: str
    asks: tuple[str, discord.ui.View] | None = None


def manages_server(interaction: discord.Interaction) -> bool:
    """Whether the member may end any game of the server (Manage Server)."""
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


def one_button(label: str, custom_id: str, style: discord.ButtonStyle) -> discord.ui.View:
    """A persistent view of one button (its click is routed by its custom id)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=label, style=style, custom_id=custom_id))
    return view


def waiting_seats(session: Session) -> list[int]:
    """The seats whose decision an active game waits for."""
    return sorted(session.game.to_act())


def blames(session: Session, waiting: list[int]) -> bool:
    """Whether idleness is someone's fault: a multi-player game waiting for some, not all."""
    return len(session.seats) > 1 and 0 < len(waiting) < len(session.seats)


def timeout_result(session: Session, waiting: list[int], idle: timedelta) -> Result:
    """The idle seats resign: everyone else wins."""
    names = join_and([player(s) for s in waiting])
    return Result(
        winners=[s.seat for s in session.seats if s.seat not in waiting],
        scores={s.seat: 0 for s in session.seats},
        summary=f"{names} did not move for {_span(idle)}; that counts as resigning.",
    )


def departure_result(session: Session, gone: list[int]) -> Result:
    """The players who left the server resign: everyone else wins."""
    names = join_and([player(s) for s in gone])
    return Result(
        winners=[s.seat for s in session.seats if s.seat not in gone],
        scores={s.seat: 0 for s in session.seats},
        summary=f"{names} left the server; that counts as resigning.",
    )


def _span(delta: timedelta) -> str:
    hours = delta.total_seconds() / 3600
    if hours >= 48:
        return f"{hours / 24:g} days"
    return f"{hours:g} hours" if hours != 1 else "1 hour"


def _stamp(moment: datetime) -> str:
    """A Discord timestamp: each reader sees it in their own time zone."""
    unix = int(moment.timestamp())
    return f"<t:{unix}:f> (<t:{unix}:R>)"


class Lifecycle:
    """Resign, abort and housekeeping, all under the session lock."""

    def __init__(self, manager: SessionManager, settings: Settings) -> None:
        self.manager = manager
        self.store = manager.store
        self.idle = timedelta(days=settings.idle_days)
        self.challenge = timedelta(minutes=settings.challenge_minutes)
        self.interval = settings.housekeeping_seconds
        self.servers = ServerSettings(manager.store.db, settings)
        self._requests: OrderedDict[str, tuple[int, int]] = OrderedDict()  # sid: (step, message)

    async def live_session(self, channel_id: int | None) -> Session:
        """The game running in this channel, or a friendly refusal.

        In a channel whose games are played in threads, the refusal names those threads.
        """
        session = await self.store.live_in_channel(channel_id or 0)
        if session is None:
            threads = await self.store.live_threads_of(channel_id or 0, game_threads.LISTED + 1)
            if threads:
                raise UserFacingError(game_threads.threads_here(threads))
            raise UserFacingError("No game is running in this channel.")
        return session

    async def players_game(
        self, guild_id: int | None, channel_id: int | None, sid: str | None
    ) -> Session:
        """The live game ``/game resign`` or ``abort`` means: ``sid`` of this server, else here."""
        if sid is None:
            return await self.live_session(channel_id)
        session = await self._in_server(guild_id, sid)
        if session.status not in LIVE:
            raise UserFacingError(f"Session `{session.id}` has already ended.")
        return session

    async def own_games(self, guild_id: int | None, user_id: int, typed: str) -> list[Session]:
        """The member's live games of this server whose id or players match ``typed``."""
        games = await self.store.live_of_member(guild_id or 0, user_id, 25)
        typed = typed.strip().lower()
        return [g for g in games if typed in f"{g.id} {' '.join(g.names)}".lower()]

    async def resign(
        self,
        channel_id: int | None,
        user_id: int,
        *,
        guild_id: int | None = None,
        sid: str | None = None,
    ) -> Answer:
        """``/game resign``: a rated game asks first (a Yes button); others end at once.

        ``sid``: the game named by its session id, from anywhere in its server (its player only).
        """
        session = await self.players_game(guild_id, channel_id, sid)
        if session.seat_of(user_id) is None:
            raise NotInGame()
        if session.status == "active" and session.rated:
            yes = custom_ids.RESIGN.build(session.id, session.step)
            return Answer(RESIGN_QUESTION, (session.id, one_button("Yes, resign", yes, DANGER)))
        return Answer(await self._resign(session.id, user_id, None))

    async def ask_resign(self, interaction: discord.Interaction, sid: str) -> None:
        """**Resign…** (a player's "?" answer): always asks first, as the click is one away."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        answers = self.manager.delivery.answers
        async with reply_errors(interaction, f"session={sid} ask resign"):
            session = await self._this_game(interaction, sid)
            if session.seat_of(interaction.user.id) is None:
                raise NotInGame()
            question = RESIGN_QUESTION if session.rated else UNRATED_RESIGN_QUESTION
            yes = custom_ids.RESIGN.build(session.id, session.step)
            await answers.send(
                interaction, sid, question, view=one_button("Yes, resign", yes, DANGER)
            )

    async def ask_abort(self, interaction: discord.Interaction, sid: str) -> None:
        """**Ask to abort** (a player's "?" answer): what ``/game abort`` does for its player.

        No "thinking…" answer: the first follow-up would fill it, and the request to the other
        players (a follow-up of this click, as the game's newest interaction) must be public.
        """
        await interaction.response.defer()
        async with reply_errors(interaction, f"session={sid} ask abort"):
            await self._this_game(interaction, sid)
            text = await self.abort(interaction.channel_id, interaction.user.id, False)
            await interaction.followup.send(text, ephemeral=True)

    async def _this_game(self, interaction: discord.Interaction, sid: str) -> Session:
        """The game ``sid`` if it still runs in the clicked message's channel, else a refusal."""
        session = await self.store.live_in_channel(interaction.channel_id or 0)
        if session is None or session.id != sid:
            raise SessionNotFound()
        return session

    async def confirm_resign(self, interaction: discord.Interaction, sid: str, step: int) -> None:
        """The Yes of ``/game resign``: resign if the game is still where it was asked."""
        await interaction.response.defer()
        answers = self.manager.delivery.answers
        async with reply_errors(interaction, f"session={sid} resign", question=answers):
            text = await self._resign(sid, interaction.user.id, step)
            await close_question(interaction, text, answers)

    async def _resign(self, sid: str, user_id: int, step: int | None) -> str:
        """The user gives up: the others win (a pending challenge is simply withdrawn).

        ``step``: the game's step when the question was asked (None: not asked).
        """
        async with self.manager.lock(sid):
            session = await self.store.load(sid)
            if session.status not in LIVE:
                raise SessionNotFound()
            seat = session.seat_of(user_id)
            if seat is None:
                raise NotInGame()
            if step is not None and step != session.step:
                raise UserFacingError(MOVED_ON.format(command="/game resign"))
            now = discord.utils.utcnow()
            if session.status == "pending":
                await self.store.close(session, status="abandoned", reason="withdrawn", now=now)
                shown = await self._announce(session, "This challenge was withdrawn.")
                return "The challenge is withdrawn." + ("" if shown else NOT_UPDATED)
            result = resignation(session, seat)
            session, change = await self.manager.record_end(
                session, seat=seat, code="!resign", result=result, end_reason="resigned"
            )
            shown = await self._announce(session, result.summary, change)
        return "You resigned; the result is saved." + ("" if shown else NOT_UPDATED)

    async def abort(
        self,
        channel_id: int | None,
        user_id: int,
        moderator: bool,
        *,
        guild_id: int | None = None,
        sid: str | None = None,
    ) -> str:
        """Abort without a result: every player agrees at the same step, or Manage Server.

        ``sid``: the game named by its session id, from anywhere in its server. A player yet
        to agree who left the server is found out here: that counts as their resigning.
        """
        session = await self.players_game(guild_id, channel_id, sid)
        async with self.manager.lock(session.id):
            session = await self.store.load(session.id)
            if session.status not in LIVE:
                raise SessionNotFound()
            seat = session.seat_of(user_id)
            if seat is None and not moderator:
                raise UserFacingError(
                    "Only the players (all of them agreeing) or a member with Manage Server "
                    "can abort a game."
                )
            solo = len(session.seats) == 1
            if seat is not None and not moderator and solo and session.step > 0:
                raise UserFacingError(
                    "A solo game can't be aborted once you have moved; use `/game resign` "
                    "to end it."
                )
            if seat is not None and not moderator and not solo:
                asked = await self.store.abort_agreed_seats(session.id)
                await self.store.agree_abort(session.id, seat, session.step)
                agreed = asked | {seat}
                missing = [s for s in session.seats if s.seat not in agreed and s.computer is None]
                if missing:
                    gone = await self.forfeit_departed(session, [s.seat for s in missing])
                    if gone:
                        names = join_and([session.names[s] for s in gone])
                        return f"{names} left this server; that counts as resigning."
                    verb = "uses" if len(missing) == 1 else "use"
                    names = join_and([session.names[s.seat] for s in missing])
                    waiting = (
                        f"the game is aborted once {names} also {verb} "
                        "`/game abort` or presses **Agree**"
                    )
                    if asked:  # a request is open at this step: point to it, ping nobody
                        return (
                            f"The request to abort is already open "
                            f"({self._request_link(session)}): {waiting}. "
                            "It lapses with the next move."
                        )
                    await self._ask_agreement(session, seat, agreed)
                    return f"Noted: {waiting}. Your agreement lapses with the next move."
            shown = await self.end_without_result(session, "aborted", "The game was aborted.")
        text = "The game is aborted; it does not count on the leaderboard."
        return text + ("" if shown else NOT_UPDATED)

    def _request_link(self, session: Session) -> str:
        """Where the open request to abort ``session`` is (its message, if posted here)."""
        posted = self._requests.get(session.id)
        if posted is None or posted[0] != session.step:
            return "its **Agree** button is in this channel"
        return message_link(session.guild_id, session.channel_id, posted[1])

    async def _ask_agreement(self, session: Session, seat: int, agreed: set[int]) -> None:
        """Show the players yet to agree an **Agree** button in the channel, pinging them.

        One request per game and step: its message is noted, so asking again points to it.
        """
        ids = [s.user_id for s in session.seats if s.seat not in agreed and s.computer is None]
        pings = " ".join(f"<@{uid}>" for uid in ids)
        view = one_button(
            "Agree", custom_ids.AGREE.build(session.id, session.step), discord.ButtonStyle.secondary
        )
        try:
            channel = await self.manager.delivery.channel(session)
            sent = await channel.send(
                f"{pings} {session.names[seat]} asks to abort this game of "
                f"**{session.game_cls.title}**: it would not count. Press **Agree** to abort it; "
                "the request lapses with the next move.",
                view=view,
                allowed_mentions=mentions.only(ids),
            )
        except discord.HTTPException:
            log.warning("could not post an abort request session=%s", session.id)
            return
        self._requests[session.id] = (session.step, sent.id)
        self._requests.move_to_end(session.id)
        while len(self._requests) > OPEN_REQUESTS:
            self._requests.popitem(last=False)

    async def agree(self, interaction: discord.Interaction, sid: str, step: int) -> None:
        """**Agree** on an abort request: only a player yet to agree, and only at its step."""
        await interaction.response.defer()
        async with reply_errors(interaction, f"session={sid} agree"), self.manager.lock(sid):
            session = await self.store.load(sid)
            if session.status != "active":
                await self._answered(interaction, "This game has ended.")
                raise SessionNotFound()
            if session.step != step:
                await self._answered(interaction, "This request lapsed: the game moved on.")
                raise UserFacingError(AGREE_LAPSED)
            agreed = await self.store.abort_agreed_seats(sid)
            missing = [s for s in session.seats if s.seat not in agreed and s.computer is None]
            names = join_and([session.names[s.seat] for s in missing])
            seat = session.seat_of(interaction.user.id)
            if seat is None:
                raise UserFacingError(f"Only {names} can agree to abort this game.")
            if seat in agreed:
                raise UserFacingError(f"You asked for this: waiting for {names} to agree.")
            await self.store.agree_abort(sid, seat, step)
            if len(missing) > 1:
                await ephemeral(interaction, "Noted: the game is aborted once all players agree.")
                return
            await self._answered(interaction, f"{session.names[seat]} agreed.")
            await self.end_without_result(session, "aborted", "The game was aborted.")

    async def _answered(self, interaction: discord.Interaction, text: str) -> None:
        """Replace a clicked request with ``text``, without its button."""
        try:
            await interaction.edit_original_response(content=text, view=None)
        except discord.HTTPException:
            log.info("could not close an abort request")

    async def end(
        self, guild_id: int | None, channel_id: int | None, sid: str | None, admin: bool
    ) -> Answer:
        """``/game end``: which game, then the question "Are you sure?" with a Yes button."""
        session = await self._end_target(guild_id, channel_id, sid, admin)
        if session.status not in LIVE:
            raise UserFacingError(f"Session `{session.id}` has already ended.")
        question = (
            f"Are you sure? This ends session `{session.id}` in <#{session.channel_id}> "
            "without a result for its players. It can't be undone."
        )
        yes = custom_ids.END.build(session.id)
        return Answer(question, (session.id, one_button("Yes, end it", yes, DANGER)))

    async def confirm_end(self, interaction: discord.Interaction, sid: str) -> None:
        """The Yes of ``/game end``: Manage Server is checked again, then the game ends."""
        await interaction.response.defer()
        answers = self.manager.delivery.answers
        async with reply_errors(interaction, f"session={sid} end", question=answers):
            text = await self._end(interaction.guild_id, None, sid, manages_server(interaction))
            await close_question(interaction, text, answers)

    async def _end(
        self, guild_id: int | None, channel_id: int | None, sid: str | None, admin: bool
    ) -> str:
        """A server admin ends any game of their server (recorded as aborted)."""
        session = await self._end_target(guild_id, channel_id, sid, admin)
        async with self.manager.lock(session.id):
            session = await self.store.load(session.id)
            if session.status not in LIVE:
                raise UserFacingError(f"Session `{session.id}` has already ended.")
            shown = await self.end_without_result(
                session, "aborted", "A server moderator ended this game."
            )
        text = f"Ended session `{session.id}` in <#{session.channel_id}>; it does not count."
        return text + ("" if shown else NOT_UPDATED)

    async def _end_target(
        self, guild_id: int | None, channel_id: int | None, sid: str | None, admin: bool
    ) -> Session:
        """The game ``/game end`` names (default: this channel's), for an admin only."""
        if not admin:
            raise UserFacingError(ADMIN_ONLY)
        if sid is None:
            return await self.live_session(channel_id)
        return await self._in_server(guild_id, sid)

    async def _in_server(self, guild_id: int | None, sid: str) -> Session:
        """The session ``sid`` if it belongs to this server (else the same refusal as none)."""
        try:
            found: Session | None = await self.store.load(sid.strip().lower()[:40])
        except SessionNotFound:
            found = None
        if found is None or found.guild_id != guild_id:
            raise UserFacingError("No game with that id in this server.")
        return found

    async def end_without_result(self, session: Session, reason: str, text: str) -> bool:
        """Close a live session that will not count (under the session lock).

        Returns False if the closing was saved but a message could not be updated.
        """
        now = discord.utils.utcnow()
        owed = session.state_json is not None  # a game's ending is announced, a challenge's not
        if not await self.store.close(
            session, status="abandoned", reason=reason, now=now, owed=owed
        ):
            return True
        return await self._announce(await self.store.load(session.id), text)

    async def forfeit_departed(
        self, session: Session, seats: Collection[int] | None = None
    ) -> list[int]:
        """End an active game some of whose players left the server (under the session lock).

        ``seats``: the ones to check (default every person's). Those who left lose as if they
        had resigned; with no person left in the server, or in a lesson, it closes without a
        result. Returns the seats found gone (none: the game goes on).
        """
        if session.status != "active":
            return []
        gone = await membership.departed(self.manager.client, session, seats)
        if not gone:
            return []
        log.info("players left the server session=%s seats=%s", session.id, gone)
        staying = [s for s in session.seats if s.seat not in gone and s.computer is None]
        if not staying or session.lesson is not None:
            names = join_and([player(s) for s in gone])
            text = f"Closed without a result: {names} left the server."
            await self.end_without_result(session, LEFT, text)
            return gone
        result = departure_result(session, gone)
        seat = gone[0] if len(gone) == 1 else None
        session, change = await self.manager.record_end(
            session, seat=seat, code="!left", result=result, end_reason=LEFT
        )
        await self._announce(session, result.summary, change)
        return gone

    async def housekeeping(self, now: datetime) -> int | None:
        """Sweep if this process claims the current tick first; None if another one did.

        Ticks are ``housekeeping_seconds`` long, counted from the epoch, so every process
        sharing the database agrees on them and each tick is swept once in all.
        """
        if not await self.store.claim_tick(SWEEP, int(now.timestamp() // self.interval), now):
            return None
        return await self.sweep(now)

    async def sweep(self, now: datetime) -> int:
        """Expire challenges, warn and time out idle games; return how many were closed.

        Each session is handled on its own: one failure is logged and the sweep goes on.
        """
        closed = 0
        for sid in await self.store.sessions_where("pending", now - self.challenge):
            closed += await self._each(sid, self._expire, now)
        for sid in await self.store.sessions_where("active", now - self.idle):
            closed += await self._each(sid, self._time_out, now)
        for sid in await self.store.unwarned_idle(now - self.idle / 2):
            closed += await self._each(sid, self._warn, now)
        return closed

    async def _each(
        self, sid: str, handle: Callable[[Session, datetime], Awaitable[bool]], now: datetime
    ) -> int:
        try:
            async with self.manager.lock(sid):
                session = await self.store.load(sid)
                try:
                    return int(await handle(session, now))
                except discord.HTTPException as exc:
                    if not self.manager.delivery.gone(session.channel_id, exc):
                        raise
                    return 0  # its channel is deleted: the game ends on its own (``orphans``)
        except Exception:
            log.exception("housekeeping failed for session=%s", sid)
            return 0

    async def _expire(self, session: Session, now: datetime) -> bool:
        if session.status != "pending":
            return False
        await self.end_without_result(session, "expired", "This challenge expired.")
        return True

    async def _time_out(self, session: Session, now: datetime) -> bool:
        """Idle too long: the seats waited for resign; if nobody is at fault, no result."""
        if session.status != "active" or session.updated_at >= now - self.idle:
            return False
        waiting = waiting_seats(session)
        if not blames(session, waiting) or session.lesson is not None:
            if len(session.seats) == 1 or session.lesson is not None:
                text = "Closed as abandoned after a long time without moves."
            else:
                text = f"Closed without a result: nobody moved for {_span(self.idle)}."
            await self.end_without_result(session, "idle", text)
            return True
        if await self.forfeit_departed(session):
            return True  # whoever left loses, not whoever the game waits for
        result = timeout_result(session, waiting, self.idle)
        seat = waiting[0] if len(waiting) == 1 else None
        session, change = await self.manager.record_end(
            session, seat=seat, code="!timeout", result=result, end_reason="timeout", now=now
        )
        log.info("idle timeout session=%s seats=%s", session.id, waiting)
        await self._announce(session, result.summary, change)
        return True

    async def forfeit(
        self, session: Session, seats: list[int], summary: str, now: datetime
    ) -> Session:
        """End an active game as the loss of ``seats`` (under the session lock).

        Shown as any ending: a tournament game not finished by its round's deadline.
        """
        result = Result(
            winners=[s.seat for s in session.seats if s.seat not in seats],
            scores={s.seat: 0 for s in session.seats},
            summary=summary,
        )
        seat = seats[0] if len(seats) == 1 else None
        session, change = await self.manager.record_end(
            session, seat=seat, code="!forfeit", result=result, end_reason="forfeit", now=now
        )
        await self._announce(session, result.summary, change)
        return session

    async def _warn(self, session: Session, now: datetime) -> bool:
        """Tell everyone the game waits for that it will end (solo games and lessons: not)."""
        if session.status != "active" or len(session.seats) == 1 or session.lesson is not None:
            return False
        if session.updated_at >= now - self.idle / 2:
            return False  # someone moved meanwhile
        if not await self.store.set_idle_warned(session.id, session.step):
            return False  # warned already at this step (by another sweep, maybe elsewhere)
        if await self.forfeit_departed(session):
            return True  # a player left the server: nobody is reminded, the game ends
        waiting = waiting_seats(session)
        deadline = _stamp(session.updated_at + self.idle)
        title = session.game_cls.title
        link = message_link(session.guild_id, session.channel_id, session.message_id)
        if blames(session, waiting):
            then = "it counts as your resignation"
        else:
            then = "the game is closed without a result"
        if blames(session, waiting):  # first: the reminder stays the channel's last line
            await self._offer_takeover(session, waiting, deadline)
        for seat in waiting:
            if session.seats[seat].computer is not None:
                continue  # the computer is never reminded
            text = (
                f"⏳ Your game of **{title}** is waiting for your move: {link}\n"
                f"If you have not moved by {deadline}, {then}."
            )
            await self._remind(session, seat, text)
        return False

    async def _offer_takeover(self, session: Session, absent: list[int], deadline: str) -> None:
        """Offer the players left waiting to let the computer play the absent seats.

        Never in a tournament game: a member's result there is their own (the round's
        deadline decides a game they leave).
        """
        if TOURNAMENT in session.options:
            return
        present = [s for s in session.seats if s.seat not in absent and s.computer is None]
        absent = [seat for seat in absent if session.seats[seat].computer is None]
        level = (await self.servers.get(session.guild_id)).takeover_level
        if level is None or not present or not absent:
            return
        names = join_and([session.names[seat] for seat in absent])
        view = discord.ui.View(timeout=None)
        for seat in absent:
            view.add_item(
                discord.ui.Button(
                    label=shorten(
                        f"Let the computer play {session.plain_names[seat]}'s seat", BUTTON_LABEL
                    ),
                    style=discord.ButtonStyle.primary,
                    custom_id=custom_ids.TAKEOVER.build(session.id, seat),
                )
            )
        pings = " ".join(f"<@{s.user_id}>" for s in present)
        channel = await self.manager.delivery.channel(session)
        await channel.send(
            f"{pings} {names} has not moved for a while. Wait (by {deadline} it counts as "
            f"their resignation), or let the computer ({level}) play on for them: "
            "the game then becomes unrated, and they take their seat back with their next click.",
            view=view,
            allowed_mentions=mentions.only(s.user_id for s in present),
        )

    async def hand_over(self, interaction: discord.Interaction, sid: str, seat: int) -> None:
        """A waiting player lets the computer play the absent ``seat``: the game is unrated."""
        await interaction.response.defer()
        async with reply_errors(interaction, f"session={sid} takeover"), self.manager.lock(sid):
            session = await self.store.load(sid)
            if session.status != "active" or seat >= len(session.seats):
                raise SessionNotFound()
            mine = session.seat_of(interaction.user.id)
            name = session.names[seat]
            if mine is None or mine == seat:
                raise UserFacingError(f"Only the player waiting for {name} can do this.")
            if TOURNAMENT in session.options:  # an offer posted before they were left out
                raise UserFacingError(
                    "In a tournament game the computer never plays for a member: "
                    "the round's deadline decides."
                )
            level = (await self.servers.get(session.guild_id)).takeover_level
            if level is None:
                raise UserFacingError(
                    "Letting the computer take over seats is turned off on this server "
                    "(`/game settings`)."
                )
            if session.seats[seat].computer is not None:
                raise UserFacingError(f"The computer already plays {name}'s seat.")
            if seat not in waiting_seats(session):
                raise UserFacingError(f"{name} has moved since: the game goes on.")
            await self.store.set_computer(sid, seat, level)
            await self.store.set_options(sid, {**session.options, UNRATED: True})
            log.info("computer takes over session=%s seat=%s", sid, seat)
            await interaction.edit_original_response(
                content=f"The computer ({level}) plays {name}'s seat; the game is "
                f"unrated now. {name} takes it back with their next click.",
                view=None,
            )
            await self.manager.computer_turns(await self.store.load(sid))

    async def _remind(self, session: Session, seat: int, text: str) -> None:
        """DM the seat's player; if their DMs are closed, ping them in the game's channel."""
        user_id = session.seats[seat].user_id
        if not session.seats[seat].dm_closed:
            client = self.manager.client
            try:
                user = client.get_user(user_id) or await client.fetch_user(user_id)
                await user.send(text)
                return
            except discord.Forbidden:
                log.info("idle warning: DMs closed session=%s seat=%s", session.id, seat)
        channel = await self.manager.delivery.channel(session)
        try:
            await channel.send(f"<@{user_id}> {text}", allowed_mentions=mentions.only([user_id]))
        except TokenExpired:  # a game outside a server with no live token: not reminded
            log.info("idle warning not shown session=%s seat=%s", session.id, seat)

    async def _announce(self, session: Session, text: str, change: Change | None = None) -> bool:
        """Show the ending on the board and in every DM, and post the result; False if failed.

        Called after the ending is saved: a lost message must not look like a lost result.
        A game that had started gets the result message pinging its players (with rating
        changes when ``change`` noted them); a challenge only has its message edited.
        """
        lost: list[discord.HTTPException] = []

        async def failed(exc: discord.HTTPException) -> None:
            lost.append(exc)

        try:
            if session.state_json is None:
                await self._edit_board_text(session, text)
                return True
            await self.manager.show_ending(session, text, change or Change(), failed)
            if lost:
                raise lost[0]
        except discord.HTTPException as exc:
            log.warning("could not show the ending session=%s", session.id)
            if exc not in lost:  # the board's failures were reported where they happened
                self.manager.delivery.gone(session.channel_id, exc)
            return False
        return True

    async def _edit_board_text(self, session: Session, text: str) -> None:
        if session.message_id is None:
            return
        channel = await self.manager.delivery.channel(session)
        message = channel.get_partial_message(session.message_id)  # type: ignore[union-attr]
        await message.edit(**layout.text_edit(text))
