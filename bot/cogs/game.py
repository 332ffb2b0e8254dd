"""/game status | log | hint | resign | abort | end | replay | review | settings: every game's."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import ai
from bot.errors import UserFacingError
from bot.flow import computer
from bot.flow.computer import move_seed
from bot.flow.lifecycle import Answer, manages_server
from bot.flow.replays import report_text
from bot.flow.review import STILL_ON
from bot.storage.refusals import SessionNotFound
from bot.storage.server_settings import DEFAULT
from bot.storage.store import Session
from bot.surface import layout, lessons, presenter, render_pool, replay_view
from bot.surface.acknowledge import defer_unless_answered, read_first, send
from bot.surface.private_answers import PrivateAnswers
from bot.surface.reach import via_interactions
from bot.surface.settings_text import describe
from bot.surface.text_limits import EMBED_DESCRIPTION, OPTION_LABEL, fit_embed
from engines import Action, Game, plugins
from engines.text import join_and, plural, shorten

if TYPE_CHECKING:
    from bot.client import TabletopBot

log = logging.getLogger(__name__)

HINT_TOP = 5
"""The hint lists this many moves; the rest are summarised."""


def not_solo() -> str:
    """The refusal of a hint in a game without hints: which games have them."""
    solo = [p.name for p in plugins.plugins() if p.seats == "solo"]
    return f"Hints are for the solo games ({join_and(solo)})."


TAKEOVER_CHOICES = [
    app_commands.Choice(name="on: the waiting player may hand it to the computer", value="on"),
    app_commands.Choice(name="off: wait, or the absent player resigns in time", value="off"),
    app_commands.Choice(name="the bot's default", value=DEFAULT),
]
LEVEL_CHOICES = [
    *(app_commands.Choice(name=level, value=level) for level in ai.LEVELS),
    app_commands.Choice(name="the bot's default", value=DEFAULT),
]
THREADS_CHOICES = [
    app_commands.Choice(name="on: each game in its own thread off the channel", value="on"),
    app_commands.Choice(name="off: each game in the channel it starts in", value="off"),
]
SERVER_ONLY = "This is a server's command: here there is no server to manage."
HERE_ONLY = "Outside a server, leave `session` out: the game of this conversation is meant."


def this_channel_only(interaction: discord.Interaction, session: str | None) -> None:
    """Outside a server, refuse a game named by its id: only this conversation's is meant."""
    if session and via_interactions(interaction):
        raise UserFacingError(HERE_ONLY)


def server_only(interaction: discord.Interaction) -> None:
    """Refuse a server's command where the app is only the member's."""
    if via_interactions(interaction):
        raise UserFacingError(SERVER_ONLY)


SETTINGS_ADMIN_ONLY = (
    "Only members with Manage Server change this server's settings; "
    "`/game settings` without options shows them."
)

LOG_CHOICES = [
    app_commands.Choice(name="the game running here (default)", value="current"),
    app_commands.Choice(name="the last game that ended here", value="last"),
]


