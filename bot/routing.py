"""A DM click handled by the process that owns its game, over PostgreSQL's LISTEN/NOTIFY.

Discord sends every DM interaction to shard 0, wherever its game lives. With several processes
on PostgreSQL, shard 0's process hands a DM click on a game in another process's server to that
process: it NOTIFYs the owner's shard channel with the raw INTERACTION_CREATE data, and the
owner dispatches it through discord.py's own parser, as if its gateway had delivered it, so the
same handlers answer it through the interaction's token. A handshake keeps exactly one process
answering: the owner claims the click, and handles it only when the forwarder grants it; the
forwarder grants only while it is still waiting, else it has handled the click itself. It
handles it itself, as before, when the owner does not claim it in time (down, stopping, busy
loop), when the data does not fit a NOTIFY, or when the game is its own or unknown.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import time
import uuid
import zlib
from collections.abc import Callable
from typing import Any, Protocol, cast

import asyncpg

from bot.storage.db import Database
from bot.surface.custom_ids import KINDS
from bot.surface.inflight import InFlight

log = logging.getLogger(__name__)

CLAIM_WAIT_S = 0.3
"""How long the forwarder waits for the owner's claim before handling the click itself."""
ANSWER_WAIT_S = 3.0
"""How long an owner waits for the forwarder's answer to its claim (Discord's deadline: past it
the click cannot be answered anyway)."""
SILENT_S = 10.0
"""After an owner let a click go unclaimed, its clicks are handled here for this long."""
PAYLOAD_LIMIT = 7999
"""PostgreSQL's NOTIFY payload limit (8000 bytes by default), less one: a click whose packed
data is longer is handled where it arrived."""
GUILDS_KEPT = 20_000
"""Sessions whose server is remembered (a session never moves to another server)."""
APP_NAME = "tabletop-router"
"""The listening connections' name in ``pg_stat_activity``."""
RECONNECT_S = 5.0
"""The wait before the listening connection is opened again after it was lost."""


_BY_PREFIX = {kind.prefix: kind for kind in KINDS}


def shard_channel(shard: int) -> str:
    """The channel the process running ``shard`` listens on for its forwarded clicks."""
    return f"tabletop_shard_{shard}"


def session_id(data: dict[str, Any]) -> str | None:
    """The session a DM component interaction is about (None: a server's, or none named)."""
    if data.get("type") != 3 or data.get("guild_id") is not None:
        return None
    custom_id = str((data.get("data") or {}).get("custom_id") or "")
    kind = _BY_PREFIX.get(custom_id.split(":", 1)[0])
    fields = kind.parse(custom_id) if kind else None
    return fields.get("sid") if fields else None


def pack(data: dict[str, Any]) -> str:
    """The interaction's data as NOTIFY text: compressed JSON in base64.

    A DM showing a big hand's controls is 10-16 KB of JSON, about 2.5 KB compressed.
    """
    raw = json.dumps(data, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(raw, 1)).decode("ascii")


def unpack(text: str) -> dict[str, Any]:
    """What :func:`pack` made."""
    return cast(dict[str, Any], json.loads(zlib.decompress(base64.b64decode(text))))


class Host(Protocol):
    """What the router reads of its bot (``TabletopBot``)."""

    db: Database
    inflight: InFlight

    @property
    def shard_ids(self) -> list[int] | None:
        """The shards this process runs (None: all)."""

    @property
    def shard_count(self) -> int | None:
        """The shards in all."""

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs the server's shard."""


