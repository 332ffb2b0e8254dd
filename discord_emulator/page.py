"""The playground page's JSON API: every answer is filtered for the member the page acts as.

The page (``page_static/``) names its member on each request; the server decides what that
member may see, as Discord's own servers do: guild channels of their guilds, their own DM
channel only, ephemeral messages only when they are that member's. The page is a local
development tool, so picking a member is not authentication: it is the member switcher.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from aiohttp import web

from . import commands
from .models import (
    FLAG_COMPONENTS_V2,
    ApiError,
    BotNotConnected,
    Channel,
    EmulatorError,
    Guild,
    Interaction,
    Message,
    User,
)
from .page_guard import guarded, refusal
from .page_options import typed_options
from .rest import json_response
from .state import State

PREFIX = "/play"
STATIC = Path(__file__).with_name("page_static")
ANSWER_TIMEOUT_S = 10.0
MAX_BODY = 64 * 1024  # a command with its options, a modal's fields: a few KB
MAX_VALUES = 25  # Discord's most options in one select menu


def snowflake(raw: object, what: str) -> int:
    """An id the page sent (a number or a string of digits), or a 400 naming ``what``."""
    text = str(raw) if isinstance(raw, int | str) and not isinstance(raw, bool) else ""
    if not (text.isascii() and text.isdigit() and len(text) <= 20):
        raise refusal(400, f"{what} must be an id (digits)")
    return int(text)


def field(body: dict[str, Any], key: str, kind: type[dict] | type[list]) -> Any:
    """``body[key]`` if it is a ``kind`` (an object or a list), else an empty one."""
    value = body.get(key)
    return value if isinstance(value, kind) else kind()


class Emulator(Protocol):
    """What the page needs of ``DiscordEmulator``: its state, its port and users' actions."""

    state: State
    port: int

    async def slash(self, user: User, channel: Channel, path: str, **options: Any) -> Interaction:
        """Run a slash command."""

    async def autocomplete(
        self, user: User, channel: Channel, path: str, focused: str, typed: str, **options: Any
    ) -> Interaction:
        """Ask for an option's choices."""

    async def click(self, user: User, message: Message | int, custom_id: str) -> Interaction:
        """Press a button."""

    async def select(
        self, user: User, message: Message | int, custom_id: str, values: list[Any]
    ) -> Interaction:
        """Pick options of a select menu."""

    async def submit_modal(self, ix: Interaction, values: dict[str, str]) -> Interaction:
        """Submit a modal."""


