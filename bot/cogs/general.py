"""/leaderboard and /help."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import engines
from bot.leaderboard import standings

if TYPE_CHECKING:
    from bot.client import TabletopBot

GAME_CHOICES = [
    app_commands.Choice(name=engines.get_game(gid).title[:100], value=gid)
    for gid in engines.GAME_IDS
]

HELP = """\
**Start a game**
{games}

**During a game** (one game per channel)
Your private cards and your controls come by direct message. If your DMs are closed, press
**My hand** on the board: only you see the answer.
`/game status` · `/game log` · `/game resign` · `/game abort` (all players agree, or a member with
Manage Server) · `/game replay` (re-run a finished game from its published seed).

**Standings**
`/leaderboard game:<game>` — wins, losses, draws and Glicko-2 rating on this server.
"""


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
        rows = await standings(self.bot.db, interaction.guild_id or 0, game)
        title = f"{engines.get_game(game).title} — leaderboard"
        if not rows:
            text = "No finished games yet. Be the first!"
        else:
            text = "\n".join(
                f"**{i}.** <@{r.user_id}> — {r.wins}W {r.losses}L {r.draws}D"
                + (f" · rating {r.rating:.0f} ±{r.rd:.0f}" if r.rating is not None else "")
                + (f" · best {r.best_score:g}" if r.best_score is not None else "")
                for i, r in enumerate(rows, 1)
            )
        embed = discord.Embed(title=title, description=text, colour=discord.Colour.dark_gold())
        await interaction.response.send_message(
            embed=embed, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="help", description="How to use the tabletop bot")
    async def help_(self, interaction: discord.Interaction) -> None:
        """The command list."""
        games = [getattr(cog, "help_text", "") for cog in self.bot.cogs.values()]
        text = HELP.format(games="\n".join(g for g in games if g))
        embed = discord.Embed(title="Tabletop games", description=text)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GeneralCog(bot))
