"""A result Discord refused while the bot runs is posted again, once."""

import asyncio
import random

import pytest

import bot.flow.lobby
from tests.bot.harness import World, move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")


def announcements(world: World, since: int) -> list:
    """The channel's result messages since its ``since``-th message."""
    return [m for m in world.emu.channel_messages(world.chan)[since:] if "Game over" in m.text()]


async def test_a_result_refused_then_posted_by_the_owed_retry_is_not_caught_up_again(
    world, monkeypatch
):
    """A game's last move is saved but Discord answers 503 to its result, so the game is
    caught up a second later; the results owed are posted before that: the catch-up shows the
    game but does not post the result a second time."""
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: 4)
    await world.slash("alice", "galdor start", threshold=5, method="a")
    session = await world.live()
    since = len(world.emu.channel_messages(world.chan))
    world.outage_on_next_post()  # Discord answers 503: the result is not posted
    rng = random.Random(3)
    while session.status == "active":
        board = world.board(session)
        await world.make_move(world.people["alice"], board, rng.choice(move_controls(board)))
        session = await world.bot.store.load(session.id)
    assert await world.bot.store.owes_ending(session.id)  # refused: nothing announced yet
    assert announcements(world, since) == []

    world.bot.sessions.show_owed_endings([session.id])
    await world.quiesce()
    catching_up = [t for t in asyncio.all_tasks() if t.get_name() == f"catch-up-{session.id}"]
    if catching_up:  # its pass comes a second after the refusal, after the post
        await asyncio.wait(catching_up, timeout=30)
    await world.quiesce()
    assert len(announcements(world, since)) == 1
    assert not await world.bot.store.owes_ending(session.id)