class PageApi:
    """Routes under ``/play``: the page itself and its member-filtered JSON."""

    def __init__(self, emu: Emulator) -> None:
        """Serve ``emu``'s state."""
        self.emu = emu
        self.state = emu.state

    def add_routes(self, app: web.Application) -> None:
        """Register the page, its files and its API on ``app``."""
        r = app.router

        def port() -> int:  # known once the server listens
            return self.emu.port

        r.add_static(PREFIX + "/static", STATIC)
        reads = {
            PREFIX: self.index,
            PREFIX + "/": self.index,
            PREFIX + "/api/world": self.world,
            PREFIX + "/api/feed": self.feed,
            PREFIX + "/api/commands": self.commands,
            PREFIX + r"/api/attachment/{message:\d+}/{attachment:\d+}": self.attachment,
        }
        for path, handler in reads.items():
            r.add_get(path, guarded(handler, port, changes_state=False))
        acts = (self.command, self.autocomplete, self.click, self.select, self.modal)
        for handler in acts:
            path = f"{PREFIX}/api/{handler.__name__}"
            r.add_post(path, guarded(handler, port, changes_state=True))

    # --- who asks, and what they may see ----------------------------------------------------

    def _member(self, raw: object) -> User:
        user = self.state.users.get(snowflake(raw, "member"))
        if user is None or user.bot:
            raise refusal(400, "unknown member")
        return user

    def _channel(self, user: User, raw: object) -> Channel:
        chan = self.state.channels.get(snowflake(raw, "channel"))
        if chan is None:
            raise refusal(404, "unknown channel")
        try:
            self.state.check_can_see(user, chan)
        except EmulatorError:
            raise refusal(403, "not your channel") from None
        return chan

    def visible(self, user: User, msg: Message) -> bool:
        """Whether Discord would show ``msg`` to ``user`` now."""
        if msg.deleted:
            return False
        if msg.ephemeral:
            return msg.visible_to == user.id
        try:
            self.state.check_can_see(user, self.state.channel(msg.channel_id))
        except (EmulatorError, ApiError):
            return False
        return True

    # --- reading ------------------------------------------------------------------------------

    async def index(self, request: web.Request) -> web.StreamResponse:
        """The page."""
        return web.FileResponse(STATIC / "index.html")

    async def world(self, request: web.Request) -> web.Response:
        """The server, its channels and the members one may play as."""
        guild = next(iter(self.state.guilds.values()), None)
        members = [
            {"id": str(m.user.id), "name": m.user.name}
            for m in (guild.members.values() if guild else [])
            if not m.user.bot
        ]
        return json_response(
            {
                "guild": {"id": str(guild.id), "name": guild.name} if guild else None,
                "channels": self._guild_channels(guild),
                "members": members,
                "bot": {"id": str(self.state.bot_user.id), "name": self.state.bot_user.name},
            }
        )

    def _guild_channels(self, guild: Guild | None) -> list[dict[str, str]]:
        if guild is None:
            return []
        chans = [self.state.channels[c] for c in guild.channel_ids]
        return [{"id": str(c.id), "name": c.name or "", "topic": c.topic or ""} for c in chans]

    def _private_channels(self, user: User) -> list[dict[str, str]]:
        """The member's DMs and group DMs with other users (the bot is not in them)."""
        listed = []
        for chan in self.state.channels.values():
            if chan.between_users and user.id in chan.recipient_ids:
                others = [self.state.users[u].name for u in chan.recipient_ids if u != user.id]
                listed.append({"id": str(chan.id), "name": chan.name or ", ".join(others)})
        return listed

    def _threads(self, user: User) -> list[dict[str, str]]:
        """The active threads of the member's servers that they may see (their parent's rule)."""
        listed = []
        for guild in self.state.guilds.values():
            for t in self.state.threads_of(guild) if user.id in guild.members else []:
                try:
                    self.state.check_can_see(user, t)
                except EmulatorError:
                    continue
                listed.append({"id": str(t.id), "name": t.name or "", "parent": str(t.parent_id)})
        return listed

    async def feed(self, request: web.Request) -> web.Response:
        """The member's DM list, the threads they see, and one channel's messages as they see them.

        The channel may be a thread; the threads are listed on every poll, as they appear.
        """
        user = self._member(request.query.get("member"))
        dm_id = self.state.dm_channel_of.get(user.id)
        dms = [{"id": str(dm_id), "name": self.state.bot_user.name}] if dm_id else []
        dms += self._private_channels(user)
        messages: list[dict[str, Any]] = []
        if request.query.get("channel"):
            chan = self._channel(user, request.query["channel"])
            messages = [
                self._message(user, m)
                for m in self.state.messages.values()
                if m.channel_id == chan.id and self.visible(user, m)
            ]
        return json_response({"dms": dms, "threads": self._threads(user), "messages": messages})

    def _message(self, user: User, msg: Message) -> dict[str, Any]:
        author = self.state.users.get(msg.author_id)
        attachments = [
            {
                "id": str(a.id),
                "url": f"{PREFIX}/api/attachment/{msg.id}/{a.id}?member={user.id}",
                "filename": a.filename,
                "content_type": a.content_type,
                "description": a.description,
                "width": a.width,
                "height": a.height,
            }
            for a in msg.attachments
        ]
        return {
            "id": str(msg.id),
            "author": {"name": author.name if author else "?", "bot": bool(author and author.bot)},
            "content": msg.content,
            "embeds": msg.embeds,
            "components": msg.components,
            "attachments": attachments,
            "components_v2": bool(msg.flags & FLAG_COMPONENTS_V2),
            "ephemeral": msg.ephemeral,
            "loading": msg.loading,
            "edited": msg.edited_timestamp is not None,
            "timestamp": msg.timestamp.isoformat(),
        }

    async def attachment(self, request: web.Request) -> web.Response:
        """An attachment's bytes, only for a member who can see its message."""
        user = self._member(request.query.get("member"))
        msg = self.state.messages.get(snowflake(request.match_info["message"], "message"))
        if msg is None or not self.visible(user, msg):
            raise refusal(404, "no such attachment for this member")
        att_id = snowflake(request.match_info["attachment"], "attachment")
        att = next((a for a in msg.attachments if a.id == att_id), None)
        if att is None:
            raise refusal(404, "no such attachment")
        ctype = att.content_type or "application/octet-stream"
        return web.Response(body=att.data, headers={"Content-Type": ctype})

    async def commands(self, request: web.Request) -> web.Response:
        """The slash commands this member is offered in this channel (the bot's synced tree)."""
        user = self._member(request.query.get("member"))
        chan = self._channel(user, request.query.get("channel"))
        scopes: list[int | None] = [chan.guild_id, None] if chan.guild_id else [None]
        offered = []
        for scope in scopes:
            for cmd in self.state.commands.get(scope, []):
                if cmd.get("type", 1) != 1 or any(c["name"] == cmd["name"] for c in offered):
                    continue
                try:
                    commands.check_available(self.state, cmd, user, chan)
                except EmulatorError:
                    continue
                offered.append(cmd)
        return json_response(sorted(offered, key=lambda c: c["name"]))

    # --- acting -------------------------------------------------------------------------------

    async def _body(self, request: web.Request) -> tuple[User, dict[str, Any]]:
        if (request.content_length or 0) > MAX_BODY:
            raise refusal(413, "the request is too large")
        try:
            body = await request.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            raise refusal(400, "the request must be a JSON object")
        return self._member(body.get("member")), body

    async def _run(self, make: Any) -> web.Response:
        """Dispatch an interaction; answer once the bot gave its initial response."""
        try:
            ix: Interaction = await make()
        except BotNotConnected as e:  # Discord: "This interaction failed"; nothing was sent
            return json_response({"ok": False, "error": str(e)}, 503)
        except EmulatorError as e:
            return json_response({"ok": False, "error": str(e)}, 400)
        try:
            await ix.done(timeout=ANSWER_TIMEOUT_S)
        except TimeoutError:
            return json_response({"ok": False, "error": "the bot did not answer"}, 504)
        answer: dict[str, Any] = {"ok": not ix.late, "interaction": str(ix.id)}
        if ix.late:
            answer["error"] = "The application did not respond (too late)"
        if ix.modal is not None:
            answer["modal"] = ix.modal
        if ix.choices is not None:
            answer["choices"] = ix.choices
        return json_response(answer)

    async def command(self, request: web.Request) -> web.Response:
        """Run a slash command typed into the message box."""
        user, body = await self._body(request)
        chan = self._channel(user, body.get("channel"))
        path = str(body.get("command") or "")

        async def make() -> Interaction:
            cmd = commands.find_command(self.state, chan, path.split()[0] if path else "")
            options = typed_options(self.state, cmd, path, field(body, "options", dict))
            return await self.emu.slash(user, chan, path, **options)

        return await self._run(make)

    async def autocomplete(self, request: web.Request) -> web.Response:
        """Ask the bot for choices while the member types into an option."""
        user, body = await self._body(request)
        chan = self._channel(user, body.get("channel"))
        path = str(body.get("command") or "")
        focused = str(body.get("focused") or "")
        others = {k: v for k, v in field(body, "options", dict).items() if k != focused}

        async def make() -> Interaction:
            cmd = commands.find_command(self.state, chan, path.split()[0] if path else "")
            options = typed_options(self.state, cmd, path, others, partial=True)
            typed = str(body.get("value") or "")
            return await self.emu.autocomplete(user, chan, path, focused, typed, **options)

        return await self._run(make)

    async def click(self, request: web.Request) -> web.Response:
        """Press a button."""
        user, body = await self._body(request)
        message, custom_id = snowflake(body.get("message"), "message"), str(body.get("custom_id"))
        return await self._run(lambda: self.emu.click(user, message, custom_id))

    async def select(self, request: web.Request) -> web.Response:
        """Pick options of a select menu."""
        user, body = await self._body(request)
        message, custom_id = snowflake(body.get("message"), "message"), str(body.get("custom_id"))
        values = [str(v) for v in field(body, "values", list)][:MAX_VALUES]
        return await self._run(lambda: self.emu.select(user, message, custom_id, values))

    async def modal(self, request: web.Request) -> web.Response:
        """Submit the form the bot answered an interaction with."""
        user, body = await self._body(request)
        ix = self.state.interactions_by_id.get(snowflake(body.get("interaction"), "interaction"))
        if ix is None or ix.user is not user:
            raise refusal(404, "no such form for this member")
        values = {str(k): str(v) for k, v in field(body, "values", dict).items()}
        return await self._run(lambda: self.emu.submit_modal(ix, values))
