"""A click that reaches the bot late (a backlog): Discord's 3 s count from when it was made.

The event loop is held up right after the click, as a busy process is: the click reaches its
handler seconds after Discord made it. One that can still be answered is acknowledged at once
and its move counts; one that Discord already failed for its member changes nothing.
"""

import asyncio
import time

import pytest

from bot.flow.sessions import SessionManager
from tests.bot.harness import plain_move

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def click_held_up(world, seconds: float):
    """Alice's Gondolin game and a plain move clicked on its board, the bot's loop then held
    up ``seconds`` (the click waits in the gateway's socket meanwhile). The session and the
    emulator's interaction, answered or failed."""
    await world.slash("alice", "gondolin start")
    session = await world.live()
    board = world.board(session)
    kind, custom_id, value = plain_move(session, board)
    alice = world.people["alice"]
    if kind == "button":
        ix = await world.emu.click(alice, board, custom_id)
    else:
        ix = await world.emu.select(alice, board, custom_id, [value])
    time.sleep(seconds)  # the whole process held up, as in a backlog
    await ix.done(timeout=10)
    await world.quiesce()
    return session, ix


async def test_a_click_that_waited_is_acknowledged_at_once_and_counts(world, monkeypatch):
    """1.8 s late, and its move then takes 1.5 s more (a loaded machine): answered after the
    deadline before, and the move counted though its member was told it failed."""
    play = SessionManager._play

    async def slow_play(self, *args, **kwargs):
        await asyncio.sleep(1.5)
        return await play(self, *args, **kwargs)

    monkeypatch.setattr(SessionManager, "_play", slow_play)
    session, ix = await click_held_up(world, 1.8)
    assert not ix.failed, ix.refusals
    moved = await world.bot.store.load(session.id)
    assert moved.step > session.step
    assert f"Move {moved.step}" in world.board(moved).text()
    monkeypatch.undo()
    await world.resign("alice")


async def test_a_click_past_discords_deadline_changes_nothing(world):
    session, ix = await click_held_up(world, 3.5)
    assert ix.failed, "Discord fails a click not answered within 3 s"
    assert (await world.bot.store.load(session.id)).step == session.step, "nothing counted"
    await world.resign("alice")
