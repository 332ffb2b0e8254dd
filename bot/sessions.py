"""The session manager: the click loop, serialised per session, persisted before replying."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Iterable

import discord

from bot.delivery import Delivery
from bot.errors import NotInGame, SessionNotFound, StaleButton
from bot.presenter import controls_in_channel
from bot.replies import ephemeral, reply_errors
from bot.store import Session, SessionStore
from engines import Event, Game

log = logging.getLogger(__name__)


def legal_codes(game: Game, seats: int) -> dict[int, list[str]]:
    """Each seat's legal action codes (to see whose choices an action changed)."""
    cls = type(game)
    return {s: [cls.encode(a) for a in game.legal_actions(s)] for s in range(seats)}


def split_events(events: Iterable[Event]) -> tuple[list[str], dict[int, list[str]]]:
    """Public texts for the channel, private texts per seat."""
    public: list[str] = []
    private: dict[int, list[str]] = {}
    for e in events:
        if e.seat is None:
            public.append(e.text)
        else:
            private.setdefault(e.seat, []).append(e.text)
    return public, private


class SessionManager:
    """Applies players' actions: lock, load, check, apply, persist, then show."""

    def __init__(self, client: discord.Client, store: SessionStore) -> None:
        self.client = client
        self.store = store
        self.delivery = Delivery(client, store)
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def lock(self, sid: str) -> asyncio.Lock:
        """The per-session lock (created on demand, dropped when nobody holds it)."""
        lock = self._locks.get(sid)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[sid] = lock
        return lock

    async def act(self, interaction: discord.Interaction, sid: str, step: int, code: str) -> None:
        """Handle one click on an action button or select."""
        await interaction.response.defer()  # ack within 3 s; rendering may take longer
        context = f"session={sid} step={step}"
        async with reply_errors(interaction, context), self.lock(sid):
            session = await self.store.load(sid)
            if session.status != "active":
                await self._strip_clicked(interaction)
                raise SessionNotFound()
            seat = session.seat_of(interaction.user.id)
            if seat is None:
                raise NotInGame()
            if step < session.seats[seat].prompt_step or step > session.step:
                raise StaleButton()
            game = session.game
            action = type(game).decode(code)
            before = legal_codes(game, len(session.seats))
            events = game.apply(seat, action)
            after = legal_codes(game, len(session.seats))
            prompted = frozenset(s for s in after if after[s] != before[s]) | {seat}
            public, private = split_events(events)
            session = await self.store.record_action(
                session,
                seat=seat,
                code=code,
                game=game,
                public_events=public,
                now=discord.utils.utcnow(),
                prompted=prompted,
                result=game.result,
            )
            log.info("action session=%s step=%s user=%s", sid, session.step, interaction.user.id)
            await self.show(session, interaction, seat, prompted, private)

    async def show(
        self,
        session: Session,
        interaction: discord.Interaction | None,
        actor: int | None,
        prompted: Iterable[int],
        private: dict[int, list[str]],
        *,
        board: bool = True,
    ) -> None:
        """Bring every message up to date after a change (called under the session lock)."""
        try:
            await self._show(session, interaction, actor, prompted, private, board=board)
        except discord.HTTPException:
            # The move is saved; a lost message must not look like a lost move.
            log.warning("delivery failed session=%s step=%s", session.id, session.step)
            if interaction is not None:
                await ephemeral(
                    interaction,
                    "Your move counts, but a message could not be updated: "
                    "press **My hand** on the board to continue.",
                )

    async def _show(
        self,
        session: Session,
        interaction: discord.Interaction | None,
        actor: int | None,
        prompted: Iterable[int],
        private: dict[int, list[str]],
        *,
        board: bool,
    ) -> None:
        clicked_board = (
            interaction is not None
            and interaction.message is not None
            and interaction.message.id == session.message_id
        )
        if board:
            await self.delivery.update_board(session)
        if controls_in_channel(session):
            return
        game = session.game
        for seat in range(len(session.seats)):
            notes = private.get(seat, [])
            if seat == actor and interaction is not None and not clicked_board:
                await self.delivery.in_place(interaction, session, seat, notes)
            elif game.is_over:
                await self.delivery.strip_dm(session, seat)
            elif (seat in prompted and seat in game.to_act()) or notes:
                await self.delivery.dm(session, seat, notes)
            elif seat in prompted:
                await self.delivery.strip_dm(session, seat)

    async def open_hand(self, interaction: discord.Interaction, sid: str) -> None:
        """The "My hand" button: the player's private view and controls, ephemerally."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with reply_errors(interaction, f"session={sid} hand"):
            session = await self.store.load(sid)
            seat = session.seat_of(interaction.user.id)
            if seat is None:
                raise NotInGame()
            if session.status != "active":
                raise SessionNotFound()
            msg = await self.delivery.private(session, seat, [])
            await interaction.followup.send(ephemeral=True, **msg.kwargs())

    async def _strip_clicked(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.edit_original_response(view=None)
        except discord.HTTPException:
            log.info("could not strip components of an ended game's message")
