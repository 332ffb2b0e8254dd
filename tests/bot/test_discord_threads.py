"""A game in its own thread (the server setting): the channel shows only starts and results."""

import discord
import pytest

from tests.bot.harness import move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")

CREATE_THREADS = discord.Permissions(create_public_threads=True).value
SEND_IN_THREADS = discord.Permissions(send_messages_in_threads=True).value
SEND_MESSAGES = discord.Permissions(send_messages=True).value


async def threads_setting(world, value: str) -> str:
    ix = await world.slash("carol", "game settings", threads=value)
    return ix.messages[-1].text()


async def channel(world, name: str):
    chan = world.emu.add_text_channel(world.guild, name)
    await world.emu.wait_for(lambda: world.bot.get_channel(chan.id))
    return chan


def the_thread(world, chan):
    (thread,) = world.emu.threads(chan)
    return thread


async def test_with_the_setting_off_a_game_is_played_in_its_channel(world):
    assert "Each game in its own thread: **off**" in await threads_setting(world, "off")
    chan = await channel(world, "plain")
    await world.slash("alice", "galdor start", chan)
    session = await world.live(chan)
    assert session.channel_id == chan.id and session.parent_channel_id is None
    assert world.emu.threads(chan) == []
    assert [m.id for m in world.emu.channel_messages(chan)] == [session.message_id]
    await world.slash("alice", "game resign", chan)


async def test_a_solo_start_plays_in_a_new_thread_and_the_channel_gets_one_line(world):
    assert "Each game in its own thread: **on**" in await threads_setting(world, "on")
    emu = world.emu
    chan = await channel(world, "solo-threads")
    await world.slash("alice", "galdor start", chan)

    thread = the_thread(world, chan)
    assert thread.name == "Galdor's Grip: Alice" and thread.parent_id == chan.id
    (line,) = emu.channel_messages(chan)
    assert line.text() == f"**Galdor's Grip: Alice** — in <#{thread.id}>"
    assert line.id == thread.id and not line.buttons()  # the thread hangs off the line
    session = await world.live(thread)
    assert (session.channel_id, session.parent_channel_id) == (thread.id, chan.id)
    assert await world.live(chan) is None
    (board,) = emu.state.messages_in(thread.id)
    assert board.id == session.message_id and board.attachments

    kind, custom_id, _ = move_controls(board)[0]
    assert kind == "button"
    await world.click("alice", board, custom_id)
    assert (await world.live(thread)).step > session.step
    status = await world.slash("alice", "game status", thread)
    assert status.ephemeral and status.messages[-1].attachments
    elsewhere = await world.slash("alice", "game status", chan)
    assert f"<#{thread.id}>" in elsewhere.messages[-1].text()
    assert "played in their threads" in elsewhere.messages[-1].text()

    await world.slash("alice", "game resign", thread)
    assert await world.live(thread) is None
    result = emu.state.messages_in(thread.id)[-1]
    assert "Game over" in result.text() and result.find_button("Play again")
    headline = emu.channel_messages(chan)[-1]
    assert "Game over" in headline.text() and f"<#{thread.id}>" in headline.text()
    assert headline.mentions.notified == {world.people["alice"].id}
    assert not result.mentions.notified  # the players are pinged once, in the channel


async def test_an_accepted_challenge_moves_to_a_thread_and_its_result_is_announced(world):
    await threads_setting(world, "on")
    emu = world.emu
    alice, bob = world.people["alice"], world.people["bob"]
    chan = await channel(world, "duels")
    await world.slash("alice", "knightfall challenge", chan, opponent=bob)
    challenge = emu.channel_messages(chan)[-1]
    assert emu.threads(chan) == []  # not before it is accepted
    await world.click("bob", challenge, challenge.find_button("Accept"))

    thread = the_thread(world, chan)
    assert thread.id == challenge.id and thread.name == "Knightfall: A Kingdom's War: Alice vs Bob"
    assert challenge.text() == f"**Knightfall: A Kingdom's War: Alice vs Bob** — in <#{thread.id}>"
    assert not challenge.buttons() and emu.channel_messages(chan) == [challenge]
    session = await world.live(thread)
    assert session.status == "active" and session.channel_id == thread.id
    board = next(m for m in emu.state.messages_in(thread.id) if m.id == session.message_id)
    assert board.find_button("My hand")
    first = world.user(session, sorted(session.game.to_act())[0])
    assert world.controls_message(first) is not None  # the player to move has their DM

    answer = await world.resign("alice", thread)
    assert "You resigned" in answer
    result = emu.state.messages_in(thread.id)[-1]
    assert "Game over" in result.text() and result.find_button("Play again")
    assert not result.mentions.notified
    headline = emu.channel_messages(chan)[-1]
    assert headline is not challenge and f"<#{thread.id}>" in headline.text()
    assert headline.mentions.notified == {alice.id, bob.id}
    pinged_in_channel = [m for m, _ in emu.pings() if m.channel_id == chan.id]
    assert [m.id for m in pinged_in_channel] == [challenge.id, headline.id]  # the challenge, once


async def test_one_channel_hosts_several_games_at_once_each_in_its_thread(world):
    await threads_setting(world, "on")
    emu = world.emu
    chan = await channel(world, "busy")
    await world.slash("alice", "galdor start", chan)
    await world.slash("bob", "knightfall challenge", chan, opponent=world.people["carol"])
    await world.slash("dave", "galdor start", chan)  # the open challenge holds nothing
    threads = emu.threads(chan)
    assert len(threads) == 2
    players = [(await world.live(t)).seats[0].user_id for t in threads]
    assert players == [world.people["alice"].id, world.people["dave"].id]

    listed = await world.slash("dave", "game resign", chan)
    assert all(f"<#{t.id}>" in listed.messages[-1].text() for t in threads)
    elsewhere = await world.slash("dave", "game resign", threads[0])
    assert elsewhere.messages[-1].text() == "You are not playing in this game."
    await world.slash("dave", "game resign", threads[1])
    assert await world.live(threads[1]) is None and await world.live(threads[0]) is not None
    await world.slash("alice", "game resign", threads[0])
    challenge = emu.channel_messages(chan)[1]
    await world.click("bob", challenge, challenge.find_button("Decline"))


