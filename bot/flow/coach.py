"""The coach at work: a suggestion worked out after a player's DM is shown, then added to it.

The DM goes out first, with its moves; the suggestion (``ai.suggest``: the ``normal`` level's
move from what the seat may know) is thought out in the computer's worker process, and the
same DM, and an open **My hand** answer, are then edited to show it (``bot.surface.coach``).
A suggestion that fails or is slow shows nothing, one whose position moved on meanwhile is
dropped; either way the game goes on.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Callable

from bot.flow.computer import Computer
from bot.storage.store import Session, SessionStore
from bot.surface import coach
from bot.surface.delivery import Delivery

log = logging.getLogger(__name__)

FIRST_GAMES = 3
"""The coach starts on in a member's first games of each game (those finished before, any
opponent, on the server), then off; the player's switch decides from there."""
TIME_LIMIT_SECONDS = 10.0
"""A suggestion not worked out by then is not shown."""


def coach_seed(session_seed: int, step: int, seat: int) -> int:
    """The seed of the seat's suggestion at ``step``: the same position gets the same one."""
    digest = hashlib.sha256(f"{session_seed}:{step}:coach:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


async def starts_on(store: SessionStore, guild_id: int, user_id: int, game_id: str) -> bool:
    """Whether the member's coach starts on in a new game of ``game_id`` against the computer."""
    return await store.games_played(guild_id, user_id, game_id) < FIRST_GAMES


class Coach:
    """Works out the coached seats' suggestions in tasks (``coach-<sid>-<seat>``).

    ``lock`` gives the session's lock: the DM is edited under it, and only if the game is
    still at the position the suggestion was made for.
    """

    def __init__(
        self,
        store: SessionStore,
        delivery: Delivery,
        computer: Computer,
        lock: Callable[[str], asyncio.Lock],
    ) -> None:
        self.store = store
        self.delivery = delivery
        self.computer = computer
        self.lock = lock
        self.time_limit = TIME_LIMIT_SECONDS
        self.tasks: set[asyncio.Task[None]] = set()
        self._pending: set[tuple[str, int, int]] = set()  # (session, seat, step) under way

    def after_shown(self, session: Session) -> None:
        """Start working out the suggestion of each coached seat to act that has none yet."""
        if session.status != "active" or session.game.is_over:
            return
        for seat in session.game.to_act():
            key = (session.id, seat, session.step)
            if not coach.coached(session, seat) or key in self._pending:
                continue
            if self.delivery.tips.current(session, seat) is not None:
                continue
            self._pending.add(key)
            task = asyncio.create_task(
                self._suggest(session, seat), name=f"coach-{session.id}-{seat}"
            )
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _suggest(self, session: Session, seat: int) -> None:
        """Think out the seat's suggestion, then show it in their DM if the game waits there."""
        sid, step = session.id, session.step
        try:
            seed = coach_seed(session.seed, step, seat)
            state = session.state_json or ""
            try:
                code, label, reason = await self.computer.suggest(
                    session.game_id, state, seat, seed, self.time_limit
                )
            except Exception as exc:  # its type only: an engine's message may quote the state
                slow = isinstance(exc, TimeoutError)
                log.warning(
                    "the coach's suggestion %s session=%s seat=%s step=%s error=%s; none is shown",
                    "ran over its time limit" if slow else "failed",
                    sid,
                    seat,
                    step,
                    type(exc).__name__,
                )
                return
            self.delivery.tips.put(sid, seat, coach.Tip(step, code, label, reason))
            async with self.lock(sid):
                now = await self.store.load(sid)
                if self.delivery.tips.current(now, seat) is None:
                    return  # the game moved on, or the coach was switched off: dropped
                await self.delivery.refresh_hand(now, seat, [])  # an open My hand shows it too
                if self.delivery.owes_dm(now, seat):
                    return  # its new DM is still to be sent: it will show the suggestion
                await self.delivery.refresh_dm(now, seat, [])
        except Exception:
            log.exception("the coach's suggestion was not shown session=%s seat=%s", sid, seat)
        finally:
            self._pending.discard((sid, seat, step))

    def close(self) -> None:
        """Stop the suggestions under way (at shutdown: the next start works them out again)."""
        for task in self.tasks:
            task.cancel()
