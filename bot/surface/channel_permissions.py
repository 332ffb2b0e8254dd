"""What the bot needs in a channel to show a game there, read from the interaction itself."""

from __future__ import annotations

import discord

from bot.errors import MissingChannelPermissions

NEEDED = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("attach_files", "Attach Files"),
)
"""The permissions a game needs (attribute of ``discord.Permissions``, name in Discord's UI):
its board is posted, edited and announced in the channel, with a picture. Not *Embed Links*:
every message a game posts there (challenge, board, result) is components v2, no embed."""
THREAD_NEEDED = (
    ("create_public_threads", "Create Public Threads"),
    ("send_messages_in_threads", "Send Messages in Threads"),
)
"""What a game in its own thread needs besides: the thread is started off the channel, the
board is posted in it (a thread has its channel's permissions; Send Messages has no effect
there), the result is announced in the channel."""


def require_game_permissions(interaction: discord.Interaction, *, thread: bool = False) -> None:
    """Refuse a start or challenge where the bot could not keep the game's board up.

    ``app_permissions`` comes with every interaction (the bot's permissions in its channel,
    overwrites applied), so the check costs no request. It names every missing permission.
    ``thread``: the game will be played in a thread off this channel.
    """
    have = interaction.app_permissions
    needed = NEEDED + THREAD_NEEDED if thread else NEEDED
    missing = [name for attr, name in needed if not getattr(have, attr)]
    if missing:
        raise MissingChannelPermissions(missing, interaction.channel_id or 0)
