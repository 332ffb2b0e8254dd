"""Backpressure: beyond its bound of interactions in flight, a process answers "busy" at once.

A click that would queue behind hundreds of others misses Discord's 3 s deadline and the player
sees "This interaction failed"; refused at once, they are told to try again and nothing changed.
"""

import pytest

from bot.surface.inflight import BUSY
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
