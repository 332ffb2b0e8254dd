"""Server tournaments: create, join, start, each round's games in their threads, forfeits.

The rules and the state are storage's (``bot.storage.pairing``, ``bot.storage.tournaments``).
Here: who may do what, and what players see. A round's games are ordinary sessions (rated if
the tournament is) started between the paired members, each in a thread off the tournament's
channel. When a game ends (``SessionManager.on_end``) the tournament is checked: once every
game of the round is decided, the standings are posted (a picture and the same table as text)
and the next round paired, or the winner announced. Housekeeping checks every running
tournament too (a restart, another process's game, a round's deadline): a game unfinished at
the deadline is a forfeit, and a pairing, a start or an ending is done by one process only
(guarded updates), so each message is posted once.
"""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import datetime, timedelta

import discord

import engines
from bot.errors import UserFacingError
from bot.flow.lifecycle import LIVE, Lifecycle, manages_server, waiting_seats
from bot.flow.lobby import session_seed
from bot.flow.sessions import SessionManager
from bot.settings import Settings
from bot.storage.history import engine_options
from bot.storage.models import TOURNAMENT, UNRATED, Session
from bot.storage.pairing import FORMATS, Decision, standings
from bot.storage.refusals import Refusal, Refused
from bot.storage.tournaments import (
    FINISHED,
    OPEN,
    RUNNING,
    Board,
    Entrant,
    Tournament,
    TournamentStore,
)
from bot.surface import game_threads, mentions, presenter, render_pool, tournament_text
from bot.surface.channel_permissions import require_game_permissions
from bot.surface.layout import Layout
from bot.surface.text_limits import CONTENT
from engines import plugins
from engines.safe_text import markdown, plain
from engines.text import shorten
from render import standings as standings_picture

log = logging.getLogger(__name__)

JOB = "tournaments"
"""The housekeeping job claimed once per tick (table housekeeping)."""
MAX_ROUNDS = 12
MAX_PACE = timedelta(days=30)
PICTURE = "standings.png"
WARN_SHARE = 0.25
"""The players of an unfinished game are warned when this share of the round is left."""


def two_player_games() -> list[str]:
    """The games a tournament may be of: the registry's two-player games."""
    return [p.id for p in plugins.plugins() if p.seats == "two"]


