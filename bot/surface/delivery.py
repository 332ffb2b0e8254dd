"""Sending boards to channels and private views to players (DM, else ephemeral fallback)."""

from __future__ import annotations

import functools
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

import discord

from bot.storage.models import RECENT_MOVES
from bot.storage.store import Session, SessionStore, latest_texts
from bot.surface import coach, custom_ids, game_threads, layout, mentions, presenter
from bot.surface.acknowledge import answering, strip_clicked
from bot.surface.edit_coalescer import EditCoalescer
from bot.surface.links import message_link
from bot.surface.open_hands import Hand, OpenHands
from bot.surface.private_answers import PrivateAnswers
from bot.surface.reach import Reach, TokenExpired, WebhookChannel
from bot.surface.replies import close_question
from bot.surface.shown_pictures import ShownPictures
from bot.surface.text_limits import BUTTON_LABEL
from engines.text import shorten

log = logging.getLogger(__name__)
K = TypeVar("K")
V = TypeVar("V")
Failed = Callable[[discord.HTTPException], Awaitable[None]]
"""Told why a board could be neither edited nor posted anew (its edit is sent in the background)."""
ChannelGone = Callable[[int], None]
"""Told the id of a game's channel (or thread) Discord says no longer exists."""

UNKNOWN_CHANNEL = 10003
"""Discord's code for a channel or thread that does not exist (deleted)."""

DMS_CLOSED = (
    "{mention}, I can't send you direct messages. Press **My hand** on the board to see "
    "your cards and make your moves (only you will see them)."
)

ONLY_MY_HAND = (
    "{mention}, here I show your cards only to you: press **My hand** on the board to see them "
    "and make your moves."
)

BOARD_MOVED = "This board is out of date, so that did nothing. Here is the current one: {link}"
OLD_DM = (
    "That message is an older one, so that did nothing: your moves are in my newest message, {link}"
)


class Editable(Protocol):
    """A message to edit: a channel's or a DM's, or one reached through a game's webhook."""

    @property
    def id(self) -> int: ...  # noqa: D102

    @property
    def edit(self) -> Callable[..., Awaitable[Any]]: ...  # noqa: D102


MOVED_BOARD = "This board is out of date: the game goes on in {link}"
RETIRED_DM = "This decision is over: the game moved on. Your moves are in my newest message, {link}"


SHOWN_SIZE = 4096
"""How many messages' last contents Delivery remembers (a hash each), to skip unchanged edits."""


def channel_deleted(exc: discord.HTTPException) -> bool:
    """Whether Discord answered that the channel (or thread) does not exist."""
    return isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL


def passing(exc: discord.HTTPException) -> bool:
    """Whether Discord's error may pass, so the same request may succeed later.

    A server error, a rate limit beyond discord.py's tries, or a click that expired meanwhile
    (its message can still be edited through the channel); not a refusal (a permission, a
    deleted message), which a later request meets again.
    """
    return exc.status >= 500 or exc.status == 429 or exc.code == 10062


