"""The "Undo last move" button: rebuild without the last player action and log "!undo".

The rebuild replays the whole game in a worker: it is the member's heavy request
(``bot.flow.heavy_budget``), its turn taken before the game's lock.
"""

from __future__ import annotations

import logging

import discord

from bot.errors import NotInGame, UserFacingError
from bot.flow.heavy_budget import HeavyBudget
from bot.flow.sessions import SessionManager
from bot.storage.history import UNDO, can_undo, mark_used_undo, moves_to_replay, replayed_state
from bot.storage.refusals import SessionNotFound, StaleButton
from bot.surface import render_pool
from bot.surface.replies import reply_errors
from engines.text import player

log = logging.getLogger(__name__)


async def undo(
    manager: SessionManager,
    budget: HeavyBudget,
    interaction: discord.Interaction,
    sid: str,
    step: int,
) -> None:
    """The Undo button: rebuild without the last player action, log it, show the board."""
    async with reply_errors(interaction, f"session={sid} undo"):
        with budget.admit(interaction.user.id) as turn:
            await interaction.response.defer()
            async with turn():
                await _undo(manager, interaction, sid, step)


async def _undo(
    manager: SessionManager, interaction: discord.Interaction, sid: str, step: int
) -> None:
    """Under the game's lock: check the button, rebuild, record "!undo", show the board."""
    store = manager.store
    async with manager.lock(sid):
        session = await store.load(sid)
        if session.status != "active":
            raise SessionNotFound()
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            raise NotInGame()
        if not can_undo(session):
            raise UserFacingError("This game has no undo.")
        if step != session.step:
            raise StaleButton(session.game_id)
        logged = await store.moves(sid)
        if not moves_to_replay(logged):
            raise UserFacingError("There is no move left to take back.")
        state = await render_pool.run(  # off the event loop: a long game takes a while
            replayed_state,
            session.game_id,
            len(session.seats),
            session.seed,
            session.options,
            [*logged, (seat, UNDO)],
        )
        game = session.game_cls.from_json(state)
        await mark_used_undo(store, session)
        session = await store.record_action(
            session,
            seat=seat,
            code=UNDO,
            game=game,
            public_events=[f"{player(seat)} took back the last move."],
            now=discord.utils.utcnow(),
            prompted=frozenset({seat}),
        )
        log.info("undo session=%s step=%s", sid, session.step)
        await manager.show(session, interaction, seat, {seat}, {})
