"""The session manager: the click loop, serialised per session, persisted before replying."""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from collections.abc import Set as AbstractSet
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NoReturn

import discord

from bot.errors import NotInGame, UserFacingError
from bot.flow import reshow, turn
from bot.flow.catch_up import CatchUp
from bot.flow.coach import Coach, coach_seed
from bot.flow.computer import Computer, move_seed
from bot.storage.daily import DailyStore, session_day
from bot.storage.leaderboard import standing_ranks
from bot.storage.models import LESSON_DONE
from bot.storage.refusals import SessionNotFound, StaleButton
from bot.storage.store import OWED_CLAIM, Session, SessionStore
from bot.surface import coach, daily_text, heavy, lessons, table_buttons
from bot.surface.acknowledge import (
    deadline,
    defer_soon,
    defer_unless_answered,
    edit_clicked,
    in_time,
    strip_clicked,
)
from bot.surface.delivery import Delivery, Failed, channel_deleted, passing
from bot.surface.inflight import InFlight
from bot.surface.presenter import (
    Aftermath,
    controls_in_channel,
    play_again_view,
    prepare_seat,
    result_announcement,
)
from bot.surface.reach import TokenExpired
from bot.surface.replies import ephemeral, reply_errors
from engines import Action, Game, Result

log = logging.getLogger(__name__)

COMPUTER_SHOW_SECONDS = 3.0
"""During a long run of computer moves the messages are brought up to date this often."""
MAX_COMPUTER_RUN = 3000
"""The most moves the computer makes in one run (a whole game is at most ~2,600): more means
a game lets it cycle without progress (a bug); it stops, says so and frees the game's lock."""
COMPUTER_RETRIES = 3
COMPUTER_RETRY_SECONDS = 5.0
"""A computer's turn that failed (the database busy past its bound, say) is tried again this
many times, this long after, so the game does not wait for it until the next restart."""
COMPUTER_STUCK = (
    "The computer stopped after {moves} moves in a row without reaching your turn: this is a bug "
    "and has been logged. Use `/game resign` or ask a moderator to `/game end` this game."
)

NOT_SHOWN = {
    False: "Your move counts, but a message could not be updated: "
    "press **My hand** on the board to continue.",
    True: "Your move counts, but the board could not be updated: press one of its moves to "
    "bring it up to date (that press does nothing else).",
}
"""What the player is told when a message could not be updated, by where the moves are."""

CAUGHT_UP = (
    "The board changed since that button was shown, so it did nothing. This message now "
    "shows the game as it stands."
)
"""The answer to a button of an earlier position pressed on the board or the newest DM."""
COUNTED = "Your last move counted."
"""Added when that message was behind because showing a saved move had failed."""
COACH_REST_SECONDS = 20.0
"""How long the coach may work out the rest of a phase (it stops itself after ~6 s of CPU)."""
COACH_REST_OFF = "The coach is off: switch it on below to let it play for you."
COACH_REST_NONE = "The coach has nothing to play here: the choice is yours now."
COACH_REST_DONE = "⏩ The coach made {n} moves for you, to the end of that phase."
COACH_REST_FAILED = "The coach could not work out the rest of this phase: play on by hand."


def computer_to_act(session: Session) -> int | None:
    """The seat the computer plays that the running game waits for, if any."""
    if session.status != "active" or session.game.is_over:
        return None
    computers = session.computer_seats
    return next((seat for seat in session.game.to_act() if seat in computers), None)


def _busy(lock: asyncio.Lock) -> bool:
    """Whether taking ``lock`` would wait: it is held, or promised to a waiter just woken."""
    return lock.locked() or bool(getattr(lock, "_waiters", None))


@dataclass
class Saved:
    """The moves an interaction (or a computer's run) has put in the database so far."""

    moves: int = 0
    prompted: set[int] = field(default_factory=set)
    in_channel: bool = False  # the game's moves are on its board (no DMs)


_saved: ContextVar[Saved | None] = ContextVar("saved-moves", default=None)


class MoveCounted(UserFacingError):
    """Something failed after a move was saved: it counts, and the next press shows it."""

    def __init__(self, saved: Saved) -> None:
        super().__init__(NOT_SHOWN[saved.in_channel])


@dataclass
class Change:
    """What a click (and the forced moves after it) changed, for the messages."""

    prompted: set[int] = field(default_factory=set)
    private: dict[int, list[str]] = field(default_factory=dict)
    ratings_before: dict[int, float] | None = None
    best_before: float | None = None  # a solo player's best score before this game
    moved: list[Action] = field(default_factory=list)  # the actor's own moves, in order
    lesson_done: bool = False  # the lesson's script is played through: close it


ENDED_UNSEEN = "This game has ended: its board now shows how."
UNCOUNTED = {
    "aborted": "The game was aborted.",
    "idle": "Closed without a result after a long time without moves.",
}
"""How an ending without a result is told when a later click shows it, by end reason."""


