"""Abuse limits via Discord: games per member, a cooldown on starts, and admins' /game end."""

from datetime import timedelta

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_a_member_holds_at_most_three_games_in_a_server(world):
    chans = [world.chan, world.chan2]
    chans += [world.emu.add_text_channel(world.guild, f"extra-{i}") for i in range(2)]
    for chan in chans[:3]:
        await world.slash("alice", "galdor start", chan=chan)
        assert await world.live(chan) is not None
    ix = await world.slash("alice", "galdor start", chan=chans[3])
    assert "You already have 3 games" in ix.messages[-1].text() and ix.messages[-1].ephemeral
    assert await world.live(chans[3]) is None
    ix = await world.slash(
        "dave", "knightfall challenge", chan=chans[3], opponent=world.people["alice"]
    )
    assert "Alice already has 3 games" in ix.messages[-1].text()
    assert await world.live(chans[3]) is None

    await world.resign("alice", chan=chans[0])
    await world.slash("alice", "galdor start", chan=chans[3])
    assert await world.live(chans[3]) is not None
    for chan in chans[1:]:
        await world.resign("alice", chan=chan)


async def test_starts_and_challenges_have_a_short_cooldown(world):
    world.bot.lobby.cooldown = timedelta(seconds=10)
    try:
        await world.slash("bob", "galdor start")
        ix = await world.slash(
            "bob", "knightfall challenge", chan=world.chan2, opponent=world.people["dave"]
        )
        text = ix.messages[-1].text()
        assert "you can start another in" in text and ix.messages[-1].ephemeral
        assert await world.live(world.chan2) is None
        world.emu.advance(11)
        await world.slash(
            "bob", "knightfall challenge", chan=world.chan2, opponent=world.people["dave"]
        )
        assert (await world.live(world.chan2)).status == "pending"
    finally:
        world.bot.lobby.cooldown = timedelta(0)
    await world.resign("bob")
    await world.resign("bob", chan=world.chan2)


async def test_a_server_admin_ends_any_game_in_the_server(world):
    await world.slash("alice", "knightfall challenge", opponent=world.people["bob"])
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    here = await world.live()
    await world.slash("dave", "galdor start", chan=world.chan2)
    there = await world.live(world.chan2)

    assert "Manage Server" in await world.end_game("dave")
    assert (await world.live()).id == here.id

    assert here.id in await world.end_game("carol")
    ended = await world.bot.store.load(here.id)
    assert ended.status == "abandoned" and ended.end_reason == "aborted"
    assert "moderator" in world.board(ended).text() and world.board(ended).buttons() == []

    await world.end_game("carol", session=there.id)  # from another channel
    ended = await world.bot.store.load(there.id)
    assert ended.status == "abandoned" and ended.end_reason == "aborted"
    assert "already ended" in await world.end_game("carol", session=there.id)
    assert "No game with that id" in await world.end_game("carol", session="nosuchgame")
