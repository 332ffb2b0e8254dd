"""A channel where the bot lacks a permission: starts are refused with what to grant, and a
permission lost mid-game loses no move."""

import logging

import discord
import pytest

from tests.bot.harness import assert_v2, move_controls, v2_pictures

pytestmark = pytest.mark.asyncio(loop_scope="module")

ATTACH = discord.Permissions(attach_files=True).value
EMBED = discord.Permissions(embed_links=True).value
SEND = discord.Permissions(send_messages=True).value
REFUSAL = (
    "I can't start a game here: I need the Attach Files permission in <#{id}>. A server admin "
    "can grant it in the channel's settings → Permissions."
)


async def test_a_start_is_refused_until_the_bot_may_attach_files(world):
    emu = world.emu
    chan = emu.add_text_channel(world.guild, "no-files")
    emu.set_channel_permissions(chan, emu.bot_user, deny=ATTACH)

    for path, options in (
        ("galdor start", {}),
        ("knightfall challenge", {"opponent": world.people["bob"]}),
        ("knightfall challenge", {}),  # against the computer
    ):
        ix = await world.slash("alice", path, chan, **options)
        assert [m.text() for m in ix.messages] == [REFUSAL.format(id=chan.id)], path
        assert ix.ephemeral
        assert await world.live(chan) is None
        assert emu.channel_messages(chan) == []

    emu.set_channel_permissions(chan, emu.bot_user, deny=ATTACH | SEND)
    ix = await world.slash("alice", "galdor start", chan)
    assert "the Send Messages and Attach Files permissions" in ix.messages[-1].text()
    assert "grant them" in ix.messages[-1].text()

    emu.set_channel_permissions(chan, emu.bot_user, deny=EMBED)  # no embed: none is needed
    await world.slash("alice", "galdor start", chan)
    session = await world.live(chan)
    assert session is not None
    assert [m.id for m in emu.channel_messages(chan)] == [session.message_id]
    (board,) = emu.channel_messages(chan)
    assert_v2(board)
    assert v2_pictures(board) and move_controls(board)
    await world.resign("alice", chan)
    assert_v2(emu.channel_messages(chan)[-1])  # the result too
    assert "Game over" in emu.channel_messages(chan)[-1].text()


async def test_accepting_a_challenge_where_the_bot_lost_a_permission_keeps_it_open(world):
    emu = world.emu
    chan = emu.add_text_channel(world.guild, "lost-files")
    await world.slash("alice", "knightfall challenge", chan, opponent=world.people["bob"])
    challenge = emu.channel_messages(chan)[-1]
    emu.set_channel_permissions(chan, emu.bot_user, deny=ATTACH)

    ix = await world.click("bob", challenge, challenge.find_button("Accept"))
    assert ix.messages[-1].text() == REFUSAL.format(id=chan.id)
    session = await world.live(chan)
    assert session.status == "pending" and challenge.text().count("Accept") == 1

    emu.set_channel_permissions(chan, emu.bot_user)
    await world.click("bob", challenge, challenge.find_button("Accept"))
    assert (await world.live(chan)).status == "active"
    await world.slash("alice", "game resign", chan)


async def test_a_permission_lost_mid_game_keeps_the_move_and_logs_no_secret(world, caplog):
    caplog.set_level(logging.DEBUG)
    emu = world.emu
    chan = emu.add_text_channel(world.guild, "mid-game")
    await world.slash("alice", "knightfall challenge", chan, opponent=world.people["bob"])
    challenge = emu.channel_messages(chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    session = await world.live(chan)
    emu.set_channel_permissions(chan, emu.bot_user, deny=ATTACH)

    # The board is edited through the channel (its new picture needs Attach Files); the
    # clicked DM would be the click's answer, which needs no permission.
    dm = world.controls_message(world.people["alice"])
    kind, custom_id, value = move_controls(dm)[0]
    if kind == "button":
        ix = await world.emu.click(world.people["alice"], dm, custom_id)
    else:
        ix = await world.emu.select(world.people["alice"], dm, custom_id, [value])
    await ix.done(timeout=10)
    await world.quiesce()
    assert "Your move counts" in ix.messages[-1].text()
    assert (await world.bot.store.load(session.id)).step > session.step  # the move is kept
    assert any(r.code == 50013 for r in emu.error_responses())
    failed = [r for r in caplog.records if r.getMessage().startswith("delivery failed")]
    assert [r.levelname for r in failed] == ["WARNING"]
    assert "code=50013" in failed[0].getMessage() and "Missing" not in failed[0].getMessage()
    assert all(r.exc_info is None for r in failed)

    emu.set_channel_permissions(chan, emu.bot_user)
    await world.resign("alice", chan)
