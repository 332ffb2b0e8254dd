"""/galdor start | daily | rules: the Galdor's Grip command module (solo)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.games.base import CardLookup, GameCommands, GameFacts
from engines.galdors_grip.plugin import PLUGIN

if TYPE_CHECKING:
    from bot.client import TabletopBot

METHODS = [
    app_commands.Choice(name="c: the suggested build: 6 drawn, look or not (default)", value="c"),
    app_commands.Choice(name="b: 3 random Core cards + 3 expansion cards you choose", value="b"),
    app_commands.Choice(name="a: swap cards in and out at setup (suggested: Core Set)", value="a"),
]
FACTS = GameFacts(
    plugin=PLUGIN,
    colour=discord.Colour.dark_gold(),
    lesson="a guided first game",
    card=CardLookup(
        description="Look up one Galdor's Grip card: its picture and full text",
        name_help="The card's name",
    ),
)


class GaldorCog(
    GameCommands,
    group_name="galdor",
    group_description="Galdor's Grip (solo)",
    game=FACTS,
    anywhere=True,
):
    """Galdor's Grip: the solo deck puzzle."""

    start_here = (
        "`/galdor learn` — **Galdor's Grip**, solo: a card puzzle, turn and rotate cards "
        "to gather stars. About 10 minutes."
    )
    help_text = (
        "`/galdor start [threshold] [method] [allstar]` — the solo deck puzzle Galdor's Grip. "
        "`/galdor daily` the day's deal (the same for everyone, one attempt), "
        "`/galdor learn` plays a guided first game, `/galdor card` shows a card, "
        "`/galdor rules` how to play."
    )

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


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GaldorCog(bot))
