"""Whether a game's players are still members of its server.

The bot has no members intent, so Discord does not tell it when someone leaves a server: it
asks (``GET /guilds/{guild}/members/{user}``) when it needs to know, one request per player.
"""

from __future__ import annotations

import logging
from collections.abc import Collection

import discord

from bot.storage.store import Session

log = logging.getLogger(__name__)

UNKNOWN_MEMBER = 10007
UNKNOWN_USER = 10013
"""Discord's codes for a user who is not a member of the server, or no longer exists."""


async def departed(
    client: discord.Client, session: Session, seats: Collection[int] | None = None
) -> list[int]:
    """The seats (of ``seats``; default every person's) whose player left the game's server.

    Only 404 Unknown Member (or Unknown User: the account was deleted) counts as gone; any
    other answer, or a failed request, counts as still there. The computer's seats are skipped.
    A game outside a server (``via_interactions``) has no server to leave: none.
    """
    gone: list[int] = []
    if session.via_interactions:
        return gone
    for seat in session.seats:
        if seat.computer is not None or (seats is not None and seat.seat not in seats):
            continue
        try:
            await client.http.get_member(session.guild_id, seat.user_id)
        except discord.NotFound as exc:
            if exc.code in (UNKNOWN_MEMBER, UNKNOWN_USER):
                gone.append(seat.seat)
        except discord.HTTPException as exc:
            log.info(
                "membership not known session=%s seat=%s code=%s", session.id, seat.seat, exc.code
            )
    return gone
