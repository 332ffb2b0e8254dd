"""``/<game> daily``: the day's deal (one attempt), the day's boards, and being named on them.

Every player in every server gets the same deal on a UTC day (``bot.storage.daily``: its seed,
its attempts). A daily game is a solo game like any other once started; what is its own is
here: the kind answer to a second attempt, the boards, the share line of its result, and
``sealed``: until its day ends nobody sees its deal again (replays and reviews wait).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import discord

from bot.errors import UserFacingError
from bot.flow.lobby import Lobby
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
from bot.surface import layout
from bot.surface.daily_text import marks, result_text, share_line, wait_text
from bot.surface.layout import Layout
from bot.surface.links import message_link
from bot.surface.reach import via_interactions
from engines import plugins
from engines.safe_text import markdown

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


class Daily:
    """The daily deal of each game that has one (its plugin's ``daily``)."""

    def __init__(self, lobby: Lobby, settings: Settings) -> None:
        self.lobby = lobby
        self.store = lobby.store
        self.days = DailyStore(lobby.store.db, settings.daily_secret)
        self.clock: Callable[[], datetime] = discord.utils.utcnow
        """Now (tests set another day)."""

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

    async def play(self, interaction: discord.Interaction, game_id: str) -> None:
        """Start today's deal for this member, or tell them how their attempt went."""
        if not plugins.plugin(game_id).daily:
            raise UserFacingError("This game has no daily deal.")
        day = self.today()
        user = interaction.user
        found = await self.days.attempt(user.id, game_id, day)
        if found is not None:
            raise UserFacingError(await self._played(game_id, day, found))
        seed = await self.days.seed(game_id, day)
        guild_id = None if via_interactions(interaction) else interaction.guild_id

        async def claim(sid: str) -> None:
            await self.days.claim(
                sid,
                user_id=user.id,
                name=user.display_name,
                game_id=game_id,
                day=day,
                guild_id=guild_id,
                now=self.clock(),
            )

        try:
            await self.lobby.start_solo(interaction, game_id, {DAILY: day}, seed=seed, then=claim)
        except (IntegrityError, ChannelBusy):
            found = await self.days.attempt(user.id, game_id, day)  # a double click's second
            if found is None:
                raise
            raise UserFacingError(await self._played(game_id, day, found)) from None

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
            link = message_link(session.guild_id, session.channel_id, session.message_id)
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
