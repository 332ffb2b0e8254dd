"""The gateway websocket: HELLO, IDENTIFY/READY, RESUME, heartbeats, dispatches, zlib-stream."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import zlib
from collections import deque
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads
from .models import Message
from .shards import INVALID_SHARD, SHARDING_REQUIRED, ShardKey, parse_shard
from .state import State

log = logging.getLogger(__name__)

HEARTBEAT_INTERVAL_S = 41.25  # what Discord's HELLO says
# Discord's HEARTBEAT_ACK comes back after a network round trip. discord.py's keep-alive thread
# notes a heartbeat's send time only once the event loop has sent it; an ACK faster than that
# thread wakes up is measured against the previous heartbeat (latency = the whole interval,
# "Can't keep up, ... 41.3s behind"). On loopback the ACK takes ~1 ms, so the emulator waits
# for a round trip like the internet's before acknowledging.
HEARTBEAT_ACK_DELAY_S = 0.05
INTENT_GUILDS, INTENT_MEMBERS = 1 << 0, 1 << 1
INTENT_GUILD_MESSAGES, INTENT_DM_MESSAGES, INTENT_MESSAGE_CONTENT = 1 << 9, 1 << 12, 1 << 15
CLIENT_CLOSES_SESSION = (1000, 1001)  # Discord drops the session on these close codes


class Session:
    """A gateway session: survives disconnects (RESUME replays what was missed)."""

    def __init__(self, session_id: str, intents: int, shard: ShardKey) -> None:
        self.id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.buffer: deque[dict[str, Any]] = deque(maxlen=2000)
        self.conn: Connection | None = None
        self.alive = True
        self.expected_back = False  # the emulator dropped the socket; the client will RESUME

    def push(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        frame = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.buffer.append(frame)
        if self.conn is not None:
            self.conn.send(frame)


class Connection:
    """One websocket; frames go out in order through a writer task."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compress = compress
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.session: Session | None = None
        self.closed_by_server = False
        self.sent_close_code = 0
        self.writer = asyncio.create_task(self._write())

    def send(self, frame: dict[str, Any]) -> None:
        self._queue.put_nowait(frame)

    async def _write(self) -> None:
        while (frame := await self._queue.get()) is not None:
            text = json.dumps(frame, separators=(",", ":"))
            try:
                if self._zlib is not None:
                    # One compressor per connection; Z_SYNC_FLUSH ends frames in 00 00 ff ff.
                    data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return

    async def close(self, code: int) -> None:
        if not self.ws.closed and not self.closed_by_server:
            self.closed_by_server = True
            self.sent_close_code = code
        self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer, 1)
        await self.ws.close(code=code, message=b"closed by the emulator")


