"""REST routes authenticated with the bot token: users, applications, commands, guilds, channels."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from . import access, commands, payloads, threads
from .bodies import Body, apply_fields, read_body
from .models import (
    FLAG_EPHEMERAL,
    MANAGE_MESSAGES,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    ApiError,
    Channel,
    Message,
)
from .shards import recommended_shards
from .state import State

API = r"/api/v{version:\d+}"


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with ``Content-Type`` exactly ``application/json`` (discord.py compares the string)."""
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def no_content() -> web.Response:
    return web.Response(status=204)


def snowflake(request: web.Request, key: str) -> int:
    try:
        return int(request.match_info[key])
    except ValueError:
        raise ApiError(400, 50035, f"Invalid Form Body: {key} is not a snowflake") from None


class RestApi:
    """Handlers for the bot-token routes."""

    def __init__(self, state: State, gateway_url: Any) -> None:
        self.state = state
        self._gateway_url = gateway_url

    def add_routes(self, app: web.Application) -> None:
        r = app.router
        app_cmds = API + r"/applications/{app:\d+}"
        r.add_get(API + "/users/@me", self.me)
        r.add_post(API + "/users/@me/channels", self.create_dm)
        r.add_get(API + r"/users/{user:\d+}", self.get_user)
        r.add_get(API + "/gateway", self.gateway)
        r.add_get(API + "/gateway/bot", self.gateway_bot)
        r.add_get(API + "/applications/@me", self.app_info)
        r.add_get(API + "/oauth2/applications/@me", self.app_info)
        for scope in ("", r"/guilds/{guild:\d+}"):
            r.add_get(app_cmds + scope + "/commands", self.list_commands)
            r.add_put(app_cmds + scope + "/commands", self.put_commands)
            r.add_post(app_cmds + scope + "/commands", self.post_command)
            r.add_get(app_cmds + scope + r"/commands/{cmd:\d+}", self.get_command)
            r.add_patch(app_cmds + scope + r"/commands/{cmd:\d+}", self.patch_command)
            r.add_delete(app_cmds + scope + r"/commands/{cmd:\d+}", self.delete_command)
        r.add_get(API + r"/guilds/{guild:\d+}", self.get_guild)
        r.add_get(API + r"/guilds/{guild:\d+}/channels", self.guild_channels)
        r.add_get(API + r"/guilds/{guild:\d+}/roles", self.guild_roles)
        r.add_get(API + r"/guilds/{guild:\d+}/members", self.guild_members)
        r.add_get(API + r"/guilds/{guild:\d+}/members/{user:\d+}", self.guild_member)
        chan = API + r"/channels/{channel:\d+}"
        r.add_get(chan, self.get_channel)
        r.add_post(chan + "/typing", self.typing)
        r.add_get(chan + "/messages", self.list_messages)
        r.add_post(chan + "/messages", self.create_message)
        r.add_get(chan + r"/messages/{message:\d+}", self.get_message)
        r.add_patch(chan + r"/messages/{message:\d+}", self.edit_message)
        r.add_delete(chan + r"/messages/{message:\d+}", self.delete_message)
        r.add_post(chan + r"/messages/{message:\d+}/threads", self.start_thread)

    # --- users, gateway, application --------------------------------------------------------

    async def me(self, request: web.Request) -> web.Response:
        return json_response(payloads.client_user(self.state.bot_user))

    async def get_user(self, request: web.Request) -> web.Response:
        return json_response(payloads.user(self.state.user(snowflake(request, "user"))))

    async def create_dm(self, request: web.Request) -> web.Response:
        body = await read_body(request)
        recipient = self.state.user(int(body.payload.get("recipient_id") or 0))
        return json_response(payloads.channel(self.state, self.state.dm_channel(recipient)))

    async def gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self._gateway_url()})

    async def gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        shards = recommended_shards(len(self.state.guilds), self.state.guilds_per_shard)
        return json_response(
            {"url": self._gateway_url(), "shards": shards, "session_start_limit": limit}
        )

    async def app_info(self, request: web.Request) -> web.Response:
        return json_response(payloads.application(self.state))

    # --- application commands ---------------------------------------------------------------

    def _scope(self, request: web.Request) -> int | None:
        if snowflake(request, "app") != self.state.application_id:
            raise ApiError(403, 50001, "Missing Access (not this application)")
        if "guild" in request.match_info:
            return self.state.bots_guild(snowflake(request, "guild")).id
        return None

    def _command(self, request: web.Request) -> dict:
        cmd_id = request.match_info["cmd"]
        for cmd in self.state.commands.get(self._scope(request), []):
            if cmd["id"] == cmd_id:
                return cmd
        raise ApiError(404, 10063, "Unknown application command")

    async def list_commands(self, request: web.Request) -> web.Response:
        return json_response(self.state.commands.get(self._scope(request), []))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body = await read_body(request)
        stored = commands.store_commands(self.state, scope, body.payload.get("__list__", []))
        return json_response(stored)

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body = await read_body(request)
        return json_response(commands.upsert_command(self.state, scope, body.payload), 201)

    async def get_command(self, request: web.Request) -> web.Response:
        return json_response(self._command(request))

    async def patch_command(self, request: web.Request) -> web.Response:
        cmd = self._command(request)
        body = await read_body(request)
        cmd.update({k: v for k, v in body.payload.items() if k not in ("id", "application_id")})
        return json_response(cmd)

    async def delete_command(self, request: web.Request) -> web.Response:
        cmd = self._command(request)
        scope = self._scope(request)
        self.state.commands[scope] = [c for c in self.state.commands[scope] if c is not cmd]
        return no_content()

    # --- guilds -----------------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self.state.bots_guild(snowflake(request, "guild"))
        return json_response(payloads.guild(self.state, guild, full=False))

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild = self.state.bots_guild(snowflake(request, "guild"))
        chans = [payloads.channel(self.state, self.state.channels[c]) for c in guild.channel_ids]
        return json_response(chans)

    async def guild_roles(self, request: web.Request) -> web.Response:
        guild = self.state.bots_guild(snowflake(request, "guild"))
        return json_response([payloads.role(r) for r in guild.roles.values()])

    async def guild_members(self, request: web.Request) -> web.Response:
        guild = self.state.bots_guild(snowflake(request, "guild"))
        limit = int(request.query.get("limit", 1))
        members = list(guild.members.values())[:limit]
        return json_response([payloads.member(self.state, guild, m) for m in members])

    async def guild_member(self, request: web.Request) -> web.Response:
        guild = self.state.bots_guild(snowflake(request, "guild"))
        member = guild.members.get(snowflake(request, "user"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(payloads.member(self.state, guild, member))

    # --- channels and messages --------------------------------------------------------------

    def _channel(self, request: web.Request) -> Channel:
        return self.state.channel(snowflake(request, "channel"))

    def _channel_allowing(self, request: web.Request, needed: int) -> Channel:
        chan = self._channel(request)
        access.require(self.state, chan, needed)
        return chan

    async def get_channel(self, request: web.Request) -> web.Response:
        chan = self._channel_allowing(request, VIEW_CHANNEL)
        return json_response(payloads.channel(self.state, chan))

    async def typing(self, request: web.Request) -> web.Response:
        self._channel_allowing(request, VIEW_CHANNEL | SEND_MESSAGES)
        return no_content()

    async def list_messages(self, request: web.Request) -> web.Response:
        chan = self._channel_allowing(request, VIEW_CHANNEL | READ_MESSAGE_HISTORY)
        limit = min(int(request.query.get("limit", 50)), 100)
        msgs = self.state.messages_in(chan.id)
        if "before" in request.query:
            msgs = [m for m in msgs if m.id < int(request.query["before"])]
        if "after" in request.query:
            msgs = [m for m in msgs if m.id > int(request.query["after"])]
            msgs = msgs[:limit]
        msgs = list(reversed(msgs))[:limit]  # newest first
        return json_response([payloads.message(self.state, m) for m in msgs])

    def _check_dm_allowed(self, chan: Channel) -> None:
        if not chan.is_dm:
            return
        recipient = self.state.user(chan.recipient_id or 0)
        reason = None
        if recipient.bot:
            reason = "recipient is a bot"
        elif not recipient.dms_open:
            reason = "recipient closed DMs"
        elif self.state.mutual_guild(recipient) is None:
            reason = "no mutual guild"
        if reason:
            raise ApiError(403, 50007, f"Cannot send messages to this user ({reason})")

    async def create_message(self, request: web.Request) -> web.Response:
        chan = self._channel(request)
        body = access.message_body(self.state, chan, await read_body(request), creating=True)
        self._check_dm_allowed(chan)
        if chan.is_thread and chan.archived:
            self.state.set_archived(chan, False)  # a message sent in a thread unarchives it
        msg = Message(
            id=self.state.next_id(),
            channel_id=chan.id,
            author_id=self.state.bot_user.id,
            guild_id=chan.guild_id,
            timestamp=self.state.utcnow(),
            type=19 if body.payload.get("message_reference") else 0,
        )
        payload = dict(body.payload)
        payload["flags"] = int(payload.get("flags") or 0) & ~FLAG_EPHEMERAL
        apply_fields(self.state, msg, Body(payload, body.files), creating=True)
        self.state.add_message(msg)
        return json_response(payloads.message(self.state, msg))

    async def get_message(self, request: web.Request) -> web.Response:
        chan = self._channel_allowing(request, VIEW_CHANNEL | READ_MESSAGE_HISTORY)
        msg = self.state.message(chan.id, snowflake(request, "message"))
        return json_response(payloads.message(self.state, msg))

    async def edit_message(self, request: web.Request) -> web.Response:
        chan = self._channel(request)
        body = access.message_body(self.state, chan, await read_body(request), creating=False)
        msg = self.state.message(chan.id, snowflake(request, "message"))
        threads.refuse_if_archived(chan)
        if msg.author_id != self.state.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        apply_fields(self.state, msg, body, creating=False)
        self.state.on_change("MESSAGE_UPDATE", {"message": msg})
        return json_response(payloads.message(self.state, msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        chan = self._channel(request)
        if chan.between_users:
            access.require(self.state, chan, VIEW_CHANNEL)
        msg = self.state.message(chan.id, snowflake(request, "message"))
        if msg.author_id != self.state.bot_user.id and chan.is_dm:
            raise ApiError(403, 50003, "Cannot execute action on a DM channel")
        others = MANAGE_MESSAGES if msg.author_id != self.state.bot_user.id else 0
        access.require(self.state, chan, VIEW_CHANNEL | others)
        self.state.delete_message(msg)
        return no_content()

    async def start_thread(self, request: web.Request) -> web.Response:
        """A public thread started from a message of a text channel (THREAD_CREATE)."""
        chan = self._channel(request)
        if chan.between_users:
            access.require(self.state, chan, VIEW_CHANNEL)
        body = await read_body(request)
        thread = threads.start_from_message(
            self.state, chan, snowflake(request, "message"), body.payload
        )
        return json_response(payloads.channel(self.state, thread), 201)
