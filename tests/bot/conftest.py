"""One emulator and one bot per test module (a bot start costs time), on a real SQLite file."""

import pytest_asyncio

from discord_emulator import loopback_only
from tests.bot.harness import World


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(tmp_path_factory):
    """The emulator with a server, four people and a running bot; nothing leaves 127.0.0.1."""
    with loopback_only() as refused:
        world = await World.create(tmp_path_factory.mktemp("db") / "bot.sqlite3")
        await world.start_bot()
        yield world
        await world.close()
    assert refused == [], f"something tried to leave 127.0.0.1: {refused}"
