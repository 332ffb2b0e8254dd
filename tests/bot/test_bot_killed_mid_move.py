"""A bot killed (SIGKILL) between saving a move and showing it: the restart shows it.

``python -m bot`` runs against the emulator; Discord fails every request for a while (a 503
storm), so the move is in the database but on no message when the process dies. The process
started again must bring the game's messages up to date by itself: the board and the DMs show
the position the database holds, the player whose turn it is gets their moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from tests.bot.harness import World, confirm_button, first, move_controls
from tests.bot.test_discord_rest_calls import CHANNEL_EDIT, CHANNEL_POST

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="signals")


def steps_on(message) -> set[int]:
    """The game steps the move controls of ``message`` were drawn for."""
    return {int(custom_id.split(":")[2]) for _, custom_id, _ in move_controls(message)}


def running(db: Path, channel_id: int) -> tuple[str, int]:
    """The channel's running session: its id and step."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        row = conn.execute(
            "SELECT id, step FROM sessions WHERE channel_id = ? AND status = 'active'",
            (channel_id,),
        ).fetchone()
    assert row is not None
    return row[0], row[1]


def prompt_steps(db: Path, channel_id: int) -> dict[int, int]:
    """Each member's seat's ``prompt_step`` in the channel's running session."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        rows = conn.execute(
            "SELECT t.user_id, t.prompt_step FROM seats t JOIN sessions s ON s.id = t.session_id"
            " WHERE s.channel_id = ? AND s.status = 'active'",
            (channel_id,),
        ).fetchall()
    return dict(rows)


class Bot:
    """``python -m bot`` on the world's database, started and killed at will."""

    def __init__(self, world: World, db: Path, log: Path) -> None:
        self.world = world
        self.log = log.open("ab")
        self.env = {
            **os.environ,
            "DISCORD_TOKEN": world.emu.token,
            "DISCORD_API_BASE": world.emu.api_base,
            "DISCORD_GATEWAY_URL": world.emu.gateway_url,
            "DATABASE_PATH": str(db),
            "DEV_GUILD_ID": str(world.guild.id),
            "START_COOLDOWN_SECONDS": "0",
        }
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        identified = self.world.emu.gateway.log.count("IDENTIFY")
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=self.env, stderr=self.log
        )
        await self.world.emu.wait_for(
            lambda: (
                (
                    self.world.emu.gateway.log.count("IDENTIFY") > identified
                    and self.world.emu.connected
                )
                or self.proc.returncode is not None
            ),
            timeout=30,
        )
        assert self.proc.returncode is None, self.log.name

    async def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        await self.world.emu.wait_for(lambda: not self.world.emu.connected, timeout=10)

    async def close(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(self.proc.wait(), 15)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        self.log.close()


async def saved_then_killed(world: World, bot: Bot, db: Path, who, message, channel) -> int:
    """Press the first move on ``message`` while Discord fails everything; once the move is
    saved, kill the bot. The step the database then holds."""
    _, step = running(db, channel.id)
    world.emu.storm(503, seconds=60)
    _, custom_id, value = move_controls(message)[0]
    if value is None:
        await world.emu.click(who, message, custom_id)
    else:
        await world.emu.select(who, message, custom_id, [value])
    await world.emu.wait_for(lambda: running(db, channel.id)[1] > step, timeout=10)
    await bot.kill()
    world.emu.calm()
    return running(db, channel.id)[1]


@pytest.fixture
async def killable(tmp_path):
    world = await World.create(tmp_path / "db.sqlite3")
    bot = Bot(world, tmp_path / "db.sqlite3", tmp_path / "bot.log")
    try:
        await bot.start()
        yield world, bot, tmp_path / "db.sqlite3"
    finally:
        await bot.close()
        await world.emu.stop()


async def test_a_solo_move_saved_but_never_shown_is_shown_after_the_restart(killable):
    world, bot, db = killable
    alice = world.people["alice"]
    await (await world.emu.slash(alice, world.chan, "gondolin start")).done(timeout=10)
    # The bot process draws its first picture in a render worker it starts then: a while on a
    # loaded machine.
    board = await world.shown(lambda: first(world.emu.channel_messages(world.chan), move_controls))
    before = steps_on(board)
    step = await saved_then_killed(world, bot, db, alice, board, world.chan)
    assert steps_on(board) == before, "the storm kept the board as it was"
    await bot.start()
    await world.shown(lambda: steps_on(board) == {step})


async def test_a_two_player_move_saved_but_never_shown_reaches_the_opponent(killable):
    world, bot, db = killable
    alice, bob = world.people["alice"], world.people["bob"]
    challenge = await world.emu.slash(alice, world.chan, "knightfall challenge", opponent=bob)
    await challenge.done(timeout=10)
    invite = await world.shown(
        lambda: first(world.emu.channel_messages(world.chan), lambda m: m.find_button("Accept"))
    )
    await (await world.emu.click(bob, invite, invite.find_button("Accept"))).done(timeout=10)
    mover = await world.shown(
        lambda: next(
            (u for u in (alice, bob) if any(map(move_controls, world.emu.dm_messages(u)))), None
        )
    )
    await world.emu.settle(quiet=0.5, timeout=10)  # the opening's other messages out too
    other = bob if mover is alice else alice
    dm = world.emu.dm_messages(mover)[-1]
    step = await saved_then_killed(world, bot, db, mover, dm, world.chan)
    await bot.start()

    def opponent_has_moves() -> bool:
        dms = world.emu.dm_messages(other)
        return bool(dms) and steps_on(dms[-1]) == {step}

    await world.shown(opponent_has_moves)
    await world.emu.settle(quiet=0.5, timeout=10)
    for user, valid_from in prompt_steps(db, world.chan.id).items():
        shown = steps_on(world.emu.dm_messages(next(u for u in (alice, bob) if u.id == user))[-1])
        assert all(valid_from <= s <= step for s in shown), "a DM offers refused moves"


def status(db: Path, sid: str) -> str:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute("SELECT status FROM sessions WHERE id = ?", (sid,)).fetchone()[0]


def result_message(world: World):
    """The channel's result message (it offers Play again), None before it is posted."""
    return first(
        world.emu.channel_messages(world.chan),
        lambda m: any(b.label == "Play again" for b in m.buttons()),
    )


async def test_a_result_saved_but_never_posted_is_posted_after_the_restart(killable):
    """A resignation is saved while Discord takes no channel message; the bot dies before it
    posts the result. The restart posts it, pinging the player, and owes nothing more."""
    world, bot, db = killable
    alice = world.people["alice"]
    await (await world.emu.slash(alice, world.chan, "gondolin start")).done(timeout=10)
    board = await world.shown(lambda: first(world.emu.channel_messages(world.chan), move_controls))
    sid, _ = running(db, world.chan.id)
    world.emu.storm(503, [CHANNEL_POST, CHANNEL_EDIT], seconds=60)
    asked = await world.emu.slash(alice, world.chan, "game resign")
    await asked.done(timeout=10)
    yes = confirm_button(asked.messages[-1])
    if yes is not None:
        await (await world.emu.click(alice, asked.messages[-1], yes)).done(timeout=10)
    await world.emu.wait_for(lambda: status(db, sid) != "active", timeout=10)
    await bot.kill()
    world.emu.calm()
    assert result_message(world) is None

    await bot.start()
    posted = await world.shown(lambda: result_message(world))
    assert alice.id in posted.mentions.notified
    await world.shown(lambda: not move_controls(board))  # the board shows the ending
    await world.shown(lambda: owed(db) == 0)  # taken out once posted


def owed(db: Path) -> int:
    """How many results the database says are not posted yet."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute("SELECT count(*) FROM endings_owed").fetchone()[0]