class Gateway:
    """Accepts discord.py clients and fans events out to their sessions."""

    def __init__(
        self,
        state: State,
        url: Callable[[], str],
        unhandled: list[str],
        heartbeat_interval_s: float = HEARTBEAT_INTERVAL_S,
    ) -> None:
        self.state = state
        self.heartbeat_interval_s = heartbeat_interval_s
        self.heartbeats = 0  # HEARTBEAT_ACKs sent
        self._url = url
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.log: list[str] = []  # "connect compress=zlib-stream", "IDENTIFY", "RESUME", ...
        self.unhandled = unhandled

    @property
    def ready(self) -> bool:
        """True when some session has a live connection that finished IDENTIFY or RESUME."""
        return any(s.alive and s.conn is not None for s in self.sessions.values())

    def serves(self, guild_id: int | None) -> bool:
        """Whether the shard receiving ``guild_id`` (None: DMs) has a listening session.

        Listening: connected, or dropped by the emulator and expected to RESUME.
        """
        return any(
            s.alive and (s.conn or s.expected_back) and s.shard.receives(guild_id)
            for s in self.sessions.values()
        )

    def shards(self) -> list[ShardKey]:
        """The shard keys of the sessions that are connected now."""
        return sorted(
            (s.shard for s in self.sessions.values() if s.alive and s.conn is not None),
            key=lambda k: (k.count, k.id),
        )

    def _receivers(self, guild_id: int | None, intent: int = 0) -> list[Session]:
        return [
            s
            for s in self.sessions.values()
            if s.alive and (not intent or s.intents & intent) and s.shard.receives(guild_id)
        ]

    def dispatch(
        self, event: str, data: dict[str, Any], intent: int = 0, guild_id: int | None = None
    ) -> None:
        """Push an event to the sessions whose shard receives ``guild_id`` (None: shard 0).

        A server the bot is not in sends it nothing but the interactions of a user install.
        """
        if event != "INTERACTION_CREATE" and not self.state.bot_in(guild_id):
            return
        for session in self._receivers(guild_id, intent):
            session.push(event, data)

    # --- websocket handler ---------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        compress = request.query.get("compress")
        if compress not in (None, "zlib-stream"):
            # zstd-stream needs the zstandard module; discord.py also reads plain text frames.
            self.log.append(f"compress={compress} unsupported: plain text frames")
            compress = None
        conn = Connection(ws, compress)
        self.connections.add(conn)
        self.log.append(f"connect compress={compress} v={request.query.get('v')}")
        interval_ms = round(self.heartbeat_interval_s * 1000)
        conn.send({"op": 10, "d": {"heartbeat_interval": interval_ms}})
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    try:
                        frame = json.loads(msg.data)
                    except ValueError:
                        self.unhandled.append(f"gateway: invalid JSON {msg.data[:200]!r}")
                        continue
                    self._received(conn, frame)
                elif msg.type is WSMsgType.BINARY:
                    self.unhandled.append("binary frame from client")
        finally:
            self.connections.discard(conn)
            code = ws.close_code
            if conn.closed_by_server:
                self.log.append(f"close {conn.sent_close_code} by server")
            else:
                self.log.append(f"close {code} by client")
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
                session.expected_back = conn.closed_by_server
                if code in CLIENT_CLOSES_SESSION and not conn.closed_by_server:
                    session.alive = False
            await conn.close(code or 1000)
        return ws

    def _received(self, conn: Connection, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == 1:
            asyncio.get_running_loop().call_later(HEARTBEAT_ACK_DELAY_S, self._ack, conn)
        elif op == 2:
            self._identify(conn, data or {})
        elif op == 6:
            self._resume(conn, data or {})
        elif op == 8:
            self._request_members(conn, data or {})
        elif op in (3, 4):  # presence / voice state: accepted, ignored
            pass
        else:
            self.unhandled.append(f"gateway op {op}: {frame}")
            log.warning("emulator gateway: unhandled op %s", op)

    def _ack(self, conn: Connection) -> None:
        if not conn.ws.closed:
            self.heartbeats += 1
            conn.send({"op": 11})

    def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        self.log.append("IDENTIFY")
        if data.get("token") != self.state.token:
            self.log.append("bad token")
            asyncio.get_running_loop().create_task(conn.close(4004))
            return
        shard = parse_shard(data.get("shard"))
        if shard is None:
            self.log.append(f"close {INVALID_SHARD} invalid shard {data.get('shard')!r}")
            asyncio.get_running_loop().create_task(conn.close(INVALID_SHARD))
            return
        guilds = [g for g in self.state.guilds if shard.receives(g) and self.state.bot_in(g)]
        if len(guilds) > self.state.max_guilds_per_shard:
            self.log.append(f"close {SHARDING_REQUIRED} sharding required: {len(guilds)} guilds")
            asyncio.get_running_loop().create_task(conn.close(SHARDING_REQUIRED))
            return
        if "shard" in data:
            self.log.append(f"shard {shard}")
        session = Session(self.state.next_token("session"), int(data.get("intents") or 0), shard)
        self.sessions[session.id] = session
        session.conn = conn
        conn.session = session
        app = payloads.application(self.state)
        session.push(
            "READY",
            {
                "v": 10,
                "user": payloads.client_user(self.state.bot_user),
                "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": self._url(),
                "shard": [shard.id, shard.count],
                "application": {"id": app["id"], "flags": app["flags"]},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "user_settings": {},
            },
        )
        for guild_id in guilds:
            session.push("GUILD_CREATE", payloads.guild(self.state, self.state.guilds[guild_id]))

    def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        self.log.append("RESUME")
        session = self.sessions.get(data.get("session_id") or "")
        if session is None or not session.alive or data.get("token") != self.state.token:
            self.log.append("INVALID_SESSION")
            conn.send({"op": 9, "d": False})
            return
        old = session.conn
        if old is not None and old is not conn:
            asyncio.get_running_loop().create_task(old.close(4000))
        session.conn = conn
        session.expected_back = False
        conn.session = session
        seq = data.get("seq") or 0
        for frame in list(session.buffer):
            if frame["s"] > seq:
                conn.send(frame)
        session.push("RESUMED", {})

    def _request_members(self, conn: Connection, data: dict[str, Any]) -> None:
        guild = self.state.guilds.get(int(data.get("guild_id") or 0))
        if guild is None or conn.session is None:
            return
        members = [payloads.member(self.state, guild, m) for m in guild.members.values()]
        chunk = {"guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1}
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        conn.session.push("GUILD_MEMBERS_CHUNK", chunk)

    # --- test controls -------------------------------------------------------------------

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every socket from the server side; sessions stay resumable (unless 1000)."""
        for conn in list(self.connections):
            await conn.close(code)

    def invalidate_sessions(self) -> None:
        """Send INVALID_SESSION (not resumable): clients re-IDENTIFY at their default gateway."""
        for session in self.sessions.values():
            if session.conn is not None:
                session.conn.send({"op": 9, "d": False})
            session.alive = False

    # --- state changes -> dispatches -------------------------------------------------------

    def on_state_change(self, event: str, info: dict[str, Any]) -> None:
        state = self.state
        if event.startswith("MESSAGE_"):
            msg: Message = info["message"]
            chan = state.channels.get(msg.channel_id)
            if msg.ephemeral or (chan is not None and chan.between_users):
                return  # the bot is not in a DM or group DM between users
            if not state.bot_in(msg.guild_id):
                return  # nor in that server
            intent = INTENT_DM_MESSAGES if msg.guild_id is None else INTENT_GUILD_MESSAGES
            if event == "MESSAGE_DELETE":
                data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
                if msg.guild_id is not None:
                    data["guild_id"] = str(msg.guild_id)
                self.dispatch(event, data, intent, msg.guild_id)
                return
            data = payloads.message(state, msg, for_gateway=True)
            # Without MESSAGE_CONTENT, guild messages from others arrive blank unless they
            # mention the bot (Discord's rule for privileged message content).
            blank = msg.guild_id is not None and msg.author_id != state.bot_user.id
            blank = blank and state.bot_user.mention not in msg.content
            redacted = {**data, "content": "", "embeds": [], "attachments": [], "components": []}
            for session in self._receivers(msg.guild_id, intent):
                hide = blank and not session.intents & INTENT_MESSAGE_CONTENT
                session.push(event, redacted if hide else data)
        elif event == "GUILD_CREATE":
            guild = state.guild(info["guild_id"])
            if state.bot_in(guild.id):  # a server without the bot tells it nothing
                self.dispatch(event, payloads.guild(state, guild), INTENT_GUILDS, guild.id)
        elif event in ("CHANNEL_CREATE", "CHANNEL_UPDATE"):
            chan = state.channel(info["channel_id"])
            self.dispatch(event, payloads.channel(state, chan), INTENT_GUILDS, chan.guild_id)
        elif event in ("THREAD_CREATE", "THREAD_UPDATE"):
            thread = state.channel(info["channel_id"])
            data = payloads.channel(state, thread)
            if event == "THREAD_CREATE":
                data["newly_created"] = True
            self.dispatch(event, data, INTENT_GUILDS, thread.guild_id)
        elif event == "THREAD_MEMBERS_UPDATE":
            thread = state.channel(info["channel_id"])
            joined = state.utcnow().isoformat()
            data = {
                "id": str(thread.id),
                "guild_id": str(thread.guild_id),
                "member_count": min(len(thread.member_ids), 50),
                "added_members": [payloads.thread_member(thread, info["user_id"], joined)],
            }
            self.dispatch(event, data, INTENT_GUILDS, thread.guild_id)
        elif event in ("CHANNEL_DELETE", "THREAD_DELETE"):
            guild_id = int(info["payload"]["guild_id"])
            self.dispatch(event, info["payload"], INTENT_GUILDS, guild_id)
        elif event == "GUILD_MEMBER_REMOVE":  # privileged: only with the members intent
            data = {"guild_id": str(info["guild_id"]), "user": payloads.user(info["user"])}
            self.dispatch(event, data, INTENT_MEMBERS, info["guild_id"])
        elif event == "GUILD_ROLE_CREATE":
            data = {"guild_id": str(info["guild_id"]), "role": payloads.role(info["role"])}
            self.dispatch(event, data, INTENT_GUILDS, info["guild_id"])
        elif event in ("GUILD_MEMBER_ADD", "GUILD_MEMBER_UPDATE"):
            guild = state.guild(info["guild_id"])
            data = payloads.member(state, guild, guild.members[info["user_id"]])
            data["guild_id"] = str(guild.id)
            self.dispatch(event, data, INTENT_MEMBERS, guild.id)