@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class GameCog(commands.GroupCog, group_name="game", group_description="The game in this channel"):
    """Commands about the game running in this channel.

    Also where the app is only the member's (a DM or group DM): there they act on the game of
    that channel only (no ``session:``), and the server's commands (``end``, ``settings``) are
    refused (Discord sets contexts per top-level command, for the whole group).
    """

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(description="Show the current board (only to you)")
    async def status(self, interaction: discord.Interaction) -> None:
        """Post the public board ephemerally, with a pointer to the live message."""
        async with read_first(interaction, ephemeral=True):
            session = await self.bot.lifecycle.live_session(interaction.channel_id)
        if session.state_json is None:
            raise UserFacingError("The challenge has not been accepted yet.")
        await defer_unless_answered(interaction, ephemeral=True)
        recent = await self.bot.store.recent_events(session.id)
        chose = await self.bot.sessions.delivery.seats_that_chose(session)
        msg = await presenter.board(session, recent, chose=chose)
        msg.embed.set_footer(text=presenter.status_footer(session))
        msg.view = None
        await interaction.followup.send(ephemeral=True, **msg.kwargs())

    @app_commands.command(description="The public log of the game in this channel")
    @app_commands.describe(which="The running game (default) or the last one that ended here")
    @app_commands.choices(which=LOG_CHOICES)
    async def log(self, interaction: discord.Interaction, which: str = "current") -> None:
        """The public events, with the players' names (never anyone's hidden cards)."""
        channel_id = interaction.channel_id or 0
        async with read_first(interaction, ephemeral=True):
            session = None if which == "last" else await self.bot.store.live_in_channel(channel_id)
            if session is None:
                session = await self.bot.store.latest_ended_in_channel(channel_id)
            if session is None:
                raise UserFacingError("No game has been played in this channel yet.")
            rows = await self.bot.store.action_log(session.id)
        events = [t for _, _, events in rows for t in events][-40:]
        lines = [f"• {presenter.with_names(t, session.names)}" for t in events]
        text = newest_lines(lines, EMBED_DESCRIPTION) or "Nothing has happened yet."
        title = f"{session.game_cls.title} — {' vs '.join(session.names)}"
        if session.status != "active":
            title += " (ended)"
        embed = discord.Embed(title=title, description=text)
        embed.set_footer(text=f"Session {session.id}")
        fit_embed(embed)
        await send(interaction, embed=embed, ephemeral=True)

    @app_commands.command(description="Suggest your best move in a solo game (only to you)")
    async def hint(self, interaction: discord.Interaction) -> None:
        """The best move and each move's chance to win, from playouts off the event loop.

        Only the player of the solo game in this channel may ask; the game is then marked on
        the leaderboard. The answer names only the player's legal moves, as their buttons do,
        and replaces the player's previous private answer in this game. It is the member's
        heavy request (``bot.flow.heavy_budget``).
        """
        async with read_first(interaction, ephemeral=True):
            session = await self._hint_session(interaction)
        game, step = session.game, session.step
        with self.bot.heavy.admit(interaction.user.id) as turn:
            await defer_unless_answered(interaction, ephemeral=True)
            async with turn():
                moves, samples = await hint_moves(game, move_seed(session.seed, step))
        await self.bot.store.mark_hinted(session.id)
        text = hint_text(session.game_id, moves, samples)
        latest = await self.bot.store.load(session.id)
        if latest.step != step:
            text += "\nThe game has moved on since you asked: ask again for the new position."
        await self.bot.sessions.delivery.answers.send(interaction, session.id, text)

    async def _hint_session(self, interaction: discord.Interaction) -> Session:
        """The solo game here that this member plays and that waits for a move; else refuse."""
        channel_id = interaction.channel_id or 0
        session = await self.bot.store.live_in_channel(channel_id)
        if session is None:
            ended = await self.bot.store.latest_ended_in_channel(channel_id)
            if ended is not None and ended.seat_of(interaction.user.id) is not None:
                raise UserFacingError("Your game here has ended: hints are for a game in play.")
            raise UserFacingError("No game is running in this channel.")
        if not ai.hints_for(session.game_id):
            raise UserFacingError(not_solo())
        if session.seat_of(interaction.user.id) is None:
            raise UserFacingError(
                f"This is {session.names[0]}'s game: only they can ask for a hint."
            )
        if session.state_json is None or session.game.is_over:
            raise UserFacingError("This game has ended: hints are for a game in play.")
        lessons.refuse_order(session)  # a lesson says which move to make
        return session

    @app_commands.command(description="Give up the game in this channel (or another of yours)")
    @app_commands.describe(session="Session id of your game (default: the game in this channel)")
    async def resign(self, interaction: discord.Interaction, session: str | None = None) -> None:
        """Resign: the other players win."""
        this_channel_only(interaction, session)
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self.bot.lifecycle.resign(
            interaction.channel_id, interaction.user.id, guild_id=interaction.guild_id, sid=session
        )
        await _send(interaction, answer, self.bot.sessions.delivery.answers)

    @app_commands.command(description="Abort the game (all players agree, or Manage Server)")
    @app_commands.describe(session="Session id of your game (default: the game in this channel)")
    async def abort(self, interaction: discord.Interaction, session: str | None = None) -> None:
        """Abort without a result."""
        this_channel_only(interaction, session)
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.bot.lifecycle.abort(
            interaction.channel_id,
            interaction.user.id,
            manages_server(interaction),
            guild_id=interaction.guild_id,
            sid=session,
        )
        await interaction.followup.send(text, ephemeral=True)

    @resign.autocomplete("session")
    @abort.autocomplete("session")
    async def _own_games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The member's running games and challenges in this server, newest first."""
        if via_interactions(interaction):
            return []
        games = await self.bot.lifecycle.own_games(
            interaction.guild_id, interaction.user.id, current
        )
        return [app_commands.Choice(name=game_choice(g), value=g.id) for g in games]

    @app_commands.command(description="End any game in this server (Manage Server only)")
    @app_commands.describe(session="Session id (default: the game in this channel)")
    async def end(self, interaction: discord.Interaction, session: str | None = None) -> None:
        """A server admin ends a game without a result (recorded as aborted)."""
        server_only(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self.bot.lifecycle.end(
            interaction.guild_id, interaction.channel_id, session, manages_server(interaction)
        )
        await _send(interaction, answer, self.bot.sessions.delivery.answers)

    @app_commands.command(description="Re-run a finished game from its seed, and watch it")
    @app_commands.describe(session="Session id (default: the last finished game here)")
    async def replay(self, interaction: discord.Interaction, session: str | None = None) -> None:
        """Prove the shuffle was fair (same seed, same moves, same result), then watch the game.

        The answer says whether the re-run matches and shows the game's first position with
        buttons to step through it and to have it animated. The rebuild runs off the event loop
        and is kept per finished game; each member may ask once per cooldown, and a rebuild is
        their heavy request (``bot.flow.heavy_budget``).
        """
        this_channel_only(interaction, session)
        replays = self.bot.replays
        replays.admit(interaction.user.id, interaction.created_at)
        async with read_first(interaction, ephemeral=False):
            if session:
                found = await replays.finished(interaction.guild_id, session.strip().lower()[:40])
            else:
                last = await self.bot.store.latest_ended_in_channel(interaction.channel_id or 0)
                if last is None:
                    raise UserFacingError("No finished game in this channel yet.")
                replays.refuse_sealed(last)
                found = last
        with self.bot.heavy.admit(interaction.user.id, kept=replays.kept(found.id)) as turn:
            replays.asked(interaction.user.id, interaction.created_at)
            await defer_unless_answered(interaction, ephemeral=False)
            async with turn():
                report = await replays.report(found)
        text = report_text(found, report)
        shown = await replay_view.position(found, await replays.timeline(found), 0, text)
        await interaction.followup.send(**shown.kwargs())

    @app_commands.command(description="The computer reviews a finished game: chances and mistakes")
    @app_commands.describe(session="Session id (default: your last game in this channel)")
    async def review(self, interaction: discord.Interaction, session: str | None = None) -> None:
        """Each player's chance move by move and the three costliest moves, as an image.

        Judged off the event loop, one review at a time, as the member's heavy request unless
        kept; a long one shows its progress in the deferred answer, and the review arrives as a
        follow-up.
        """
        this_channel_only(interaction, session)
        async with read_first(interaction, ephemeral=False):
            found = await self._review_session(interaction, session)
        kept = self.bot.reviews.kept(found.id)
        with self.bot.heavy.admit(interaction.user.id, kept=kept) as turn:
            await defer_unless_answered(interaction, ephemeral=False)
            shown = False

            async def progress(share: float) -> None:
                nonlocal shown
                try:
                    await interaction.edit_original_response(
                        content=f"Reviewing… {round(100 * share)} %"
                    )
                    shown = True
                except discord.HTTPException as exc:  # progress is a courtesy
                    log.debug("review progress not shown: %s", exc.code)

            async with turn():
                done = await self.bot.reviews.review(found, progress)
        image = discord.File(io.BytesIO(done.png), filename="review.png", description=done.alt)
        answer = layout.message(None, [done.text], colour=presenter.COLOUR, picture=image)
        await interaction.followup.send(**answer.kwargs())
        if shown:  # the review came as a follow-up: the progress message has served
            try:
                await interaction.delete_original_response()
            except discord.HTTPException as exc:
                log.debug("review progress not deleted: %s", exc.code)

    async def _review_session(self, interaction: discord.Interaction, sid: str | None) -> Session:
        """The finished game to review: ``sid`` in this server, or the member's last game here."""
        store, user_id = self.bot.store, interaction.user.id
        found: Session | None
        if sid:
            try:
                found = await store.load(sid.strip().lower())
            except SessionNotFound:
                found = None
            if found is None or found.guild_id != interaction.guild_id:
                raise UserFacingError("No game with that id in this server.")
        else:
            channel_id = interaction.channel_id or 0
            found = await store.live_in_channel(channel_id)
            if found is None or found.seat_of(user_id) is None:
                found = await store.latest_finished_of_member(channel_id, user_id)
            if found is None:
                found = await store.latest_ended_in_channel(channel_id)
            if found is None:
                raise UserFacingError("No finished game in this channel yet.")
        if found.status in ("pending", "active"):
            raise UserFacingError(STILL_ON)
        if found.status != "finished":
            raise UserFacingError(
                "That game was aborted or abandoned: only finished games have a review."
            )
        self.bot.daily.refuse_sealed(found)  # everyone's deal today: reviewed once it ends
        return found

    @app_commands.command(description="Show this server's game settings (Manage Server changes)")
    @app_commands.describe(
        takeover="Whether an absent player's seat may be handed to the computer",
        level="The computer's level when it takes a seat over",
        threads="Whether each new game gets its own thread off the channel it starts in",
        tournament_role="A role whose members may organise tournaments (@everyone: none)",
    )
    @app_commands.choices(takeover=TAKEOVER_CHOICES, level=LEVEL_CHOICES, threads=THREADS_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        takeover: str | None = None,
        level: str | None = None,
        threads: str | None = None,
        tournament_role: discord.Role | None = None,
    ) -> None:
        """Anyone sees the settings; members with Manage Server change them."""
        server_only(interaction)
        servers = self.bot.lifecycle.servers
        guild_id = interaction.guild_id or 0
        role = None if tournament_role is None else tournament_role.id
        only_shown = takeover is None and level is None and threads is None and role is None
        if not only_shown and not manages_server(interaction):
            raise UserFacingError(SETTINGS_ADMIN_ONLY)
        async with read_first(interaction, ephemeral=True):
            if only_shown:
                choices = await servers.get(guild_id)
            else:
                now = discord.utils.utcnow()
                choices = await servers.change(
                    guild_id, interaction.user.id, now, takeover, level, threads, role
                )
        text = describe(choices, self.bot.settings.idle_days)
        await send(interaction, content=text, ephemeral=True)


def game_choice(session: Session) -> str:
    """A game as an autocomplete choice: its game and players, then its id."""
    suffix = f" · {session.id}"
    players = f"{session.game_cls.title}: {' vs '.join(session.plain_names)}"
    return shorten(players, OPTION_LABEL - len(suffix)) + suffix


def _percent(value: float) -> str:
    return f"{round(100 * value)} %"


def newest_lines(lines: list[str], limit: int) -> str:
    """The last of ``lines`` that fit in ``limit`` characters, whole (no escape cut in two)."""
    kept: list[str] = []
    size = -1
    for line in reversed(lines):
        size += len(line) + 1
        if size > limit:
            break
        kept.append(line)
    if lines and not kept:
        return shorten(lines[-1], limit)
    return "\n".join(reversed(kept))


async def hint_moves(game: Game, seed: int) -> tuple[list[tuple[Action, float]], int]:
    """``ai.hint`` for the solo player in the heavy worker, below the pictures and the moves.

    Each legal move and its chance, best first, and the samples each was tried on.
    """
    cls = type(game)
    samples, moves = await render_pool.run_heavy(
        computer.hint, game.game_id, game.to_json(), 0, seed
    )
    return [(cls.decode(code), value) for code, value in moves], samples


def hint_text(game_id: str, moves: list[tuple[Action, float]], samples: int) -> str:
    """The hint: the best move first, then the top moves with their chances, the rest summed up.

    Moves are named by their button labels; nothing else about the game appears.
    """
    goal = f"chance to {plugins.plugin(game_id).goal}"
    best, value = moves[0]
    lines = [f"💡 **Best move: {best.label()}** — {_percent(value)} {goal}"]
    if len(moves) == 1:
        lines.append("It is your only move.")
    else:
        lines += [f"• {a.label()} — {_percent(v)} {goal}" for a, v in moves[:HINT_TOP]]
        rest = [v for _, v in moves[HINT_TOP:]]
        if rest:
            low, high = _percent(min(rest)), _percent(max(rest))
            spread = high if low == high else f"{low}–{high}"
            lines.append(f"…and {plural(len(rest), 'other move')} at {spread}.")
    lines.append(
        f"-# Each move was played on to the end {plural(samples, 'time')}, with what you"
        " cannot see shuffled anew each time. This game is now marked 💡 on the leaderboard."
    )
    return "\n".join(lines)


async def _send(interaction: discord.Interaction, answer: Answer, answers: PrivateAnswers) -> None:
    """A deferred command's ephemeral answer; a question replaces the member's last answer."""
    if answer.asks is None:
        await interaction.followup.send(answer.text, ephemeral=True)
    else:
        sid, view = answer.asks
        await answers.send(interaction, sid, answer.text, view=view)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GameCog(bot))
