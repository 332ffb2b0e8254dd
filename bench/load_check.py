"""After the load: does every running game show its current position and can it go on?

Read from the database (each channel's running session, each seat's ``prompt_step``: the
step its choices last changed at, older buttons are refused) and from what each member sees
(``controls_of``). A game is *stale* when a member's controls are for another session or drawn
before their seat's choices last changed (refused forever), *stuck* when it runs but no member
has a move to press (a computer's owed move never made, a DM never sent).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from dataclasses import dataclass, field

import asyncpg

from bench.load_tables import Table, controls_of
from discord_emulator import DiscordEmulator
from tests.bot.harness import move_controls

STUCK_WAIT_S = 30.0
"""How long a running game may take to offer someone a move (the computer thinking)."""


async def query(kind: str, database: str, sql: str) -> list[tuple]:
    """The rows of ``sql`` in the SQLite file or PostgreSQL database."""
    if kind == "sqlite":
        with contextlib.closing(sqlite3.connect(database)) as db:
            return db.execute(sql).fetchall()
    conn = await asyncpg.connect(database)
    try:
        return [tuple(r) for r in await conn.fetch(sql)]
    finally:
        await conn.close()


@dataclass
class Shown:
    """The running games checked, and the labels of those found stale or stuck."""

    running: int = 0
    stale: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)


async def running_seats(kind: str, database: str) -> dict[int, tuple[str, dict[int, int]]]:
    """By channel: its running session and each member's seat's ``prompt_step``."""
    rows = await query(
        kind,
        database,
        "SELECT s.channel_id, s.id, t.user_id, t.prompt_step FROM sessions s"
        " JOIN seats t ON t.session_id = s.id"
        " WHERE s.status = 'active' AND t.computer_level IS NULL",
    )
    found: dict[int, tuple[str, dict[int, int]]] = {}
    for channel_id, sid, user_id, prompt_step in rows:
        found.setdefault(int(channel_id), (sid, {}))[1][int(user_id)] = prompt_step
    return found


def stale(emu: DiscordEmulator, table: Table, sid: str, prompts: dict[int, int]) -> bool:
    """Whether a member of the table is shown moves the bot would refuse forever."""
    for member in table.members:
        message = controls_of(emu, member)
        for _, custom_id, _ in move_controls(message) if message else []:
            _, shown_sid, step, *_ = custom_id.split(":")
            if shown_sid != sid or int(step) < prompts.get(member.user.id, 0):
                return True
    return False


async def check_shown(emu: DiscordEmulator, tables: list[Table], kind: str, database: str) -> Shown:
    """The played tables' running games, once each shows its position (a computer given its
    time, a move saved just now given its redraw); those that still do not after
    ``STUCK_WAIT_S``, stale or stuck."""
    played = [t for t in tables if not t.idle]
    deadline = time.monotonic() + STUCK_WAIT_S
    while True:
        running = await running_seats(kind, database)
        found = Shown(running=sum(t.channel.id in running for t in played))
        for table in (t for t in played if t.channel.id in running):
            label = f"{table.label} #{table.channel.id}"
            if not any(controls_of(emu, m) for m in table.members):
                found.stuck.append(label)
            if stale(emu, table, *running[table.channel.id]):
                found.stale.append(label)
        if not (found.stuck or found.stale) or time.monotonic() > deadline:
            return found
        await asyncio.sleep(0.5)
