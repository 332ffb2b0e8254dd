"""The daily deal through the emulator: two servers, one deal, one attempt each, the boards.

Started in a server channel, the deal is played in the player's DM with the bot: the channel
sees who plays and the result, never the deal.
"""

import json
import os
import random
from datetime import UTC, datetime, timedelta

import discord
import pytest
import pytest_asyncio

from bot.storage.daily import DailyStore, day_of
from discord_emulator import loopback_only
from engines.galdors_grip.cards import card_name
from engines.safe_text import markdown
from tests.bot.harness import World, message_texts, move_controls, v2_texts

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
    return next(m for m in world.emu.all_messages() if m.id == session.message_id)


def join(world, name: str, **member) -> None:
    world.people[name] = world.emu.add_user(name)
    world.emu.add_member(world.guild, world.people[name], **member)


async def dm_game(world, who):
    """The game running in the member's DM with the bot."""
    return await world.live(world.emu.dm_channel(world.people[who]))


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
    started = await world.slash("alice", "galdor daily")
    mine = await dm_game(world, "alice")
    assert await world.live() is None  # not in the channel
    told = started.messages[-1]
    assert told.ephemeral and "Today's deal is in [your DMs with me](" in told.text()
    assert f"/channels/@me/{mine.channel_id}/{mine.message_id})" in told.text()
    await world.slash("erin", "galdor daily", chan=world.far)
    theirs = await dm_game(world, "erin")
    expected = await DailyStore(world.bot.db).seed("galdors_grip", DAY)
    assert mine.seed == theirs.seed == expected
    assert mine.state_json == theirs.state_json  # the same deal, card for card
    assert mine.options == {"daily": DAY}
    assert (mine.guild_id, theirs.guild_id) == (world.guild.id, world.other.id)  # their servers'

    # A second attempt while the first runs: where it is (the DM), and nothing started.
    again = await world.slash("erin", "galdor daily", chan=world.far2)
    assert "You are playing today's deal" in last_text(again)
    assert f"/channels/@me/{theirs.channel_id}/{theirs.message_id})" in last_text(again)
    assert await world.live(world.far2) is None

    mine = await play_through(world, "alice", mine, 1)
    theirs = await play_through(world, "erin", theirs, 2)
    assert mine.status == theirs.status == "finished"

    # The end message (in the DM): places and a line to share that names no card.
    alice_dm = world.emu.dm_messages(world.people["alice"])
    (end,) = [m for m in alice_dm if m.text().startswith("🏁")]
    days = DailyStore(world.bot.db)
    alice = await days.attempt(world.people["alice"].id, "galdors_grip", DAY)
    stars, moves = f"{alice.score:g}", alice.moves
    assert f"`Galdor's Grip daily #{DAY}: {stars} ⭐ in {moves} moves, rank 1 of 1`" in end.text()
    assert "`/game replay` shows this deal once the day ends" in end.text()
    assert "**Play again** starts an ordinary game" in end.text()
    assert str(mine.seed) not in "\n".join(m.text() for m in world.emu.all_messages())
    # The channel's line: the result and the places, the player named, nobody pinged.
    (line,) = [m for m in world.emu.channel_messages(world.chan) if "finished today" in m.text()]
    assert line.text() == (
        f"🏁 Alice finished today's Galdor's Grip deal: {stars} ⭐ in {moves} moves, rank 1 of "
        "1 on this server (1 of 1 on all servers). `/galdor daily` to play yours."
    )

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
    attempt = await DailyStore(world.bot.db).attempt(world.people["alice"].id, "galdors_grip", DAY)
    sid = attempt.session_id  # played in Alice's DM, under this server
    refused = await world.slash("bob", "game replay", session=sid)
    assert "open when the day ends (midnight UTC), in 14 h 30 min" in last_text(refused)
    own = await world.slash("alice", "game replay", session=sid)
    assert "open when the day ends" in last_text(own)  # a public message: no one
    review = await world.slash("alice", "game review", session=sid)
    assert "open when the day ends" in last_text(review)
    world.bot.daily.clock = lambda: NOW + timedelta(days=1)
    try:
        shown = await world.slash("bob", "game replay", session=sid)
        assert "Replayed session" in shown.messages[0].text()
    finally:
        world.bot.daily.clock = lambda: NOW


async def test_the_attempts_and_a_game_in_a_dm_survive_a_restart(world):
    join(world, "gus")
    await world.slash("gus", "galdor daily", chan=world.chan2)
    session = await dm_game(world, "gus")
    # The DM holds that game: a second daily there waits, or is played here if Gus chooses.
    busy = (await world.slash("gus", "gondolin daily", chan=world.chan2)).messages[-1]
    assert "Your DMs with me hold a game already" in busy.text()
    assert "run `/gondolin daily` again" in busy.text()
    assert busy.find_button("Play it here (everyone in this channel sees the deal)")

    await world.stop_bot()
    bot = await world.start_bot()
    bot.tree.copy_global_to(guild=discord.Object(world.other.id))
    await bot.tree.sync(guild=discord.Object(world.other.id))
    bot.daily.clock = lambda: NOW
    refused = await world.slash("alice", "galdor daily", chan=world.far2)
    assert "You played today's deal" in last_text(refused)
    board = board_text(await world.slash("alice", "galdor daily", action="board"))
    assert "Erin" in board  # still named
    # Gus's game goes on in his DM: linked there, and its end still reaches the channel.
    again = await world.slash("gus", "galdor daily", chan=world.chan)
    assert f"/channels/@me/{session.channel_id}/{session.message_id})" in last_text(again)
    board = board_of(world, session)
    await world.make_move(world.people["gus"], board, move_controls(board)[0])
    assert (await world.bot.store.load(session.id)).step > session.step
    await world.end_game(session=session.id)
    ended = world.emu.channel_messages(world.chan2)[-1].text()
    assert ended.startswith("Gus's game of today's Galdor's Grip deal ended without a result.")


