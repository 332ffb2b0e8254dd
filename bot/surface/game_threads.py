"""A game in its own thread: the thread's name, the channel's line about it, where it goes.

With the server setting on, a start (or an accepted challenge) starts a public thread off
the channel from the start's own message, which becomes one line pointing at the thread; the
board, the log and every later message of the game go to the thread, and the result is also
announced in the channel.
"""

from __future__ import annotations

from typing import Literal

import discord

from bot.storage.store import Session
from engines.text import shorten

THREAD_NAME = 100
"""Discord's limit on a thread's name."""
ARCHIVE_MINUTES: Literal[10080] = 10080
"""The thread leaves the channel list after a week without activity (Discord's longest)."""
LISTED = 10
"""``/game`` commands in a channel name at most this many of its game threads."""


def awaits_thread(session: Session) -> bool:
    """The game will be played in a thread it does not have yet (a challenge not accepted)."""
    return session.parent_channel_id == session.channel_id


def in_thread(session: Session) -> bool:
    """The game is played in its own thread off ``parent_channel_id``."""
    return session.parent_channel_id not in (None, session.channel_id)


def _players(session: Session, names: list[str]) -> str:
    return f"{session.game_cls.title}: {' vs '.join(names)}"


def thread_name(session: Session) -> str:
    """The thread's name: the game and its players (a name: no markdown)."""
    return shorten(_players(session, session.plain_names), THREAD_NAME)


def start_line(session: Session) -> str:
    """The channel's one line about a game in its thread (names only: it pings no one)."""
    return f"**{_players(session, session.names)}** — in <#{session.channel_id}>"


def headline(session: Session, result: str) -> str:
    """The channel's announcement of a thread's result: its first line and where the game is."""
    first = result.split("\n", 1)[0]
    return f"{first}\n-# {session.game_cls.title}, played in <#{session.channel_id}>"


async def start_thread(
    channel: discord.TextChannel, message_id: int, session: Session
) -> discord.Thread:
    """Start the game's public thread from a message of ``channel``; it takes the message's id.

    The message is the start's answer or the challenge, which becomes the line about the game.
    """
    return await channel.get_partial_message(message_id).create_thread(
        name=thread_name(session), auto_archive_duration=ARCHIVE_MINUTES
    )


def threads_here(thread_ids: list[int]) -> str:
    """What a ``/game`` command in a channel says when its games are played in threads."""
    where = ", ".join(f"<#{t}>" for t in thread_ids[:LISTED])
    more = len(thread_ids) > LISTED
    return (
        "No game is running in this channel itself: its games are played in their threads "
        f"({where}{', …' if more else ''}). Use the command in your game's thread."
    )