class SessionManager:
    """Applies players' actions: lock, load, check, apply, persist, then show."""

    def __init__(
        self, client: discord.Client, store: SessionStore, computer: Computer, inflight: InFlight
    ) -> None:
        self.client = client
        self.inflight = inflight
        self.store = store
        self.computer = computer
        self.background: set[asyncio.Task[None]] = set()  # the computer resuming after a start
        self.on_end: list[Callable[[Session], None]] = []
        """Told of every game whose ending was announced (a tournament pairs its next round)."""
        self.delivery = Delivery(client, store)
        self.catch_up = CatchUp(self._show_again)
        self.delivery.behind = self.catch_up.behind
        self.coach = Coach(store, self.delivery, computer, self.lock)
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        # Sessions whose saved moves were not all shown (something failed after the write),
        # with the seats those moves prompted: the next interaction in the game shows them.
        self._behind: dict[str, set[int]] = {}
        # Games outside a server whose ending a click showed after no token could (once each).
        self._endings_shown: set[str] = set()
        self._computer_retries: dict[str, int] = {}  # failed computer turns in a row, by game
        self._reshows_owed: set[str] = set()  # a start's re-shows that failed: caught up
        # The games a start shows again, until they are, and the seats whose prompt a move
        # made meanwhile set (a click came first, the computer's move): their showing was
        # that move's, and the re-show leaves them out.
        self._reshowing_soon: dict[str, set[int]] = {}
        self._reshowing = asyncio.Semaphore(reshow.AT_ONCE)  # games shown again after a start

    def behind(self) -> bool:
        """Whether a game's saved moves are not all shown yet (a stop is then not clean)."""
        return bool(self._behind or self._reshows_owed)

    def lock(self, sid: str) -> asyncio.Lock:
        """The per-session lock (created on demand, dropped when nobody holds it)."""
        lock = self._locks.get(sid)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[sid] = lock
        return lock

    async def act(
        self,
        interaction: discord.Interaction,
        sid: str,
        step: int,
        code: str,
        *,
        confirmed: bool = False,
    ) -> None:
        """Handle one click on an action button or select (or on its confirmation).

        The clicked message's new version is the click's answer when it is ready within
        ``ACK_BUDGET_SECONDS``; otherwise the click is deferred then and the message edited.
        A click that must wait for another move of the game (the computer thinking) is
        deferred at once.
        """
        question = self.delivery.answers if confirmed else None
        async with (
            deadline(interaction),
            reply_errors(interaction, f"session={sid} step={step}", question=question),
        ):
            await in_time(interaction)  # a click that waited in a backlog: acknowledged now
            await self._refuse_outdated(interaction, sid, step)
            if self.lock(sid).locked():  # a move is being made (the computer's, say): after it
                defer_soon(interaction)
            async with self.lock(sid), self._keeping(sid):
                await self._act(interaction, sid, step, code, confirmed=confirmed)

    async def coach_rest(self, interaction: discord.Interaction, sid: str, step: int) -> None:
        """The coach plays the rest of the clicker's routine phase, as the coach's button would.

        Its moves are worked out in the computer's worker from what the seat may know
        (``ai.rest_of_chapter``), then applied, persisted and shown as one turn (the engine
        checks each). A press from an earlier position is answered as a stale move's.
        """
        await interaction.response.defer()  # the moves take a moment to work out
        async with (
            reply_errors(interaction, f"session={sid} step={step} coach-rest"),
            self.lock(sid),
            self._keeping(sid),
        ):
            session, seat = await self._player_session(interaction, sid)
            if await self._answered_stale(interaction, session, seat, step, hand=False):
                return
            if not coach.coached(session, seat):
                raise UserFacingError(COACH_REST_OFF)
            seed = coach_seed(session.seed, step, seat)
            state = session.state_json or session.game.to_json()
            try:
                codes = await self.computer.rest_of_chapter(
                    session.game_id, state, seat, seed, COACH_REST_SECONDS
                )
            except Exception as exc:  # its type only: an engine's message may quote the state
                log.warning("the coach's phase failed session=%s error=%s", sid, type(exc).__name__)
                raise UserFacingError(COACH_REST_FAILED) from None
            if not codes:
                raise UserFacingError(COACH_REST_NONE)
            moves = [(session.game_cls.decode(c), c) for c in codes]
            change = Change()
            session = await self._play(session, change, seat, moves)
            log.info(
                "coach rest session=%s step=%s moves=%s user=%s",
                sid,
                session.step,
                len(moves),
                interaction.user.id,
            )
            done = COACH_REST_DONE.format(n=len(moves))
            await self._after_move(
                session,
                change,
                actor=seat,
                shown_to=interaction,
                reply=lambda _: ephemeral(interaction, done),
            )

    @asynccontextmanager
    async def _keeping(self, sid: str) -> AsyncIterator[None]:
        """Whatever fails once a move is saved, the move stands and is shown later.

        The player is told their move counts (``MoveCounted``), and the game is noted as
        behind: the next interaction in it brings every message up to date (``_catch_up``).
        """
        saved = Saved()
        token = _saved.set(saved)
        try:
            yield
        except Exception as exc:
            if not saved.moves:
                raise
            log.exception("failed after saving a move session=%s", sid)
            self._behind.setdefault(sid, set()).update(saved.prompted)
            self.delivery.mark_outdated(sid)
            self.catch_up.behind(sid)  # shown again shortly, or by the next interaction
            raise MoveCounted(saved) from exc
        finally:
            _saved.reset(token)

    async def _refuse_outdated(self, interaction: discord.Interaction, sid: str, step: int) -> None:
        """Refuse a button the clicker's choices have changed since, without the session lock.

        A computer's long turn may hold the lock: the player learns at once what to do. Such a
        button never becomes current again (steps only grow); ``_act`` checks again anyway, so
        with the lock free this costs no extra read.
        """
        if not self.lock(sid).locked():
            return
        session = await self.store.load(sid)
        seat = session.seat_of(interaction.user.id)
        if session.status != "active" or seat is None or session.seats[seat].computer:
            return  # the locked path answers these (and a click takes a seat back)
        if step < session.seats[seat].prompt_step and not self.delivery.clicked_old_board(
            interaction, session
        ):
            await self._refuse_stale(interaction, session, seat)

    async def _refuse_stale(
        self, interaction: discord.Interaction, session: Session, seat: int
    ) -> NoReturn:
        """Refuse a stale button; one on an older DM loses its buttons and links the newest."""
        if self.delivery.clicked_old_dm(interaction, session, seat):
            raise UserFacingError(await self.delivery.retire_old_dm(interaction, session, seat))
        raise StaleButton(session.game_id)

    async def _answered_stale(
        self,
        interaction: discord.Interaction,
        session: Session,
        seat: int,
        step: int,
        *,
        hand: bool,
    ) -> bool:
        """Answer a press from an earlier position (True), or let it through (False).

        On the message it redraws (the board, the newest DM, or **My hand** with ``hand``) the
        message is brought up to date; an older board links the current one; else refused.
        """
        if self.delivery.clicked_replaced_dm(interaction, session, seat):
            # A newer DM replaced it (its retirement may not have landed yet): the newer one
            # stays the player's, or their newest DM would keep refused buttons.
            await self._refuse_stale(interaction, session, seat)
        if session.seats[seat].prompt_step <= step <= session.step:
            return False
        if self.delivery.clicked_current(interaction, session, seat) or (
            hand and self.delivery.clicked_hand(interaction)
        ):
            await self._catch_up(session, interaction, seat)
            return True
        if self.delivery.clicked_old_board(interaction, session):
            raise UserFacingError(await self.delivery.replace_old_board(interaction, session))
        await self._refuse_stale(interaction, session, seat)

    async def _act(
        self, interaction: discord.Interaction, sid: str, step: int, code: str, *, confirmed: bool
    ) -> None:
        """The click under the session lock: check, apply, persist, show."""
        session, seat = await self._player_session(interaction, sid)
        if await self._answered_stale(interaction, session, seat, step, hand=not confirmed):
            return
        lessons.require_move(session, seat, code)
        action = session.game_cls.decode(code)
        question = None if confirmed else session.game.confirm_text(seat, action)
        if question is not None:
            session.game.check(seat, action)  # refuse an illegal move before asking
            await self.delivery.ask_confirmation(interaction, session, step, code, question)
            return
        change = Change()
        await in_time(interaction)  # the game's lock or the database made it wait
        session = await self._play(session, change, seat, [(action, code)])
        log.info("action session=%s step=%s user=%s", sid, session.step, interaction.user.id)
        if confirmed:  # the board and DMs change; the question is answered after them
            await self._after_move(
                session,
                change,
                actor=seat,
                quiet=_in_place(session, seat),
                reply=lambda shown: self.delivery.confirmed(interaction, shown, seat),
            )
        else:
            await self._after_move(session, change, actor=seat, shown_to=interaction)

    async def _catch_up(
        self,
        session: Session,
        interaction: discord.Interaction | None = None,
        seat: int | None = None,
    ) -> Session:
        """Bring every message of the game up to date with the database (under the lock).

        ``interaction``: a press on a button of an earlier position, on the board or the
        clicker's newest DM; that message is redrawn in its answer and the clicker told why.
        A game noted as behind (a failure after a saved move) also gets the new DMs and the
        automatic moves it missed. Returns the session shown, as written (not read back).
        """
        lost = self._behind.pop(session.id, None)
        text = CAUGHT_UP if lost is None else f"{CAUGHT_UP} {COUNTED}"

        async def tell(_: Session) -> None:
            if interaction is not None:
                await ephemeral(interaction, text)

        change = Change(prompted=set(lost or ()))
        try:
            session = await self._play(session, change)
            await self._after_move(session, change, actor=seat, shown_to=interaction, reply=tell)
        except Exception:
            self._behind.setdefault(session.id, set()).update(lost or ())  # still owed
            raise
        return session

    async def begin(self, session: Session) -> None:
        """Show a game that just started (call under the session lock), after forced moves."""
        change = Change(prompted=set(session.game.to_act()))
        await self._after_move(await self._play(session, change), change, actor=None)

    async def set_auto_play(
        self, interaction: discord.Interaction, sid: str, on: bool | None
    ) -> None:
        """The player's opt-in to have revealing forced moves played for them.

        ``on`` is the setting the clicked button carries (None: an old button that does not
        say; it flips the setting). A setting is not a move: the answer edits only the clicked
        message's toggle, in the interaction response itself unless a move holds the session
        lock. A forced move the setting now allows is played and shown like a click's.
        """
        lock = self.lock(sid)
        if lock.locked():
            await interaction.response.defer()  # a move is being made: answer after it
        async with (
            deadline(interaction),  # drawing it may take long (cold workers, a loaded machine)
            reply_errors(interaction, f"session={sid} auto-play"),
            lock,
            self._keeping(sid),
        ):
            session, seat = await self._player_session(interaction, sid)
            if on is None:
                on = not session.seats[seat].auto_play
            if on != session.seats[seat].auto_play:
                await self.store.set_auto_play(sid, seat, on)
                session = await self.store.load(sid)
            await self._show_toggle(interaction, session, seat)
            change = Change()
            session = await self._play(session, change)
            await self._after_move(
                session, change, actor=seat, shown_to=interaction, unless_unchanged=True
            )

    async def set_standing(
        self, interaction: discord.Interaction, sid: str, key: str, on: bool
    ) -> None:
        """A player switches one of their standing choices on or off (a setting, not a move).

        Answered like the auto-play toggle: the clicked message's switch shows the setting, and
        a move the choice makes now is played and shown like a click's.
        """
        lock = self.lock(sid)
        if lock.locked():
            await interaction.response.defer()  # a move is being made: answer after it
        async with (
            deadline(interaction),  # drawing it may take long (cold workers, a loaded machine)
            reply_errors(interaction, f"session={sid} standing"),
            lock,
            self._keeping(sid),
        ):
            session, seat = await self._player_session(interaction, sid)
            if key not in {c.key for c in session.game_cls.standing_choices}:
                raise UserFacingError("This game has no such standing choice.")
            keys = session.seats[seat].standing
            wanted = keys | {key} if on else keys - {key}
            if wanted != keys:
                await self.store.set_standing(sid, seat, wanted)
                session = await self.store.load(sid)
            await self._show_toggle(interaction, session, seat)
            change = Change()
            session = await self._play(session, change)
            await self._after_move(
                session, change, actor=seat, shown_to=interaction, unless_unchanged=True
            )

    async def set_coach(self, interaction: discord.Interaction, sid: str, on: bool) -> None:
        """A player switches the coach on or off (a setting, not a move).

        The clicked message is redrawn with the switch (and, on, the suggestion if it is
        known); a suggestion still to be worked out is added to the DM once it is.
        """
        lock = self.lock(sid)
        if lock.locked():
            await interaction.response.defer()  # a move is being made: answer after it
        async with (
            deadline(interaction),  # drawing it may take long (cold workers, a loaded machine)
            reply_errors(interaction, f"session={sid} coach"),
            lock,
            self._keeping(sid),
        ):
            session, seat = await self._player_session(interaction, sid)
            if not coach.offered(session, seat):
                raise UserFacingError("The coach is there in games against the computer only.")
            if on != session.seats[seat].coach:
                await self.store.set_coach(sid, seat, on)
                session = await self.store.load(sid)
            if interaction.message is None:
                await defer_unless_answered(interaction)
            else:
                await self.delivery.in_place(interaction, session, seat, [])
            self.coach.after_shown(session)

    async def _show_toggle(
        self, interaction: discord.Interaction, session: Session, seat: int
    ) -> None:
        """Show the seat's setting on the clicked message's toggle, and change nothing else.

        A message from earlier moves (an older DM, or a version whose moves lapsed) is redrawn
        whole as it is now, with the setting: its own components would bring lapsed moves back.
        """
        message = interaction.message
        if message is None:
            await defer_unless_answered(interaction)
            return
        older_dm = self.delivery.clicked_old_dm(interaction, session, seat)
        if older_dm or table_buttons.shows_old_moves(message, session, seat):
            if message.id == session.message_id:
                await self.delivery.update_board(session, clicked=interaction)
            else:
                await self.delivery.in_place(interaction, session, seat, [])
            return
        # the bot's newest version: a v2 edit sends the message whole, and the click's copy
        # may be older (its words, the coach's move)
        newest = self.delivery.pictures.last(message.id) or message
        view = table_buttons.with_toggle(newest, session, seat)
        edited = await edit_clicked(interaction, view)  # never racing the deadline's deferral
        if edited is not None:
            self.delivery.pictures.edited(edited)

    async def redraw_clicked(self, interaction: discord.Interaction, sid: str) -> None:
        """A button of an earlier position that is no move (a page): its message as it is now.

        The board (or a player's DM or **My hand**) is redrawn in the click's answer and the
        clicker told why; an older board message is stripped and links the current one, as
        a move's button there is.
        """
        async with self.lock(sid), self._keeping(sid):
            session, seat = await self._player_session(interaction, sid)
            message = interaction.message
            if message is None:
                await defer_unless_answered(interaction)
                return
            if interaction.guild_id is not None and not message.flags.ephemeral:  # a board
                if message.id != session.message_id:
                    text = await self.delivery.replace_old_board(interaction, session)
                    raise UserFacingError(text)
                await self.delivery.update_board(session, clicked=interaction)
            else:
                await self.delivery.in_place(interaction, session, seat, [])
        await ephemeral(interaction, CAUGHT_UP)

    async def order(
        self,
        interaction: discord.Interaction,
        sid: str,
        plan: Callable[[Game, int], Sequence[Action]],
    ) -> None:
        """A typed order (a slash command): a short sequence of actions made as ONE move.

        ``plan(game, seat)`` turns the order into actions on the current game, under the lock
        (it raises UserFacingError for an order that is no longer possible), in the turn's one
        trip off the loop; all are applied (the engine checks each: a refused one leaves nothing
        written), persisted in one transaction and shown once (board and DMs), and the player
        gets a short ephemeral receipt. A typed order is its own confirmation (no
        ``confirm_text`` question).
        """
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with (
            reply_errors(interaction, f"session={sid} order"),
            self.lock(sid),
            self._keeping(sid),
        ):
            session, seat = await self._player_session(interaction, sid)
            lessons.refuse_order(session)
            change = Change()
            session = await self._play(session, change, seat, plan)
            log.info("order session=%s step=%s user=%s", sid, session.step, interaction.user.id)
            quiet = _in_place(session, seat)  # they are typing orders in the channel
            done = "; ".join(a.label() for a in change.moved)
            await self._after_move(
                session,
                change,
                actor=seat,
                quiet=quiet,
                reply=lambda _: ephemeral(interaction, f"Done: {done}."),
            )

    async def _after_move(
        self,
        session: Session,
        change: Change,
        *,
        actor: int | None,
        shown_to: discord.Interaction | None = None,
        quiet: AbstractSet[int] = frozenset(),
        reply: Callable[[Session], Awaitable[object]] | None = None,
        unless_unchanged: bool = False,
    ) -> None:
        """What follows a turn written by ``_play`` (under the lock): messages, end, computer.

        The board and the players' messages are brought up to date (``shown_to``: the
        interaction whose message the actor clicked; ``quiet`` seats get their DM edited, not a
        new one), then ``reply`` answers the actor (given the session shown), then the result
        message if the game ended, then the computer's turns. With ``unless_unchanged``, nothing
        is shown when no forced move was played. A lesson whose script is played through ends
        here: "Lesson done", and a real game is one click away.
        """
        lesson_done = change.lesson_done  # closed in memory by the turn: written, not read back
        if lesson_done:
            now = session.updated_at
            await self.store.close(session, status="finished", reason=LESSON_DONE, now=now)
            log.info("lesson done session=%s", session.id)
        elif unless_unchanged and not change.prompted:
            return
        await self.show(session, shown_to, actor, change.prompted - quiet, change.private)
        if reply is not None:
            await reply(session)
        if lesson_done:
            view = lessons.next_game_view(session)
            text = lessons.done_text(session)
            await self.delivery.announce(session, text, view, result=True)
            await self.delivery.headline(session, text)
            return
        await self._announce_end(session, change)
        await self.computer_turns(session)

    async def computer_turns(self, session: Session) -> None:
        """While the game waits for a seat the computer plays, it moves (under the lock).

        The board already says the computer is thinking; its search runs off the event loop
        with a seed from the session's seed and step, and each move is played and persisted like a
        click (``_play``: the forced moves after it too, one write per move).
        The messages are brought up to date when its run of moves ends, and every
        ``COMPUTER_SHOW_SECONDS`` during a long run (a Gondor phase), not after each move. Its
        seat gets no messages: nothing it sees is sent. In a lesson the computer's moves are
        scripted (the turn core plays them after each move): no search runs.
        """
        if session.lesson is not None:
            return
        if computer_to_act(session) is not None:
            self.inflight.set_aside()  # the click is answered: its thinking holds up no other
        try:
            await self._computer_run(session)
        except Exception:
            # Raised on (a click's moves are still shown: ``_keeping``); the computer's own
            # turn, which nothing else would take up before a restart, is tried again.
            tries = self._computer_retries.pop(session.id, 0) + 1
            if tries <= COMPUTER_RETRIES:
                self._computer_retries[session.id] = tries
                log.warning(
                    "the computer's turn failed session=%s; it tries again in %s s",
                    session.id,
                    COMPUTER_RETRY_SECONDS,
                )
                self.resume_computers([session.id], lambda _: True, after=COMPUTER_RETRY_SECONDS)
            raise
        self._computer_retries.pop(session.id, None)

    async def _computer_run(self, session: Session) -> None:
        """The computer's moves while the game waits for it (``computer_turns``)."""
        change, moved, shown, run = Change(), None, time.monotonic(), 0
        while (seat := computer_to_act(session)) is not None:
            if run == MAX_COMPUTER_RUN:
                log.error("the computer cycled session=%s step=%s", session.id, session.step)
                await self.delivery.announce(session, COMPUTER_STUCK.format(moves=run))
                break
            run += 1
            level = session.seats[seat].computer or ""
            seed = move_seed(session.seed, session.step)
            action, code = await self.computer.choose(
                session.game_id, session.game, seat, level, seed
            )
            session = await self._play(session, change, seat, [(action, code)])
            log.info("computer action session=%s step=%s level=%s", session.id, session.step, level)
            moved = seat
            if computer_to_act(session) is not None and (
                time.monotonic() - shown >= COMPUTER_SHOW_SECONDS
            ):
                await self.show(session, None, seat, change.prompted, change.private)
                change, shown = Change(), time.monotonic()
        if moved is not None:
            await self.show(session, None, moved, change.prompted, change.private)
            await self._announce_end(session, change)

    def show_last_moved(self, sids: Iterable[str]) -> None:
        """After a start: show again the games that moved last before it.

        See ``reshow``.
        """
        for sid in sids:
            self._reshowing_soon.setdefault(sid, set())
            self._in_background(self._show_last_move(sid), f"reshow-{sid}")

    @asynccontextmanager
    async def _reshow_slot(self, sid: str) -> AsyncIterator[asyncio.Lock]:
        """One of a start's ``reshow.AT_ONCE`` slots, taken once the game is free.

        Yields the game's lock, for the caller to take at once. No slot is held while the game
        is busy (its computer thinking at the start, a click): the others' re-shows go on.
        """
        lock = self.lock(sid)
        while True:
            async with self._reshowing:
                if not _busy(lock):
                    yield lock
                    return
            async with lock:  # wait for the game without a slot, then queue again
                pass

    def show_owed_endings(self, sids: Iterable[str]) -> None:
        """Post the results saved but never posted (a stopped process's, or refused by Discord)."""
        for sid in sids:
            self._in_background(self._show_owed_ending(sid), f"ending-{sid}")

    async def _show_owed_ending(self, sid: str, after: float = 0.0) -> None:
        await asyncio.sleep(after)
        try:
            async with self._reshow_slot(sid) as lock, lock:
                # Posted meanwhile (an ending this process made as its shards came up, one caught
                # up after a refusal), or taken by another poster: the ending's own post, here
                # or in another process on the same shards (a deploy's overlap). Such a claim
                # may be a dead process's: looked at again once it lapses.
                if not await self.store.claim_ending(sid, discord.utils.utcnow()):
                    if not after and await self.store.owes_ending(sid):
                        again = OWED_CLAIM.total_seconds()
                        self._in_background(self._show_owed_ending(sid, again), f"ending-{sid}")
                    return
                session = await self.store.load(sid)
                await self.show_ending(session, await self._ending_summary(session), Change())
                self._behind.pop(sid, None)  # shown whole: no catch-up posts it again
        except (discord.NotFound, discord.Forbidden, TokenExpired) as exc:
            # Nowhere to post it (the channel gone or closed to the bot, no live token), so no
            # start tries again; a game outside a server shows it at its next click
            # (``show_missed_ending``).
            log.info("a result owed cannot be posted session=%s error=%s", sid, type(exc).__name__)
            await self._owed_no_more(sid)
        except discord.HTTPException as exc:
            if exc.status >= 500 or exc.status == 429:  # Discord's trouble: the next tick tries
                log.warning("a result owed was refused session=%s status=%s", sid, exc.status)
            else:  # refused as it is (an archived thread, say): trying again changes nothing
                log.warning(
                    "a result owed is refused for good session=%s status=%s code=%s",
                    sid,
                    exc.status,
                    exc.code,
                )
                await self._owed_no_more(sid)
        except Exception:
            log.exception("could not post a result owed session=%s", sid)

    async def show_ending(
        self, session: Session, text: str, change: Change, failed: Failed | None = None
    ) -> None:
        """Show a saved ending on the board and in every DM and hand, and post the result.

        Raises what posting the result raised; the board's failures go to ``failed``.
        """
        await self.delivery.update_board(session, ending=text, failed=failed)
        for seat in range(len(session.seats)):
            await self.delivery.refresh_dm(session, seat, [], ending=text)
            await self.delivery.refresh_hand(session, seat, [], ending=text)
        await self.announce_end(session, change, text)
        await self.delivery.board_sent(session)

    async def _owed_no_more(self, sid: str) -> None:
        """Take out the note that the game's result is owed.

        A failure is only logged: at worst the next start posts the result again.
        """
        try:
            await self.store.ending_announced(sid)
        except Exception:
            log.exception("the result is still noted as owed session=%s", sid)

    async def _ending_summary(self, session: Session) -> str:
        """How an ended game ended, in a line: its result, its last event or why it stopped."""
        result = session.game.result if session.state_json is not None else None
        if result is not None:
            return result.summary
        if session.status == "finished":  # a resignation or timeout: its event says how
            return (await self.store.recent_events(session.id, 1) or [""])[-1]
        return UNCOUNTED.get(session.end_reason or "", "This game ended without a result.")

    async def _show_last_move(self, sid: str) -> None:
        try:
            async with self._reshow_slot(sid) as lock:
                async with lock, self._keeping(sid):
                    session = await self.store.load(sid)
                    if session.status != "active":
                        return
                    await self.show(session, None, None, self._prompted_last(session), {})
                await self.delivery.all_sent(session)  # in the slot: its edits count
        except SessionNotFound:
            return  # gone since: nothing to show
        except Exception:
            log.exception("could not show the game again session=%s", sid)
            self._reshows_owed.add(sid)  # shown again, its players prompted, by the catch-up
            self.catch_up.behind(sid)
        finally:
            if sid not in self._reshows_owed:
                self._reshowing_soon.pop(sid, None)

    def _prompted_last(self, session: Session) -> set[int]:
        """The seats a start's re-show prompts again (``reshow.prompted_last``).

        Those whose prompt a move since the start set are left out: that move's showing
        prompted whom it had to.
        """
        return reshow.prompted_last(
            session.seats,
            list(session.game.to_act()),
            self._reshowing_soon.get(session.id, set()),
        )

    def resume_computers(
        self, sids: Iterable[str], owns: Callable[[int], bool], after: float = 0.0
    ) -> None:
        """After a start: let the computer move in every game that waits for it (in tasks).

        ``after`` s later for a turn that failed. Only in the games of guilds ``owns`` says
        are ours (our shards'), so that of several processes exactly one resumes each game.
        """
        for sid in sids:
            self._in_background(self._resume(sid, owns, after), f"computer-{sid}")

    def _in_background(self, work: Coroutine[Any, Any, None], name: str) -> None:
        """Run ``work`` in a task of ``background`` (cancelled when the bot stops)."""
        task = asyncio.create_task(work, name=name)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _resume(self, sid: str, owns: Callable[[int], bool], after: float = 0.0) -> None:
        await asyncio.sleep(after)
        try:
            async with self.lock(sid), self._keeping(sid):
                session = await self.store.load(sid)
                if owns(session.guild_id) and session.lesson is not None:
                    # A stop between the learner's move and the script's replies: play them.
                    change = Change()
                    session = await self._play(session, change)
                    await self._after_move(session, change, actor=None, unless_unchanged=True)
                elif owns(session.guild_id):
                    await self.computer_turns(session)
        except MoveCounted:
            pass  # logged; the next interaction in the game shows its moves
        except Exception:
            log.exception("the computer could not resume session=%s", sid)

    async def _play(
        self,
        session: Session,
        change: Change,
        seat: int | None = None,
        moves: list[tuple[Action, str]] | turn.Plan | None = None,
    ) -> Session:
        """A turn: ``seat``'s moves, then every move the bot makes for a player, then saved.

        Worked out in one trip off the event loop, or on it for a light game's click
        (``turn.play``: the moves, the forced moves or the lesson's replies, what the messages
        need; ``turn.light``), written in one transaction before any reply, and the session
        after it returned as written (not read back). ``change`` gathers the seats prompted
        and the private notes for the messages.
        """
        now = discord.utils.utcnow()
        light = session.game_id if turn.light(session, moves) else None
        outcome = await heavy.run(turn.play, session, seat, moves or [], now, light=light)
        change.moved += outcome.moved
        change.lesson_done |= outcome.lesson_done
        for s, texts in outcome.private.items():
            change.private.setdefault(s, []).extend(texts)
        if not outcome.rows:
            return outcome.session
        if outcome.result is not None:
            await self._note_ratings(session, change)
        change.prompted |= outcome.prompted.keys()
        assert outcome.session.state_json is not None
        await self.store.write_actions(
            session,
            outcome.rows,
            state=outcome.session.state_json,
            now=now,
            prompted=outcome.prompted,
            result=outcome.result,
        )
        if session.id in self._reshowing_soon:  # before the start's re-show of it
            self._reshowing_soon[session.id] |= outcome.prompted.keys()
        saved = _saved.get()
        if saved is not None:
            saved.moves += len(outcome.rows)
            saved.prompted |= outcome.prompted.keys()
            saved.in_channel = controls_in_channel(session)
        return outcome.session

    async def record_end(
        self,
        session: Session,
        *,
        seat: int | None,
        code: str,
        result: Result,
        end_reason: str,
        now: datetime | None = None,
    ) -> tuple[Session, Change]:
        """Persist an ending the engine did not decide (resign, timeout), ratings noted first."""
        change = Change()
        await self._note_ratings(session, change)
        session = await self.store.record_action(
            session,
            seat=seat,
            code=code,
            game=session.game,
            public_events=[result.summary],
            now=now or discord.utils.utcnow(),
            result=result,
            end_reason=end_reason,
        )
        return session, change

    async def _note_ratings(self, session: Session, change: Change) -> None:
        """Before a result is written: the ratings (rated games) or the best score (solo)."""
        if session.rated:
            ids = [s.user_id for s in session.seats]
            change.ratings_before = await self.store.ratings(session.guild_id, session.game_id, ids)
        elif len(session.seats) == 1:
            uid = session.seats[0].user_id
            change.best_before = await self.store.best_score(session.guild_id, session.game_id, uid)

    async def announce_end(self, session: Session, change: Change, summary: str) -> None:
        """A result message that pings the players: the winner, what changed, Play again."""
        after: dict[int, float] = {}
        if change.ratings_before is not None:
            ids = [s.user_id for s in session.seats]
            after = await self.store.ratings(session.guild_id, session.game_id, ids)
        ranks = await standing_ranks(self.store.db, session)
        text = result_announcement(
            session,
            summary,
            Aftermath(
                change.ratings_before,
                after,
                change.best_before,
                ranks,
                await self._daily_lines(session),
            ),
        )
        await self.delivery.announce(session, text, play_again_view(session), result=True)
        await self._owed_no_more(session.id)  # before the headline: one refused is not owed
        for hook in self.on_end:
            hook(session)
        await self.delivery.headline(session, text)

    async def _daily_lines(self, session: Session) -> list[str]:
        """A daily deal's places so far and its line to share (none for another game)."""
        day = session_day(session)
        if day is None or session.status != "finished":
            return []
        days = DailyStore(self.store.db)
        attempt = await days.attempt(session.seats[0].user_id, session.game_id, day)
        if attempt is None or attempt.session_id != session.id or not attempt.finished:
            return []
        everywhere = await days.place(session.id)
        here = await days.place(session.id, server=True)
        if everywhere is None:
            return []
        share = daily_text.share_line(session.game_id, day, attempt, everywhere)
        return daily_text.result_lines(day, share, everywhere, here)

    async def _announce_end(self, session: Session, change: Change) -> None:
        result = session.game.result
        if result is not None:
            await self.announce_end(session, change, result.summary)

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
        """Bring every message up to date after a change (called under the session lock).

        The board's edit may land after this returns (``Delivery.update_board``); a failure
        is told the same way then, once. A message Discord would not take for now
        (``passing``: a storm) is shown again by ``catch_up`` once it does.
        """
        told = False  # once, however many messages failed

        async def failed(exc: discord.HTTPException) -> None:
            # The move is saved; a lost message must not look like a lost move.
            nonlocal told
            log.warning(
                "delivery failed session=%s step=%s status=%s code=%s",
                session.id,
                session.step,
                exc.status,
                exc.code,
            )
            if passing(exc):
                self.catch_up.behind(session.id)
            # A deleted channel ends the game (told by DM); else the player is told once.
            if interaction is not None and not told and not channel_deleted(exc):
                told = True
                await defer_unless_answered(interaction)  # @original stays the clicked message
                await ephemeral(interaction, NOT_SHOWN[controls_in_channel(session)])

        try:
            await self._show(session, interaction, actor, set(prompted), private, board, failed)
        except discord.HTTPException as exc:
            self.delivery.gone(session.channel_id, exc)
            await failed(exc)

    async def _show(
        self,
        session: Session,
        interaction: discord.Interaction | None,
        actor: int | None,
        prompted: set[int],
        private: dict[int, list[str]],
        board: bool,
        failed: Failed,
    ) -> None:
        """Board edited in place; a new DM only for a seat that must act on new choices.

        Every other seat's current DM is edited in place (no notification), so a player
        gets a ping only when it is their move.
        """
        clicked_board = (
            interaction is not None
            and interaction.message is not None
            and interaction.message.id == session.message_id
        )
        if board:
            await self.delivery.update_board(
                session, clicked=interaction if clicked_board else None, failed=failed
            )
        if controls_in_channel(session):
            return
        game = session.game
        for seat in range(len(session.seats)):
            if session.seats[seat].computer is not None:
                continue  # the computer reads nothing: its seat gets no messages
            notes = private.get(seat, [])
            owed = self.delivery.owes_dm(session, seat)  # Discord refused it earlier
            try:  # each seat's message apart: one Discord refuses stops no other
                if seat == actor and interaction is not None and not clicked_board:
                    await self.delivery.in_place(interaction, session, seat, notes)
                elif (seat in prompted or owed) and seat in game.to_act():
                    log.info(
                        "new DM session=%s step=%s seat=%s %s",
                        session.id,
                        session.step,
                        seat,
                        "prompted" if seat in prompted else "owed",
                    )
                    await self.delivery.dm(session, seat, notes)
                else:
                    await self.delivery.refresh_dm(session, seat, notes)
                await self.delivery.refresh_hand(session, seat, notes)  # edited in the background
            except discord.HTTPException as exc:
                await failed(exc)
        self.coach.after_shown(session)  # after the DMs, never before them

    async def _show_again(self, sid: str) -> None:
        """Show a game as it is now, after Discord would not take some of its messages.

        After a start's re-show that failed, its players to act are prompted again, as the
        start would have. Only a running game, or one its last move ended (an ending of the
        bot's, such as a resignation, is shown by ``lifecycle``). Returns once every request
        was answered; the edits sent in the background are waited for without the lock, which
        a click may want.
        """
        async with self.lock(sid), self._keeping(sid):
            session = await self.store.load(sid)
            if sid in self._reshows_owed and session.status == "active":  # as the start would
                self._behind.setdefault(sid, set()).update(self._prompted_last(session))
            self._reshows_owed.discard(sid)
            self._reshowing_soon.pop(sid, None)
            if sid in self._behind:  # a failure after a saved move: what it owed, result too
                await self._catch_up(session)
            else:
                ended_by_a_move = session.status == "finished" and session.end_reason is None
                if session.status != "active" and not ended_by_a_move:
                    return
                await self.show(session, None, None, (), {})
        await self.delivery.all_sent(session)

    async def open_hand(self, interaction: discord.Interaction, sid: str) -> None:
        """The "My hand" button: the player's private view and controls, ephemerally.

        One read of the session, under its lock; its view is worked out in one trip off the loop.
        A game outside a server whose board no token could edit has it redrawn through this
        click, which was made on it.
        """
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with reply_errors(interaction, f"session={sid} hand"):
            async with self.lock(sid), self._keeping(sid):
                session = await self.store.load(sid)  # once, under the lock: as it stands
                seat = session.seat_of(interaction.user.id)
                if seat is None:
                    raise NotInGame()
                if session.status != "active":
                    if await self.show_missed_ending(interaction, session):
                        return  # its answer says so
                    raise SessionNotFound()
                session = await self._take_back(session, seat)
                if sid in self._behind:
                    session = await self._catch_up(session)
                elif session.via_interactions and self.delivery.is_outdated(sid):
                    await self.delivery.update_board(session)  # this click's token may edit it
            await prepare_seat(session, seat)  # its view and what is its own: one trip
            msg = await self.delivery.private(session, seat, [])
            sent = await interaction.followup.send(ephemeral=True, wait=True, **msg.kwargs())
            await self.delivery.opened_hand(interaction, session, seat, sent)
            self.coach.after_shown(session)

    async def _player_session(
        self, interaction: discord.Interaction, sid: str
    ) -> tuple[Session, int]:
        """The running session and the clicker's seat, or the refusal to show them."""
        session = await self.store.load(sid)
        if session.status != "active":
            if self._behind.pop(sid, None) is not None:  # its last move's showing failed
                await self.show(session, None, None, set(), {})
                await self._announce_end(session, Change())
            elif await self.show_missed_ending(interaction, session):
                raise SessionNotFound()
            await self._strip_clicked(interaction)
            raise SessionNotFound()
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            raise NotInGame()
        return await self._take_back(session, seat), seat

    async def show_missed_ending(self, interaction: discord.Interaction, session: Session) -> bool:
        """Show an ending no token could show, through this click on the game's board.

        Outside a server a game may end with no live token (idle for hours, then ended by
        housekeeping; a computer's move after a long think): its result is saved, and the
        board still shows the game in play. The next click made on that board (a move, My
        hand, "?") shows the ending there and posts the result (once). Whether it did.
        """
        clicked = interaction.message
        if (
            not session.via_interactions
            or session.state_json is None
            or clicked is None
            or clicked.id != session.message_id
            or session.id in self._endings_shown
        ):
            return False
        self._endings_shown.add(session.id)
        # The clicker's answer first: a follow-up would fill a "thinking…" answer, and the
        # result must be a public follow-up, after an initial response.
        if not interaction.response.is_done():
            await interaction.response.defer()
        elif interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            await interaction.edit_original_response(content=ENDED_UNSEEN)
        summary = await self._ending_summary(session)
        await self.delivery.update_board(session, ending=summary)
        await self.announce_end(session, Change(), summary)
        return True

    async def _take_back(self, session: Session, seat: int) -> Session:
        """A player whose seat the computer took over clicked: the seat is theirs again."""
        if session.seats[seat].computer is None:
            return session
        await self.store.set_computer(session.id, seat, None)
        log.info("seat taken back from the computer session=%s seat=%s", session.id, seat)
        session.seats[seat].computer = None  # as written: no read back
        return session

    async def _strip_clicked(self, interaction: discord.Interaction) -> None:
        clicked = interaction.message
        latest = None if clicked is None else self.delivery.pictures.last(clicked.id)
        try:
            await strip_clicked(interaction, latest)
        except discord.HTTPException:
            log.info("could not strip components of an ended game's message")


def _in_place(session: Session, seat: int) -> set[int]:
    """The actor whose current DM is edited in place, not followed by a new one.

    After a move made away from its buttons (a question's Yes, a typed order): the DM the
    player decided from must not keep moves for a decision that is over.
    """
    return {seat} if session.seats[seat].dm_message_id is not None else set()
