"""/stats: the server's games, or one member's with their rating history drawn.

Without ``member`` the answer is the whole server's (games per game, most active players,
longest win streaks) with a line on how to see one's own.

Stats are public like the leaderboards: the answer is posted in the channel, and it pings no
one (members are named by mentions in its text, sent with no mention allowed). Each member
may ask once per ``STATS_COOLDOWN_SECONDS``; a member's figures are read from summaries kept
up to date at each game's end (``bot/storage/stats.py``), never counted over their results.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import engines
from bot.cogs.general import GAME_CHOICES
from bot.errors import UserFacingError
from bot.storage import stats
from bot.storage.db import Database
from bot.surface import layout, render_pool
from bot.surface.layout import Layout
from bot.surface.reach import via_interactions
from engines.safe_text import markdown, plain
from engines.text import plural
from render import rating_graph

if TYPE_CHECKING:
    from bot.client import TabletopBot

OUTSIDE_SERVERS = "outside servers (in DMs and group DMs)"
OWN_ONLY = (
    "Outside a server, `/stats` shows only your own games played outside servers: "
    "leave `member` out."
)
NO_GAMES = "No games yet — try /help"
YOURS = "Your own: /stats member: and pick yourself."
GRAPH = "rating.png"
COLOUR = discord.Colour.dark_gold()
LEVEL_ORDER = {"hard": 0, "normal": 1, "easy": 2}


def record(wins: int, losses: int, draws: int) -> str:
    """``3W 1L 0D``."""
    return f"{wins}W {losses}L {draws}D"


@dataclass(frozen=True)
class MemberStats:
    """Everything /stats tells of one member, read in one consistent snapshot."""

    records: list[stats.Record]
    ratings: dict[str, float]
    histories: dict[str, list[stats.RatedGame]]
    opponents: list[stats.Opponent]


async def member_stats(db: Database, guild_id: int, user_id: int, game: str | None) -> MemberStats:
    """The member's records, ratings, rating histories and opponents (one game, or all)."""
    records = await stats.records(db, guild_id, user_id, game)
    played = list(dict.fromkeys(r.game for r in records))
    versus = [g for g in played if engines.get_game(g).max_players > 1]
    ratings = await stats.ratings(db, guild_id, user_id, versus)
    histories = {g: await stats.rating_history(db, guild_id, user_id, g) for g in ratings}
    opponents = await stats.opponents(db, guild_id, user_id, versus)
    return MemberStats(records, ratings, {g: h for g, h in histories.items() if h}, opponents)


def rating_line(rating: float, history: list[stats.RatedGame]) -> str:
    """``rating 1534 (+22 over the last 5 rated games)``."""
    text = f"rating **{rating:.0f}**"
    if history:
        last = history[-stats.RECENT :]
        change = last[-1].after - last[0].before
        text += f" ({change:+.0f} over the last {plural(len(last), 'rated game')})"
    return text


def solo_lines(rows: list[stats.Record]) -> list[str]:
    """Games, wins, and the best score with and without hints or Undo."""
    games = sum(r.games for r in rows)
    wins = sum(r.wins for r in rows)
    scores = [r.best for r in rows if r.best is not None]
    plain = [r.best_plain for r in rows if r.best_plain is not None]
    line = f"{plural(games, 'game')} · {wins} won"
    if scores:
        best, best_plain = max(scores), max(plain) if plain else None
        line += f" · best **{best:g}**"
        if best_plain is None:
            line += " (with hints or Undo)"
        elif best_plain < best:
            line += f" (with hints or Undo; {best_plain:g} without)"
    return [line]


def versus_lines(game: str, rows: list[stats.Record], found: MemberStats) -> list[str]:
    """Rated record and rating, unrated games, each computer level, favourite opponents."""
    lines = []
    rated = [r for r in rows if r.level is None and not r.unrated]
    if rated:
        r = rated[0]
        line = f"**Rated**: {plural(r.games, 'game')} · {record(r.wins, r.losses, r.draws)}"
        if game in found.ratings:
            line += " · " + rating_line(found.ratings[game], found.histories.get(game, []))
        lines.append(line)
    for r in rows:
        if r.level is None and r.unrated:
            unrated = record(r.wins, r.losses, r.draws)
            lines.append(f"**Unrated** (the computer took a seat): {unrated}")
    levels = sorted((r for r in rows if r.level), key=lambda r: LEVEL_ORDER.get(r.level or "", 3))
    if levels:
        lines.append(
            "**Against the computer**: "
            + " · ".join(f"{r.level} {record(r.wins, r.losses, r.draws)}" for r in levels)
        )
    people = [o for o in found.opponents if o.game == game]
    if people:
        lines.append(
            "**Favourite opponents**: "
            + " · ".join(
                f"<@{o.user_id}> {plural(o.games, 'game')} ({record(o.wins, o.losses, o.draws)})"
                for o in people
            )
        )
    elif levels:  # the computer is a favourite only when no person was ever played
        games = plural(sum(r.games for r in levels), "game")
        lines.append(f"**Favourite opponent**: the computer ({games})")
    return lines


