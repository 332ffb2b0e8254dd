"""Backpressure: beyond its bound of interactions in flight, a process answers "busy" at once.

A click that would queue behind hundreds of others misses Discord's 3 s deadline and the player
sees "This interaction failed"; refused at once, they are told to try again and nothing changed.
"""

import asyncio
import contextlib
import random
import sqlite3

import asyncpg
import pytest

from bot.flow.sessions import computer_to_act
from bot.surface.inflight import BUSY
from bot.surface.refusals import STORAGE_BUSY
from tests.bot.harness import move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_beyond_the_bound_a_command_is_refused_at_once_and_changes_nothing(world):
    await world.slash("alice", "galdor start")
    session = await world.live()
    assert session is not None
    lock = world.bot.sessions.lock(session.id)
    await lock.acquire()  # alice's click will wait for it: one interaction in flight
    world.bot.inflight.limit = 1
    try:
        board = world.board(session)
        kind, custom_id, _value = move_controls(board)[0]
        assert kind == "button"
        click = await world.emu.click(world.people["alice"], board, custom_id)
        await world.emu.wait_for(lambda: len(world.bot.inflight) == 1)

        refused = await world.emu.slash(world.people["bob"], world.chan2, "gondolin start")
        await refused.done(timeout=2)
        assert not refused.late
        assert [m.text() for m in refused.messages] == [BUSY]
        assert refused.messages[0].ephemeral
        assert await world.live(world.chan2) is None  # nothing was started
        assert world.bot.inflight.refused_busy == 1
    finally:
        world.bot.inflight.limit = world.bot.settings.max_in_flight
        lock.release()
    await click.done(timeout=10)
    await world.quiesce()
    assert not click.late
    assert len(await world.bot.store.action_log(session.id)) >= 1  # the waiting click was played

    again = await world.slash("bob", "gondolin start", chan=world.chan2)
    assert BUSY not in [m.text() for m in again.messages]
    assert await world.live(world.chan2) is not None


@contextlib.asynccontextmanager
async def another_writer(world, session):
    """Another writer holds what the move must write, until the block ends.

    SQLite: another connection's ``BEGIN IMMEDIATE`` on the bot's file (as a second process
    would). PostgreSQL: another connection's lock on the game's row.
    """
    if str(world.db_path).startswith("postgresql://"):
        conn = await asyncpg.connect(str(world.db_path))
        try:
            async with conn.transaction():
                await conn.execute("SELECT id FROM sessions WHERE id=$1 FOR UPDATE", session.id)
                yield
        finally:
            await conn.close()
    else:
        conn = sqlite3.connect(world.db_path, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            yield
            conn.execute("ROLLBACK")
        finally:
            conn.close()


async def test_a_move_waiting_on_a_locked_database_is_refused_in_time_and_others_are_answered(
    world,
):
    """Another writer holds the database: the move is refused within its bound, unapplied,
    and a member's command in another channel is answered at once meanwhile."""
    for who, chan, start in (("alice", world.chan, "galdor"), ("bob", world.chan2, "gondolin")):
        running = await world.live(chan)
        if running is not None:
            await world.resign(world.user(running, 0).name, chan=chan)
        await world.slash(who, f"{start} start", chan=chan)
    session = await world.live()
    log = await world.bot.store.action_log(session.id)
    board = world.board(session)
    _kind, custom_id, _value = move_controls(board)[0]
    clock = asyncio.get_running_loop().time
    async with another_writer(world, session):
        click = await world.emu.click(world.people["alice"], board, custom_id)
        await asyncio.sleep(0.3)
        asked = clock()
        status = await world.emu.slash(world.people["bob"], world.chan2, "game status")
        await status.done(timeout=5)
        assert not status.late and clock() - asked < 1.0, "the status waited on the write"
        await click.done(timeout=5)
        assert not click.late
        await world.emu.wait_for(lambda: click.messages, timeout=5)
        assert clock() - asked < 3.0, "the move waited on the other writer past its bound"
        assert [m.text() for m in click.messages] == [STORAGE_BUSY]
        assert click.messages[0].ephemeral
    await world.quiesce()
    assert await world.bot.store.action_log(session.id) == log  # nothing was applied
    assert (await world.live()).step == session.step

    again = await world.click("alice", world.board(session), custom_id)  # now it is played
    assert not again.late and STORAGE_BUSY not in [m.text() for m in again.messages]
    assert len(await world.bot.store.action_log(session.id)) > len(log)
    await world.resign("alice")
    await world.resign("bob", chan=world.chan2)


async def test_the_computer_thinking_after_an_answered_click_holds_no_place(world, monkeypatch):
    """Alice's click is answered and the computer thinks over its reply in its own worker: that
    holds up no other interaction, so it takes no place under the bound. A server full of games
    against the computer is not told "busy" (it was, once 50 such replies were thinking)."""
    thinking, release = asyncio.Event(), asyncio.Event()
    choose = world.bot.computer.choose

    async def slow(*args, **kwargs):
        thinking.set()
        await release.wait()
        return await choose(*args, **kwargs)

    monkeypatch.setattr(world.bot.computer, "choose", slow)
    for chan in (world.chan, world.chan2):
        running = await world.live(chan)
        if running is not None:
            await world.resign(world.user(running, 0).name, chan=chan)
    started = await world.emu.slash(
        world.people["alice"], world.chan, "knightfall challenge", level="easy"
    )
    await started.done(timeout=10)
    session = await world.live()
    (computer,) = session.computer_seats
    rng = random.Random(3)
    user = world.user(session, 1 - computer)
    while True:  # alice plays until the computer must answer
        await world.emu.wait_for(lambda: thinking.is_set() or world.controls_message(user))
        if thinking.is_set():
            break
        if computer_to_act(await world.live()) is not None:  # both act: hers would wait on it
            await world.emu.wait_for(thinking.is_set)
            break
        message = world.controls_message(user)
        await world.press(user, message, rng.choice(move_controls(message)))
        # the move handled, her DM redrawn (or the computer thinking): no older DM is pressed
        await world.emu.wait_for(lambda: thinking.is_set() or len(world.bot.inflight) == 0)
    refused = world.bot.inflight.refused_busy
    world.bot.inflight.limit = 1
    try:
        # the thinking handler counts no more (other handlers of alice's move end meanwhile)
        await world.emu.wait_for(lambda: len(world.bot.inflight) == 0)
        other = await world.emu.slash(world.people["bob"], world.chan2, "gondolin start")
        await other.done(timeout=5)
        assert BUSY not in [m.text() for m in other.messages]
        assert await world.live(world.chan2) is not None
        assert world.bot.inflight.refused_busy == refused
    finally:
        world.bot.inflight.limit = world.bot.settings.max_in_flight
        release.set()
    await world.quiesce()
    assert computer_to_act(await world.live()) is None  # the computer answered
    await world.resign("alice")
    await world.resign("bob", chan=world.chan2)
