"""Games whose channel or thread was deleted: ended without a result, each player told by DM.

The bot learns of a deletion from the gateway (CHANNEL_DELETE, THREAD_DELETE: only the process
running the server's shard receives them) or from Discord answering 404 ``10003`` Unknown
Channel to a board edit or post (any process, e.g. one that missed the event while it was
down). Deleting a channel deletes its threads without a THREAD_DELETE each, so the games in
threads off it end too. The ending is the store's conditional close: of every caller, in any
process, exactly one closes the game, and only that one tells the players.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.flow.sessions import SessionManager
from bot.storage.store import Session
from bot.surface import game_threads

log = logging.getLogger(__name__)

DELETED = "deleted"
"""The end reason of a game whose channel or thread was deleted."""


def _where(session: Session) -> str:
    return "thread" if game_threads.in_thread(session) else "channel"


def ending(session: Session) -> str:
    """What the final position in a player's DM says."""
    return f"Closed without a result: this game's {_where(session)} was deleted."


def notice(session: Session) -> str:
    """The DM each player gets: which game ended and why (names and ids only, nothing hidden)."""
    title, players = session.game_cls.title, " vs ".join(session.names)
    if session.state_json is None:
        return (
            f"The challenge to a game of **{title}** ({players}) was withdrawn: "
            "its channel was deleted."
        )
    return (
        f"Your game of **{title}** ({players}, session `{session.id}`) ended without a result: "
        f"its {_where(session)} was deleted. It does not count on the leaderboard."
    )


class Orphans:
    """Ends the live games of a deleted channel or thread (under each session's lock)."""

    def __init__(self, manager: SessionManager) -> None:
        self.manager = manager
        self.store = manager.store

    def channel_gone(self, channel_id: int) -> None:
        """A channel or thread was deleted: end its games in a task of their own.

        Called from gateway events and from failed deliveries, which may hold a session's
        lock: the task waits for it.
        """
        task = asyncio.create_task(self._end_all(channel_id), name=f"channel-gone-{channel_id}")
        background = self.manager.background
        background.add(task)
        task.add_done_callback(background.discard)

    async def _end_all(self, channel_id: int) -> None:
        await self.end_games_in(channel_id)

    async def end_games_in(self, channel_id: int) -> int:
        """End every live game played in the channel or in a thread off it; how many this did."""
        ended = 0
        for sid in await self.store.live_in_or_off(channel_id):
            try:
                ended += await self._end(sid)
            except Exception:
                log.exception("could not end a game whose channel is gone session=%s", sid)
        return ended

    async def _end(self, sid: str) -> bool:
        async with self.manager.lock(sid):
            session = await self.store.load(sid)
            now = discord.utils.utcnow()
            if not await self.store.close(session, status="abandoned", reason=DELETED, now=now):
                return False  # it ended meanwhile, here or in another process
            log.info("channel deleted, game ended session=%s", sid)
            await self._tell(await self.store.load(sid))
        return True

    async def _tell(self, session: Session) -> None:
        """A new DM tells each player why the game ended; their game's DM shows the end."""
        delivery = self.manager.delivery
        people = [s for s in session.seats if s.computer is None]
        text = notice(session)
        for seat in people:
            await delivery.tell(seat.user_id, seat.dm_channel_id, text)
        if session.state_json is not None:
            for seat in people:
                await delivery.refresh_dm(session, seat.seat, [], ending=ending(session))