async def test_gondolin_has_its_own_daily_deal(world):
    await world.slash("bob", "gondolin daily", chan=world.chan2)
    session = await dm_game(world, "bob")
    assert session.game_id == "gondolin" and session.options == {"daily": DAY}
    assert session.seed == await DailyStore(world.bot.db).seed("gondolin", DAY)
    assert session.seed != await DailyStore(world.bot.db).seed("galdors_grip", DAY)
    await world.end_game(session=session.id)  # a moderator of the server ends it
    assert world.emu.channel_messages(world.chan2)[-1].text() == (
        "Bob's game of today's Gondolin Cards deal ended without a result. `/gondolin daily` "
        "to play yours."
    )


async def test_a_daily_game_that_could_not_be_posted_gives_its_attempt_back(world):
    dm = world.emu.dm_channel(world.people["dave"])
    world.emu.fail_next("POST", f"/channels/{dm.id}/messages")
    ix = await world.slash("dave", "galdor daily", chan=world.chan2)
    assert "not started" in last_text(ix)
    assert (
        await DailyStore(world.bot.db).attempt(world.people["dave"].id, "galdors_grip", DAY) is None
    )
    await world.slash("dave", "galdor daily", chan=world.chan2)
    session = await dm_game(world, "dave")
    assert session is not None and session.options == {"daily": DAY}
    await world.end_game(session=session.id)
    again = await world.slash("dave", "galdor daily", chan=world.chan2)
    assert "Your attempt at today's deal ended without a result" in last_text(again)


def deal_names(session) -> set[str]:
    """The names of the deal's cards (its title's card aside: the lines name the game)."""
    state = json.loads(session.state_json)
    ids = {*state["shuffle"], *state["deck"], *state["blind"], *state["build"]["drawn"]}
    return {card_name(i) for i in ids} - {"Galdor's Grip"}


def assert_deal_unseen(messages, names: set[str]) -> None:
    """Text lines only: no picture, embed or component, no card of the deal in any version."""
    for message in messages:
        for version in [*message.history, message]:
            assert not version.attachments and not version.embeds, version
            assert not version.components, version
            shown = [n for n in names if n in version.text()]
            assert not shown, f"the deal's {shown} in {version.text()!r}"


async def test_the_channel_sees_who_plays_and_the_result_never_the_deal(world):
    nick = "**Max**_<@1>"
    join(world, "max", nick=nick)
    before = len(world.emu.channel_messages(world.chan2))
    started = await world.slash("max", "galdor daily", chan=world.chan2)
    session = await dm_game(world, "max")
    assert started.messages[-1].ephemeral
    names = deal_names(session)
    playing = (
        f"🃏 {markdown(nick)} is playing today's Galdor's Grip deal — `/galdor daily` to play "
        "yours."
    )

    def channel():
        return world.emu.channel_messages(world.chan2)[before:]

    rng = random.Random(7)
    while (session := await world.bot.store.load(session.id)).status == "active":
        (line,) = channel()  # while the game runs: the one line, nothing of the deal
        assert line.text() == playing
        assert_deal_unseen(channel(), names)
        board = board_of(world, session)
        await world.make_move(world.people["max"], board, rng.choice(move_controls(board)))
    assert session.status == "finished"
    seen = message_texts(board_of(world, session))
    assert any(n in t for t in seen for n in names)  # the DM showed the deal's cards
    start, end = channel()
    assert start.text() == playing
    assert end.text().startswith(f"🏁 {markdown(nick)} finished today's Galdor's Grip deal: ")
    assert_deal_unseen(channel(), names)
    assert all(not m.mentions or not m.mentions.notified for m in channel())
    await world.assert_pings_reach_only_players()  # every version of every message, DMs too


async def test_closed_dms_give_the_player_the_choice(world):
    join(world, "fay")
    world.emu.set_dms_open(world.people["fay"], False)
    before = len(world.emu.channel_messages(world.chan2))
    ix = await world.slash("fay", "galdor daily", chan=world.chan2)
    offer = ix.messages[-1]
    assert offer.ephemeral and "I can't send you direct messages" in offer.text()
    assert "run `/galdor daily` again" in offer.text()
    assert world.emu.channel_messages(world.chan2)[before:] == []  # nothing public, no deal
    days = DailyStore(world.bot.db)
    assert await days.attempt(world.people["fay"].id, "galdors_grip", DAY) is None
    here = offer.find_button("Play it here (everyone in this channel sees the deal)")
    world.bot.lobby.cooldown = timedelta(seconds=10)  # the refused DM started nothing
    try:
        await world.click("fay", offer, here)
    finally:
        world.bot.lobby.cooldown = timedelta(0)
    session = await world.live(world.chan2)
    assert session.options == {"daily": DAY} and session.message_id is not None
    assert board_of(world, session).channel_id == world.chan2.id  # her choice: seen by all
    attempt = await days.attempt(world.people["fay"].id, "galdors_grip", DAY)
    assert (attempt.session_id, attempt.guild_id) == (session.id, world.guild.id)
    await world.end_game(chan=world.chan2)
