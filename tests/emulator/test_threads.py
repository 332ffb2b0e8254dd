"""Public threads: started from a message, known to discord.py, used, refused as Discord does."""

import asyncio

import discord
import pytest
import pytest_asyncio
from discord import app_commands

from discord_emulator import EmulatorError, run_bot
from tests.emulator.one_bot import new_channel, one_bot_world

pytestmark = pytest.mark.asyncio(loop_scope="module")

P = discord.Permissions
VIEW = P(view_channel=True).value
SEND = P(send_messages=True).value
CREATE_THREADS = P(create_public_threads=True).value
SEND_IN_THREADS = P(send_messages_in_threads=True).value


def thread_bot() -> discord.Client:
    """A client whose /where notes the interaction's channel, and whose button says so too."""
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    tree = app_commands.CommandTree(client)
    client.seen = []  # (channel, channel_id, app_permissions) of each /where and click

    @tree.command(description="Where am I?")
    async def where(interaction: discord.Interaction) -> None:
        client.seen.append(
            (interaction.channel, interaction.channel_id, interaction.app_permissions)
        )
        await interaction.response.send_message("here", ephemeral=True)

    async def on_interaction(interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:
            client.seen.append((interaction.channel, interaction.channel_id, None))
            await interaction.response.defer()

    async def setup_hook() -> None:
        await tree.sync()

    client.setup_hook = setup_hook
    client.on_interaction = on_interaction
    return client


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world():
    async for w in one_bot_world(thread_bot):
        yield w


async def start(w, chan, name: str = "a game") -> tuple[discord.Message, discord.Thread]:
    message = await w.client.get_channel(chan.id).send("starting")
    return message, await message.create_thread(name=name)


async def test_a_thread_started_from_a_message_takes_its_id(world):
    w = world
    chan = await new_channel(w, "starts")
    message, thread = await start(w, chan, "Knightfall: alice vs bob")
    assert thread.id == message.id and thread.parent_id == chan.id
    assert thread.type is discord.ChannelType.public_thread and thread.name.startswith("Knight")
    cached = await w.emu.wait_for(lambda: w.client.get_channel(thread.id))  # THREAD_CREATE
    assert isinstance(cached, discord.Thread) and cached.parent_id == chan.id
    emulated = w.emu.threads(chan)
    assert [t.id for t in emulated] == [thread.id] and emulated[0].parent_id == chan.id
    sent = await thread.send("the board")
    assert [m.content for m in w.emu.state.messages_in(thread.id)] == ["the board"]
    assert sent.channel.id == thread.id and not w.emu.channel_messages(chan)[-1].deleted
    assert cached.me is not None  # the bot is the thread's member
    fetched = await w.client.fetch_channel(thread.id)
    assert isinstance(fetched, discord.Thread) and fetched.parent_id == chan.id


async def test_commands_and_clicks_in_a_thread_come_from_the_thread(world):
    w = world
    chan = await new_channel(w, "clicks")
    _, thread = await start(w, chan)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Go", custom_id="go"))
    await thread.send("press", view=view)
    emulated = w.emu.state.channel(thread.id)
    ix = await w.emu.slash(w.alice, emulated, "where")
    await ix.done()
    seen, seen_id, perms = w.client.seen[-1]
    assert isinstance(seen, discord.Thread) and seen_id == thread.id
    assert seen.parent_id == chan.id and perms.send_messages_in_threads
    posted = w.emu.state.messages_in(thread.id)[-1]
    click = await w.emu.click(w.alice, posted, "go")
    await click.done()
    assert w.client.seen[-1][1] == thread.id


async def test_threads_follow_the_parents_permissions(world):
    w = world
    chan = await new_channel(w, "perms")
    message = await w.client.get_channel(chan.id).send("starting")
    w.emu.set_channel_permissions(chan, w.emu.bot_user, deny=CREATE_THREADS)
    me = w.client.get_guild(w.guild.id).me
    await w.emu.wait_for(
        lambda: not w.client.get_channel(chan.id).permissions_for(me).create_public_threads
    )
    with pytest.raises(discord.Forbidden) as refused:
        await message.create_thread(name="nope")
    assert refused.value.code == 50013 and not w.emu.threads(chan)

    w.emu.set_channel_permissions(chan, w.emu.bot_user, deny=SEND)  # no effect in threads
    thread = await message.create_thread(name="yes")
    await thread.send("posted without Send Messages")
    w.emu.set_channel_permissions(chan, w.emu.bot_user, deny=SEND_IN_THREADS)
    with pytest.raises(discord.Forbidden) as refused:
        await thread.send("refused")
    assert refused.value.code == 50013
    w.emu.set_channel_permissions(chan, w.emu.bot_user, deny=VIEW)
    with pytest.raises(discord.Forbidden) as refused:
        await thread.send("refused")
    assert refused.value.code == 50001
    with pytest.raises(EmulatorError):
        w.emu.set_channel_permissions(w.emu.state.channel(thread.id), w.alice, deny=VIEW)


async def test_what_discord_refuses_when_starting_a_thread(world):
    w = world
    chan = await new_channel(w, "refusals")
    message, thread = await start(w, chan)
    with pytest.raises(discord.HTTPException) as refused:
        await message.create_thread(name="again")
    assert refused.value.code == 160004  # one thread per message
    inner = await thread.send("in the thread")
    with pytest.raises(discord.HTTPException) as refused:
        await inner.create_thread(name="nested")
    assert refused.value.code == 50024  # no threads in threads
    other = await w.client.get_channel(chan.id).send("another")
    with pytest.raises(discord.HTTPException) as refused:
        await other.create_thread(name="x" * 101)
    assert refused.value.code == 50035
    assert len(w.emu.threads(chan)) == 1


async def test_an_archived_thread_takes_no_edits_and_a_message_unarchives_it(world):
    w = world
    chan = await new_channel(w, "archive")
    _, thread = await start(w, chan)
    board = await thread.send("board")
    w.emu.archive_thread(w.emu.state.channel(thread.id))
    await w.emu.wait_for(lambda: w.client.get_channel(thread.id) is None)  # dropped from cache
    with pytest.raises(discord.HTTPException) as refused:
        await board.edit(content="moved")
    assert refused.value.code == 50083
    with pytest.raises(EmulatorError):
        await w.emu.slash(w.alice, w.emu.state.channel(thread.id), "where")
    await thread.send("a new board")
    assert not w.emu.state.channel(thread.id).archived
    await w.emu.wait_for(lambda: w.client.get_channel(thread.id) is not None)
    await board.edit(content="moved")


async def test_a_client_logging_in_knows_the_active_threads(world):
    w = world
    chan = await new_channel(w, "later")
    _, thread = await start(w, chan)
    async with run_bot(
        discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.1), w.emu
    ) as other:
        known = other.get_channel(thread.id)
        assert isinstance(known, discord.Thread) and known.parent_id == chan.id


