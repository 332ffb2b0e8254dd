"""Public threads, as Discord makes them: started from a message, the parent's permissions.

A public thread is started from a message of a text channel and takes that message's id. It
has no overwrites of its own: its permissions are its parent's, except that posting in it
needs Send Messages in Threads (Send Messages has no effect there). An archived thread
refuses edits (``50083``); a message sent in it unarchives it.
"""

from __future__ import annotations

from typing import Any

from . import access
from .models import (
    CREATE_PUBLIC_THREADS,
    GUILD_TEXT,
    THREAD_ARCHIVE_MINUTES,
    VIEW_CHANNEL,
    ApiError,
    Channel,
)
from .state import State

MAX_NAME = 100


def _invalid(field: str, why: str) -> ApiError:
    return ApiError(400, 50035, f"Invalid Form Body: {field}: {why}", {"_emulator": [field, why]})


def refuse_if_archived(chan: Channel) -> None:
    """Archived threads take no edits (a new message unarchives them instead)."""
    if chan.is_thread and chan.archived:
        raise ApiError(400, 50083, "Operation cannot be performed on an archived thread.")


def start_from_message(
    state: State, chan: Channel, message_id: int, payload: dict[str, Any]
) -> Channel:
    """``POST /channels/{id}/messages/{message_id}/threads`` by the bot (its checks, in order)."""
    if chan.type != GUILD_TEXT:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    access.require(state, chan, VIEW_CHANNEL | CREATE_PUBLIC_THREADS)
    message = state.message(chan.id, message_id)
    name = payload.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
        raise _invalid("name", f"must be between 1 and {MAX_NAME} in length")
    minutes = payload.get("auto_archive_duration") or 4320
    if minutes not in THREAD_ARCHIVE_MINUTES:
        raise _invalid("auto_archive_duration", f"must be one of {THREAD_ARCHIVE_MINUTES}")
    if message.id in state.channels:
        raise ApiError(400, 160004, "A thread has already been created for this message")
    return state.add_thread(chan, message, name, state.bot_user.id, minutes)
