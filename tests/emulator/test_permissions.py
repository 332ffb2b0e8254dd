"""Channel permission overwrites: computed as Discord does, seen by the bot, enforced by REST."""

import io

import discord
import pytest
import pytest_asyncio
from discord import app_commands

from discord_emulator import DiscordEmulator, EmulatorError, persist
from discord_emulator.models import ALL_PERMISSIONS
from tests.emulator.one_bot import new_channel, one_bot_world

pytestmark = pytest.mark.asyncio(loop_scope="module")

P = discord.Permissions
VIEW = P(view_channel=True).value
SEND = P(send_messages=True).value
EMBED = P(embed_links=True).value
ATTACH = P(attach_files=True).value


def png() -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG\r\n\x1a\n"), "board.png")


def perms_bot() -> discord.Client:
    """A client whose /where answers with a file and an embed, noting ``app_permissions``."""
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    tree = app_commands.CommandTree(client)
    client.seen = []  # the app_permissions of each /where

    @tree.command(description="Answer with a board")
    async def where(interaction: discord.Interaction) -> None:
        client.seen.append(interaction.app_permissions)
        await interaction.response.send_message(
            "board", embed=discord.Embed(title="Board"), file=png()
        )
        await interaction.followup.send("more", embed=discord.Embed(title="More"), file=png())

    async def setup_hook() -> None:
        await tree.sync()

    client.setup_hook = setup_hook
    return client


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world():
    async for w in one_bot_world(perms_bot):
        yield w


async def test_overwrites_apply_in_discords_order():
    emu = DiscordEmulator()  # never started: the computation needs no server
    guild = emu.add_guild("Server")
    chan = emu.add_text_channel(guild, "games")
    user = emu.add_user("alice")
    emu.add_member(guild, user)
    everyone = guild.roles[guild.id]
    players = emu.add_role(guild, "players")
    guests = emu.add_role(guild, "guests")
    guild.members[user.id].role_ids = [players.id, guests.id]
    assert emu.channel_permissions(chan, user) & SEND

    emu.set_channel_permissions(chan, everyone, deny=SEND | ATTACH)
    assert not emu.channel_permissions(chan, user) & (SEND | ATTACH)
    # Role overwrites together: one role's allow beats another role's deny.
    emu.set_channel_permissions(chan, players, allow=SEND)
    emu.set_channel_permissions(chan, guests, deny=SEND | EMBED)
    have = emu.channel_permissions(chan, user)
    assert have & SEND and not have & (EMBED | ATTACH)
    # The member's own overwrite comes last.
    emu.set_channel_permissions(chan, user, allow=ATTACH, deny=SEND)
    have = emu.channel_permissions(chan, user)
    assert have & ATTACH and not have & SEND
    # An administrator keeps everything.
    boss = emu.add_user("boss")
    emu.add_member(guild, boss, administrator=True)
    emu.set_channel_permissions(chan, boss, deny=VIEW | SEND)
    assert emu.channel_permissions(chan, boss) == ALL_PERMISSIONS


async def test_the_bot_sees_its_channel_permissions(world):
    w = world
    chan = await new_channel(w, "no-files")
    w.emu.set_channel_permissions(chan, w.emu.bot_user, deny=ATTACH)
    cached = w.client.get_channel(chan.id)
    await w.emu.wait_for(lambda: not cached.permissions_for(cached.guild.me).attach_files)

    ix = await w.emu.slash(w.alice, chan, "where")
    await ix.done()
    have = w.client.seen[-1]
    assert not have.attach_files and have.send_messages and have.embed_links

    # Interaction answers go through the webhook: no channel permission is needed.
    await w.emu.wait_for(lambda: len(ix.messages) == 2)
    assert all(m.attachments and m.embeds for m in ix.messages)
    assert not w.emu.error_responses()


async def test_rest_refuses_what_the_bot_may_not_do(world):
    w = world
    chan = await new_channel(w, "locked")
    channel = w.client.get_channel(chan.id)
    posted = await channel.send("before", embed=discord.Embed(title="Board"), file=png())

    w.emu.set_channel_permissions(chan, w.emu.bot_user, deny=ATTACH)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("with a file", file=png())
    assert refused.value.code == 50013
    with pytest.raises(discord.Forbidden):
        await posted.edit(content="new file", attachments=[png()])
    await posted.edit(content="no new file")  # the kept attachment needs no permission

    w.emu.set_channel_permissions(chan, w.emu.bot_user, deny=EMBED)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send(embed=discord.Embed(title="only an embed"))
    assert refused.value.code == 50013
    sent = await channel.send("text stays", embed=discord.Embed(title="dropped"))
    live = w.emu.channel_messages(chan)[-1]
    assert live.id == sent.id and live.content == "text stays" and not live.embeds

    w.emu.set_channel_permissions(chan, w.emu.bot_user, deny=SEND)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("silenced")
    assert refused.value.code == 50013
    await posted.edit(content="edited without Send Messages")  # one's own message

    w.emu.set_channel_permissions(chan, w.guild.roles[w.guild.id], deny=VIEW)
    w.emu.set_channel_permissions(chan, w.emu.bot_user)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("unseen")
    assert refused.value.code == 50001
    with pytest.raises(discord.Forbidden) as refused:
        await posted.edit(content="unseen edit")
    assert refused.value.code == 50001
    with pytest.raises(EmulatorError, match="cannot view"):
        await w.emu.slash(w.alice, chan, "where")

    texts = w.emu.all_texts()
    assert not {"with a file", "new file", "only an embed", "silenced", "unseen"} & set(texts)
    assert "dropped" not in "\n".join(texts)


async def test_overwrites_are_kept_between_runs_and_old_worlds_still_load(tmp_path):
    emu = DiscordEmulator()
    guild = emu.add_guild("Server")
    chan = emu.add_text_channel(guild, "games")
    old = emu.add_text_channel(guild, "old")
    emu.set_channel_permissions(chan, emu.bot_user, deny=ATTACH)
    del vars(old)["overwrites"]  # a channel saved before channels had overwrites
    persist.save(emu.state, tmp_path / "world.pickle")

    again = DiscordEmulator()
    assert persist.load(again.state, tmp_path / "world.pickle")
    kept, loaded_old = again.state.channels[chan.id], again.state.channels[old.id]
    assert not again.channel_permissions(kept, again.bot_user) & ATTACH
    assert again.channel_permissions(loaded_old, again.bot_user) & ATTACH
