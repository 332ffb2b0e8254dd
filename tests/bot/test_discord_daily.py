"""The daily deal through the emulator: two servers, one deal, one attempt each, the boards."""

import os
import random
from datetime import UTC, datetime, timedelta

import discord
import pytest
import pytest_asyncio

from bot.storage.daily import DailyStore, day_of
from discord_emulator import loopback_only
from tests.bot.harness import World, move_controls, v2_texts

pytestmark = pytest.mark.asyncio(loop_scope="module")

NOW = datetime(2026, 5, 21, 9, 30, tzinfo=UTC)
DAY = day_of(NOW)


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(request, tmp_path_factory):
    """The usual world, and a second server where Erin (only there) and Alice play."""
    database = tmp_path_factory.mktemp("db") / "bot.sqlite3"
    if os.environ.get("TEST_DATABASE") == "postgres":
        database = request.getfixturevalue("postgres_server").new_database()
    with loopback_only() as refused:
        world = await World.create(database)
        world.other = world.emu.add_guild("Other Server")
        world.far = world.emu.add_text_channel(world.other, "daily")
        world.far2 = world.emu.add_text_channel(world.other, "daily-2")
        world.people["erin"] = world.emu.add_user("erin")
        for name in ("erin", "alice"):
            world.emu.add_member(world.other, world.people[name])
        bot = await world.start_bot()
        bot.tree.copy_global_to(guild=discord.Object(world.other.id))
        await bot.tree.sync(guild=discord.Object(world.other.id))
        bot.daily.clock = lambda: NOW
        yield world
        await world.close()
    assert refused == []


def board_of(world, session):
    channel = next(c for c in (world.chan, world.far) if c.id == session.channel_id)
    return next(m for m in world.emu.channel_messages(channel) if m.id == session.message_id)


async def play_through(world, who, session, seed):
    rng = random.Random(seed)
    for _ in range(400):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            return session
        board = board_of(world, session)
        await world.make_move(world.people[who], board, rng.choice(move_controls(board)))
    raise AssertionError("the game did not end")


def last_text(ix):
    return ix.messages[-1].text()


def board_text(ix) -> str:
    """The day's boards: one v2 message, only for the asker."""
    answer = ix.messages[-1]
    assert answer.ephemeral
    return "\n".join(v2_texts(answer))


async def test_the_same_deal_in_two_servers_one_attempt_each_and_the_boards(world):
    await world.slash("alice", "galdor daily")
    mine = await world.live()
    await world.slash("erin", "galdor daily", chan=world.far)
    theirs = await world.live(world.far)
    expected = await DailyStore(world.bot.db).seed("galdors_grip", DAY)
    assert mine.seed == theirs.seed == expected
    assert mine.state_json == theirs.state_json  # the same deal, card for card
    assert mine.options == {"daily": DAY}

    # A second attempt while the first runs: where it is, and nothing started.
    again = await world.slash("erin", "galdor daily", chan=world.far2)
    assert "You are playing today's deal" in last_text(again)
    assert f"/{theirs.channel_id}/{theirs.message_id}" in last_text(again)
    assert await world.live(world.far2) is None

    mine = await play_through(world, "alice", mine, 1)
    theirs = await play_through(world, "erin", theirs, 2)
    assert mine.status == theirs.status == "finished"

    # The end message: places and a line to share that names no card.
    (end,) = [m for m in world.emu.channel_messages(world.chan) if m.text().startswith("🏁")]
    days = DailyStore(world.bot.db)
    alice = await days.attempt(world.people["alice"].id, "galdors_grip", DAY)
    stars, moves = f"{alice.score:g}", alice.moves
    assert f"`Galdor's Grip daily #{DAY}: {stars} ⭐ in {moves} moves, rank 1 of 1`" in end.text()
    assert "`/game replay` shows this deal once the day ends" in end.text()
    assert "**Play again** starts an ordinary game" in end.text()
    assert str(mine.seed) not in "\n".join(m.text() for m in world.emu.all_messages())

    # Alice may not play again, not even in another server: she is told her result.
    refused = await world.slash("alice", "galdor daily", chan=world.far2)
    assert "You played today's deal" in last_text(refused)
    assert f"Galdor's Grip daily #{DAY}:" in last_text(refused)
    assert await world.live(world.far2) is None
    rows = await world.bot.db.fetchall("SELECT COUNT(*) AS n FROM daily_attempts")
    assert rows[0]["n"] == 2

    # The boards: this server's has Alice only; all servers' has Erin, unnamed.
    board = board_text(await world.slash("alice", "galdor daily", action="board"))
    here, everywhere = board.split("All servers")
    assert f"<@{world.people['alice'].id}> (you)" in here
    assert "Erin" not in board and str(world.people["erin"].id) not in board
    assert "a player from another server" in everywhere
    assert "Your streak: 1 day in a row" in board
    erin = await days.attempt(world.people["erin"].id, "galdors_grip", DAY)
    first, _ = sorted([alice, erin], key=lambda a: (-(a.score or 0), a.moves))
    assert (everywhere.index("(you)") < everywhere.index("a player")) == (first is alice)

    # Erin chooses to be named: her name shows on the other server's global board.
    await world.slash("erin", "galdor daily", chan=world.far, action="named")
    board = board_text(await world.slash("alice", "galdor daily", action="board"))
    assert "Erin" in board.split("All servers")[1] and "another server" not in board
    # On her own server she is a member: mentioned, on both boards.
    far = last_text(await world.slash("erin", "galdor daily", chan=world.far, action="board"))
    assert far.count(f"<@{world.people['erin'].id}> (you)") == 2


