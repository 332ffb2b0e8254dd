"""Autocomplete for a player's saved decks (``bot/storage/decks.py`` keeps them)."""

from __future__ import annotations

from discord import app_commands

from bot.storage.decks import DeckStore


async def saved_deck_choices(
    store: DeckStore, user_id: int, game: str, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the player's saved decks of a game whose names contain what was typed."""
    key = current.strip().casefold()
    names = await store.names(user_id, game)
    return [app_commands.Choice(name=n, value=n) for n in names if key in n.casefold()][:25]
