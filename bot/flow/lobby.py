"""Starting games: two-player challenges (Accept / Decline) and solo starts."""

from __future__ import annotations

import logging
import math
import secrets
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import NamedTuple

import discord

import ai
import engines
from bot.errors import Cooldown, CouldNotPost, NotInGame, TooManyGames, UserFacingError
from bot.flow import coach
from bot.flow.computer import computer_name
from bot.flow.sessions import SessionManager
from bot.settings import ANY_GAME, Settings
from bot.storage.daily import DailyStore, session_day
from bot.storage.history import CHALLENGER_SEAT, challenger_seat, engine_options
from bot.storage.models import LESSON
from bot.storage.refusals import SessionNotFound
from bot.storage.server_settings import ServerSettings
from bot.storage.store import Session
from bot.surface import custom_ids, game_threads, layout, mentions, presenter
from bot.surface.channel_permissions import require_game_permissions
from bot.surface.reach import answers_public, via_interactions
from bot.surface.replies import reply_errors
from engines.lessons import lesson_for, lessons_for
from engines.safe_text import markdown

log = logging.getLogger(__name__)

DEFAULT_LEVEL = "normal"
LEVEL_CHOICES = [discord.app_commands.Choice(name=level, value=level) for level in ai.LEVELS]
"""The ``level`` option of every challenge command (against the computer)."""
OPPONENT_HELP = "Who you want to play (leave it out, or pick me, to play the computer)"
LEVEL_HELP = f"How well the computer plays (default: {DEFAULT_LEVEL})"


class Place(NamedTuple):
    """Where a new game is played."""

    guild_id: int
    channel_id: int
    thread: bool
    via_interactions: bool


def lesson_choices(game_id: str) -> list[discord.app_commands.Choice[int]]:
    """The ``part:`` choices of ``/<game> learn``: each lesson part, by number and title."""
    return [
        discord.app_commands.Choice(name=f"{n}: {lesson.title}", value=n)
        for n, lesson in enumerate(lessons_for(game_id), start=1)
    ]


LESSON_OPPONENT = "Computer (lesson)"
"""The name of the computer's seat in a lesson (its moves are scripted, at no level)."""
"""The descriptions of every challenge command's ``opponent`` and ``level`` options."""


ONLY_YOU_SEE = (
    "This server has turned off *Use External Apps*: here only you would see my messages, "
    "so a game for two can't be played. Challenge your friend in a DM or group DM, or in a "
    "server that added me; a solo game or one against the computer works here, seen by you "
    "alone."
)


CANNOT_DM = 50007
"""Discord's code for a DM it refuses (the member closed DMs, or shares no server with the bot)."""


NOT_SENT = "I couldn't send you the game in a DM, so it was not started. Please try again."


class DMsClosed(Exception):
    """Discord refused to DM the member the new game: nothing was started."""


def new_seed() -> int:
    """A fresh secret seed (its SHA-256 is published at the start, the seed at the end)."""
    return secrets.randbits(63)


def fixed_games(settings: Settings) -> str:
    """The games ``GAME_SEED`` fixes, for the start's warning."""
    fixed = ", ".join(settings.game_seed)
    return "all new games" if ANY_GAME in settings.game_seed else f"new games of {fixed}"


def session_seed(settings: Settings, game_id: str) -> int:
    """A new game's seed: ``GAME_SEED``'s for this game when set (a testing aid), else fresh."""
    fixed = settings.game_seed.get(game_id, settings.game_seed.get(ANY_GAME))
    return new_seed() if fixed is None else fixed


