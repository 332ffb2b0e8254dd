"""/tournament create | join | leave | start | standings | cancel: a server's tournaments.

What they do is ``bot/flow/tournaments.py``'s; the game choices come from the registry (its
two-player games).
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.flow.tournaments import MAX_ROUNDS, two_player_games
from bot.storage.pairing import ROUND_ROBIN, SWISS
from bot.surface.text_limits import OPTION_LABEL
from engines import plugins
from engines.text import shorten

if TYPE_CHECKING:
    from bot.client import TabletopBot

GAME_CHOICES = [
    app_commands.Choice(name=shorten(plugins.plugin(gid).title, OPTION_LABEL), value=gid)
    for gid in two_player_games()
]
FORMAT_CHOICES = [
    app_commands.Choice(name="Swiss: players meet others on the same score", value=SWISS),
    app_commands.Choice(name="Round robin: everyone meets everyone once", value=ROUND_ROBIN),
]
UNIT_CHOICES = [
    app_commands.Choice(name="days", value="days"),
    app_commands.Choice(name="hours", value="hours"),
]
TOURNAMENT_HELP = "The tournament's id (default: the one in this channel or on this server)"


class TournamentCog(
    commands.GroupCog, group_name="tournament", group_description="Tournaments on this server"
):
    """The tournament commands."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(description="Organise a tournament in this channel (Manage Server)")
    @app_commands.describe(
        game="Which game",
        format="Swiss or round robin",
        rounds=f"Swiss: how many rounds (1-{MAX_ROUNDS}); round robin plays everyone once",
        pace="How long each round lasts (with unit)",
        unit="The unit of pace (default: days)",
        rated="Whether its games change ratings (default: yes)",
        start_in_hours="Start by itself this many hours from now (default: when you start it)",
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES, unit=UNIT_CHOICES)
    @app_commands.guild_only()
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] = 3,
        pace: app_commands.Range[int, 1, 720] = 2,
        unit: str = "days",
        rated: bool = True,
        start_in_hours: app_commands.Range[int, 1, 720] | None = None,
    ) -> None:
        """Create an open tournament; members join until it starts."""
        await self.bot.tournaments.create(
            interaction,
            game_id=game,
            fmt=format,
            rounds=rounds,
            pace=timedelta(days=pace) if unit == "days" else timedelta(hours=pace),
            rated=rated,
            start_in=timedelta(hours=start_in_hours) if start_in_hours else None,
        )

    @app_commands.command(description="Join a tournament before it starts")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        """Enter the tournament."""
        await self.bot.tournaments.join(interaction, tournament)

    @app_commands.command(description="Leave a tournament before it starts")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        """Leave the tournament."""
        await self.bot.tournaments.leave(interaction, tournament)

    @app_commands.command(description="Start the tournament and pair round 1 (its organiser)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        """Start it now."""
        await self.bot.tournaments.start(interaction, tournament)

    @app_commands.command(description="The players, or the standings so far")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    @app_commands.guild_only()
    async def standings(
        self, interaction: discord.Interaction, tournament: str | None = None
    ) -> None:
        """Show the standings."""
        await self.bot.tournaments.show_standings(interaction, tournament)

    @app_commands.command(description="Call the tournament off (its organiser)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        """Cancel it."""
        await self.bot.tournaments.cancel(interaction, tournament)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(TournamentCog(bot))
