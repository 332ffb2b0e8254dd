"""/galdor start | rules: the Galdor's Grip command module (solo)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.surface.lookup import card_choices, send_card
from bot.surface.rules import how_to_play, send_long

if TYPE_CHECKING:
    from bot.client import TabletopBot

METHODS = [
    app_commands.Choice(name="c: the suggested build: 6 drawn, look or not (default)", value="c"),
    app_commands.Choice(name="b: 3 random Core cards + 3 expansion cards you choose", value="b"),
    app_commands.Choice(name="a: swap cards in and out at setup (suggested: Core Set)", value="a"),
]


@app_commands.guild_only()
class GaldorCog(commands.GroupCog, group_name="galdor", group_description="Galdor's Grip (solo)"):
    """Galdor's Grip: the solo deck puzzle."""

    start_here = (
        "`/galdor learn` — **Galdor's Grip**, solo: a card puzzle, turn and rotate cards "
        "to gather stars. About 10 minutes."
    )
    help_text = (
        "`/galdor start [threshold] [method] [allstar]` — the solo deck puzzle Galdor's Grip. "
        "`/galdor learn` plays a guided first game, `/galdor card` shows a card, "
        "`/galdor rules` how to play."
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(description="Start a game of Galdor's Grip in this channel")
    @app_commands.describe(
        threshold="Stars needed to win (default: 9)",
        method="Deck-building method (default: c, the suggested build)",
        allstar="The Allstar challenge: win with every star available (default: off)",
    )
    @app_commands.choices(method=METHODS)
    async def start(
        self,
        interaction: discord.Interaction,
        threshold: app_commands.Range[int, 0, 30] = 9,
        method: str = "c",
        allstar: bool = False,
    ) -> None:
        """Start a solo game; its controls are on the board, for this player only."""
        options: dict[str, object] = {"threshold": threshold, "method": method, "allstar": allstar}
        await self.bot.lobby.start_solo(interaction, "galdors_grip", options)

    @app_commands.command(description="Learn Galdor's Grip: a guided first game, step by step")
    async def learn(self, interaction: discord.Interaction) -> None:
        """The lesson, for this member only, unrated."""
        await self.bot.lobby.start_lesson(interaction, "galdors_grip")

    @app_commands.command(description="Look up one Galdor's Grip card: its picture and full text")
    @app_commands.describe(name="The card's name")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        """One card, only to you."""
        await send_card(interaction, "galdors_grip", name, discord.Colour.dark_gold())

    @card.autocomplete("name")
    async def _card_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return card_choices("galdors_grip", current)

    @app_commands.command(description="How to play Galdor's Grip")
    async def rules(self, interaction: discord.Interaction) -> None:
        """The whole player-facing rules, ephemerally."""
        await send_long(
            interaction,
            "Galdor's Grip: how to play",
            how_to_play("galdors_grip"),
            discord.Colour.dark_gold(),
        )


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GaldorCog(bot))
