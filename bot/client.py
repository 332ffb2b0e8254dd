"""The bot: one database (SQLite or PostgreSQL), the services, persistent components and cogs."""

from __future__ import annotations

import asyncio
import gc
import logging
from datetime import datetime, timedelta
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.components import DYNAMIC_ITEMS
from bot.flow import reshow
from bot.flow.computer import Computer
from bot.flow.daily import Daily
from bot.flow.heavy_budget import HeavyBudget
from bot.flow.lifecycle import Lifecycle
from bot.flow.lobby import Lobby
from bot.flow.orphans import Orphans
from bot.flow.replays import Replays
from bot.flow.review import Reviews
from bot.flow.sessions import SessionManager
from bot.flow.tournaments import Tournaments
from bot.routing import Router
from bot.settings import Settings
from bot.storage import database
from bot.storage.db import Database
from bot.storage.store import SessionStore
from bot.surface import mentions, render_pool
from bot.surface.inflight import InFlight
from bot.surface.refusals import REFUSALS, refusal_text
from bot.surface.render_pool import RenderPool
from bot.surface.replies import APOLOGY, ephemeral
from engines import plugins

log = logging.getLogger(__name__)

SHUTDOWN_GRACE_S = 8.0  # clicks under way get this long to finish when the bot stops

EXTENSIONS = ("bot.cogs.game", "bot.cogs.general", "bot.cogs.stats", "bot.cogs.tournament")


def game_extensions() -> list[str]:
    """Every registered game's command module (its plugin's ``commands``), in menu order."""
    return [p.commands for p in plugins.plugins()]


class Tree(app_commands.CommandTree):
    """Maps every command error to one friendly ephemeral answer."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Tracked while handled, refused while stopping or full (``bot/surface/inflight.py``)."""
        return await cast(TabletopBot, self.client).inflight.admit(interaction)

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Refusals are shown as they are; anything else is logged and apologised for."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(cause, REFUSALS):
            await ephemeral(interaction, refusal_text(cause))
        elif isinstance(cause, app_commands.CheckFailure):
            await ephemeral(interaction, str(cause) or "You can't use that here.")
        else:
            log.error("command failed user=%s", interaction.user.id, exc_info=cause)
            await ephemeral(interaction, APOLOGY)


