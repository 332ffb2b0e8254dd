"""/hopscotch start, and learn and rules from the shared base."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from tiny_game.plugin import PLUGIN

from bot.games.base import GameCommands, GameFacts

FACTS = GameFacts(plugin=PLUGIN, colour=discord.Colour.blue(), lesson="a first hop")


class HopscotchCog(
    GameCommands, group_name="hopscotch", group_description="Hopscotch (solo)", game=FACTS
):
    help_text = "`/hopscotch start` — hop to square 10."

    @app_commands.command(description="Start a game of Hopscotch in this channel")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.bot.lobby.start_solo(interaction, PLUGIN.id, {})


async def setup(bot: Any) -> None:
    await bot.add_cog(HopscotchCog(bot))
