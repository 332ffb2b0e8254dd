"""Resign, abort, expiry, idleness, stale buttons and the shared /game commands, via Discord."""

from datetime import timedelta

import discord
import pytest

from tests.bot.harness import World

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def start_game(world: World, a: str = "alice", b: str = "bob"):
    await world.slash(a, "knightfall challenge", opponent=world.people[b])
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click(b, challenge, challenge.find_button("Accept"))
    session = await world.live()
    assert session is not None and session.status == "active"
    return session


async def test_resigning_gives_the_opponent_the_win_on_the_leaderboard(world):
    session = await start_game(world)
    ix = await world.slash("dave", "game resign")
    assert "not playing" in ix.messages[-1].text()
    ix = await world.slash("alice", "game resign")
    assert "resigned" in ix.messages[-1].text()
    ended = await world.bot.store.load(session.id)
    assert ended.status == "finished"
    board = world.board(ended)
    assert "resigned" in board.text() and board.buttons() == []
    assert world.controls_message(world.people["alice"]) is None
    ix = await world.slash("carol", "leaderboard", game="knightfall")
    text = ix.messages[-1].text()
    assert text.index(str(world.people["bob"].id)) < text.index(str(world.people["alice"].id))
    assert "1W 0L" in text and "0W 1L" in text


async def test_abort_needs_both_players_or_a_moderator_and_does_not_count(world):
    session = await start_game(world)
    ix = await world.slash("dave", "game abort")
    assert "Manage Server" in ix.messages[-1].text()
    ix = await world.slash("alice", "game abort")
    assert "once" in ix.messages[-1].text()
    assert (await world.live()).id == session.id
    await world.slash("bob", "game abort")
    assert await world.live() is None
    assert (await world.bot.store.load(session.id)).status == "abandoned"

    session = await start_game(world)
    await world.slash("carol", "game abort")
    assert (await world.bot.store.load(session.id)).end_reason == "aborted"
    assert "aborted" in world.board(await world.bot.store.load(session.id)).text()


async def test_status_and_log_show_only_public_information(world):
    session = await start_game(world)
    ix = await world.slash("dave", "game status")
    status = ix.messages[-1]
    assert status.ephemeral and status.attachments and status.attachments[0].description
    ix = await world.slash("dave", "game log")
    assert ix.messages[-1].ephemeral
    ix = await world.slash("dave", "game replay", session="nosuchgame")
    assert "No finished game" in ix.messages[-1].text()
    await world.slash("carol", "game abort")
    assert (await world.bot.store.load(session.id)).status == "abandoned"


async def test_an_old_hand_message_is_refused_as_stale_and_changes_nothing(world):
    world.emu.set_dms_open(world.people["bob"], False)
    session = await start_game(world)
    old_hand = await world.hand("bob", session)
    new_hand = await world.hand("bob", session)
    old_button = next(b.custom_id for b in old_hand.buttons())
    await world.click("bob", new_hand, old_button)
    moved = await world.bot.store.load(session.id)
    assert moved.step == session.step + 1
    stale = await world.click("bob", old_hand, old_button)
    assert "board changed" in stale.messages[-1].text()
    assert (await world.bot.store.load(session.id)).step == moved.step
    await world.slash("carol", "game abort")
    world.emu.set_dms_open(world.people["bob"], True)


async def test_expired_challenges_and_idle_games_are_closed_and_lose_their_buttons(world):
    await world.slash("alice", "knightfall challenge", opponent=world.people["bob"])
    challenge_session = await world.live()
    later = discord.utils.utcnow() + timedelta(minutes=20)
    assert await world.bot.lifecycle.sweep(later) == 1
    await world.quiesce()
    assert "expired" in world.board(challenge_session).text()
    assert world.board(challenge_session).buttons() == []

    session = await start_game(world)
    assert await world.bot.lifecycle.sweep(discord.utils.utcnow() + timedelta(days=1)) == 0
    assert await world.bot.lifecycle.sweep(discord.utils.utcnow() + timedelta(days=8)) == 1
    await world.quiesce()
    closed = await world.bot.store.load(session.id)
    assert closed.status == "abandoned" and closed.end_reason == "idle"
    assert world.board(closed).buttons() == []
    assert "abandoned" in world.board(closed).text()
    assert world.controls_message(world.people["alice"]) is None
