"""Links to a channel or a message, in a server or outside one."""

from __future__ import annotations


def message_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """Discord's link to the channel, or to a message in it.

    Outside a server (a DM, a group DM, or a game played only through interactions, whose
    ``guild_id`` is 0) Discord's links say ``@me`` where a server's id would be.
    """
    link = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return link if message_id is None else f"{link}/{message_id}"
