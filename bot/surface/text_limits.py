"""Discord's limits on what a message holds, kept in one place.

Every user-facing text is cut to one of these limits with :func:`engines.text.shorten` (embeds
as a whole with :func:`fit_embed`), so the bot never sends what Discord refuses with a 400 and
the player is never left with "interaction failed". A member's text in it is escaped first
(``engines.safe_text``), and the cut never splits an escape. Player input echoed in a reply is
quoted short with :func:`engines.text.quoted`.
"""

from __future__ import annotations

import discord

from engines.text import shorten

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FOOTER = 2048
FIELD_NAME = 256
FIELD_VALUE = 1024
EMBED_TOTAL = 6000
"""Title, description, field names and values, footer and author of all a message's embeds."""
MESSAGE_EMBEDS = 10
V2_TEXT = 4000
"""All the text displays of a components v2 message together."""
BUTTON_LABEL = 80
OPTION_LABEL = 100
"""A select option's label, and an autocomplete choice's name."""
CHOICE_VALUE = 100
"""An autocomplete choice's value (a string)."""
OPTION_DESCRIPTION = 100
"""A select option's description, and a slash command option's."""
PLACEHOLDER = 150
"""A select's placeholder."""


def fit_embed(embed: discord.Embed, total: int = EMBED_TOTAL) -> discord.Embed:
    """``embed`` with every text cut to its limit, and its description to the ``total`` left."""
    if embed.title:
        embed.title = shorten(embed.title, EMBED_TITLE)
    if embed.footer.text:
        embed.set_footer(
            text=shorten(embed.footer.text, EMBED_FOOTER), icon_url=embed.footer.icon_url
        )
    for i, field in enumerate(embed.fields):
        embed.set_field_at(
            i,
            name=shorten(field.name or "", FIELD_NAME),
            value=shorten(field.value or "", FIELD_VALUE),
            inline=bool(field.inline),
        )
    if embed.description:
        embed.description = shorten(embed.description, EMBED_DESCRIPTION)
        over = len(embed) - total
        if over > 0:
            embed.description = shorten(embed.description, max(1, len(embed.description) - over))
    return embed
