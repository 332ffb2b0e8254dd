"""/knightfall challenge | rules: the Knightfall command module."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.flow.lobby import DEFAULT_LEVEL, LEVEL_CHOICES, LEVEL_HELP, OPPONENT_HELP
from bot.surface.lookup import card_choices, send_card
from bot.surface.rules import how_to_play, send_long

if TYPE_CHECKING:
    from bot.client import TabletopBot


@app_commands.guild_only()
class KnightfallCog(commands.GroupCog, group_name="knightfall", group_description="Knightfall"):
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

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(description="Challenge someone to Knightfall, or play the computer")
    @app_commands.describe(
        opponent=OPPONENT_HELP,
        level=LEVEL_HELP,
    )
    @app_commands.choices(level=LEVEL_CHOICES)
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

    @app_commands.command(description="Learn Knightfall: a guided first round, step by step")
    async def learn(self, interaction: discord.Interaction) -> None:
        """The lesson, for this member only, unrated."""
        await self.bot.lobby.start_lesson(interaction, "knightfall")

    @app_commands.command(description="Look up one Knightfall card: its picture and full text")
    @app_commands.describe(name="A card, e.g. Q♠ or Ace of hearts")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        """One card, only to you."""
        await send_card(interaction, "knightfall", name, discord.Colour.dark_gold())

    @card.autocomplete("name")
    async def _card_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return card_choices("knightfall", current)

    @app_commands.command(description="How to play Knightfall")
    async def rules(self, interaction: discord.Interaction) -> None:
        """The whole player-facing rules, ephemerally."""
        await send_long(
            interaction,
            "Knightfall: how to play",
            how_to_play("knightfall"),
            discord.Colour.dark_gold(),
        )


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(KnightfallCog(bot))