class Delivery:
    """Where messages go; it never decides game logic.

    It remembers a hash of what it last put in each board and DM (the last ``SHOWN_SIZE``,
    in memory) and does not edit a message to what it already shows: every request counts
    against Discord's rate limits. A DM is edited for another player's move only when what
    is the player's own changed (``own_view``): its picture may show an older position, and
    says so. After a restart the first edit of each message is made. Edits through the
    channel go through ``edits``: under a burst of moves, a message skips the pictures in
    between and shows the newest (``edit_coalescer``). An edit keeps the pictures the message
    shows already instead of uploading them again (``shown_pictures``).
    """

    def __init__(self, client: discord.Client, store: SessionStore) -> None:
        self.client = client
        self.store = store
        self.answers = PrivateAnswers(client)
        self.hands = OpenHands()  # the My hand answers still open, edited as the game moves
        self._outdated: set[str] = set()  # sessions whose board could not be brought up to date
        self._shown: OrderedDict[int, str] = OrderedDict()
        self._own: OrderedDict[int, str] = OrderedDict()  # DM id -> own_view.digest shown
        self._moves: OrderedDict[int, bool] = OrderedDict()  # DM id -> whether it offers moves
        # (session, seat) -> (step, notes): a redraw at the same step keeps what just happened
        self._notes: OrderedDict[tuple[str, int], tuple[int, list[str]]] = OrderedDict()
        self._moved: OrderedDict[str, int] = OrderedDict()  # session -> board posted anew here
        self._chose: OrderedDict[str, frozenset[int]] = OrderedDict()  # every person chose
        self._pages: OrderedDict[int, tuple[int, int]] = OrderedDict()  # DM id -> (step, at)
        self.edits = EditCoalescer()  # boards by session id, DMs by message id
        self.on_channel_gone: ChannelGone = lambda channel_id: None
        self.behind: Callable[[str], None] = lambda sid: None
        """Told the session whose message Discord would not take for now (``passing``)."""
        self._owed: set[tuple[str, int]] = set()  # (session, seat): a new DM not sent
        self.tips = coach.Tips()  # the coach's suggestions, shown in the DMs they were made for
        self.pictures = ShownPictures()  # an unchanged picture is kept, not uploaded again
        self.reach = Reach()  # the newest interaction of each game played through interactions

    def gone(self, channel_id: int, exc: discord.HTTPException) -> bool:
        """Whether ``exc`` says the channel is deleted (404 ``10003``): ``on_channel_gone`` is told.

        Missing Access (``50001``) is not a deletion: the permission can be granted again.
        """
        if not channel_deleted(exc):
            return False
        log.info("channel gone channel=%s", channel_id)
        self.on_channel_gone(channel_id)
        return True

    async def seats_that_chose(self, session: Session) -> frozenset[int]:
        """The seats that chose a move of their own (the goal shows until every person has).

        Read from the log until every person has chosen, then remembered: the read scans the
        game's whole log, and a long game draws a board or DM on every move.
        """
        known = self._chose.get(session.id)
        people = {s.seat for s in session.seats if s.computer is None}
        if known is not None and people <= known:
            self._chose.move_to_end(session.id)
            return known
        chose = await self.store.seats_that_chose(session.id)
        if people <= chose:
            _remember(self._chose, session.id, chose)
        return chose

    async def _recent(self, session: Session, limit: int) -> list[str]:
        """The last public event texts of the session's log, read once for its position.

        One read serves the board's and the DMs' (the last ``RECENT_MOVES`` moves, cut to each),
        and none when the session knows them (``Session.recent``).
        """
        if limit > RECENT_MOVES:
            return await self.store.recent_events(session.id, limit)
        parts = session.position.parts
        if "recent" not in parts:
            parts["recent"] = session.recent
            if session.recent is None:
                parts["recent"] = await self.store.recent_event_rows(session.id, RECENT_MOVES)
        return latest_texts(parts["recent"], limit)

    def _unchanged(self, message_id: int, msg: presenter.Message) -> bool:
        """Whether the message already shows ``msg``; else ``msg`` is noted as shown there."""
        digest = msg.digest()
        if self._shown.get(message_id) == digest:
            self._shown.move_to_end(message_id)
            return True
        self._note(message_id, digest)
        return False

    def _note(self, message_id: int, digest: str | None) -> None:
        """Note what a message shows now (None: not known, the next edit is made)."""
        _remember(self._shown, message_id, digest)
        if digest is None:
            self.pictures.forget(message_id)

    async def _note_own(self, session: Session, seat: int, message_id: int) -> None:
        """Note that a seat's DM shows what is the player's own now."""
        _remember(self._own, message_id, await self._own_digest(session, seat))

    async def _own_digest(self, session: Session, seat: int) -> str:
        """What is the seat's own in its DM (``own_view``), the coach's suggestion included."""
        own = await presenter.own(session, seat)
        tip = self.tips.current(session, seat)
        return f"{own}:{int(session.seats[seat].coach)}:{tip.code if tip else ''}"

    async def channel(self, session: Session) -> discord.abc.Messageable | WebhookChannel:
        """The session's channel: from the cache, else a partial one made from its id.

        Sending and editing need only the id: a DM click reaches shard 0's process, which
        has no cache of a server of another shard, and fetching the channel would cost a
        request per click. A game played through interactions only is reached through its
        newest interaction's webhook (``reach``).
        """
        if session.via_interactions:
            return self.reach.channel(session.id)
        channel = self.client.get_channel(session.channel_id)
        if channel is None:
            return self.client.get_partial_messageable(
                session.channel_id, guild_id=session.guild_id
            )
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def update_board(
        self,
        session: Session,
        ending: str | None = None,
        *,
        clicked: discord.Interaction | None = None,
        failed: Failed | None = None,
    ) -> None:
        """Bring the board message up to date: in the click's answer, else edited in place.

        ``clicked``: a click on the board not answered yet, answered with the new board. The
        edit goes through ``edits`` (at most one in flight per board, only the newest state
        waiting: ``edit_coalescer``), so it may land after this returns; ``failed`` is told
        if the board could be neither edited nor posted anew (``_edit_board``).
        """
        recent = await self._recent(session, 6)
        chose = await self.seats_that_chose(session)
        draw = functools.partial(presenter.board, session, recent, ending=ending, chose=chose)
        msg = await draw()
        if clicked is not None:
            try:
                if await self._answer_with(clicked, msg, session.id):
                    self._outdated.discard(session.id)
                    return
            except discord.HTTPException as exc:  # e.g. the click expired (10062): edit it
                log.info(
                    "click not answered, editing the board session=%s code=%s", session.id, exc.code
                )
                msg = await draw()  # a sent file is spent
        board = self._board_id(session)
        if board is not None and self._unchanged(board, msg):
            return
        edit = functools.partial(self._edit_board, session, msg, draw, failed)
        self.edits.submit(session.id, edit)

    def _board_id(self, session: Session) -> int | None:
        """The board message: the one posted anew here if the session was loaded before."""
        return self._moved.get(session.id, session.message_id)

    async def board_sent(self, session: Session) -> None:
        """Wait until the board's edits under way have been sent (or failed)."""
        await self.edits.flush(session.id)

    async def all_sent(self, session: Session) -> None:
        """Wait until the edits under way of the board and every DM were sent (or failed)."""
        await self.board_sent(session)
        for seat in session.seats:
            if seat.dm_message_id is not None:
                await self.edits.flush(seat.dm_message_id)

    def owes_dm(self, session: Session, seat: int) -> bool:
        """Whether a new DM to the seat could not be sent (Discord's trouble): it still must be."""
        return (session.id, seat) in self._owed

    async def _edit_board(
        self,
        session: Session,
        msg: presenter.Message,
        draw: Callable[[], Awaitable[presenter.Message]],
        failed: Failed | None,
    ) -> None:
        """Edit the board in place; failing that, post it anew and strip the old one.

        A board Discord would not edit (deleted, or the edit refused) must not keep live
        buttons for a position that has moved on. A board that could be neither edited nor
        posted again is noted as out of date (a click on it redraws it: ``clicked_old_board``)
        and ``failed`` is told.
        """
        try:
            await self._edit_or_post(session, msg, draw)
        except discord.HTTPException as exc:
            self.gone(session.channel_id, exc)
            if passing(exc):
                self.behind(session.id)
            if failed is None:
                raise
            await failed(exc)

    async def _edit_or_post(
        self,
        session: Session,
        msg: presenter.Message,
        draw: Callable[[], Awaitable[presenter.Message]],
    ) -> None:
        """Edit the board; else post it anew (``draw`` makes it again: a sent file is spent)."""
        old = self._board_id(session)
        channel = await self.channel(session)
        before = None if old is None else self.pictures.last(old)  # what a refusal leaves
        if old is not None:
            try:
                board = channel.get_partial_message(old)  # type: ignore[union-attr]
                kept = self.pictures.kept(old, msg.files)
                edited = await board.edit(**msg.kwargs(edit=True, kept=kept))
                self.pictures.note(edited, msg.files)
                self._outdated.discard(session.id)
                return
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_CHANNEL:
                    raise  # nowhere to post it anew
                self._note(old, None)
                log.info("board message gone, posting anew session=%s", session.id)
                old = None
            except discord.HTTPException as exc:
                self._note(old, None)  # not shown: the next edit is made
                if passing(exc) or isinstance(exc, TokenExpired):
                    # Not refused: Discord is in trouble, or no token of the game may edit it
                    # now; the edit is made later (the next click carries a fresh token).
                    self._outdated.add(session.id)
                    raise
                log.info(
                    "board edit refused, posting anew session=%s code=%s", session.id, exc.code
                )
            msg = await draw()
        try:
            sent = await channel.send(**msg.kwargs())
        except discord.HTTPException:
            if old is not None:
                self._outdated.add(session.id)
            raise
        self._note(sent.id, msg.digest())
        self.pictures.note(sent, msg.files)
        _remember(self._moved, session.id, sent.id)
        await self.store.set_message(session.id, sent.id)
        self._outdated.discard(session.id)
        if old is not None:
            try:
                stale = channel.get_partial_message(old)  # type: ignore[union-attr]
                moved = MOVED_BOARD.format(link=sent.jump_url)
                await self._take_moves_off(stale, before, moved, None)
            except discord.HTTPException as exc:
                log.info("old board keeps its buttons session=%s code=%s", session.id, exc.code)

    def is_outdated(self, sid: str) -> bool:
        """Whether the session's board may not show the position (its last update failed)."""
        return sid in self._outdated

    def mark_outdated(self, sid: str) -> None:
        """Note that the session's board may not show the position (a click on it redraws it)."""
        self._outdated.add(sid)

    @staticmethod
    def clicked_current(interaction: discord.Interaction, session: Session, seat: int) -> bool:
        """Whether the click came from the session's board or the clicker's newest DM.

        Such a message is the one to redraw when its buttons are of an earlier position: it
        stays the place the player looks at (an ephemeral answer may be any old one).
        """
        message = interaction.message
        if message is None or message.flags.ephemeral:
            return False
        if not in_game_channel(interaction, session):
            return message.id == session.seats[seat].dm_message_id
        return message.id == session.message_id

    def clicked_old_board(self, interaction: discord.Interaction, session: Session) -> bool:
        """Whether the click came from a board that does not show the current position.

        An older board message whose buttons could not be removed, or the board itself when
        its last update failed in this process.
        """
        message = interaction.message
        if message is None or not in_game_channel(interaction, session):
            return False
        if message.flags.ephemeral:
            return False
        return message.id != session.message_id or session.id in self._outdated

    async def replace_old_board(self, interaction: discord.Interaction, session: Session) -> str:
        """Answer a click on an older board message; what to tell the clicker.

        Its buttons are removed through the click's interaction, which needs no channel
        permission, and the clicker is pointed to the current board.
        """
        try:
            await strip_clicked(interaction, self._latest(interaction))
        except discord.HTTPException as exc:
            log.info("old board not replaced session=%s code=%s", session.id, exc.code)
        return BOARD_MOVED.format(link=self._board_link(session))

    def _latest(self, interaction: discord.Interaction) -> discord.Message | None:
        """The clicked message as this process last wrote it (None: not known)."""
        clicked = interaction.message
        return None if clicked is None else self.pictures.last(clicked.id)

    @staticmethod
    def _board_link(session: Session) -> str:
        return message_link(session.guild_id, session.channel_id, session.message_id)

    async def private(
        self,
        session: Session,
        seat: int,
        notes: list[str],
        ending: str | None = None,
        at: int = 0,
    ) -> presenter.Message:
        """A seat's private message, with the latest public events for context.

        ``notes`` (what just happened, privately) are kept for the position: a redraw at the
        same step without notes (the coach's suggestion, **My hand**) shows them again.
        ``at``: which page of a long list of moves it shows (``controls.build_view``).
        """
        key = (session.id, seat)
        if notes:
            _remember(self._notes, key, (session.step, notes))
        else:
            kept = self._notes.get(key)
            notes = kept[1] if kept is not None and kept[0] == session.step else []
        recent = await self._recent(session, 4)
        chose = await self.seats_that_chose(session)
        tip = self.tips.current(session, seat)
        return await presenter.private(
            session, seat, notes, recent, ending, chose=chose, tip=tip, at=at
        )

    def page_turned(self, message_id: int, step: int, at: int) -> None:
        """Note the page of moves a DM shows after its player turned to it at ``step``.

        ``at`` names the page by a move it holds (``custom_ids.PAGE``), not by its number.
        """
        _remember(self._pages, message_id, (step, at))

    def _page(self, message_id: int, step: int) -> int:
        """The page a redraw of the DM at ``step`` keeps: the one turned to there, else the first.

        A player reading a long list (a Gondor leader's 110 destinations) stays on that list
        when the DM is redrawn at the same position (the coach's suggestion arriving), even
        if the redraw numbers the pages otherwise (the coach's move takes a place).
        """
        turned = self._pages.get(message_id)
        return turned[1] if turned is not None and turned[0] == step else 0

    async def refresh_dm(
        self, session: Session, seat: int, notes: list[str], ending: str | None = None
    ) -> None:
        """Edit a seat's current DM to the latest view, silently (no new notification).

        In a running game, only when the player has ``notes`` or what is their own changed:
        their hand, their secrets, their moves (``own_view``).
        """
        self._owed.discard((session.id, seat))  # no new DM is due: the current one is edited
        s = session.seats[seat]
        if s.dm_channel_id is None or s.dm_message_id is None:
            return
        live = session.status == "active" and not session.game.is_over and ending is None
        own = await self._own_digest(session, seat)
        if live and not notes and self._own.get(s.dm_message_id) == own:
            return
        at = self._page(s.dm_message_id, session.step)
        msg = await self.private(session, seat, notes, ending, at)
        unchanged = self._unchanged(s.dm_message_id, msg)
        _remember(self._moves, s.dm_message_id, _offers_moves(msg))
        _remember(self._own, s.dm_message_id, own)
        if not unchanged:
            edit = functools.partial(
                self._edit_dm, session.id, seat, s.dm_channel_id, s.dm_message_id, msg
            )
            self.edits.submit(s.dm_message_id, edit)

    async def _edit_dm(
        self, sid: str, seat: int, channel_id: int, message_id: int, msg: presenter.Message
    ) -> None:
        """Edit a DM in place; a failure only leaves it as it was (the next change edits it)."""
        try:
            dm = self.client.get_partial_messageable(channel_id)
            kept = self.pictures.kept(message_id, msg.files)
            edited = await dm.get_partial_message(message_id).edit(
                **msg.kwargs(edit=True, kept=kept)
            )
            self.pictures.note(edited, msg.files)
        except discord.HTTPException as exc:
            self._note(message_id, None)
            _remember(self._own, message_id, None)
            _remember(self._moves, message_id, None)  # not known: a newer DM retires it
            log.info("could not refresh DM session=%s seat=%s", sid, seat)
            if passing(exc):
                self.behind(sid)

    async def dm(self, session: Session, seat: int, notes: list[str]) -> None:
        """Send a seat a fresh private message; on closed DMs, tell the channel (no secrets).

        The previous DM loses its buttons and links this one when it may still offer moves
        (``_retire``); one that offers none keeps its other buttons, a request saved.
        """
        s = session.seats[seat]
        if session.via_interactions:  # no DM: the player's own view is only on **My hand**
            await self._only_my_hand(session, seat)
            return
        previous = s.dm_message_id if s.dm_channel_id is not None else None
        msg = await self.private(session, seat, notes)
        try:
            sent = await (await self._dm_channel(s.user_id, s.dm_channel_id)).send(**msg.kwargs())
        except discord.Forbidden:
            self._owed.discard((session.id, seat))
            log.info("DMs closed session=%s seat=%s user=%s", session.id, seat, s.user_id)
            await self.store.set_dm(session.id, seat, closed=True, channel_id=None, message_id=None)
            if not s.dm_closed:
                channel = await self.channel(session)
                await channel.send(
                    DMS_CLOSED.format(mention=f"<@{s.user_id}>"),
                    allowed_mentions=mentions.only([s.user_id]),
                )
            return
        except discord.HTTPException as exc:
            if passing(exc):  # still owed: the game's next showing sends it
                self._owed.add((session.id, seat))
                self.behind(session.id)
            raise
        self._owed.discard((session.id, seat))
        self._note(sent.id, msg.digest())
        self.pictures.note(sent, msg.files)
        _remember(self._moves, sent.id, _offers_moves(msg))
        await self._note_own(session, seat, sent.id)
        await self.store.set_dm(
            session.id, seat, closed=False, channel_id=sent.channel.id, message_id=sent.id
        )
        if previous is not None and self._moves.get(previous, True):  # unknown after a restart
            self.edits.submit(previous, functools.partial(self._retire, session.id, previous, sent))

    async def _only_my_hand(self, session: Session, seat: int) -> None:
        """A game outside a server: the seat's view goes by **My hand**, said once in the channel.

        The bot cannot DM everyone there (it may share no server with them), so it never tries.
        """
        self._owed.discard((session.id, seat))
        s = session.seats[seat]
        if s.dm_closed:
            return
        await self.store.set_dm(session.id, seat, closed=True, channel_id=None, message_id=None)
        channel = await self.channel(session)
        await channel.send(
            ONLY_MY_HAND.format(mention=f"<@{s.user_id}>"),
            allowed_mentions=mentions.only([s.user_id]),
        )

    async def _retire(self, sid: str, message_id: int, newest: discord.Message) -> None:
        """Take the moves off a DM of a decision that is over, linking the newest DM."""
        link = message_link(None, newest.channel.id, newest.id)
        old = self.client.get_partial_messageable(newest.channel.id).get_partial_message(message_id)
        try:
            note = RETIRED_DM.format(link=link)
            await self._take_moves_off(old, self.pictures.last(message_id), note, note)
        except discord.HTTPException as exc:
            log.info("older DM keeps its moves session=%s code=%s", sid, exc.code)
            return
        self._note(message_id, None)
        _remember(self._moves, message_id, False)

    async def _take_moves_off(
        self, message: Editable, last: discord.Message | None, unknown: str, note: str | None
    ) -> None:
        """Edit a board or DM to show what it shows without its moves, ``note`` above it.

        ``last``: the message as Discord last accepted it (``pictures.last``), sent whole again
        without its rows (an edit replaces all the components of a v2 message). One this
        process does not know (written before a restart, or long ago) becomes the text
        ``unknown`` alone, whatever its shape: Discord turns an embed message into v2 on an
        edit that clears its content and embeds.
        """
        if last is None:
            await message.edit(**layout.text_edit(unknown))
            return
        shown = layout.with_rows(last, None)
        if note is not None and isinstance(shown, discord.ui.LayoutView):
            shown = layout.above(note, shown)
        await message.edit(view=shown)
        self.pictures.forget(message.id)

    async def tell(self, user_id: int, channel_id: int | None, text: str) -> bool:
        """Send a player a plain DM that pings no one; False if Discord refused it."""
        try:
            dm = await self._dm_channel(user_id, channel_id)
            await dm.send(text, allowed_mentions=mentions.NOBODY)
        except discord.HTTPException as exc:
            log.info("could not DM user=%s code=%s", user_id, exc.code)
            return False
        return True

    async def _dm_channel(self, user_id: int, channel_id: int | None) -> discord.abc.Messageable:
        """The player's DM channel: the one their last DM went to, else discord.py's (cached)."""
        if channel_id is not None:
            return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        return await self.client.create_dm(discord.Object(user_id))

    async def in_place(
        self, interaction: discord.Interaction, session: Session, seat: int, notes: list[str]
    ) -> None:
        """Replace the message the player clicked (their DM or ephemeral) with the new view."""
        msg = await self.private(session, seat, notes)
        message = interaction.message
        key = message.id if message is not None else None
        if not await self._answer_with(interaction, msg, key):
            kept = self._kept_on(message, msg)
            try:
                edited = await interaction.edit_original_response(
                    **msg.kwargs(edit=True, kept=kept)
                )
            except discord.HTTPException:
                if message is not None:
                    self._note(message.id, None)
                raise
            self.pictures.note(edited, msg.files)
            if message is not None:
                self._note(message.id, msg.digest())
        if message is not None:
            _remember(self._moves, message.id, _offers_moves(msg))
        if message is not None and message.flags.ephemeral:  # My hand: its token is fresh now
            await self.opened_hand(interaction, session, seat, message)
        if message is not None and not in_game_channel(interaction, session):
            await self._note_own(session, seat, message.id)
            s = session.seats[seat]
            here = (False, message.channel.id, message.id)
            if (s.dm_closed, s.dm_channel_id, s.dm_message_id) != here:  # else stored already
                await self.store.set_dm(
                    session.id, seat, closed=False, channel_id=here[1], message_id=here[2]
                )

    async def opened_hand(
        self,
        interaction: discord.Interaction,
        session: Session,
        seat: int,
        message: discord.abc.Snowflake,
    ) -> None:
        """Note ``message``, a **My hand** answer, as the seat's open hand (``refresh_hand``)."""
        own = await self._own_digest(session, seat)
        self.hands.note(interaction, session.id, message.id, own)

    async def refresh_hand(
        self, session: Session, seat: int, notes: list[str], ending: str | None = None
    ) -> None:
        """Bring the seat's open **My hand** answer to the game as it stands, in the background.

        As ``refresh_dm``: only when the player has ``notes`` or what is their own changed, or
        the game is over (it then says how it ended, without buttons, and is forgotten). The
        edit goes through ``edits``, off the click's path; Discord's refusal (an expired
        token, a dismissed message) forgets the hand, logged at debug.
        """
        user_id = session.seats[seat].user_id
        hand = self.hands.get(user_id, session.id)
        if hand is None or session.seats[seat].computer is not None:
            return
        live = session.status == "active" and not session.game.is_over and ending is None
        own = await self._own_digest(session, seat)
        if live and not notes and hand.shown == own:
            return
        if live:
            self.hands.shown(user_id, session.id, hand, own)
        else:
            self.hands.forget(user_id, session.id, hand)
        edit = functools.partial(self._edit_hand, session, seat, notes, ending, hand)
        self.edits.submit(hand.message_id, edit)  # a click's answer in it settles it first

    async def _edit_hand(
        self, session: Session, seat: int, notes: list[str], ending: str | None, hand: Hand
    ) -> None:
        """Edit a My hand answer through its interaction's webhook; a failure only forgets it."""
        try:
            msg = await self.private(session, seat, notes, ending)
            hook = discord.Webhook.partial(hand.application_id, hand.token, client=self.client)
            await hook.edit_message(hand.message_id, **msg.kwargs(edit=True))
        except discord.HTTPException as exc:
            self.hands.forget(session.seats[seat].user_id, session.id, hand)
            log.debug("My hand not refreshed session=%s code=%s", session.id, exc.code)
        except Exception as exc:  # its type only: never raised to a player
            self.hands.forget(session.seats[seat].user_id, session.id, hand)
            log.debug("My hand not refreshed session=%s error=%s", session.id, type(exc).__name__)

    @staticmethod
    def clicked_hand(interaction: discord.Interaction) -> bool:
        """Whether the click came from an ephemeral message (My hand): only its member sees it.

        Such a message behind the game is redrawn in the click's answer, like the board.
        """
        message = interaction.message
        return message is not None and message.flags.ephemeral

    @staticmethod
    def clicked_old_dm(interaction: discord.Interaction, session: Session, seat: int) -> bool:
        """Whether the click came from a DM older than the seat's newest one."""
        message, newest = interaction.message, session.seats[seat].dm_message_id
        return (
            message is not None
            and not in_game_channel(interaction, session)
            and newest is not None
            and message.id != newest
        )

    @staticmethod
    def clicked_replaced_dm(interaction: discord.Interaction, session: Session, seat: int) -> bool:
        """Whether the click came from a DM sent before the seat's newest one.

        Ids grow with time: a DM newer than the one recorded is the newest, its id not written
        yet when the click came. Ephemeral messages are never DMs.
        """
        message = interaction.message
        return (
            Delivery.clicked_old_dm(interaction, session, seat)
            and message is not None
            and not message.flags.ephemeral
            and message.id < (session.seats[seat].dm_message_id or 0)
        )

    async def retire_old_dm(
        self, interaction: discord.Interaction, session: Session, seat: int
    ) -> str:
        """Take the buttons off an older DM that was clicked; what to tell the clicker."""
        try:
            await strip_clicked(interaction, self._latest(interaction))
        except discord.HTTPException as exc:
            log.info("old DM keeps its buttons session=%s code=%s", session.id, exc.code)
        s = session.seats[seat]
        return OLD_DM.format(link=message_link(None, s.dm_channel_id or 0, s.dm_message_id))

    async def _answer_with(
        self, interaction: discord.Interaction, msg: presenter.Message, key: object
    ) -> bool:
        """Answer a click not answered yet with ``msg`` in place of the clicked message.

        One request (UPDATE_MESSAGE, the picture uploaded with it) instead of a deferral and
        an edit; False when the click was answered (deferred) already. An older state of the
        message, edited under ``key`` through the channel, is dropped or waited for first.
        """
        if key is not None:
            await self.edits.settle(key)
        kept = self._kept_on(interaction.message, msg)
        async with answering(interaction):
            if interaction.response.is_done():
                return False
            try:
                answer = await interaction.response.edit_message(**msg.kwargs(edit=True, kept=kept))
            except discord.HTTPException:
                if interaction.message is not None:
                    self.pictures.forget(interaction.message.id)
                raise
        resource = answer.resource if answer is not None else None
        if isinstance(resource, discord.Message):
            self.pictures.note(resource, msg.files)
        elif interaction.message is not None:  # what it shows now is not known
            self.pictures.forget(interaction.message.id)
        if interaction.message is not None:
            self._note(interaction.message.id, msg.digest())
        return True

    def _kept_on(
        self, message: discord.Message | None, msg: presenter.Message
    ) -> dict[str, discord.Attachment]:
        """The clicked message's attachments that show ``msg``'s pictures already.

        Only those the click's copy of the message still lists: it is what Discord holds.
        """
        if message is None:
            return {}
        there = {a.id for a in message.attachments}
        kept = self.pictures.kept(message.id, msg.files)
        return {name: a for name, a in kept.items() if a.id in there}

    async def ask_confirmation(
        self, interaction: discord.Interaction, session: Session, step: int, code: str, text: str
    ) -> None:
        """Ask the clicker, privately, to confirm a costly move before it is made.

        The question replaces the clicker's previous private answer in this game.
        """
        view = discord.ui.View(timeout=None)
        label = session.game_cls.decode(code).label()
        view.add_item(
            discord.ui.Button(
                label=shorten(f"Yes: {label}", BUTTON_LABEL),
                style=discord.ButtonStyle.danger,
                custom_id=custom_ids.CONFIRM.build(session.id, step, code),
            )
        )
        question = f"{text}\nPress the button to confirm, or choose another move."
        sent: discord.abc.Snowflake | None = None
        async with answering(interaction):
            if not interaction.response.is_done():  # the question is the click's answer
                answer = await interaction.response.send_message(
                    question, view=view, ephemeral=True
                )
                resource = answer.resource
                if isinstance(resource, discord.InteractionMessage):
                    sent = resource
                else:
                    sent = await interaction.original_response()
        if sent is None:
            sent = await interaction.followup.send(question, view=view, ephemeral=True, wait=True)
        clicked = interaction.message
        source = clicked.id if clicked is not None and clicked.flags.ephemeral else None
        await self.answers.replace(interaction, session.id, sent, source=source)

    async def confirmed(
        self, interaction: discord.Interaction, session: Session, seat: int
    ) -> None:
        """Turn a confirmation question into a note that the move was made, its Yes disabled.

        A question asked from **My hand** has that answer redrawn too, as a click in it would
        (a DM it was asked from is edited with the others): its moves were for this decision.
        ``session``: as the move left it (written, not read back), its messages' parts ready.
        """
        asked = None
        if interaction.message is not None:
            asked = self.answers.asked_from(interaction.user.id, session.id, interaction.message.id)
        await close_question(interaction, "Done.", self.answers)
        if asked is None:
            return
        hook, hand = asked
        msg = await self.private(session, seat, [])
        try:
            await hook.edit_message(hand, **msg.kwargs(edit=True))
        except discord.HTTPException as exc:
            log.info("My hand not redrawn session=%s code=%s", session.id, exc.code)

    async def announce(
        self,
        session: Session,
        text: str,
        view: discord.ui.View | None = None,
        *,
        result: bool = False,
    ) -> None:
        """Post in the game's channel, pinging its players (a ``result``: a v2 message).

        The ``result`` of a game in its own thread is posted in the thread without pings: its
        ``headline`` pings them.
        """
        channel = await self.channel(session)
        threaded = result and game_threads.in_thread(session)
        pings = mentions.NOBODY if threaded else mentions.players(session)
        try:
            if result:  # one container: who won, what changed, Play again beside it
                shown = layout.message(None, [text], rows=layout.rows_of(view))
                await channel.send(**shown.kwargs(), allowed_mentions=pings)
            elif view is None:
                await channel.send(text, allowed_mentions=pings)
            else:
                await channel.send(text, view=view, allowed_mentions=pings)
        except discord.HTTPException as exc:
            self.gone(session.channel_id, exc)
            raise

    async def headline(self, session: Session, text: str) -> None:
        """A result's first line where a game's thread hangs off, pinging the players there.

        Nothing for a game in no thread of its own.
        """
        if not game_threads.in_thread(session):
            return
        parent_id = session.parent_channel_id or 0
        parent = self.client.get_channel(parent_id) or self.client.get_partial_messageable(
            parent_id, guild_id=session.guild_id
        )
        assert isinstance(parent, discord.abc.Messageable)
        headline = game_threads.headline(session, text)
        await parent.send(headline, allowed_mentions=mentions.players(session))


def in_game_channel(interaction: discord.Interaction, session: Session) -> bool:
    """Whether the interaction comes from the game's channel (else from a DM of a player)."""
    return interaction.channel_id == session.channel_id


def _offers_moves(msg: presenter.Message) -> bool:
    """Whether the message carries a move's button or select."""
    if msg.view is None:
        return False
    ids = [getattr(item, "custom_id", None) for item in msg.view.children]
    return any(custom_ids.ACTION.parse(i) or custom_ids.SELECT.parse(i) for i in ids)


def _remember(shown: OrderedDict[K, V], key: K, value: V | None) -> None:
    """Note a message's digest (None: forget it), keeping the last ``SHOWN_SIZE``."""
    shown.pop(key, None)
    if value is not None:
        shown[key] = value
        while len(shown) > SHOWN_SIZE:
            shown.popitem(last=False)
