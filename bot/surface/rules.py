"""Long texts (how to play, help) as embeds: split on paragraphs, nothing cut off.

An embed description holds 4096 characters and a message at most 10 embeds and 6000
characters in all (bot/surface/text_limits.py), so a long text becomes several embeds, and if needed
several messages.
"""

from __future__ import annotations

import discord

from bot.surface.text_limits import EMBED_TOTAL, MESSAGE_EMBEDS, fit_embed
from engines.resources import data_path

PAGE_CHARS = 3800  # room for the title ("… (2/3)") inside the message total


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


def embeds(title: str, text: str, colour: discord.Colour) -> list[discord.Embed]:
    """One embed per page, titled "title (2/3)" when there are several."""
    parts = pages(text)
    n = len(parts)
    return [
        fit_embed(
            discord.Embed(
                title=title if n == 1 else f"{title} ({i}/{n})", description=part, colour=colour
            )
        )
        for i, part in enumerate(parts, 1)
    ]


def messages(items: list[discord.Embed]) -> list[list[discord.Embed]]:
    """The embeds grouped into messages within Discord's 10-embed / 6000-character limits."""
    out: list[list[discord.Embed]] = [[]]
    size = 0
    for embed in items:
        n = len(embed)
        if out[-1] and (size + n > EMBED_TOTAL or len(out[-1]) == MESSAGE_EMBEDS):
            out.append([])
            size = 0
        out[-1].append(embed)
        size += n
    return out


async def send_long(
    interaction: discord.Interaction, title: str, text: str, colour: discord.Colour
) -> None:
    """Answer with the whole text, ephemerally, in as many messages as it needs."""
    groups = messages(embeds(title, text, colour))
    await interaction.response.send_message(embeds=groups[0], ephemeral=True)
    for group in groups[1:]:
        await interaction.followup.send(embeds=group, ephemeral=True)