class Lobby:
    """Creates sessions; the manager takes over once a game is running."""

    def __init__(self, manager: SessionManager, settings: Settings) -> None:
        self.manager = manager
        self.store = manager.store
        self.settings = settings
        if settings.game_seed:  # the games, never the seeds: logs hold no seed
            log.warning("GAME_SEED is set: %s start from a fixed seed", fixed_games(settings))
        self.servers = ServerSettings(manager.store.db, settings)
        self.challenge_minutes = settings.challenge_minutes
        self.max_games = settings.max_games_per_user
        self.cooldown = timedelta(seconds=settings.start_cooldown_seconds)
        self._last_start: dict[int, datetime] = {}  # user id -> their last start or challenge

    async def _place(self, interaction: discord.Interaction) -> Place:
        """Where a start plays: the server, the channel, its own thread, through interactions.

        Its own thread off the channel is the server's setting; a start in a thread plays in
        that thread (Discord has no threads in threads). Refused where the bot lacks a
        permission the game needs. Outside a server that installed the app (a DM or group DM
        with the app installed to the member), the game is reached only through its
        interactions (``reach``), under no server (``guild_id`` 0).
        """
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        if channel_id is not None and via_interactions(interaction):
            return Place(0, channel_id, False, True)
        if guild_id is None or channel_id is None:
            raise UserFacingError("Games are played in a server channel, not in direct messages.")
        thread = isinstance(interaction.channel, discord.TextChannel)
        thread = thread and (await self.servers.get(guild_id)).threads
        require_game_permissions(interaction, thread=thread)
        return Place(guild_id, channel_id, thread, False)

    async def _admit(
        self, interaction: discord.Interaction, guild_id: int, players: list[discord.abc.User]
    ) -> None:
        """Refuse a start within the cooldown, or one that takes a player over the limit."""
        starter = interaction.user.id
        last = self._last_start.get(starter)
        if last is not None and interaction.created_at - last < self.cooldown:
            wait = self.cooldown - (interaction.created_at - last)
            raise Cooldown(math.ceil(wait.total_seconds()))
        for player in players:
            if await self.store.live_count(guild_id, player.id) >= self.max_games:
                name = None if player.id == starter else markdown(player.display_name)
                raise TooManyGames(name, self.max_games)

    def _started(self, interaction: discord.Interaction) -> None:
        """Start the starter's cooldown (only starts that created a session count)."""
        now = interaction.created_at
        self._last_start = {
            uid: t for uid, t in self._last_start.items() if now - t < self.cooldown
        }
        self._last_start[interaction.user.id] = now

    def _follows_lesson(self, interaction: discord.Interaction, lesson: Session) -> None:
        """A start pressed under a lesson played through is not made to wait for the cooldown.

        Only when that lesson is the member's last start: the game it starts begins a cooldown
        again, so a second press still waits.
        """
        last = self._last_start.get(interaction.user.id)
        if last is not None and last <= lesson.created_at:
            del self._last_start[interaction.user.id]

    async def _abandon(self, session: Session, exc: Exception, *, told: bool = False) -> None:
        """The new game's first message failed: close it without a result (channel freed).

        A daily deal's attempt is given back: its player never saw the deal. ``told``: the
        caller tells the player itself (no ``CouldNotPost``).
        """
        log.warning("could not post the new game session=%s: %r", session.id, exc)
        now = discord.utils.utcnow()
        await self.store.close(session, status="abandoned", reason="failed", now=now)
        if session_day(session) is not None:
            await DailyStore(self.store.db).release(session.id)
        if isinstance(exc, discord.HTTPException) and not told:
            raise CouldNotPost() from exc

    def is_computer(self, opponent: discord.abc.User | None) -> bool:
        """No opponent, or the bot itself: the challenger plays the computer."""
        me = self.manager.client.user
        return opponent is None or (me is not None and opponent.id == me.id)

    async def challenge(
        self,
        interaction: discord.Interaction,
        game_id: str,
        opponent: discord.abc.User | None,
        options: dict[str, object] | None = None,
        *,
        seat: int = 0,
        terms: str | None = None,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        """Post a challenge with Accept / Decline for the opponent, or start against the computer.

        ``seat``: the challenger's seat (0 or 1; the opponent takes the other). ``terms``: a line
        the challenge shows, such as who plays which side. Without an opponent (or with the bot
        as opponent) the game starts at once against the computer at ``level``.
        """
        if opponent is None or self.is_computer(opponent):
            await self.versus_computer(interaction, game_id, level, options or {}, seat=seat)
            return
        cls = engines.get_game(game_id)
        guild_id, channel_id, thread, via = await self._place(interaction)
        if not answers_public(interaction):
            raise UserFacingError(ONLY_YOU_SEE)
        if opponent.bot:
            raise UserFacingError(
                "Bots can't play: pick a member, or leave `opponent` empty to play the computer."
            )
        if opponent.id == interaction.user.id:
            raise UserFacingError(
                "You can't challenge yourself: pick another member, or leave `opponent` empty "
                "to play the computer."
            )
        if seat not in (0, 1):
            raise UserFacingError("A challenge seats its challenger first or second.")
        await self._admit(interaction, guild_id, [interaction.user, opponent])
        players = [
            (interaction.user.id, interaction.user.display_name),
            (opponent.id, opponent.display_name),
        ]
        options = {**(options or {}), **({CHALLENGER_SEAT: seat} if seat else {})}
        session = await self.store.create(
            game_id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            players=players[::-1] if seat else players,
            seed=session_seed(self.settings, game_id),
            options=options,
            game=None,
            now=discord.utils.utcnow(),
            in_thread=thread,
            via_interactions=via,
        )
        minutes = round(self.challenge_minutes)
        text = (
            f"{interaction.user.mention} challenges {opponent.mention}.\n"
            + (f"{terms}\n" if terms else "")
            + f"{opponent.mention}, press **Accept** to play or **Decline**. "
            f"The challenge expires in {minutes} minutes."
        )
        buttons = [
            discord.ui.Button[discord.ui.LayoutView](
                label=answer.title(),
                style=style,
                custom_id=custom_ids.CHALLENGE.build(session.id, answer),
            )
            for answer, style in (
                ("accept", discord.ButtonStyle.success),
                ("decline", discord.ButtonStyle.secondary),
            )
        ]
        shown = layout.message(
            f"{cls.title}: a challenge!",
            [text],
            colour=discord.Colour.dark_gold(),
            above=opponent.mention,
            rows=[buttons],
        )
        self._started(interaction)
        # Held until the message id is saved: a fast Accept waits instead of posting a board.
        async with self.manager.lock(session.id):
            try:
                await interaction.response.send_message(
                    **shown.kwargs(), allowed_mentions=mentions.only([opponent.id])
                )
                message = await interaction.original_response()
            except Exception as exc:
                await self._abandon(session, exc)  # raises CouldNotPost for Discord errors
                raise
            if via:  # its token may edit the challenge, which becomes the board
                self.manager.delivery.reach.note(session.id, interaction)
                self.manager.delivery.reach.made(session.id, message.id, interaction)
            await self.store.set_message(session.id, message.id)

    async def answer(self, interaction: discord.Interaction, sid: str, answer: str) -> None:
        """Accept or Decline pressed on a challenge."""
        await interaction.response.defer()
        async with reply_errors(interaction, f"session={sid} challenge"), self.manager.lock(sid):
            session = await self.store.load(sid)
            if session.status == "active":
                raise UserFacingError("The game has already started.")
            if session.status != "pending":
                if interaction.message is not None:
                    closed = layout.with_rows(interaction.message, None)
                    await interaction.edit_original_response(view=closed)
                raise SessionNotFound()
            seat = session.seat_of(interaction.user.id)
            if seat is None:
                raise NotInGame()
            now = discord.utils.utcnow()
            if now - session.created_at > timedelta(minutes=self.challenge_minutes):
                await self.store.close(session, status="abandoned", reason="expired", now=now)
                await interaction.edit_original_response(
                    **layout.text_edit("This challenge expired.")
                )
                return
            challenger = challenger_seat(session.options)
            if answer == "decline":
                verb = "withdrew the challenge" if seat == challenger else "declined"
                await self.store.close(session, status="abandoned", reason="declined", now=now)
                said = f"{markdown(interaction.user.display_name)} {verb}."
                await interaction.edit_original_response(**layout.text_edit(said))
                return
            if seat == challenger:
                raise UserFacingError(f"Waiting for {session.names[1 - seat]} to accept.")
            thread = game_threads.awaits_thread(session)
            if not session.via_interactions:  # else the bot posts nothing through the channel
                require_game_permissions(interaction, thread=thread)  # the challenge stays open
            if thread and interaction.message is not None:
                session = await self._move_to_thread(interaction, interaction.message.id, session)
                await interaction.edit_original_response(
                    **layout.text_edit(game_threads.start_line(session)),
                    allowed_mentions=mentions.NOBODY,
                )
            await self._begin(session, interaction)

    async def versus_computer(
        self,
        interaction: discord.Interaction,
        game_id: str,
        level: str,
        options: dict[str, object],
        *,
        seat: int,
    ) -> None:
        """Start a two-player game at once, the computer at ``level`` in the other seat."""
        if level not in ai.LEVELS:
            raise UserFacingError(f"Pick a level: {', '.join(ai.LEVELS)}.")
        guild_id, channel_id, thread, via = await self._place(interaction)
        me = self.manager.client.user
        assert me is not None  # commands arrive only once the bot is logged in
        seed = session_seed(self.settings, game_id)
        options = {**options, **({CHALLENGER_SEAT: seat} if seat else {})}
        game = engines.get_game(game_id).new(2, seed=seed, options=engine_options(options))
        await self._admit(interaction, guild_id, [interaction.user])
        players = [
            (interaction.user.id, interaction.user.display_name),
            (me.id, computer_name(level)),
        ]
        coached = await coach.starts_on(self.store, guild_id, interaction.user.id, game_id)
        session = await self.store.create(
            game_id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            players=players[::-1] if seat else players,
            seed=seed,
            options=options,
            game=game,
            now=discord.utils.utcnow(),
            computers={1 - seat: level},
            in_thread=thread,
            coached=frozenset({seat} if coached else ()),
            via_interactions=via,
        )
        self._started(interaction)
        log.info("game against the computer session=%s level=%s", session.id, level)
        await self._post_board(interaction, session)

    async def start_solo(
        self,
        interaction: discord.Interaction,
        game_id: str,
        options: dict[str, object],
        *,
        seed: int | None = None,
        then: Callable[[str], Awaitable[None]] | None = None,
    ) -> None:
        """Start a one-player game in this channel.

        ``seed``: the deal (default: ``session_seed``'s); ``then``: more writes in the
        transaction creating the session (``SessionStore.create``).
        """
        place = await self._place(interaction)
        seed = session_seed(self.settings, game_id) if seed is None else seed
        session = await self._create_solo(interaction, place, game_id, options, seed, then)
        self._started(interaction)
        await self._post_board(interaction, session)

    async def _create_solo(
        self,
        interaction: discord.Interaction,
        place: Place,
        game_id: str,
        options: dict[str, object],
        seed: int,
        then: Callable[[str], Awaitable[None]] | None,
    ) -> Session:
        """The member's new one-player game at ``place``, once admitted (not yet posted)."""
        game = engines.get_game(game_id).new(1, seed=seed, options=engine_options(options))
        await self._admit(interaction, place.guild_id, [interaction.user])  # refusals: ephemeral
        return await self.store.create(
            game_id=game_id,
            guild_id=place.guild_id,
            channel_id=place.channel_id,
            players=[(interaction.user.id, interaction.user.display_name)],
            seed=seed,
            options=options,
            game=game,
            now=discord.utils.utcnow(),
            in_thread=place.thread,
            then=then,
            via_interactions=place.via_interactions,
        )

    async def start_solo_in_dm(
        self,
        interaction: discord.Interaction,
        game_id: str,
        options: dict[str, object],
        *,
        seed: int,
        then: Callable[[str], Awaitable[None]],
    ) -> Session:
        """Start a one-player game of this server in the member's DM with the bot.

        The answer is deferred (private) first; the caller answers once the game is posted.
        ``then``: more writes in the transaction creating the session (``SessionStore.create``).
        ``DMsClosed``: Discord refused the DM (nothing started); ``ChannelBusy``: a game is
        running in that DM already.
        """
        guild_id = interaction.guild_id
        assert guild_id is not None  # only for a start in a server that installed the app
        await interaction.response.defer(ephemeral=True, thinking=True)
        dm = await interaction.user.create_dm()
        place = Place(guild_id, dm.id, False, False)
        session = await self._create_solo(interaction, place, game_id, options, seed, then)
        async with self.manager.lock(session.id):
            try:
                msg = await presenter.board(session, [])
                sent = await dm.send(**msg.kwargs())
            except discord.HTTPException as exc:
                await self._abandon(session, exc, told=True)
                if exc.code == CANNOT_DM:
                    raise DMsClosed() from exc
                raise UserFacingError(NOT_SENT) from exc
            except Exception as exc:
                await self._abandon(session, exc)
                raise
            self._started(interaction)  # not before: a refused DM leaves "Play it here" free
            self.manager.delivery.pictures.note(sent, msg.files)
            await self.store.set_message(session.id, sent.id)
            session = await self.store.load(session.id)
            await self.manager.begin(session)
        return session

    async def start_lesson(
        self, interaction: discord.Interaction, game_id: str, part: int = 1
    ) -> None:
        """``/<game> learn``: part ``part`` of the game's lessons for this member, unrated.

        The computer's seat (two-player games) plays the script's moves, never a search; a
        later part's prelude is played at the start like them.
        """
        lesson = lesson_for(game_id, part)
        if lesson is None:
            raise UserFacingError("This game has no such lesson: its `rules` command explains it.")
        guild_id, channel_id, thread, via = await self._place(interaction)
        cls = engines.get_game(game_id)
        game = cls.new(lesson.seats, seed=lesson.seed, options=dict(lesson.options))
        await self._admit(interaction, guild_id, [interaction.user])
        players = [(interaction.user.id, interaction.user.display_name)]
        me = self.manager.client.user
        if lesson.seats > 1:
            assert me is not None  # commands arrive only once the bot is logged in
            players.insert(lesson.opponent, (me.id, LESSON_OPPONENT))
        session = await self.store.create(
            game_id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            players=players,
            seed=lesson.seed,
            options={**lesson.options, LESSON: part},
            game=game,
            now=discord.utils.utcnow(),
            computers={lesson.opponent: DEFAULT_LEVEL} if lesson.seats > 1 else None,
            in_thread=thread,
            via_interactions=via,
        )
        self._started(interaction)
        log.info("lesson started session=%s game=%s part=%s", session.id, game_id, part)
        await self._post_board(interaction, session)

    async def play_again(self, interaction: discord.Interaction, sid: str) -> None:
        """**Play again** on an ended game: the same game and options, started by a player.

        Solo: a new game for the clicker. Two players: a challenge to the other player with
        the seats swapped; against the computer, a new game at once at the same level.
        """
        async with reply_errors(interaction, f"session={sid} again"):
            session = await self.store.load(sid)
            me = self.manager.client.user
            seat = session.seat_of(interaction.user.id)
            if seat is None or (me is not None and interaction.user.id == me.id):
                raise UserFacingError("Only the players of this game can play it again.")
            if session.status in ("pending", "active"):
                raise UserFacingError("This game is still going.")
            if session.lesson is not None:  # the real thing: default options, the same side
                self._follows_lesson(interaction, session)
                await self._after_lesson(interaction, session)
                return
            options = engine_options(session.options)
            if len(session.seats) == 1:
                await self.start_solo(interaction, session.game_id, options)
                return
            other = session.seats[1 - seat]
            if me is not None and other.user_id == me.id:
                level = other.computer or DEFAULT_LEVEL
                await self.versus_computer(
                    interaction, session.game_id, level, options, seat=1 - seat
                )
                return
            client = self.manager.client
            opponent = client.get_user(other.user_id) or await client.fetch_user(other.user_id)
            await self.challenge(interaction, session.game_id, opponent, options, seat=1 - seat)

    async def next_lesson(self, interaction: discord.Interaction, sid: str) -> None:
        """**Next lesson** under a finished lesson: the next part, for its learner only."""
        async with reply_errors(interaction, f"session={sid} next lesson"):
            session = await self.store.load(sid)
            lesson = session.lesson
            if lesson is None or session.seat_of(interaction.user.id) != lesson.learner:
                raise UserFacingError("Only the learner of this lesson can go on with it.")
            self._follows_lesson(interaction, session)
            await self.start_lesson(interaction, session.game_id, session.lesson_part + 1)

    async def _after_lesson(self, interaction: discord.Interaction, session: Session) -> None:
        """A real game after a lesson: the lesson's side against the computer (normal), or solo."""
        if len(session.seats) == 1:
            await self.start_solo(interaction, session.game_id, {})
        else:
            seat = session.lesson.learner if session.lesson is not None else 0
            await self.versus_computer(interaction, session.game_id, DEFAULT_LEVEL, {}, seat=seat)

    async def _post_board(self, interaction: discord.Interaction, session: Session) -> None:
        """Answer the start command with the new game's board, then let the game begin.

        A game in its own thread: the answer becomes the channel's line about the game, the
        thread is started from it and the board is posted in the thread.
        """
        if session.via_interactions:
            self.manager.delivery.reach.note(session.id, interaction)
        async with self.manager.lock(session.id):
            try:
                await interaction.response.defer(thinking=True)  # rendering may take a moment
                if game_threads.awaits_thread(session):
                    line = await interaction.followup.send(
                        game_threads.start_line(session),
                        wait=True,
                        allowed_mentions=mentions.NOBODY,
                    )
                    session = await self._move_to_thread(interaction, line.id, session)
                    await line.edit(content=game_threads.start_line(session))
                    channel = await self.manager.delivery.channel(session)
                    msg = await presenter.board(session, [])
                    sent = await channel.send(**msg.kwargs())
                else:
                    msg = await presenter.board(session, [])
                    sent = await interaction.followup.send(wait=True, **msg.kwargs())
            except Exception as exc:
                await self._abandon(session, exc)  # raises CouldNotPost for Discord errors
                raise
            if session.via_interactions:  # its token may edit the board
                self.manager.delivery.reach.made(session.id, sent.id, interaction)
            self.manager.delivery.pictures.note(sent, msg.files)  # kept by the next edit
            await self.store.set_message(session.id, sent.id)
            session = await self.store.load(session.id)
            await self.manager.begin(session)

    async def _move_to_thread(
        self, interaction: discord.Interaction, message_id: int, session: Session
    ) -> Session:
        """Start the game's thread from a message of the interaction's channel (its home now)."""
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)  # a game gets a thread only there
        thread = await game_threads.start_thread(channel, message_id, session)
        log.info("game thread started session=%s thread=%s", session.id, thread.id)
        return await self.store.move_to_thread(session.id, thread.id)

    async def _begin(self, session: Session, interaction: discord.Interaction) -> None:
        """Create the game for an accepted challenge and turn the challenge into the board."""
        options = engine_options(session.options)
        game = session.game_cls.new(len(session.seats), seed=session.seed, options=options)
        session = await self.store.activate(session, game, discord.utils.utcnow())
        log.info("game started session=%s game=%s", session.id, session.game_id)
        await self.manager.begin(session)
