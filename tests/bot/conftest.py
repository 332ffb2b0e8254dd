"""One emulator and one bot per test module (a bot start costs time), on a real SQLite file.

``TEST_DATABASE=postgres`` runs the same tests on a fresh PostgreSQL database per module (the
test session's server, tests/storage/postgres_server.py).
"""

import os

import pytest_asyncio

from discord_emulator import loopback_only
from tests.bot.harness import World


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(request, tmp_path_factory):
    """The emulator with a server, four people and a running bot; nothing leaves 127.0.0.1."""
    database = tmp_path_factory.mktemp("db") / "bot.sqlite3"
    if os.environ.get("TEST_DATABASE") == "postgres":
        database = request.getfixturevalue("postgres_server").new_database()
    with loopback_only() as refused:
        world = await World.create(database)
        await world.start_bot()
        yield world
        if world.bot is not None:
            await world.assert_pings_reach_only_players()
        await world.close()
    assert refused == [], f"something tried to leave 127.0.0.1: {refused}"
