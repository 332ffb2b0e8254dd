"""A deck name option, and autocomplete for a player's saved decks (``bot/storage/decks.py``)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.storage.decks import DeckStore, spaced


class Spaced(app_commands.Transformer):
    """A deck name as typed, each run of whitespace made one space before the command reads it.

    The store keeps ``my deck`` for ``my      deck``; every answer then names the deck as it is
    kept, never the member's thousands of spaces (a reply over Discord's 2,000 characters).
    """

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        """The name with its runs of whitespace made one space."""
        return spaced(value)


DeckName = app_commands.Transform[str, Spaced]
"""The type of a command's deck name option (a saved deck's, or a starter's)."""


async def saved_deck_choices(
    store: DeckStore, user_id: int, game: str, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the player's saved decks of a game whose names contain what was typed."""
    key = current.strip().casefold()
    names = await store.names(user_id, game)
    return [app_commands.Choice(name=n, value=n) for n in names if key in n.casefold()][:25]
