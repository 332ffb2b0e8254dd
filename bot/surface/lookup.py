"""Card lookup commands: one card drawn as an image with its full text, only to the asker."""

from __future__ import annotations

import importlib
import io
from typing import Any

import discord
from discord import app_commands

from bot.surface import layout, render_pool
from bot.surface.text_limits import CHOICE_VALUE, OPTION_LABEL
from engines.plugins import plugin
from engines.text import shorten


def _engine_lookup(game_id: str) -> Any:
    """The game's card lookup module, as its plugin names it."""
    module = plugin(game_id).lookup
    if module is None:
        raise KeyError(f"{game_id} has no cards to look up")
    return importlib.import_module(module)


def card_choices(game_id: str, current: str) -> list[app_commands.Choice[str]]:
    """Up to 25 card names containing what was typed (autocomplete)."""
    key = current.strip().lower()
    names = [n for n in _engine_lookup(game_id).card_names() if key in n.lower()]
    return [
        app_commands.Choice(name=shorten(n, OPTION_LABEL), value=n[:CHOICE_VALUE])
        for n in names[:25]
    ]


def card_text(view: dict[str, Any]) -> str:
    """The lookup's full text as Markdown (the image says the same)."""
    lookup = view["lookup"]
    parts = [f"*{lookup.get('subtitle', '')}*"]
    for section in lookup.get("sections") or []:
        heading = section.get("heading")
        lines = "\n".join(str(x) for x in section.get("lines") or [])
        parts.append(f"**{heading}**\n{lines}" if heading else lines)
    return "\n\n".join(parts)


async def send_card(
    interaction: discord.Interaction, game_id: str, name: str, colour: discord.Colour
) -> None:
    """Answer with the card's image and text, ephemerally (unknown names: a refusal)."""
    view = _engine_lookup(game_id).card_view(name)  # EngineError: shown to the asker
    await interaction.response.defer(ephemeral=True, thinking=True)
    picture = await render_pool.picture(game_id, view)
    file = discord.File(io.BytesIO(picture.png), "card.png", description=picture.alt)
    title = str(view["lookup"]["title"])
    shown = layout.message(title, [card_text(view)], colour=colour, picture=file)
    await interaction.followup.send(ephemeral=True, **shown.kwargs())
