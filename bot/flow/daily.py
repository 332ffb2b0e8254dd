"""``/<game> daily``: the day's deal (one attempt), the day's boards, and being named on them.

Every player in every server gets the same deal on a UTC day (``bot.storage.daily``: its seed,
its attempts). A daily game is a solo game like any other once started; what is its own is
here: the kind answer to a second attempt, the boards, the share line of its result, and
``sealed``: until its day ends nobody sees its deal again (replays and reviews wait).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

import discord

from bot.errors import UserFacingError
from bot.flow.lobby import DMsClosed, Lobby
from bot.settings import Settings
from bot.storage.daily import (
    Attempt,
    DailyStore,
    day_date,
    day_end,
    day_of,
    sealed,
    session_day,
)
from bot.storage.db import IntegrityError
from bot.storage.models import DAILY, Session
from bot.storage.refusals import ChannelBusy, SessionNotFound
from bot.surface import custom_ids, layout, mentions
from bot.surface.daily_text import (
    finished_line,
    marks,
    playing_line,
    result_text,
    share_line,
    unfinished_line,
    wait_text,
)
from bot.surface.layout import Layout
from bot.surface.links import message_link
from bot.surface.reach import answers_public, via_interactions
from engines import plugins
from engines.safe_text import markdown

log = logging.getLogger(__name__)

PLAY, BOARD, NAMED, UNNAMED = "play", "board", "named", "unnamed"
ACTIONS = {
    PLAY: "play today's deal (default)",
    BOARD: "today's boards: this server's and all servers'",
    NAMED: "show my name on the all-servers board",
    UNNAMED: "hide my name on the all-servers board (the default)",
}
ANONYMOUS = "a player from another server"
SEALED = (
    "This is a daily deal, the same for every player today: its replay and review open when "
    "the day ends (midnight UTC), in {wait}."
)
PLAY_HERE = "Play it here (everyone in this channel sees the deal)"
DMS_CLOSED = (
    "I can't send you direct messages, and today's deal is played in private so that nobody "
    "here sees it before they play. Allow direct messages from this server's members (its "
    "*Privacy Settings*), then run `{command}` again; or play it here, where everyone in this "
    "channel sees the deal."
)
NOT_MINE = (
    "Here everyone in this channel would see today's deal, and it is played in private so that "
    "nobody sees it before they play. Run `{command}` in your DM with me, where only you see it; "
    "or play it here, where everyone in this channel sees the deal."
)
DM_BUSY = (
    "Your DMs with me hold a game already, and today's deal is played there in private so "
    "that nobody here sees it before they play. Finish that game, then run `{command}` again; "
    "or play it here, where everyone in this channel sees the deal."
)


class Daily:
    """The daily deal of each game that has one (its plugin's ``daily``)."""

    def __init__(self, lobby: Lobby, settings: Settings) -> None:
        self.lobby = lobby
        self.store = lobby.store
        self.days = DailyStore(lobby.store.db, settings.daily_secret)
        self.clock: Callable[[], datetime] = discord.utils.utcnow
        """Now (tests set another day)."""
        lobby.manager.on_end.append(self.ended)

    def today(self) -> int:
        """Today's daily number."""
        return day_of(self.clock())

    def sealed(self, session: Session) -> bool:
        """A daily game whose day has not ended: its deal is not shown again yet."""
        return sealed(session, self.clock())

    def refuse_sealed(self, session: Session) -> None:
        """Refuse to show a daily game's deal again before its day ends, saying when."""
        day = session_day(session)
        if day is not None and self.sealed(session):
            raise UserFacingError(SEALED.format(wait=wait_text(self.clock(), day_end(day))))

    async def command(
        self, interaction: discord.Interaction, game_id: str, group: str, action: str
    ) -> None:
        """``/<group> daily [action]`` (``group``: the game's command group)."""
        if action == BOARD:
            await interaction.response.defer(ephemeral=True, thinking=True)
            shown = await self.boards(interaction, game_id, group)
            await interaction.followup.send(
                ephemeral=True, allowed_mentions=discord.AllowedMentions.none(), **shown.kwargs()
            )
        elif action in (NAMED, UNNAMED):
            await self.days.set_named(interaction.user.id, action == NAMED, self.clock())
            text = (
                "Your name now shows on the all-servers daily boards."
                if action == NAMED
                else "The all-servers daily boards now show you as "
                f"\u201c{ANONYMOUS}\u201d to other servers."
            )
            await interaction.response.send_message(
                text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
            )
        else:
            await self.play(interaction, game_id)

    async def play(
        self, interaction: discord.Interaction, game_id: str, *, here: bool = False
    ) -> None:
        """Start today's deal for this member, or tell them how their attempt went.

        In a server that installed the app the deal is dealt in the member's DM with the bot
        (the channel sees only who plays and, at the end, the result), unless ``here``: the
        member chose to play it in the channel. In a server where the app is only the member's
        (the bot has no DM of its own there) they are asked first, unless only they would see
        it. Elsewhere (a DM or group DM) it is played where the command was typed, the member's
        choice of audience.
        """
        if not plugins.plugin(game_id).daily:
            raise UserFacingError("This game has no daily deal.")
        day = self.today()
        user = interaction.user
        found = await self.days.attempt(user.id, game_id, day)
        if found is not None:
            raise UserFacingError(await self._played(game_id, day, found))
        outside = via_interactions(interaction)
        if (
            outside
            and not here
            and interaction.guild_id is not None
            and answers_public(interaction)
        ):
            await self._offer_here(interaction, game_id, NOT_MINE)  # no DM of its own here
            return
        seed = await self.days.seed(game_id, day)
        private = not outside and not here
        guild_id = None if outside else interaction.guild_id

        async def claim(sid: str) -> None:
            await self.days.claim(
                sid,
                user_id=user.id,
                name=user.display_name,
                game_id=game_id,
                day=day,
                guild_id=guild_id,
                now=self.clock(),
                channel_id=interaction.channel_id if private else None,
            )

        options: dict[str, object] = {DAILY: day}
        try:
            if private:
                session = await self.lobby.start_solo_in_dm(
                    interaction, game_id, options, seed=seed, then=claim
                )
            else:
                await self.lobby.start_solo(interaction, game_id, options, seed=seed, then=claim)
        except DMsClosed:
            await self._offer_here(interaction, game_id, DMS_CLOSED)
            return
        except (IntegrityError, ChannelBusy) as exc:
            found = await self.days.attempt(user.id, game_id, day)  # a double click's second
            if found is not None:
                raise UserFacingError(await self._played(game_id, day, found)) from None
            if private and isinstance(exc, ChannelBusy):  # the DM holds another game
                await self._offer_here(interaction, game_id, DM_BUSY)
                return
            raise
        if private:
            await self._dealt_in_dm(interaction, game_id, session)

    async def _dealt_in_dm(
        self, interaction: discord.Interaction, game_id: str, session: Session
    ) -> None:
        """Tell the member where their deal is, and the channel (only) that they play it."""
        link = message_link(None, session.channel_id, session.message_id)
        await interaction.followup.send(
            f"Today's deal is in [your DMs with me]({link}), where only you see it. This "
            "channel sees that you are playing, and your result when you finish.",
            ephemeral=True,
        )
        name = markdown(interaction.user.display_name)
        await self._tell_channel(
            interaction.channel_id, playing_line(game_id, name, self._group(game_id))
        )

    async def _offer_here(self, interaction: discord.Interaction, game_id: str, why: str) -> None:
        """The member's choice: make the DM possible and run the command again, or play here."""
        view = discord.ui.View(timeout=None)
        view.add_item(
            discord.ui.Button(
                label=PLAY_HERE,
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.DAILY_HERE.build(game_id),
            )
        )
        text = why.format(command=f"/{self._group(game_id)} daily")
        if interaction.response.is_done():
            await interaction.followup.send(text, view=view, ephemeral=True)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)

    def ended(self, session: Session) -> None:
        """A game's ending was announced: a daily deal played in a DM tells its channel."""
        if session_day(session) is None:
            return
        background = self.lobby.manager.background
        task = asyncio.create_task(self._tell_result(session), name=f"daily-{session.id}")
        background.add(task)
        task.add_done_callback(background.discard)

    async def _tell_result(self, session: Session) -> None:
        """The result line in the server channel a DM's daily deal was started from."""
        try:
            await self._result_line(session)
        except Exception:
            log.exception("daily result line failed session=%s", session.id)

    async def _result_line(self, session: Session) -> None:
        attempt = await self.days.of_session(session.id)
        if attempt is None or attempt.channel_id is None:
            return  # played where it was started: its result message is there already
        game_id, name = session.game_id, markdown(attempt.name)
        group = self._group(game_id)
        if not attempt.finished:
            await self._tell_channel(attempt.channel_id, unfinished_line(game_id, name, group))
            return
        everywhere = await self.days.place(session.id)
        here = await self.days.place(session.id, server=True)
        assert everywhere is not None and here is not None  # finished
        line = finished_line(game_id, name, group, attempt, here, everywhere)
        await self._tell_channel(attempt.channel_id, line)

    async def _tell_channel(self, channel_id: int | None, text: str) -> None:
        """A public line in a server channel; one Discord refuses is only logged."""
        client = self.lobby.manager.client
        if channel_id is None:
            return
        channel = client.get_channel(channel_id) or client.get_partial_messageable(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        try:
            await channel.send(text, allowed_mentions=mentions.NOBODY)
        except discord.HTTPException as exc:
            log.info("daily line not posted channel=%s code=%s", channel_id, exc.code)

    def _group(self, game_id: str) -> str:
        """The game's command group (``/<group> daily``)."""
        client = self.lobby.manager.client
        for cog in getattr(client, "cogs", {}).values():
            facts = getattr(cog, "facts", None)
            if facts is not None and facts.game_id == game_id:
                return str(cog.__cog_group_name__)
        return "game"

    async def _played(self, game_id: str, day: int, attempt: Attempt) -> str:
        """The kind answer to a second attempt: the result, or where the game is."""
        wait = wait_text(self.clock(), day_end(day))
        later = f"One attempt a day: the next deal comes in {wait}."
        if attempt.finished:
            place = await self.days.place(attempt.session_id)
            assert place is not None  # finished
            return (
                f"You played today's deal: {result_text(game_id, attempt)}, rank {place.rank} "
                f"of {place.of} so far.\n`{share_line(game_id, day, attempt, place)}`\n{later}"
            )
        try:
            session = await self.store.load(attempt.session_id)
        except SessionNotFound:
            session = None
        if session is not None and session.status in ("pending", "active"):
            guild_id = None if attempt.channel_id is not None else session.guild_id  # in a DM
            link = message_link(guild_id, session.channel_id, session.message_id)
            return f"You are playing today's deal: [your game]({link}). {later}"
        return f"Your attempt at today's deal ended without a result. {later}"

    async def boards(self, interaction: discord.Interaction, game_id: str, group: str) -> Layout:
        """Today's boards: this server's and all servers', the member's place and streak."""
        day = self.today()
        guild_id = None if via_interactions(interaction) else interaction.guild_id
        me = interaction.user.id
        here = await self.days.board(game_id, day, guild_id) if guild_id is not None else []
        everywhere = await self.days.board(game_id, day)
        mine = await self.days.attempt(me, game_id, day)
        streak = await self.days.streak(me, game_id, day)
        title = plugins.plugin(game_id).title
        blocks = [await self._yours(game_id, group, day, mine, streak)]
        if guild_id is not None:
            blocks.append(layout.titled("This server", self._lines(game_id, here, guild_id, me)))
        blocks.append(layout.titled("All servers", self._lines(game_id, everywhere, guild_id, me)))
        return layout.message(
            f"{title} daily #{day} — {day_date(day).isoformat()}",
            blocks,
            colour=discord.Colour.dark_gold(),
            footer="Ranked by score, then fewer moves, then the earlier finish.",
        )

    async def _yours(
        self, game_id: str, group: str, day: int, mine: Attempt | None, streak: int
    ) -> str:
        days = f"Your streak: {streak} day{'s' if streak != 1 else ''} in a row."
        wait = wait_text(self.clock(), day_end(day))
        if mine is None:
            return (
                f"You have not played today's deal: `/{group} daily`. {days} Next deal in {wait}."
            )
        if not mine.finished:
            return f"Your game of today's deal is not finished yet. {days}"
        everywhere = await self.days.place(mine.session_id)
        here = await self.days.place(mine.session_id, server=True)
        assert everywhere is not None and here is not None  # finished
        return (
            f"You: {result_text(game_id, mine)}{marks(mine)}, rank {here.rank} of {here.of} "
            f"on the server where you played, {everywhere.rank} of {everywhere.of} on all servers. "
            f"{days} "
            f"Next deal in {wait}."
        )

    @staticmethod
    def _lines(game_id: str, rows: list[Attempt], guild_id: int | None, me: int) -> str:
        """A board's lines: a member of another server is named only if they chose to be."""
        lines = []
        for rank, row in enumerate(rows, 1):
            if row.user_id == me:
                who = f"<@{me}> (you)"
            elif row.guild_id is not None and row.guild_id == guild_id:
                who = f"<@{row.user_id}>"
            elif row.named:
                who = markdown(row.name)
            else:
                who = ANONYMOUS
            lines.append(f"**{rank}.** {who} — {result_text(game_id, row)}{marks(row)}")
        return "\n".join(lines) or "Nobody has finished today's deal yet."