async def test_a_daily_replay_waits_for_the_end_of_the_day(world):
    refused = await world.slash("bob", "game replay")
    assert "open when the day ends (midnight UTC), in 14 h 30 min" in last_text(refused)
    own = await world.slash("alice", "game replay")
    assert "open when the day ends" in last_text(own)  # a public message: no one
    review = await world.slash("alice", "game review")
    assert "open when the day ends" in last_text(review)
    world.bot.daily.clock = lambda: NOW + timedelta(days=1)
    try:
        shown = await world.slash("bob", "game replay")
        assert "Replayed session" in shown.messages[0].text()
    finally:
        world.bot.daily.clock = lambda: NOW


async def test_the_attempts_survive_a_restart(world):
    await world.stop_bot()
    bot = await world.start_bot()
    bot.tree.copy_global_to(guild=discord.Object(world.other.id))
    await bot.tree.sync(guild=discord.Object(world.other.id))
    bot.daily.clock = lambda: NOW
    refused = await world.slash("alice", "galdor daily", chan=world.far2)
    assert "You played today's deal" in last_text(refused)
    board = board_text(await world.slash("alice", "galdor daily", action="board"))
    assert "Erin" in board  # still named


async def test_gondolin_has_its_own_daily_deal(world):
    await world.slash("bob", "gondolin daily", chan=world.chan2)
    session = await world.live(world.chan2)
    assert session.game_id == "gondolin" and session.options == {"daily": DAY}
    assert session.seed == await DailyStore(world.bot.db).seed("gondolin", DAY)
    assert session.seed != await DailyStore(world.bot.db).seed("galdors_grip", DAY)
    await world.end_game(chan=world.chan2)


async def test_a_daily_game_that_could_not_be_posted_gives_its_attempt_back(world):
    world.emu.fail_next("POST", "/webhooks/", status=403, code=50013, message="Missing Permissions")
    ix = await world.slash("dave", "galdor daily", chan=world.chan2)
    assert "not started" in last_text(ix)
    assert (
        await DailyStore(world.bot.db).attempt(world.people["dave"].id, "galdors_grip", DAY) is None
    )
    await world.slash("dave", "galdor daily", chan=world.chan2)
    session = await world.live(world.chan2)
    assert session is not None and session.options == {"daily": DAY}
    await world.end_game(chan=world.chan2)
    again = await world.slash("dave", "galdor daily", chan=world.chan2)
    assert "Your attempt at today's deal ended without a result" in last_text(again)
