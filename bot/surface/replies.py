"""Answering users: the one place errors become friendly ephemeral messages."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from bot.errors import UserFacingError
from bot.surface.text_limits import CONTENT
from engines import EngineError
from engines.text import shorten

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on our side. Your game is safe; please try again."


async def ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Tell only this user, whether or not the interaction was already answered.

    The text is cut to what a message holds, so even a refusal quoting a long input arrives.
    """
    text = shorten(text, CONTENT)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)


@asynccontextmanager
async def reply_errors(interaction: discord.Interaction, context: str = "") -> AsyncIterator[None]:
    """Turn refusals into ephemeral answers; log anything unexpected (no hidden data)."""
    try:
        yield
    except (UserFacingError, EngineError) as exc:
        await ephemeral(interaction, str(exc))
    except Exception:
        log.exception("unexpected error %s user=%s", context, interaction.user.id)
        await ephemeral(interaction, APOLOGY)
