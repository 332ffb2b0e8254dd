"""The test-facing API: start a local Discord, set up guilds and users, act, and inspect."""

from __future__ import annotations

import asyncio
import datetime as dt
import socket
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from aiohttp import web

from . import actions, payloads
from .faults import Fault, Faults
from .gateway import HEARTBEAT_INTERVAL_S, Gateway
from .interactions import Interaction, interaction_payload
from .mentions import Mentions
from .models import (
    ApiError,
    BotNotConnected,
    Channel,
    Guild,
    Member,
    Message,
    Overwrite,
    Role,
    User,
)
from .page import PageApi
from .rate_limits import MESSAGE_EDITS, EditLimiter, RateLimit
from .rest import RestApi
from .server import RequestLog, RequestRecord, make_middleware
from .shards import GUILDS_PER_RECOMMENDED_SHARD, MAX_GUILDS_PER_SHARD, ShardKey, shard_of
from .state import State
from .storms import Storm, Storms, routes_set
from .webhooks import WebhookApi


class DiscordEmulator:
    """A local Discord (REST + gateway) on 127.0.0.1 that a real discord.py client logs into."""

    def __init__(
        self,
        *,
        deadline_s: float = 3.0,
        page: bool = False,
        max_guilds_per_shard: int = MAX_GUILDS_PER_SHARD,
        guilds_per_shard: int = GUILDS_PER_RECOMMENDED_SHARD,
        heartbeat_interval_s: float = HEARTBEAT_INTERVAL_S,
        edit_limit: RateLimit | None = MESSAGE_EDITS,
    ) -> None:
        """``deadline_s``: how long the bot has for an initial interaction response.

        ``page``: also serve the playground page (``/play``, see ``page.py``).
        ``max_guilds_per_shard``: an IDENTIFY whose shard would hold more guilds is closed
        with 4011 (Discord: 2,500). ``guilds_per_shard``: ``GET /gateway/bot`` recommends one
        shard per this many guilds (Discord: 1,000). ``heartbeat_interval_s``: the interval
        HELLO asks for (Discord: 41.25 s). ``edit_limit``: message edits allowed per channel
        (Discord: 5 per 5 s; None: no limit), see :meth:`limit_edits`.
        """
        self.state = State()
        self.state.deadline_s = deadline_s
        self.state.max_guilds_per_shard = max_guilds_per_shard
        self.state.guilds_per_shard = guilds_per_shard
        self._log = RequestLog()
        self.faults = Faults()
        self.storms = Storms()
        self.edit_limits = EditLimiter(edit_limit)
        self.gateway = Gateway(
            self.state, lambda: self.gateway_url, self._log.unhandled, heartbeat_interval_s
        )
        self.state.on_change = self.gateway.on_state_change
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.page = page

    # --- lifecycle ----------------------------------------------------------------------

    async def start(self, port: int = 0) -> DiscordEmulator:
        """Serve on 127.0.0.1 at ``port`` (0: a free one)."""
        app = web.Application(
            middlewares=[
                make_middleware(self.state, self._log, self.faults, self.edit_limits, self.storms)
            ],
            client_max_size=64 * 1024 * 1024,
        )
        RestApi(self.state, lambda: self.gateway_url).add_routes(app)
        WebhookApi(self.state).add_routes(app)
        app.router.add_get("/", self.gateway.handle)
        if self.page:
            PageApi(self).add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        self.port = sock.getsockname()[1]
        self.state.attachment_base = f"http://127.0.0.1:{self.port}"
        await web.SockSite(self._runner, sock).start()
        return self

    async def stop(self) -> None:
        await self.gateway.drop_connections(1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordEmulator:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    @property
    def page_url(self) -> str:
        """The playground page (served when started with ``page=True``)."""
        return f"http://127.0.0.1:{self.port}/play/"

    @property
    def token(self) -> str:
        return self.state.token

    @property
    def bot_user(self) -> User:
        return self.state.bot_user

    @property
    def application_id(self) -> int:
        return self.state.application_id

    @property
    def unhandled(self) -> list[str]:
        """Requests or gateway ops the emulator could not answer (should stay empty)."""
        return self._log.unhandled

    @property
    def requests(self) -> list[RequestRecord]:
        """Every HTTP request the bot made, with status (and Discord error code/message)."""
        return self._log.requests

    def calls_by_route(self, since: int = 0) -> Counter[str]:
        """How many requests the bot made per route, from the ``since``-th request on.

        A route is a method and a path template, ``PATCH /channels/{channel}/messages/{message}``,
        as Discord's rate limits group requests; ``since`` is a ``len(emu.requests)`` taken earlier.
        """
        return Counter(r.route for r in self._log.requests[since:])

    def error_responses(self) -> list[RequestRecord]:
        """Requests answered with an error (4xx, or a storm's 5xx), e.g. 50035."""
        return [r for r in self._log.requests if r.status >= 400]

    # --- world setup ---------------------------------------------------------------------

    def add_guild(
        self,
        name: str,
        owner: User | None = None,
        *,
        shard: tuple[int, int] | None = None,
        with_bot: bool = True,
    ) -> Guild:
        """A server with the bot in it (``with_bot=False``: one that never added it).

        ``shard=(shard_id, num_shards)``: an id whose events that shard receives. A server
        without the bot sends it no events and refuses its token (403 ``50001``); there a
        member's user install reaches it through interactions only (context 0, owners
        ``{"1": user}``).
        """
        return self.state.add_guild(name, owner, shard, with_bot=with_bot)

    def add_text_channel(self, guild: Guild, name: str, topic: str | None = None) -> Channel:
        return self.state.add_text_channel(guild, name, topic)

    def add_user(self, name: str, *, dms_open: bool = True, bot: bool = False) -> User:
        return self.state.add_user(name, bot=bot, dms_open=dms_open)

    def add_member(
        self,
        guild: Guild,
        user: User,
        *,
        manage_guild: bool = False,
        administrator: bool = False,
        nick: str | None = None,
    ) -> Member:
        return self.state.add_member(
            guild, user, manage_guild=manage_guild, administrator=administrator, nick=nick
        )

    def add_role(self, guild: Guild, name: str, permissions: int = 0) -> Role:
        role_id = self.state._role(guild, name, permissions)
        return guild.roles[role_id]

    def give_role(self, guild: Guild, user: User, role: Role) -> Member:
        """Add ``role`` to a member's roles (GUILD_MEMBER_UPDATE)."""
        member = guild.members[user.id]
        return self.state._join(guild, user, [*member.role_ids, role.id], nick=member.nick)

    def set_channel_permissions(
        self, channel: Channel, target: Role | User, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Give ``channel`` a permission overwrite for a role or a member (CHANNEL_UPDATE).

        ``allow``/``deny`` are permission bits (``discord.Permissions(...).value``); the
        @everyone role is ``guild.roles[guild.id]``, the bot is ``emu.bot_user``. It replaces
        the target's earlier overwrite in that channel.
        """
        kind = 0 if isinstance(target, Role) else 1
        self.state.set_overwrite(channel, Overwrite(target.id, kind, allow=allow, deny=deny))

    def channel_permissions(self, channel: Channel, user: User) -> int:
        """``user``'s permissions in a guild channel, overwrites applied."""
        return self.state.channel_permissions(channel, user.id)

    def delete_channel(self, channel: Channel) -> None:
        """Delete a guild channel or a thread, as a moderator does.

        A channel: CHANNEL_DELETE, and its threads go with it (no THREAD_DELETE for them, as on
        Discord); a thread: THREAD_DELETE. The routes of every channel deleted answer 404
        ``10003`` after, their messages are gone and nobody can act in them.
        """
        if channel.is_thread:
            self.state.delete_thread(channel)
        else:
            self.state.delete_channel(channel, payloads.channel(self.state, channel))

    def remove_member(self, guild: Guild, user: User) -> None:
        """``user`` leaves ``guild`` (or is kicked).

        GUILD_MEMBER_REMOVE reaches only a bot with the (privileged) members intent; after,
        ``GET /guilds/{guild}/members/{user}`` answers 404 ``10007`` "Unknown Member" and the
        user can no longer act in the guild's channels (their DMs with the bot stay).
        """
        self.state.remove_member(guild, user)

    def threads(self, channel: Channel) -> list[Channel]:
        """The public threads started in ``channel``, oldest first (archived ones too)."""
        return [
            c for c in self.state.channels.values() if c.is_thread and c.parent_id == channel.id
        ]

    def archive_thread(self, thread: Channel, archived: bool = True) -> None:
        """Archive (or unarchive) a thread, as Discord does after inactivity (THREAD_UPDATE)."""
        self.state.set_archived(thread, archived)

    def fail_next(
        self,
        method: str,
        path: str,
        *,
        status: int = 403,
        code: int = 50013,
        message: str = "Missing Permissions",
        times: int = 1,
    ) -> None:
        """The next ``times`` requests ``method`` whose path contains ``path`` fail, unapplied.

        Use 4xx errors: discord.py retries 5xx answers for a long time.
        """
        error = ApiError(status, code, message)
        self.faults.add(Fault(method.upper(), path, error=error, times=times))

    def delay_next(self, method: str, path: str, seconds: float) -> None:
        """The next matching request takes effect at once but is answered ``seconds`` later."""
        self.faults.add(Fault(method.upper(), path, delay_s=seconds))

    def storm(
        self,
        status: int,
        routes: Iterable[str] | str | None = None,
        *,
        share: float = 1.0,
        failures: int | None = None,
        seconds: float | None = None,
        retry_after: float = 0.25,
        global_limit: bool = False,
        seed: int = 0,
    ) -> Storm:
        """From now on, Discord fails a share of the requests on ``routes``, unapplied.

        ``status``: 500, 502, 503 or 504 (each with Discord's or Cloudflare's body), or 429 with
        ``retry_after`` (of the route, or with ``global_limit`` the global one, which spares the
        interaction endpoints). ``routes``: route names as ``calls_by_route`` gives them, e.g.
        ``"POST /interactions/{id}/{token}/callback"`` (None: every route). ``share``: the
        fraction of those requests that fail. It ends after ``failures`` failed requests on
        each route or after ``seconds``, whichever comes first (``storms.py``; ``calm()`` ends
        every storm). A failed callback not answered again within the deadline fails the
        interaction for its user (``ix.failed``).
        """
        storm = Storm(
            status,
            routes_set(routes),
            share=share,
            failures=failures,
            seconds=seconds,
            retry_after=retry_after,
            global_limit=global_limit,
            seed=seed,
        )
        return self.storms.add(storm)

    def calm(self) -> None:
        """End every storm now."""
        self.storms.calm()

    def limit_edits(self, limit: RateLimit | None) -> None:
        """From now on allow ``limit`` message edits per channel (None: no limit).

        Every answer to ``PATCH /channels/{id}/messages/{id}`` carries Discord's
        ``X-RateLimit-*`` headers; an edit beyond the limit is answered 429 with
        ``retry_after``, unapplied (``rate_limits.py``). Counts start afresh.
        """
        self.edit_limits.set(limit)

    def set_nick(self, guild: Guild, user: User, nick: str | None) -> None:
        """Change a member's server nickname (GUILD_MEMBER_UPDATE); any text, as on Discord."""
        self.state.guild(guild.id).members[user.id].nick = nick
        self.state.on_change("GUILD_MEMBER_UPDATE", {"guild_id": guild.id, "user_id": user.id})

    def set_dms_open(self, user: User, is_open: bool) -> None:
        user.dms_open = is_open

    def install_app(self, user: User) -> None:
        """``user`` installs the app to their account (a user install, integration type 1).

        Its commands whose ``integration_types`` include 1 are then offered to them wherever
        their ``contexts`` allow: in DMs and group DMs with friends too (context 2).
        """
        self.state.user_installs.add(user.id)

    def open_group_dm(self, owner: User, *friends: User, name: str = "Game night") -> Channel:
        """A group DM (type 3) of ``owner`` and ``friends`` (2 to 10 users), without the bot.

        The bot is not in it: channel routes there answer 403 ``50001`` and it gets no
        events; a user install's commands reach it through interactions (context 2).
        """
        return self.state.private_channel([owner, *friends], name)

    def open_dm(self, user: User, friend: User) -> Channel:
        """A DM (type 1) between two users, without the bot (interaction context 2)."""
        return self.state.private_channel([user, friend], None)

    def dm_channel(self, user: User) -> Channel:
        return self.state.dm_channel(user)

    def registered_commands(self, guild_id: int | Guild | None = None) -> list[dict]:
        key = guild_id.id if isinstance(guild_id, Guild) else guild_id
        return list(self.state.commands.get(key, []))

    def advance(self, seconds: float) -> None:
        """Move the emulator's clock (interaction deadlines, token lifetimes, timestamps).

        New snowflakes and timestamps move too; if the bot reasons about time, patch
        ``discord.utils.utcnow`` with :meth:`utcnow` so both sides agree.
        """
        self.state.advance(seconds)

    def utcnow(self) -> dt.datetime:
        """The emulator's (shifted) wall clock."""
        return self.state.utcnow()

    # --- user actions --------------------------------------------------------------------

    def _dispatch(self, ix: Interaction) -> Interaction:
        if not self.gateway.serves(ix.guild_id):
            where = "DMs" if ix.guild_id is None else f"guild {ix.guild_id}"
            raise BotNotConnected(
                f"This interaction failed: no bot is connected to the gateway for {where}"
                " (starting or stopped). Try again in a moment."
            )
        self.state.interactions[ix.token] = ix
        self.state.interactions_by_id[ix.id] = ix
        payload = interaction_payload(self.state, ix)
        self.gateway.dispatch("INTERACTION_CREATE", payload, guild_id=ix.guild_id)
        return ix

    async def slash(self, user: User, channel: Channel, path: str, **options: Any) -> Interaction:
        """Run ``/path`` ("cmd", "cmd sub" or "cmd group sub") with options by name."""
        return self._dispatch(actions.slash(self.state, user, channel, path, options))

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        path: str,
        focused: str,
        typed: str,
        **options: Any,
    ) -> Interaction:
        """Type ``typed`` into option ``focused``; ``await ix.done()``, then ``ix.choices``."""
        ix = actions.autocomplete(self.state, user, channel, path, options, focused, typed)
        return self._dispatch(ix)

    async def click(self, user: User, message: Message | int, custom_id: str) -> Interaction:
        return self._dispatch(actions.click(self.state, user, message, custom_id))

    async def select(
        self, user: User, message: Message | int, custom_id: str, values: list[Any]
    ) -> Interaction:
        return self._dispatch(actions.select(self.state, user, message, custom_id, values))

    async def submit_modal(self, ix: Interaction, values: dict[str, str]) -> Interaction:
        """Submit the modal ``ix`` was answered with; ``values`` by text input custom_id."""
        return self._dispatch(actions.submit_modal(self.state, ix, values))

    async def say(self, user: User, channel: Channel, content: str) -> Message:
        """``user`` posts a plain message (dispatched as MESSAGE_CREATE)."""
        return actions.user_message(self.state, user, channel, content)

    # --- gateway controls ----------------------------------------------------------------

    async def restart_gateway(self, code: int = 4000) -> None:
        """Drop every websocket; discord.py reconnects and RESUMEs (missed events replayed)."""
        await self.gateway.drop_connections(code)

    def invalidate_session(self) -> None:
        """INVALID_SESSION: discord.py reconnects to its default gateway and IDENTIFYs anew."""
        self.gateway.invalidate_sessions()

    @property
    def connected(self) -> bool:
        return self.gateway.ready

    def shards(self) -> list[ShardKey]:
        """The ``[shard_id, num_shards]`` of every connected gateway session."""
        return self.gateway.shards()

    @staticmethod
    def shard_of(guild: Guild | int | None, count: int) -> int:
        """The shard that receives a guild's events with ``count`` shards (None: DMs, 0)."""
        return shard_of(guild.id if isinstance(guild, Guild) else guild, count)

    # --- inspection ----------------------------------------------------------------------

    def channel_messages(self, channel: Channel) -> list[Message]:
        return self.state.messages_in(channel.id)

    def dm_messages(self, user: User) -> list[Message]:
        """Messages the bot sent ``user`` in their DM channel (ephemeral ones excluded)."""
        chan_id = self.state.dm_channel_of.get(user.id)
        return [m for m in self.state.messages_in(chan_id or 0) if m.author_id == self.bot_user.id]

    def ephemeral_messages(self, user: User) -> list[Message]:
        return [
            m
            for m in self.state.messages.values()
            if m.ephemeral and m.visible_to == user.id and not m.deleted
        ]

    def all_messages(self) -> list[Message]:
        """Every message ever made, ephemeral and deleted included; ``history`` has old versions."""
        return list(self.state.messages.values())

    def pings(self) -> list[tuple[Message, Mentions]]:
        """Every version of every message whose content notifies someone, with whom it does."""
        return [
            (v, v.mentions)
            for m in self.state.messages.values()
            for v in (m, *m.history)
            if v.mentions is not None and (v.mentions.notified or v.mentions.everyone)
        ]

    def all_texts(self) -> list[str]:
        """The text of every version of every message (current, edited, deleted, ephemeral)."""
        return [v.text() for m in self.state.messages.values() for v in (m, *m.history)]

    async def wait_for(self, condition: Callable[[], Any], timeout: float = 5.0) -> Any:
        """Poll until ``condition()`` is truthy; return its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = condition()
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"condition still false after {timeout} s")
            await asyncio.sleep(0.01)

    async def settle(self, quiet: float = 0.1, timeout: float = 5.0) -> None:
        """Wait until the bot made no HTTP request for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        await asyncio.sleep(0)
        while time.monotonic() - self._log.last_activity < quiet:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot kept making requests for {timeout} s")
            await asyncio.sleep(quiet / 4)
