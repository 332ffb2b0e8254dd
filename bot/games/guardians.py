"""/guardians challenge | rules | card: the Guardians command module."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.lookup import card_choices, send_card
from bot.rules import how_to_play, send_long
from engines.guardians.catalogue import CATALOGUE

if TYPE_CHECKING:
    from bot.client import TabletopBot

COLOUR = discord.Colour.dark_red()
DEFAULT_DECK = "starter_1"
DECKS = [
    app_commands.Choice(name=deck.name[:100], value=deck.id) for deck in CATALOGUE.decks.values()
]


def deck_pair(challenger_deck: str) -> list[str]:
    """The decks by seat: the challenger's choice, and the first other starter for the opponent."""
    other = next(d for d in CATALOGUE.decks if d != challenger_deck)
    return [challenger_deck, other]


@app_commands.guild_only()
class GuardiansCog(commands.GroupCog, group_name="guardians", group_description="Guardians"):
    """Guardians, the collectible card game, for two players with the starter decks."""

    help_text = (
        "`/guardians challenge opponent:@user [deck]` — Guardians for two; you pick a starter "
        f"deck (default: {CATALOGUE.decks[DEFAULT_DECK].name}), your opponent plays the other. "
        "`/guardians card` shows any card, `/guardians rules` how to play."
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(description="Challenge someone to a game of Guardians")
    @app_commands.describe(
        opponent="Who you want to play",
        deck=(
            f"Your starter deck (default: {CATALOGUE.decks[DEFAULT_DECK].name}); "
            "your opponent plays the other"
        )[:100],
    )
    @app_commands.choices(deck=DECKS)
    async def challenge(
        self, interaction: discord.Interaction, opponent: discord.User, deck: str = DEFAULT_DECK
    ) -> None:
        """Post a challenge the opponent can accept."""
        options: dict[str, object] = {"decks": deck_pair(deck)}
        await self.bot.lobby.challenge(interaction, "guardians", opponent, options)

    @app_commands.command(description="Look up a Guardians card, Guardian or Stronghold set")
    @app_commands.describe(name="A card, e.g. Swordsman, Rak Nam or Keep of Rak Nam")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        """One card, only to you."""
        await send_card(interaction, "guardians", name, COLOUR)

    @card.autocomplete("name")
    async def _card_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return card_choices("guardians", current)

    @app_commands.command(description="How to play Guardians")
    async def rules(self, interaction: discord.Interaction) -> None:
        """The whole player-facing rules, ephemerally."""
        await send_long(interaction, "Guardians: how to play", how_to_play("guardians"), COLOUR)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GuardiansCog(bot))
