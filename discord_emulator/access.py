"""What the bot may do in a guild channel: Discord's refusals when a permission is missing.

Only the bot-token routes check them; interaction responses and follow-ups go through the
interaction's webhook, which needs no channel permission (so a bot can always answer).
"""

from __future__ import annotations

from .bodies import Body
from .models import (
    ATTACH_FILES,
    EMBED_LINKS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    ApiError,
    Channel,
)
from .state import State


def require(state: State, chan: Channel, needed: int) -> None:
    """Refuse unless the bot holds every bit of ``needed`` in ``chan`` (DMs need none).

    Discord answers 403 ``50001`` "Missing Access" when the bot cannot view the channel (as in
    a DM or group DM between users, or a server, it is not in: a user install reaches those
    only by interaction responses) and 403 ``50013`` "Missing Permissions" when it lacks
    another.
    """
    if chan.between_users or not state.bot_in(chan.guild_id):
        raise ApiError(403, 50001, "Missing Access")
    if chan.is_dm:
        return
    have = state.channel_permissions(chan, state.bot_user.id)
    if not have & VIEW_CHANNEL:
        raise ApiError(403, 50001, "Missing Access")
    if needed & ~have:
        raise ApiError(403, 50013, "Missing Permissions")


def send_permission(chan: Channel) -> int:
    """What lets one post in ``chan``: in a thread, Send Messages has no effect."""
    return SEND_MESSAGES_IN_THREADS if chan.is_thread else SEND_MESSAGES


def message_body(state: State, chan: Channel, body: Body, *, creating: bool) -> Body:
    """The body as Discord applies it when the bot posts (or edits its own message) in ``chan``.

    Posting needs Send Messages (in a thread: Send Messages in Threads); editing one's own
    message does not. New files need Attach
    Files. Without Embed Links a bot's embeds are dropped, and a new message that had nothing
    else is refused with 50013.
    """
    send = send_permission(chan) if creating else 0
    require(state, chan, VIEW_CHANNEL | send | (ATTACH_FILES if body.files else 0))
    if chan.is_dm or not body.payload.get("embeds"):
        return body
    if state.channel_permissions(chan, state.bot_user.id) & EMBED_LINKS:
        return body
    payload = {**body.payload, "embeds": []}
    rest = payload.get("content") or payload.get("components") or payload.get("sticker_ids")
    if creating and not (rest or body.files):
        raise ApiError(403, 50013, "Missing Permissions")
    return Body(payload, body.files)
