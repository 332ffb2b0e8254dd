"""/knightfall challenge | rules: the Knightfall command module."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.flow.lobby import DEFAULT_LEVEL
from bot.games.base import CardLookup, GameCommands, GameFacts, opponent_and_level
from engines.knightfall.plugin import PLUGIN

if TYPE_CHECKING:
    from bot.client import TabletopBot

FACTS = GameFacts(
    plugin=PLUGIN,
    colour=discord.Colour.dark_gold(),
    lesson="a guided first round",
    card=CardLookup(
        description="Look up one Knightfall card: its picture and full text",
        name_help="A card, e.g. Q♠ or Ace of hearts",
    ),
)


class KnightfallCog(
    GameCommands,
    group_name="knightfall",
    group_description="Knightfall",
    game=FACTS,
    anywhere=True,
):
    """Knightfall: A Kingdom's War, for two players."""

    start_here = (
        "`/knightfall learn` — **Knightfall**, for two: a duel of hidden cards where the "
        "stronger camp wins. A game takes about 20 minutes."
    )
    help_text = (
        "`/knightfall challenge opponent:@user` — Knightfall for two; they Accept or Decline "
        "(no opponent: you play the computer, `level:` easy, normal or hard). "
        "`/knightfall learn` plays a guided first round, `/knightfall card` shows what a card "
        "does, `/knightfall rules` how to play."
    )

    @app_commands.command(description="Challenge someone to Knightfall, or play the computer")
    @opponent_and_level
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User | None = None,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        """Post a challenge the opponent can accept, or start against the computer."""
        lobby = self.bot.lobby
        seat = secrets.randbelow(2) if lobby.is_computer(opponent) else 0  # who leads: a draw
        await lobby.challenge(interaction, "knightfall", opponent, seat=seat, level=level)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(KnightfallCog(bot))