async def test_a_start_is_refused_without_the_thread_permissions_and_nothing_starts(world):
    await threads_setting(world, "on")
    emu = world.emu
    chan = await channel(world, "no-threads")
    emu.set_channel_permissions(chan, emu.bot_user, deny=CREATE_THREADS)
    for path, options in (
        ("galdor start", {}),
        ("knightfall challenge", {"opponent": world.people["bob"]}),
    ):
        ix = await world.slash("alice", path, chan, **options)
        assert ix.ephemeral and [m.text() for m in ix.messages] == [
            "I can't start a game here: I need the Create Public Threads permission in "
            f"<#{chan.id}>. A server admin can grant it in the channel's settings → Permissions."
        ], path
    emu.set_channel_permissions(chan, emu.bot_user, deny=CREATE_THREADS | SEND_IN_THREADS)
    ix = await world.slash("alice", "galdor start", chan)
    assert (
        "Create Public Threads and Send Messages in Threads permissions" in ix.messages[-1].text()
    )
    assert emu.channel_messages(chan) == [] and emu.threads(chan) == []
    assert await world.bot.store.live_threads_of(chan.id, 10) == []
    assert (
        await world.bot.db.fetchall(
            "SELECT id FROM sessions WHERE channel_id=? OR parent_channel_id=?", (chan.id, chan.id)
        )
        == []
    )


async def test_a_game_in_a_thread_resumes_after_a_restart(world):
    await threads_setting(world, "on")
    emu = world.emu
    chan = await channel(world, "restarts")
    await world.slash("alice", "galdor start", chan)
    thread = the_thread(world, chan)
    session = await world.live(thread)

    await world.stop_bot()
    await world.start_bot()
    board = next(m for m in emu.state.messages_in(thread.id) if m.id == session.message_id)
    _, custom_id, _ = move_controls(board)[0]
    ix = await world.click("alice", board, custom_id)
    assert not ix.refusals and not ix.late
    resumed = await world.live(thread)
    assert resumed.step > session.step and resumed.message_id == board.id
    assert len(board.history) >= 1  # the board was edited in its thread
    await world.slash("alice", "game resign", thread)
    assert "Game over" in emu.channel_messages(chan)[-1].text()


def ended_notices(world, user, since: int) -> list[str]:
    return [m.content for m in world.emu.dm_messages(user)[since:] if "was deleted" in m.content]


async def test_a_deleted_game_thread_or_its_channel_ends_the_games_off_it(world):
    await threads_setting(world, "on")
    emu = world.emu
    alice, bob, carol, dave = (world.people[n] for n in ("alice", "bob", "carol", "dave"))
    chan = await channel(world, "doomed-threads")
    await world.slash("alice", "knightfall challenge", chan, opponent=bob)
    challenge = emu.channel_messages(chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    thread = the_thread(world, chan)
    duel = await world.live(thread)
    dms = {u.id: len(emu.dm_messages(u)) for u in (alice, bob, carol, dave)}

    emu.delete_channel(thread)  # THREAD_DELETE
    ended = await world.until_ended(duel.id)
    assert (ended.status, ended.end_reason) == ("abandoned", "deleted")
    for user in (alice, bob):
        (text,) = ended_notices(world, user, dms[user.id])
        assert "its thread was deleted" in text and duel.id in text

    # The channel goes with its threads (Discord sends no THREAD_DELETE for them): a solo game
    # in another thread off it and a challenge waiting there for its thread end too.
    await world.slash("alice", "galdor start", chan)
    (solo,) = [await world.live(t) for t in emu.threads(chan) if t.id != thread.id]
    await world.slash("carol", "knightfall challenge", chan, opponent=dave)
    waiting = set(await world.bot.store.live_in_or_off(chan.id)) - {solo.id}
    (pending,) = waiting
    emu.delete_channel(chan)  # CHANNEL_DELETE only
    assert (await world.until_ended(solo.id)).end_reason == "deleted"
    assert (await world.until_ended(pending)).end_reason == "deleted"
    (text,) = [t for t in ended_notices(world, alice, dms[alice.id]) if "Galdor" in t]
    assert "its thread was deleted" in text and solo.id in text
    for user in (carol, dave):
        (text,) = ended_notices(world, user, dms[user.id])
        assert "challenge" in text and "Carol vs Dave" in text


async def test_a_result_in_its_thread_is_not_owed_when_the_channel_refuses_the_headline(world):
    """The bot may post in the game's thread but not in the channel it hangs off: the result is
    in the thread, so a start does not post it there again."""
    await threads_setting(world, "on")
    emu = world.emu
    chan = await channel(world, "threads-only")
    await world.slash("alice", "knightfall challenge", chan, opponent=world.people["bob"])
    challenge = emu.channel_messages(chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    thread = the_thread(world, chan)
    session = await world.live(thread)
    emu.set_channel_permissions(chan, emu.bot_user, deny=SEND_MESSAGES)
    await world.resign("alice", thread)
    await world.quiesce()
    messages = emu.state.messages_in(thread.id)
    results = [m for m in messages if "Play again" in [b.label for b in m.buttons()]]
    assert len(results) == 1
    assert not await world.bot.store.owes_ending(session.id)