def gateway_session(w):
    """The bot's gateway session (the one connected)."""
    (session,) = [s for s in w.emu.gateway.sessions.values() if s.alive and s.conn is not None]
    return session


def events_since(w, count: int) -> list[str]:
    """The names of the events dispatched to the bot since its ``count``-th."""
    return [frame["t"] for frame in gateway_session(w).buffer if frame["s"] > count]


async def test_a_deleted_thread_is_announced_by_thread_delete_and_is_gone(world):
    w = world
    chan = await new_channel(w, "thread-deleted")
    _, thread = await start(w, chan)
    board = await thread.send("board")
    await w.emu.wait_for(lambda: w.client.get_channel(thread.id))
    emulated = w.emu.state.channel(thread.id)
    deleted = asyncio.create_task(w.client.wait_for("raw_thread_delete", timeout=5))
    w.emu.delete_channel(emulated)
    raw = await deleted
    assert (raw.thread_id, raw.parent_id, raw.guild_id) == (thread.id, chan.id, w.guild.id)
    assert raw.thread_type is discord.ChannelType.public_thread
    assert w.client.get_channel(thread.id) is None
    with pytest.raises(discord.NotFound) as gone:
        await board.edit(content="moved")
    assert gone.value.code == 10003
    with pytest.raises(discord.NotFound) as gone:
        await thread.send("anew")
    assert gone.value.code == 10003
    assert w.emu.state.messages_in(thread.id) == [] and w.emu.threads(chan) == []
    with pytest.raises(EmulatorError, match="deleted"):
        await w.emu.slash(w.alice, emulated, "where")
    assert w.client.get_channel(chan.id) is not None  # the channel stays


async def test_deleting_a_channel_deletes_its_threads_without_a_thread_delete(world):
    w = world
    chan = await new_channel(w, "parent-deleted")
    _, thread = await start(w, chan)
    await w.emu.wait_for(lambda: w.client.get_channel(thread.id))
    emulated = w.emu.state.channel(thread.id)
    since = gateway_session(w).seq
    w.emu.delete_channel(w.emu.state.channel(chan.id))
    await w.emu.wait_for(lambda: w.client.get_channel(chan.id) is None)
    assert events_since(w, since) == ["CHANNEL_DELETE"]  # Discord sends none for the threads
    assert w.client.get_channel(thread.id) is None  # discord.py drops them with their channel
    with pytest.raises(discord.NotFound) as gone:
        await thread.send("still here?")
    assert gone.value.code == 10003
    with pytest.raises(EmulatorError, match="deleted"):
        await w.emu.slash(w.alice, emulated, "where")
