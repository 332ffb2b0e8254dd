"""``LOG_LEVEL=DEBUG`` writes no hidden card, stored state or secret seed, on either database.

The bot runs as a deployment runs it (``python -m bot``, its own logging set-up) against the
emulator; two people play a few moves of Knightfall, whose hands are secret.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys

import pytest

from bot.storage.database import connect
from bot.storage.store import SessionStore
from tests.bot.harness import (
    World,
    assert_no_leak,
    database_setting,
    first,
    hidden_labels,
    move_controls,
)


@pytest.fixture
def database(request, tmp_path):
    if os.environ.get("TEST_DATABASE") == "postgres":
        return request.getfixturevalue("postgres_server").new_database()
    return tmp_path / "bot.sqlite3"


def offered_moves(world: World) -> list:
    """(user, DM, control) for every move the players' newest DMs offer."""
    return [
        (user, dm, control)
        for user in (world.people["alice"], world.people["bob"])
        for dm in world.emu.dm_messages(user)[-1:]
        for control in move_controls(dm)
    ]


async def play(world: World, moves: int) -> None:
    """Click random offered moves in whichever DM offers some.

    The bot is another process drawing images: a quiet moment on the wire does not mean the
    clicked DM was redrawn (until then it offers the moves just made) nor the next DMs are out,
    so each move waits for the clicked DM's next version (or the click's refusal), then until a
    move is offered.
    """
    rng = random.Random(3)
    for _ in range(moves):
        offered = await world.shown(lambda: offered_moves(world))
        user, dm, (kind, cid, value) = rng.choice(offered)
        versions = len(dm.history)
        if kind == "button":
            ix = await world.emu.click(user, dm, cid)
        else:
            ix = await world.emu.select(user, dm, cid, [value])
        await ix.done(timeout=10)
        await world.shown(  # redrawn, or a refusal answered (an older DM's move)
            lambda dm=dm, versions=versions, ix=ix: len(dm.history) > versions or ix.messages
        )


async def test_debug_logs_hold_no_hidden_card_state_or_seed(database, tmp_path):
    world = await World.create(database)
    log_file = tmp_path / "bot.log"
    env = {
        **os.environ,
        "DISCORD_TOKEN": world.emu.token,
        "DISCORD_API_BASE": world.emu.api_base,
        "DISCORD_GATEWAY_URL": world.emu.gateway_url,
        "DEV_GUILD_ID": str(world.guild.id),
        "LOG_LEVEL": "DEBUG",
        "RENDER_POOL": "thread",
        **{k.upper(): str(v) for k, v in database_setting(database).items()},
    }
    with log_file.open("wb") as err:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=env, stderr=err
        )
    try:
        await world.emu.wait_for(
            lambda: world.emu.connected and world.emu.registered_commands(world.guild), timeout=60
        )
        alice, bob = world.people["alice"], world.people["bob"]
        command = await world.emu.slash(alice, world.chan, "knightfall challenge", opponent=bob)
        await command.done(timeout=10)
        challenge = await world.shown(
            lambda: first(world.emu.channel_messages(world.chan), lambda m: m.find_button("Accept"))
        )
        await (await world.emu.click(bob, challenge, challenge.find_button("Accept"))).done(10)
        await play(world, 6)
    finally:
        proc.send_signal(signal.SIGTERM)  # a supervisor's stop: the bot closes gracefully
        try:
            assert await asyncio.wait_for(proc.wait(), 30) == 0
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
            await world.emu.stop()

    db = await connect(database)
    try:
        store = SessionStore(db)
        session = await store.live_in_channel(world.chan.id)
        assert session is not None and session.status == "active" and session.step > 2
    finally:
        await db.close()
    log = log_file.read_text(encoding="utf-8")
    assert " DEBUG " in log, "the bot logged at DEBUG"
    assert str(session.seed) not in log, "the secret seed reached the log"
    assert session.state_json[:40] not in log, "the stored state reached the log"
    assert_no_leak([log], hidden_labels(session.game, None))
