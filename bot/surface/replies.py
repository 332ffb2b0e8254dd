"""Answering users: the one place errors become friendly ephemeral messages."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from bot.surface.acknowledge import answering
from bot.surface.click_age import ClickExpired
from bot.surface.private_answers import PrivateAnswers
from bot.surface.refusals import REFUSALS, refusal_text
from bot.surface.text_limits import CONTENT
from engines.text import shorten

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on our side. Your game is safe; please try again."
PRESSED_AGAIN = "-# Pressed again: nothing more was done."


async def ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Tell only this user, whether or not the interaction was already answered.

    The text is cut to what a message holds, so even a refusal quoting a long input arrives.
    """
    text = shorten(text, CONTENT)
    try:
        async with answering(interaction):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)


def disabled(message: discord.Message | None) -> discord.ui.View | None:
    """The message's components, every one disabled (None: it had none)."""
    if message is None or not message.components:
        return None
    view = discord.ui.View.from_message(message, timeout=None)
    for item in view.children:
        if isinstance(item, discord.ui.Button | discord.ui.Select):
            item.disabled = True
    return view


async def close_question(
    interaction: discord.Interaction, text: str, answers: PrivateAnswers, *, outcome: bool = True
) -> None:
    """Answer a press on an ephemeral question in the question itself, its buttons disabled.

    ``outcome``: ``text`` is what the press did (kept, so a second press re-shows it); else it
    is a refusal, and a question this process already answered keeps saying what it did.
    """
    message = interaction.message
    if message is not None:
        earlier = None if outcome else answers.outcome(message.id)
        if earlier is not None:
            text = f"{earlier}\n{PRESSED_AGAIN}"
        elif outcome:
            answers.note_outcome(message.id, text)
    text = shorten(text, CONTENT)
    view = disabled(message)
    try:
        async with answering(interaction):
            if interaction.response.is_done():
                await interaction.edit_original_response(content=text, view=view)
            else:
                await interaction.response.edit_message(content=text, view=view)
    except discord.HTTPException:
        log.info("could not close a question interaction=%s", interaction.id)


@asynccontextmanager
async def reply_errors(
    interaction: discord.Interaction,
    context: str = "",
    *,
    question: PrivateAnswers | None = None,
) -> AsyncIterator[None]:
    """Turn refusals into ephemeral answers; log anything unexpected (no hidden data).

    ``question``: the press is a question's Yes; the refusal replaces the question, whose
    buttons are disabled, rather than piling up another message.
    """
    try:
        yield
    except ClickExpired:  # nothing was done, and Discord takes no answer to it any more
        log.info(
            "too late for Discord's deadline, nothing done %s user=%s", context, interaction.user.id
        )
    except REFUSALS as exc:
        await _refuse(interaction, refusal_text(exc), question)
    except Exception:
        log.exception("unexpected error %s user=%s", context, interaction.user.id)
        await _refuse(interaction, APOLOGY, question)


async def _refuse(
    interaction: discord.Interaction, text: str, question: PrivateAnswers | None
) -> None:
    if question is None:
        await ephemeral(interaction, text)
    else:
        await close_question(interaction, text, question, outcome=False)