class Tournaments:
    """The tournaments of every server, over one ``TournamentStore``."""

    def __init__(self, manager: SessionManager, lifecycle: Lifecycle, settings: Settings) -> None:
        self.manager = manager
        self.lifecycle = lifecycle
        self.store = manager.store
        self.tours = TournamentStore(manager.store.db)
        self.servers = lifecycle.servers
        self.settings = settings
        self.limit = settings.max_tournaments
        self.interval = settings.housekeeping_seconds
        self._checking: dict[str, asyncio.Lock] = {}
        manager.on_end.append(self.game_ended)

    # ---- commands --------------------------------------------------------------------------
    async def create(
        self,
        interaction: discord.Interaction,
        *,
        game_id: str,
        fmt: str,
        rounds: int,
        pace: timedelta,
        rated: bool,
        start_in: timedelta | None,
    ) -> None:
        """``/tournament create``: an open tournament announced in this channel."""
        guild_id = interaction.guild_id
        if guild_id is None or not isinstance(interaction.channel, discord.TextChannel):
            raise UserFacingError(
                "Tournaments are held in a server's text channel: their games get threads off it."
            )
        if not await self.may_organise(interaction, guild_id):
            raise UserFacingError(
                "Only members with Manage Server, or the role the server chose in "
                "`/game settings`, can organise a tournament."
            )
        if game_id not in two_player_games() or fmt not in FORMATS:
            raise UserFacingError("Pick a two-player game and a format from the lists.")
        if not 1 <= rounds <= MAX_ROUNDS:
            raise UserFacingError(f"A tournament plays 1 to {MAX_ROUNDS} rounds.")
        if not timedelta(hours=1) <= pace <= MAX_PACE:
            raise UserFacingError("A round lasts from 1 hour to 30 days.")
        require_game_permissions(interaction, thread=True)
        now = interaction.created_at
        t = await self.tours.create(
            guild_id=guild_id,
            channel_id=interaction.channel.id,
            game_id=game_id,
            fmt=fmt,
            rounds=rounds,
            pace=pace,
            rated=rated,
            organiser_id=interaction.user.id,
            starts_at=now + start_in if start_in else None,
            now=now,
            limit=self.limit,
        )
        log.info("tournament created id=%s guild=%s game=%s", t.id, guild_id, game_id)
        organiser = markdown(interaction.user.display_name)
        await interaction.response.send_message(
            tournament_text.announcement(t, organiser), allowed_mentions=mentions.NOBODY
        )

    async def may_organise(self, interaction: discord.Interaction, guild_id: int) -> bool:
        """Manage Server, or the role the server's settings name (``tournament_role``)."""
        if manages_server(interaction):
            return True
        role = (await self.servers.get(guild_id)).tournament_role
        roles = getattr(interaction.user, "roles", [])
        return role is not None and any(r.id == role for r in roles)

    async def find(self, interaction: discord.Interaction, tid: str | None) -> Tournament:
        """The tournament a command means: ``tid``, else the only live one here or on the server."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise UserFacingError("Tournaments are held in servers.")
        if tid:
            try:
                t = await self.tours.get(tid.strip().lower()[:12])
            except Refused:
                t = None
            if t is None or t.guild_id != guild_id:
                raise Refused(Refusal.NO_SUCH_TOURNAMENT)
            return t
        live = await self.tours.of_server(guild_id)
        here = [t for t in live if t.channel_id == interaction.channel_id]
        if len(here or live) == 1:
            return (here or live)[0]
        if not live:
            raise UserFacingError(
                "No tournament is open or running on this server: `/tournament create` starts one."
            )
        ids = ", ".join(f"`{t.id}` ({tournament_text.title(t)})" for t in live)
        raise UserFacingError(f"Several tournaments are on: name one with `tournament:` ({ids}).")

    async def join(self, interaction: discord.Interaction, tid: str | None) -> None:
        """``/tournament join``: enter an open tournament (the channel sees who joined)."""
        t = await self.find(interaction, tid)
        user = interaction.user
        await self.tours.join(t.id, user.id, user.display_name, interaction.created_at)
        count = len(await self.tours.entrants(t.id))
        await interaction.response.send_message(
            f"{markdown(user.display_name)} joined the **{tournament_text.title(t)}** "
            f"({count} player{'s' if count != 1 else ''}).",
            allowed_mentions=mentions.NOBODY,
        )

    async def leave(self, interaction: discord.Interaction, tid: str | None) -> None:
        """``/tournament leave``: leave before the start, or withdraw from a running one."""
        t = await self.find(interaction, tid)
        name = markdown(interaction.user.display_name)
        if await self.tours.leave(t.id, interaction.user.id, interaction.created_at):
            text = (
                f"{name} withdrew from the **{tournament_text.title(t)}**: their games so far "
                "count, and they are paired no more (a game under way goes on)."
            )
        else:
            text = f"{name} left the **{tournament_text.title(t)}**."
        await interaction.response.send_message(text, allowed_mentions=mentions.NOBODY)

    def _organises(self, interaction: discord.Interaction, t: Tournament) -> None:
        if interaction.user.id != t.organiser_id and not manages_server(interaction):
            raise UserFacingError(
                "Only the tournament's organiser (or a member with Manage Server) can do that."
            )

    async def start(self, interaction: discord.Interaction, tid: str | None) -> None:
        """``/tournament start``: the organiser starts it; round 1 is paired and its games begin."""
        t = await self.find(interaction, tid)
        self._organises(interaction, t)
        if t.state != OPEN or not await self.tours.start(t.id, interaction.created_at):
            raise UserFacingError("This tournament has started already.")
        await interaction.response.send_message(
            f"The **{tournament_text.title(t)}** has started: round 1's pairings follow.",
            allowed_mentions=mentions.NOBODY,
        )
        await self._open_round(await self.tours.get(t.id), interaction.created_at)

    async def cancel(self, interaction: discord.Interaction, tid: str | None) -> None:
        """``/tournament cancel``: the organiser calls it off (games under way go on, unlinked)."""
        t = await self.find(interaction, tid)
        self._organises(interaction, t)
        if not await self.tours.cancel(t.id, interaction.created_at):
            raise UserFacingError("This tournament is already over.")
        await interaction.response.send_message(
            f"The **{tournament_text.title(t)}** is cancelled. Games under way go on as "
            "ordinary games.",
            allowed_mentions=mentions.NOBODY,
        )

    async def show_standings(self, interaction: discord.Interaction, tid: str | None) -> None:
        """``/tournament standings``: the players, or the table so far (picture and text)."""
        t = await self.find(interaction, tid)
        entrants = await self.tours.entrants(t.id)
        if t.round == 0:  # open, or called off before it started
            shown = tournament_text.entrants_message(t, entrants)
            await interaction.response.send_message(
                allowed_mentions=mentions.NOBODY, **shown.kwargs()
            )
            return
        await interaction.response.defer(thinking=True)
        played = t.round - (t.state == RUNNING)
        heading = tournament_text.standings_heading(t, played)
        shown = await self._table(t, entrants, heading, played)
        await interaction.followup.send(allowed_mentions=mentions.NOBODY, **shown.kwargs())

    def channel_gone(self, channel_id: int) -> None:
        """A channel was deleted: its tournaments are called off (in a task of their own)."""
        task = asyncio.create_task(self._call_off_in(channel_id), name=f"tournaments-{channel_id}")
        self.manager.background.add(task)
        task.add_done_callback(self.manager.background.discard)

    async def _call_off_in(self, channel_id: int) -> None:
        """Call off the channel's live tournaments; each player is told by DM, once.

        The cancel is a guarded update: of several processes told, only one tells the players.
        Its games were in threads off the channel, deleted with it (``orphans`` ends them).
        """
        now = discord.utils.utcnow()
        for t in await self.tours.live_in_channel(channel_id):
            if not await self.tours.cancel(t.id, now):
                continue
            log.info("tournament channel deleted, called off tournament=%s", t.id)
            text = tournament_text.channel_deleted_text(t)
            for e in await self.tours.entrants(t.id, staying=True):
                await self.manager.delivery.tell(e.user_id, None, text)

    # ---- rounds ----------------------------------------------------------------------------
    def game_ended(self, session: Session) -> None:
        """A game's ending was announced: a tournament's game checks its round (in a task)."""
        tid = session.options.get(TOURNAMENT)
        if isinstance(tid, str):
            self._spawn(tid)

    def _spawn(self, tid: str) -> None:
        task = asyncio.create_task(self._check_logged(tid), name=f"tournament-{tid}")
        self.manager.background.add(task)
        task.add_done_callback(self.manager.background.discard)

    async def _check_logged(self, tid: str) -> None:
        try:
            await self.check(tid, discord.utils.utcnow())
        except Exception:
            log.exception("tournament check failed tournament=%s", tid)

    async def housekeeping(self, now: datetime) -> bool:
        """Start the tournaments whose time came, check the running ones.

        False: another process claimed this tick.
        """
        if not await self.store.claim_tick(JOB, int(now.timestamp() // self.interval), now):
            return False
        for t in await self.tours.due_to_start(now):
            try:
                if await self.tours.start(t.id, now):
                    await self._open_round(await self.tours.get(t.id), now)
            except Refused as refused:  # too few players came: called off
                if refused.code is Refusal.TOO_FEW_PLAYERS and await self.tours.cancel(t.id, now):
                    channel = await self._channel(t)
                    await channel.send(
                        f"The **{tournament_text.title(t)}** is called off: fewer than "
                        f"{refused.data['limit']} players joined by its start.",
                        allowed_mentions=mentions.NOBODY,
                    )
            except Exception:
                log.exception("tournament start failed tournament=%s", t.id)
        for t in await self.tours.running():
            try:
                await self.check(t.id, now)
            except Exception:
                log.exception("tournament check failed tournament=%s", t.id)
        return True

    async def check(self, tid: str, now: datetime) -> None:
        """Bring a running tournament up to date.

        Forfeits past the deadline, games not yet started, and the next round (or the end)
        once every game is decided.
        """
        lock = self._checking.setdefault(tid, asyncio.Lock())
        async with lock:
            running = await self._check(tid, now)
        if not running and not lock.locked():
            self._checking.pop(tid, None)  # over: its lock is kept no longer

    async def _check(self, tid: str, now: datetime) -> bool:
        """``check`` under the tournament's lock; whether it is still running after it."""
        t = await self.tours.get(tid)
        if t.state != RUNNING:
            return False
        ends = t.round_ends_at
        late = ends is not None and now >= ends
        soon = ends is not None and now >= ends - t.pace * WARN_SHARE
        for b in await self.tours.boards(tid, t.round):
            if b.decision is None:
                await self._settle(t, b, now, late)
            if b.decision is None and b.session_id and soon and not late:
                await self._warn(t, b.session_id, now)
        done = await self.tours.advance(tid, t.round, now)
        if done is None:
            return True
        entrants = await self.tours.entrants(tid)
        heading = f"after round {t.round} of {t.rounds}"
        heading = heading if done == RUNNING else "final standings"
        await self._post_table(t, entrants, heading, t.round)
        t = await self.tours.get(tid)
        if done == FINISHED:
            await self._announce_winner(t, entrants)
            return False
        await self._open_round(t, now)
        return True

    async def _settle(self, t: Tournament, b: Board, now: datetime, late: bool) -> None:
        """An undecided pairing: start its game, see how it ended, or forfeit it when late."""
        if b.session_id is None:
            if late:
                await self.tours.decide(t.id, b.round, b.board, Decision.BOTH_FORFEIT, now)
            else:
                await self._start_game(t, b, now)
            return
        async with self.manager.lock(b.session_id):
            session = await self.store.load(b.session_id)
            if session.status not in LIVE:  # ended without a result: aborted, ended, deleted
                await self.tours.decide(t.id, b.round, b.board, Decision.BOTH_FORFEIT, now)
            elif late:
                await self._forfeit(t, b, session, now)

    async def _warn(self, t: Tournament, sid: str, now: datetime) -> None:
        """Near the deadline: tell an unfinished game's players, once, in its thread."""
        session = await self.store.load(sid)
        if session.status != "active" or not await self.tours.set_warned(sid, now):
            return
        assert t.round_ends_at is not None
        waiting = waiting_seats(session)
        ids = [session.seats[seat].user_id for seat in waiting]
        channel = await self.manager.delivery.channel(session)
        await channel.send(
            tournament_text.warning(t, [session.names[seat] for seat in waiting], ids),
            allowed_mentions=mentions.only(ids),
        )

    async def _forfeit(self, t: Tournament, b: Board, session: Session, now: datetime) -> None:
        """The deadline passed: the player the game waits for forfeits.

        If both are waited for, or neither has moved, both forfeit (the game closes without a
        result).
        """
        waiting = waiting_seats(session)
        chose = await self.store.seats_that_chose(session.id)
        deadline = tournament_text.span(t.pace)
        if len(waiting) != 1 or not chose:
            await self.tours.decide(t.id, b.round, b.board, Decision.BOTH_FORFEIT, now)
            await self.lifecycle.end_without_result(
                session,
                "forfeit",
                f"The round's {deadline} are over and the game was not finished: "
                "both players forfeit.",
            )
            return
        seat = waiting[0]
        summary = (
            f"{session.names[seat]} did not finish the game within the round's {deadline}; "
            "that counts as a forfeit."
        )
        await self.lifecycle.forfeit(session, [seat], summary, now)
        decision = Decision.FIRST_FORFEITS if seat == 0 else Decision.SECOND_FORFEITS
        await self.tours.mark_forfeit(session.id, decision)

    async def _open_round(self, t: Tournament, now: datetime) -> None:
        """Post the round's pairings (pinging the paired players) and start its games."""
        boards = await self.tours.boards(t.id, t.round)
        names = {e.user_id: markdown(e.name) for e in await self.tours.entrants(t.id)}
        paired = [p for b in boards if b.second is not None for p in (b.first, b.second)]
        channel = await self._channel(t)
        await channel.send(
            shorten(tournament_text.pairings(t, boards, names), CONTENT),
            allowed_mentions=mentions.only(paired),
        )
        for b in boards:
            if b.decision is None and b.session_id is None:
                await self._start_game(t, b, now)

    async def _start_game(self, t: Tournament, b: Board, now: datetime) -> None:
        """Start a pairing's game in a thread off the tournament's channel (one process)."""
        if b.second is None or not await self.tours.claim(t.id, b.round, b.board, now):
            return
        entrants = {e.user_id: e.name for e in await self.tours.entrants(t.id)}
        options: dict[str, object] = {TOURNAMENT: t.id, **({} if t.rated else {UNRATED: True})}
        seed = session_seed(self.settings, t.game_id)
        game = engines.get_game(t.game_id).new(2, seed=seed, options=engine_options(options))
        session = await self.store.create(
            game_id=t.game_id,
            guild_id=t.guild_id,
            channel_id=t.channel_id,
            players=[
                (b.first, entrants.get(b.first, "?")),
                (b.second, entrants.get(b.second, "?")),
            ],
            seed=seed,
            options=options,
            game=game,
            now=now,
            in_thread=True,
        )
        await self.tours.set_session(t.id, b.round, b.board, session.id)
        log.info("tournament game session=%s tournament=%s round=%s", session.id, t.id, b.round)
        async with self.manager.lock(session.id):
            try:
                await self._post_game(t, session)
            except discord.HTTPException as exc:  # e.g. no right to start threads here
                log.warning("could not start a tournament game session=%s: %r", session.id, exc)
                await self.store.close(session, status="abandoned", reason="failed", now=now)
                await self.tours.release(t.id, b.round, b.board)  # housekeeping tries again

    async def _post_game(self, t: Tournament, session: Session) -> None:
        """A new game's line in the channel, its thread from it, its board there; it begins."""
        channel = await self._channel(t)
        line = await channel.send(
            game_threads.start_line(session), allowed_mentions=mentions.NOBODY
        )
        assert isinstance(channel, discord.TextChannel)
        thread = await game_threads.start_thread(channel, line.id, session)
        session = await self.store.move_to_thread(session.id, thread.id)
        await line.edit(content=game_threads.start_line(session))
        msg = await presenter.board(session, [])
        sent = await thread.send(**msg.kwargs())
        self.manager.delivery.pictures.note(sent, msg.files)  # kept by the next edit
        await self.store.set_message(session.id, sent.id)
        await self.manager.begin(await self.store.load(session.id))

    async def _channel(self, t: Tournament) -> discord.abc.Messageable:
        client = self.manager.client
        try:
            channel = client.get_channel(t.channel_id) or await client.fetch_channel(t.channel_id)
        except discord.NotFound as exc:
            self.manager.delivery.gone(t.channel_id, exc)  # deleted while this process was away
            raise
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def _table(
        self, t: Tournament, entrants: list[Entrant], heading: str, played: int
    ) -> Layout:
        """The standings after round ``played``, as text and as a picture (drawn in a worker).

        The next round's byes are decided when it is paired: they count from that round on.
        """
        boards = await self.tours.boards(t.id)
        pairings = [b.pairing for b in boards if b.round <= played]
        table = standings([e.user_id for e in entrants], pairings, t.format)
        rows = tournament_text.table_rows(table, entrants, t.format)
        title = plain(f"{plugins.plugin(t.game_id).title} tournament — {heading}")
        subtitle = plain(tournament_text.terms(t, len(entrants)))
        png, alt = await render_pool.run(
            standings_picture.picture, title, subtitle, tournament_text.columns(t.format), rows
        )
        picture = discord.File(io.BytesIO(png), PICTURE, description=alt)
        return tournament_text.table_message(t, heading, rows, picture)

    async def _post_table(
        self, t: Tournament, entrants: list[Entrant], heading: str, played: int
    ) -> None:
        shown = await self._table(t, entrants, heading, played)
        channel = await self._channel(t)
        await channel.send(allowed_mentions=mentions.NOBODY, **shown.kwargs())

    async def _announce_winner(self, t: Tournament, entrants: list[Entrant]) -> None:
        winner = next((e for e in entrants if e.user_id == t.winner_id), None)
        channel = await self._channel(t)
        everyone = [e.user_id for e in entrants if not e.left]
        await channel.send(
            shorten(tournament_text.winner_text(t, winner, everyone), CONTENT),
            allowed_mentions=mentions.only(everyone),
        )
        log.info("tournament finished id=%s winner=%s", t.id, t.winner_id)
