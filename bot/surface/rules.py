"""Long texts (how to play, help) as v2 messages: split on paragraphs, nothing cut off.

A components v2 message holds 4,000 characters of text in all (``text_limits.V2_TEXT``), so a
long text becomes several pages, one message each, titled "… (2/3)".
"""

from __future__ import annotations

import discord

from bot.surface import layout
from bot.surface.layout import Layout
from engines.resources import data_path

PAGE_CHARS = 3800  # room for the title ("## … (2/3)") inside the message's 4,000


def how_to_play(game_id: str) -> str:
    """The player-facing rules of a game (data/<game>/how_to_play.md)."""
    return data_path(game_id, "how_to_play.md").read_text(encoding="utf-8").strip()


def pages(text: str, limit: int = PAGE_CHARS) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, split between paragraphs or lines."""
    out: list[str] = []
    current = ""
    for block in _blocks(text, limit):
        joined = f"{current}\n\n{block}" if current else block
        if len(joined) <= limit:
            current = joined
        else:
            out.append(current)
            current = block
    if current:
        out.append(current)
    return out


def _blocks(text: str, limit: int) -> list[str]:
    """Paragraphs, with any paragraph longer than ``limit`` split into lines, then words."""
    blocks: list[str] = []
    for para in text.split("\n\n"):
        if len(para) <= limit:
            blocks.append(para)
            continue
        line_buf = ""
        for piece in _pieces(para, limit):
            joined = f"{line_buf}\n{piece}" if line_buf else piece
            if len(joined) <= limit:
                line_buf = joined
            else:
                blocks.append(line_buf)
                line_buf = piece
        if line_buf:
            blocks.append(line_buf)
    return [b for b in blocks if b.strip()]


def _pieces(para: str, limit: int) -> list[str]:
    pieces: list[str] = []
    for line in para.split("\n"):
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > 0 else limit
            pieces.append(line[:cut])
            line = line[cut:].lstrip()
        pieces.append(line)
    return pieces


def layouts(title: str, text: str, colour: discord.Colour) -> list[Layout]:
    """One v2 message per page, titled "title (2/3)" when there are several."""
    parts = pages(text)
    n = len(parts)
    return [
        layout.message(title if n == 1 else f"{title} ({i}/{n})", [part], colour=colour)
        for i, part in enumerate(parts, 1)
    ]


async def send_long(
    interaction: discord.Interaction, title: str, text: str, colour: discord.Colour
) -> None:
    """Answer with the whole text, ephemerally, one message per page."""
    first, *rest = layouts(title, text, colour)
    await interaction.response.send_message(ephemeral=True, **first.kwargs())
    for page in rest:
        await interaction.followup.send(ephemeral=True, **page.kwargs())
