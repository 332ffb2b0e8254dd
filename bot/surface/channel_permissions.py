"""What the bot needs in a channel to show a game there, read from the interaction itself."""

from __future__ import annotations

import discord

from bot.errors import MissingChannelPermissions

NEEDED = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
)
"""The permissions a game needs (attribute of ``discord.Permissions``, name in Discord's UI):
its board is edited and announced in the channel, with an embed and an image."""


def require_game_permissions(interaction: discord.Interaction) -> None:
    """Refuse a start or challenge where the bot could not keep the game's board up.

    ``app_permissions`` comes with every interaction (the bot's permissions in its channel,
    overwrites applied), so the check costs no request. It names every missing permission.
    """
    have = interaction.app_permissions
    missing = [name for attr, name in NEEDED if not getattr(have, attr)]
    if missing:
        raise MissingChannelPermissions(missing, interaction.channel_id or 0)
