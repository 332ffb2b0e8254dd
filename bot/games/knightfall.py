"""/knightfall challenge | rules: the Knightfall command module."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import TabletopBot

HOW_TO_PLAY = Path(__file__).resolve().parents[2] / "data" / "knightfall" / "how_to_play.md"


@app_commands.guild_only()
class KnightfallCog(commands.GroupCog, group_name="knightfall", group_description="Knightfall"):
    """Knightfall: A Kingdom's War, for two players."""

    help_text = (
        "`/knightfall challenge opponent:@user` — Knightfall for two; they Accept or Decline. "
        "`/knightfall rules` — how to play."
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(description="Challenge someone to a game of Knightfall")
    @app_commands.describe(opponent="Who you want to play")
    async def challenge(self, interaction: discord.Interaction, opponent: discord.User) -> None:
        """Post a challenge the opponent can accept."""
        await self.bot.lobby.challenge(interaction, "knightfall", opponent)

    @app_commands.command(description="How to play Knightfall")
    async def rules(self, interaction: discord.Interaction) -> None:
        """The player-facing rules, ephemerally."""
        embed = discord.Embed(
            title="Knightfall: how to play",
            description=HOW_TO_PLAY.read_text()[:4000],
            colour=discord.Colour.dark_gold(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(KnightfallCog(bot))
