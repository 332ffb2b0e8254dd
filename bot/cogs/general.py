"""/leaderboard and /help."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import ai
import engines
from bot.games.base import GameCommands
from bot.storage.db import Database
from bot.storage.leaderboard import SoloStanding, computer_records, solo_standings, standings
from bot.surface import help_pages
from bot.surface.acknowledge import read_first, send
from bot.surface.help_pages import HelpFacts
from bot.surface.layout import Layout
from bot.surface.text_limits import OPTION_LABEL, fit_embed
from engines import plugins
from engines.text import plural, shorten

if TYPE_CHECKING:
    from bot.client import TabletopBot

GAME_CHOICES = [
    app_commands.Choice(name=shorten(engines.get_game(gid).title, OPTION_LABEL), value=gid)
    for gid in engines.game_ids()
]

EMPTY = "No finished games yet. Be the first!"
NO_RATED = "No rated games yet: challenge a member to get a rating."
UNCERTAINTY = "± is the rating's uncertainty: it narrows as a player plays more rated games."


async def versus_table(db: Database, guild_id: int, game: str) -> str:
    """Wins, losses, draws and Glicko-2 rating; then the unrated games against the computer."""
    rows = await standings(db, guild_id, game)
    records = await computer_records(db, guild_id, game)
    text = "\n".join(
        f"**{i}.** <@{r.user_id}> — {r.wins}W {r.losses}L {r.draws}D"
        + (f" · rating {r.rating:.0f} ±{r.rd:.0f}" if r.rating is not None else "")
        for i, r in enumerate(rows, 1)
    ) or (NO_RATED if records else EMPTY)
    if any(r.rating is not None for r in rows):
        text += f"\n{UNCERTAINTY}"
    if records:
        text += "\n\n**Against the computer** (unrated)\n" + "\n".join(
            f"<@{r.user_id}> vs {r.level} — {r.wins}W {r.losses}L {r.draws}D" for r in records
        )
    return text


async def solo_table(
    db: Database, guild_id: int, game: str, option: tuple[str, str] | None = None
) -> str:
    """Games, wins, best score and challenge completions; 💡 marks games with hints."""
    rows = await solo_standings(db, guild_id, game, option=option)
    return (
        "\n".join(
            f"**{i}.** <@{r.user_id}> — best {r.best_score or 0:g}{_hinted_best(r)}"
            f" · {r.wins}/{r.games} games won"
            + (f" · {r.challenge_wins} Allstar" if r.challenge_wins else "")
            + (f" · {plural(r.undo_games, 'game')} with Undo" if r.undo_games else "")
            + (f" · {plural(r.hint_games, 'game')} with hints 💡" if r.hint_games else "")
            for i, r in enumerate(rows, 1)
        )
        or EMPTY
    )


def _hinted_best(row: SoloStanding) -> str:
    """A 💡 after a best score reached only in games with hints, and the best without."""
    if not row.hint_games or (row.best_unhinted or 0) >= (row.best_score or 0):
        return ""
    if row.best_unhinted is None:
        return " 💡 (with hints)"
    return f" 💡 (with hints; {row.best_unhinted:g} without)"


def help_facts(cogs: Iterable[commands.Cog]) -> HelpFacts:
    """What ``/help`` says about the games, from the games' command groups and plugins."""
    cogs = list(cogs)
    return HelpFacts(
        start=[s for s in (getattr(cog, "start_here", "") for cog in cogs) if s],
        games=[g for g in (getattr(cog, "help_text", "") for cog in cogs) if g],
        solo_starts=solo_starts(cogs),
        daily=[
            f"`/{cog.app_command.name} daily`"
            for cog in cogs
            if isinstance(cog, GameCommands)
            and cog.app_command is not None
            and plugins.plugin(cog.facts.game_id).daily
        ],
        hinted=[p.name for p in plugins.plugins() if ai.hints_for(p.id)],
    )


def solo_starts(cogs: Iterable[commands.Cog]) -> list[str]:
    """The solo games' start commands (`/galdor start`), from their command groups."""
    return [
        f"`/{cog.app_command.name} start`"
        for cog in cogs
        if isinstance(cog, GameCommands)
        and cog.app_command is not None
        and plugins.plugin(cog.facts.game_id).seats == "solo"
    ]


class GeneralCog(commands.Cog):
    """Commands that are not about one game in particular."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(description="This server's standings for a game")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        """Top players by rating (two-player games) or wins and best score (solo games)."""
        cls = engines.get_game(game)
        title = f"{cls.title} — leaderboard"
        table = solo_table if cls.max_players == 1 else versus_table
        async with read_first(interaction, ephemeral=False), self.bot.store.reading():
            text = await table(self.bot.db, interaction.guild_id or 0, game)  # committed only
        embed = fit_embed(
            discord.Embed(title=title, description=text, colour=discord.Colour.dark_gold())
        )
        await send(interaction, embed=embed, allowed_mentions=discord.AllowedMentions.none())

    def help_page(self, key: str = "start") -> Layout:
        """Page ``key`` of ``/help`` (its page buttons ask for it too)."""
        return help_pages.page(help_facts(self.bot.cogs.values()), key)

    @app_commands.command(name="help", description="How to use the tabletop bot")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def help_(self, interaction: discord.Interaction) -> None:
        """The "Start here" page, with buttons to the others (one private message)."""
        shown = self.help_page()
        await interaction.response.send_message(ephemeral=True, **shown.kwargs())


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GeneralCog(bot))