class Router:
    """Forwards DM clicks to their game's process and takes those forwarded to this one."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.reply_channel = f"tabletop_reply_{uuid.uuid4().hex}"  # unique across hosts
        self.forwarded = 0  # clicks handed to another process
        self.taken = 0  # clicks another process handed here
        self._url = ""
        self._conn: asyncpg.Connection | None = None
        self._send_lock = asyncio.Lock()
        self._local: Callable[[Any], None] = lambda data: None
        self._guilds: dict[str, int] = {}
        self._silent_until: dict[int, float] = {}
        self._claims: dict[str, asyncio.Future[str]] = {}  # as forwarder: the owner's channel
        self._answers: dict[str, asyncio.Future[bool]] = {}  # as owner: granted or not
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    async def start(self, url: str, parsers: dict[str, Callable[[Any], None]]) -> None:
        """Listen for this process's shards; route its DM clicks.

        ``parsers``: discord.py's gateway parsers, whose INTERACTION_CREATE is wrapped.
        """
        self._url = url
        self._local = parsers["INTERACTION_CREATE"]
        parsers["INTERACTION_CREATE"] = self._arrived
        await self._listen()

    @property
    def listening(self) -> bool:
        """Whether clicks are routed now (else each is handled where it arrives)."""
        return self._conn is not None

    async def close(self) -> None:
        """Stop listening; clicks arriving from now on are handled here."""
        self._closed = True
        for task in list(self._tasks):
            if task.get_name() == "router-reconnect":
                task.cancel()
        if self._conn is not None:
            conn, self._conn = self._conn, None
            with contextlib.suppress(Exception):
                await conn.close(timeout=2)

    async def _listen(self) -> None:
        conn = await asyncpg.connect(self._url, server_settings={"application_name": APP_NAME})
        for shard in self.bot.shard_ids or ():
            await conn.add_listener(shard_channel(shard), self._on_request)
        await conn.add_listener(self.reply_channel, self._on_reply)
        conn.add_termination_listener(self._lost)
        self._conn = conn

    def _lost(self, conn: asyncpg.Connection) -> None:
        """The listening connection closed: route nothing until it is open again."""
        if self._conn is conn:
            self._conn = None
        if not self._closed:
            log.warning("the routing connection was lost: every click is handled here")
            self._spawn(self._reconnect(), "router-reconnect")

    async def _reconnect(self) -> None:
        while not self._closed and self._conn is None:
            await asyncio.sleep(RECONNECT_S)
            try:
                await self._listen()
            except (OSError, asyncpg.PostgresError):
                continue
            log.info("the routing connection is open again")

    def _spawn(self, coro: Any, name: str | None = None) -> None:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, channel: str, payload: str) -> None:
        conn = self._conn
        if conn is None:
            raise ConnectionError("not listening")
        async with self._send_lock:
            await conn.execute("SELECT pg_notify($1, $2)", channel, payload)

    # As the process that received the click (shard 0's).

    def _arrived(self, data: dict[str, Any]) -> None:
        """An INTERACTION_CREATE from our gateway: a DM click may go to its game's process."""
        sid = session_id(data)
        if sid is None or not self.listening:
            self._local(data)
        else:
            self._spawn(self._route(data, sid))

    async def _route(self, data: dict[str, Any], sid: str) -> None:
        try:
            owner = await self._owner(sid)
            if owner is not None and await self._forward(data, owner):
                return
        except Exception:
            log.exception("routing a click failed: it is handled here")
        self._local(data)

    async def _owner(self, sid: str) -> int | None:
        """The shard whose process should handle a click on ``sid`` (None: this process)."""
        guild = self._guilds.get(sid)
        if guild is None:
            row = await self.bot.db.fetchone("SELECT guild_id FROM sessions WHERE id=?", (sid,))
            if row is None:
                return None
            guild = self._guilds[sid] = int(row[0])
            if len(self._guilds) > GUILDS_KEPT:
                del self._guilds[next(iter(self._guilds))]
        if self.bot.owns(guild) or not self.bot.shard_count:
            return None
        shard = (guild >> 22) % self.bot.shard_count
        if self._silent_until.get(shard, 0.0) > time.monotonic():
            return None
        return shard

    async def _forward(self, data: dict[str, Any], shard: int) -> bool:
        """Hand the click to ``shard``'s process; False: it is ours to handle."""
        key = str(data["id"])
        payload = f"{self.reply_channel} {pack(data)}"
        if len(payload) > PAYLOAD_LIMIT:
            return False
        claim = self._claims[key] = asyncio.get_running_loop().create_future()
        try:
            await self._send(shard_channel(shard), payload)
            await asyncio.wait([claim], timeout=CLAIM_WAIT_S)
        finally:
            del self._claims[key]  # the decision: a claim from now on is answered "no"
        if not claim.done():
            self._silent_until[shard] = time.monotonic() + SILENT_S
            log.warning("shard %s's process did not take a click in time: handled here", shard)
            return False
        self._silent_until.pop(shard, None)
        await self._send(claim.result(), f"go {key}")
        self.forwarded += 1
        return True

    def _on_reply(self, conn: object, pid: int, channel: str, payload: str) -> None:
        """A forwarder gets ``claim <id> <owner's channel>``, an owner ``go <id>`` or ``no <id>``.

        A claim that comes too late is answered "no": the click was handled here.
        """
        word, key, *rest = payload.split(" ")
        if word == "claim":
            claim = self._claims.get(key)
            if claim is not None and not claim.done():
                claim.set_result(rest[0])
            elif claim is None:
                self._spawn(self._refuse(rest[0], key))
            return
        answer = self._answers.get(key)
        if answer is not None and not answer.done():
            answer.set_result(word == "go")

    async def _refuse(self, owner: str, key: str) -> None:
        with contextlib.suppress(OSError, ConnectionError, asyncpg.PostgresError):
            await self._send(owner, f"no {key}")

    # As the process that owns the game.

    def _on_request(self, conn: object, pid: int, channel: str, payload: str) -> None:
        """A click forwarded to one of our shards: claim it unless we are stopping."""
        if self._closed or self.bot.inflight.closing:
            return  # unclaimed: the forwarder handles it
        reply, packed = payload.split(" ", 1)
        self._spawn(self._take(reply, unpack(packed)))

    async def _take(self, reply: str, data: dict[str, Any]) -> None:
        """Claim the click; handle it once the forwarder grants it (it answers every claim)."""
        key = str(data["id"])
        answer = self._answers[key] = asyncio.get_running_loop().create_future()
        try:
            await self._send(reply, f"claim {key} {self.reply_channel}")
            await asyncio.wait([answer], timeout=ANSWER_WAIT_S)
        except (OSError, ConnectionError, asyncpg.PostgresError):
            return  # no claim sent: the forwarder handles it
        finally:
            del self._answers[key]
        if answer.done() and answer.result():
            self.taken += 1
            self._local(data)