def member_layout(
    name: str,
    found: MemberStats,
    graph: discord.File | None = None,
    *,
    where: str = "on this server",
) -> Layout:
    """One block per game played, in the bot's game order; the rating graph below them.

    ``where``: where the games were played.
    """
    title = f"{name} — stats"
    if not found.records:
        return layout.message(title, [NO_GAMES], colour=COLOUR)
    total = sum(r.games for r in found.records)
    blocks = [f"{plural(total, 'finished game')} {where}."]
    for game in engines.game_ids():
        rows = [r for r in found.records if r.game == game]
        if not rows:
            continue
        cls = engines.get_game(game)
        lines = solo_lines(rows) if cls.max_players == 1 else versus_lines(game, rows, found)
        played = plural(sum(r.games for r in rows), "game")
        blocks.append(layout.titled(f"{cls.title} — {played}", "\n".join(lines)))
    footer = None if found.histories else "No rated games to draw a rating history from."
    return layout.message(title, blocks, colour=COLOUR, picture=graph, footer=footer)


def graph_lines(histories: dict[str, list[stats.RatedGame]]) -> list[rating_graph.Line]:
    """One line per game; x counts the member's rated games of every game, oldest first.

    A line starts at the rating before its first game drawn, just left of that game.
    """
    order = sorted((h.finished_at, g) for g, games in histories.items() for h in games)
    xs = {key: x for x, key in enumerate(order, 1)}
    lines = []
    for game in engines.game_ids():
        games = histories.get(game)
        if not games:
            continue
        points = [(xs[(games[0].finished_at, game)] - 1, games[0].before)]
        points += [(xs[(h.finished_at, game)], h.after) for h in games]
        lines.append((engines.get_game(game).title, points))
    return lines


def server_layout(name: str, found: stats.ServerStats) -> Layout:
    """Games per game, the most active players and the longest win streaks."""
    title = f"{name} — stats"
    if not found.games:
        return layout.message(title, [NO_GAMES], colour=COLOUR)
    games = [
        f"{engines.get_game(c.game).title} — {plural(c.games, 'game')},"
        f" {plural(c.players, 'player')}"
        for c in found.games
    ]
    active = [
        f"**{i}.** <@{a.user_id}> — {plural(a.games, 'game')}"
        for i, a in enumerate(found.active, 1)
    ]
    blocks = [layout.titled("Games", "\n".join(games))]
    blocks.append(layout.titled("Most active", "\n".join(active)))
    if found.streaks:
        streaks = [
            f"<@{s.user_id}> — {s.wins} wins in a row at {engines.get_game(s.game).title}"
            for s in found.streaks
        ]
        blocks.append(layout.titled("Longest win streaks", "\n".join(streaks)))
    footer = YOURS
    if found.results >= stats.SERVER_WINDOW:
        footer = f"Counted over the latest {stats.SERVER_WINDOW:,} results. {YOURS}"
    return layout.message(title, blocks, colour=COLOUR, footer=footer)


class StatsCooldown(UserFacingError):
    """The member asked for stats moments ago."""

    def __init__(self, seconds: int) -> None:
        super().__init__(f"You asked for stats moments ago; you can ask again in {seconds} s.")


class StatsCog(commands.Cog):
    """/stats, once per cooldown per member."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        self.cooldown = timedelta(seconds=bot.settings.stats_cooldown_seconds)
        self._asked: dict[int, datetime] = {}  # user id -> when they last asked

    def _admit(self, user_id: int, now: datetime) -> None:
        """Refuse a member within their cooldown, else start it (before anything is read)."""
        last = self._asked.get(user_id)
        if last is not None and now - last < self.cooldown:
            wait = self.cooldown - (now - last)
            raise StatsCooldown(max(1, math.ceil(wait.total_seconds())))
        self._asked = {uid: t for uid, t in self._asked.items() if now - t < self.cooldown}
        self._asked[user_id] = now

    @app_commands.command(description="This server's games, or a member's wins, scores and rating")
    @app_commands.describe(
        member="Whose stats (leave it out for the whole server's)",
        game="One game only (default: every game)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def stats(
        self,
        interaction: discord.Interaction,
        member: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        """Posted in the channel, pinging no one; the rating graph is drawn in a render worker.

        Outside a server that added the bot, games count under no server (``guild_id`` 0):
        there it shows the member's own record of such games, nobody else's.
        """
        whose: discord.abc.User | None = member
        where, guild_id = "on this server", interaction.guild_id or 0
        if via_interactions(interaction):
            if member is not None and member.id != interaction.user.id:
                raise UserFacingError(OWN_ONLY)
            whose, where, guild_id = interaction.user, OUTSIDE_SERVERS, 0
        self._admit(interaction.user.id, interaction.created_at)
        await interaction.response.defer(thinking=True)
        if whose is None:
            async with self.bot.store.reading():
                summary = await stats.server_stats(self.bot.db, guild_id, game)
            guild = interaction.guild.name if interaction.guild else "This server"
            shown = server_layout(markdown(guild), summary)
        else:
            async with self.bot.store.reading():
                found = await member_stats(self.bot.db, guild_id, whose.id, game)
            graph = None
            if found.histories:
                title = f"{plain(whose.display_name)} — rating history"
                png, alt = await render_pool.run(
                    rating_graph.picture, graph_lines(found.histories), title
                )
                graph = discord.File(io.BytesIO(png), GRAPH, description=alt)
            shown = member_layout(markdown(whose.display_name), found, graph, where=where)
        await interaction.followup.send(
            allowed_mentions=discord.AllowedMentions.none(), **shown.kwargs()
        )


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(StatsCog(bot))
