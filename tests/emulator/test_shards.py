"""Discord's sharding on the emulator's gateway, against discord.py's auto-sharded client."""

import contextlib
import json

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from discord_emulator import DiscordEmulator, EmulatorError, loopback_only, run_bot
from discord_emulator.shards import ShardKey

pytestmark = pytest.mark.asyncio


class Where(discord.ui.DynamicItem[discord.ui.Button], template=r"where:(?P<n>\d+)"):
    """A persistent button that says which client answered it."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Where {n}", custom_id=f"where:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(answer(interaction))


def answer(interaction: discord.Interaction) -> str:
    shard = "dm" if interaction.guild is None else interaction.guild.shard_id
    return f"answered by {interaction.client.label} on shard {shard}"


@app_commands.command(description="Which client answers")
async def where(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(answer(interaction))


@app_commands.command(description="DM me a button")
async def dm_me(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(Where(1))
    await interaction.user.send("a button in your DMs", view=view)
    await interaction.response.send_message("sent", ephemeral=True)


def shard_bot(label: str, **options) -> commands.AutoShardedBot:
    """An auto-sharded sample bot; ``options`` as discord.py takes them (shard_ids, ...)."""
    bot = commands.AutoShardedBot(
        command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.1, **options
    )
    bot.label = label
    bot.seen = []

    @bot.listen()
    async def on_message(message: discord.Message) -> None:
        bot.seen.append(message.id)

    async def setup_hook() -> None:
        bot.add_dynamic_items(Where)
        bot.tree.add_command(where)
        bot.tree.add_command(dm_me)
        await bot.tree.sync()

    async def before_identify_hook(shard_id, *, initial=False) -> None:
        pass  # discord.py waits 5 s between shards' IDENTIFYs; the emulator has no limit

    bot.setup_hook = setup_hook
    bot.before_identify_hook = before_identify_hook
    return bot


@pytest.fixture(autouse=True)
def guard():
    with loopback_only() as refused:
        yield
    assert not refused, refused


async def test_guild_events_go_to_the_guild_shard_and_dms_to_shard_0():
    async with DiscordEmulator() as emu:
        alice = emu.add_user("alice")
        guilds = [emu.add_guild(f"server {i}", shard=(i, 2)) for i in (0, 1)]
        assert [emu.shard_of(g, 2) for g in guilds] == [0, 1]
        chans = [emu.add_text_channel(g, "games") for g in guilds]
        for g in guilds:
            emu.add_member(g, alice)
        first = shard_bot("first", shard_ids=[0], shard_count=2)
        second = shard_bot("second", shard_ids=[1], shard_count=2)
        async with run_bot(first, emu), run_bot(second, emu):
            assert emu.shards() == [ShardKey(0, 2), ShardKey(1, 2)]
            assert [g.name for g in first.guilds] == ["server 0"]
            assert [g.name for g in second.guilds] == ["server 1"]
            for chan, text in zip(chans, ("first on shard 0", "second on shard 1"), strict=True):
                ix = await emu.slash(alice, chan, "where")
                await ix.done()
                assert ix.messages[0].content == f"answered by {text}"
            said = await emu.say(alice, chans[1], "hello")
            await emu.wait_for(lambda: said.id in second.seen)
            assert said.id not in first.seen

            ix = await emu.slash(alice, chans[1], "dm_me")  # sent by shard 1's client
            await ix.done()
            [dm] = await emu.wait_for(lambda: emu.dm_messages(alice))
            ix = await emu.click(alice, dm, "where:1")
            await ix.done()
            assert ix.messages[0].content == "answered by first on shard dm"
            dm_said = await emu.say(alice, emu.dm_channel(alice), "hi bot")
            await emu.wait_for(lambda: dm_said.id in first.seen)
            assert dm_said.id not in second.seen

            await first.close()  # shard 0 goes away: its guild and the DMs have no listener
            with pytest.raises(EmulatorError, match="DMs"):
                await emu.click(alice, dm, "where:1")
            with pytest.raises(EmulatorError, match=str(guilds[0].id)):
                await emu.slash(alice, chans[0], "where")
            ix = await emu.slash(alice, chans[1], "where")
            await ix.done()
            assert ix.messages[0].content == "answered by second on shard 1"
        assert not emu.unhandled, emu.unhandled


async def test_the_auto_sharded_client_opens_the_recommended_number_of_shards():
    async with DiscordEmulator(guilds_per_shard=1) as emu:
        for i in range(3):
            emu.add_guild(f"server {i}", shard=(i, 3))
        async with aiohttp.ClientSession() as http:
            headers = {"Authorization": f"Bot {emu.token}"}
            async with http.get(emu.api_base + "/gateway/bot", headers=headers) as r:
                assert (await r.json())["shards"] == 3
        async with run_bot(shard_bot("all"), emu) as bot:
            assert bot.shard_count == 3
            assert emu.shards() == [ShardKey(i, 3) for i in range(3)]
            assert sorted(g.shard_id for g in bot.guilds) == [0, 1, 2]


async def test_too_many_guilds_on_one_connection_is_refused_with_4011():
    async with DiscordEmulator(max_guilds_per_shard=2) as emu:
        for i in range(3):
            emu.add_guild(f"server {i}", shard=(i % 2, 2))  # two on shard 0, one on shard 1
        bot = commands.Bot(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.1
        )
        with pytest.raises(discord.ConnectionClosed) as refused:
            async with run_bot(bot, emu):
                pass
        assert refused.value.code == 4011
        assert "close 4011 sharding required: 3 guilds" in emu.gateway.log
        async with run_bot(shard_bot("two", shard_count=2), emu) as sharded:
            assert len(sharded.guilds) == 3


async def test_a_shard_outside_the_count_is_refused_with_4010():
    async with DiscordEmulator() as emu:
        emu.add_guild("server")
        with pytest.raises(discord.ConnectionClosed) as refused:
            async with run_bot(shard_bot("bad", shard_ids=[2], shard_count=2), emu):
                pass
        assert refused.value.code == 4010


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0], [0], "0,1", [True, 2], [0.0, 1]])
async def test_invalid_shard_keys_are_refused_with_4010(shard):
    url = "?v=10&encoding=json"
    async with (
        DiscordEmulator() as emu,
        aiohttp.ClientSession() as http,
        http.ws_connect(emu.gateway_url + url) as ws,
    ):
        hello = await ws.receive_json()
        assert hello["op"] == 10
        identify = {"token": emu.token, "intents": 1, "properties": {}, "shard": shard}
        await ws.send_str(json.dumps({"op": 2, "d": identify}))
        with contextlib.suppress(TypeError):  # the close frame is not JSON
            await ws.receive_json()
        assert ws.close_code == 4010
        assert f"close 4010 invalid shard {shard!r}" in emu.gateway.log