class TabletopBot(commands.AutoShardedBot):
    """The Discord client hosting the games: every shard of ``SHARD_IDS`` in this process.

    Any process can answer any interaction or DM (sessions live in the shared database and
    custom ids carry the session id); per-process work is split by shard (:meth:`owns`) or
    claimed in the database (housekeeping).
    """

    db: Database
    store: SessionStore
    sessions: SessionManager
    lobby: Lobby
    lifecycle: Lifecycle
    tournaments: Tournaments
    orphans: Orphans
    replays: Replays
    reviews: Reviews
    heavy: HeavyBudget
    computer: Computer
    renders: RenderPool

    def __init__(self, settings: Settings, **client_options: Any) -> None:
        intents = discord.Intents.default()  # no privileged intents: slash commands only
        # The bot reads no messages: without these, the gateway does not echo every edit of
        # its own boards and DMs back to it (half its gateway reading under load).
        intents.guild_messages = intents.dm_messages = False
        client_options.setdefault("shard_count", settings.shard_count)
        client_options.setdefault("shard_ids", settings.shard_ids)
        client_options.setdefault("allowed_mentions", mentions.NOBODY)  # each send names whom
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, tree_cls=Tree, **client_options
        )
        self.settings = settings
        self._resumed = False  # on_ready comes again after each reconnect
        self._closing_all: asyncio.Task[None] | None = None
        self.inflight = InFlight(settings.max_in_flight)
        self.router: Router | None = None

    async def setup_hook(self) -> None:
        """Open the database, wire services, register persistent items, sync commands."""
        self.db = await database.connect(self.settings.database)
        self.store = SessionStore(self.db)
        await self._route_dm_clicks()
        self.computer = Computer(
            self.settings.computer_pool, self.settings.computer_time_limit_seconds
        )
        self.renders = RenderPool(self.settings.render_pool, self.settings.render_workers)
        render_pool.use(self.renders)
        self.sessions = SessionManager(self, self.store, self.computer, self.inflight)
        self.lobby = Lobby(self.sessions, self.settings)
        self.lifecycle = Lifecycle(self.sessions, self.settings)
        self.orphans = Orphans(self.sessions)
        self.tournaments = Tournaments(self.sessions, self.lifecycle, self.settings)
        self.sessions.delivery.on_channel_gone = self._channel_gone
        self.heavy = HeavyBudget(self.settings.heavy_budget_seconds)
        self.daily = Daily(self.lobby, self.settings)
        self.replays = Replays(self.store, self.settings, self.heavy, self.daily.refuse_sealed)
        self.reviews = Reviews(self.store, self.settings)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for ext in (*EXTENSIONS, *game_extensions()):
            await self.load_extension(ext)
        await self.sync_commands()
        self.housekeeping.change_interval(seconds=self.settings.housekeeping_seconds)
        self.housekeeping.start()

    async def sync_commands(self) -> None:
        """Sync to the development guild (instant) or globally.

        With a development guild, the commands a member may use where they installed the app
        stay global (a user install reaches only global commands) and the others go to the
        guild: each command is registered once.
        """
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            for command in self.tree.get_commands():
                if not reaches_user_installs(command):
                    self.tree.remove_command(command.name)
                    self.tree.add_command(command, guild=guild)
            await self.tree.sync(guild=guild)
        await self.tree.sync()

    async def _route_dm_clicks(self) -> None:
        """With some of the shards here on PostgreSQL, a DM click goes to its game's process."""
        url, ids = self.settings.database, self.shard_ids
        some = ids is not None and set(ids) != set(range(self.shard_count or 0))
        if self.db.dialect == "postgres" and isinstance(url, str) and some:
            self.router = Router(self)
            await self.router.start(url, self._connection.parsers)

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs the shard that receives the guild's events."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    async def on_ready(self) -> None:
        """Games of our shards that waited for the computer when we stopped: it moves now.

        Those that moved last before we started are shown again (a move saved, then the
        process killed before it was shown: ``reshow``), and results not posted are posted.

        Also sets aside, once, what start-up made (modules, classes, caches; about 100,000
        objects) from the garbage collector's full passes, which would otherwise hold the
        event loop some 60 ms each time one runs.
        """
        if not self._resumed:
            self._resumed = True
            started = discord.utils.utcnow()
            gc.collect()
            gc.freeze()
            self.sessions.resume_computers(await self.store.with_computer(), self.owns)
            if not await self.store.take_clean_stop(self._shards_key()):
                # only what the stopped process left: games this one moved are shown by it
                left = [r for r in await self.store.running() if r[2] < started]
                self.sessions.show_last_moved(reshow.last_moved(left, self.owns))
            await self._post_owed_endings(started, started)

    async def _post_owed_endings(self, before: datetime, now: datetime) -> None:
        """Post the results still owed of our shards' games that ended before ``before``.

        Those that ended over ``reshow.OWED_SECONDS`` before ``now`` are dropped instead.
        """
        owed, late = reshow.owed_endings(await self.store.endings_owed(), self.owns, before, now)
        for sid in late:
            await self.store.ending_announced(sid)
        self.sessions.show_owed_endings(owed)

    def _shards_key(self) -> str:
        """The key of our shards' clean stops (``reshow``)."""
        ids = self.settings.shard_ids
        return "all" if ids is None else f"{self.settings.shard_count}:{','.join(map(str, ids))}"

    async def _note_clean_stop(self) -> None:
        """Every move shown at the stop: the next start of our shards shows none again."""
        try:
            await self.store.mark_clean_stop(self._shards_key(), discord.utils.utcnow())
        except Exception:  # the next start then shows the last games again: no harm
            log.exception("the clean stop was not noted")

    def _channel_gone(self, channel_id: int) -> None:
        """A channel or thread is deleted: its games end, its tournaments are called off."""
        self.orphans.channel_gone(channel_id)
        self.tournaments.channel_gone(channel_id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel ends its games, and those in its threads (deleted with it)."""
        self._channel_gone(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A deleted thread ends its game (cached or not)."""
        self._channel_gone(payload.thread_id)

    @tasks.loop(minutes=5)
    async def housekeeping(self) -> None:
        """Expire challenges, close idle games, keep tournaments going (one process a tick).

        And in every process, post again the results of its shards' games that Discord refused.
        """
        now = discord.utils.utcnow()
        try:
            closed = await self.lifecycle.housekeeping(now)
            if closed:
                log.info("housekeeping closed %s sessions", closed)
            await self.tournaments.housekeeping(now)
        except Exception:
            log.exception("housekeeping failed")
        try:
            await self._post_owed_endings(now - timedelta(seconds=reshow.RETRY_OWED_SECONDS), now)
        except Exception:
            log.exception("could not list the results owed")

    @housekeeping.before_loop
    async def _wait_ready(self) -> None:
        await self.wait_until_ready()

    async def close(self) -> None:
        """Finish the clicks and edits under way, then close the gateway, workers, database.

        The worker pools are waited for (off the event loop), so no process outlives the bot.
        Idempotent: a second call (a signal's, then ``async with``'s end) waits for the first.
        """
        if self._closing_all is None:
            self._closing_all = asyncio.create_task(self._close_all())
        await asyncio.shield(self._closing_all)

    async def __aexit__(self, *exc_info: object) -> None:
        """Always wait for the whole close.

        discord.py skips it once the gateway is closed, which a signal's close does first: the
        rest of the close was then cancelled, leaving the database open and the process alive.
        """
        await self.close()

    async def _close_all(self) -> None:
        self.housekeeping.cancel()
        clean = await self.inflight.drain(SHUTDOWN_GRACE_S)
        if self.router is not None:
            await self.router.close()
        if hasattr(self, "sessions"):  # the boards and DMs those clicks changed
            self.sessions.coach.close()  # a suggestion is worked out again after the start
            clean = await self.sessions.catch_up.close() and clean
            clean = await self.sessions.delivery.edits.close(SHUTDOWN_GRACE_S) and clean
            if clean and self._resumed and not self.sessions.behind():
                await self._note_clean_stop()
        await super().close()
        if hasattr(self, "computer"):
            for task in self.sessions.background:
                task.cancel()
            await asyncio.to_thread(self.computer.close)
        if hasattr(self, "renders"):
            render_pool.use(None)
            await asyncio.to_thread(self.renders.close)
        if hasattr(self, "db"):
            await self.db.close()


def reaches_user_installs(
    command: app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu,
) -> bool:
    """Whether a command is offered where the app is installed to a member."""
    installs = command.allowed_installs
    return installs is not None and installs.user
