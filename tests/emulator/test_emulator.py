"""The emulator against the real discord.py client, driven through a small sample bot."""

import asyncio
import io
import itertools
import socket
import struct
import zlib

import aiohttp
import discord
import pytest
import pytest_asyncio
import yarl
from discord import app_commands
from discord.ext import commands

from bot.discord_endpoints import is_loopback
from discord_emulator import DiscordEmulator, EmulatorError, loopback_only, run_bot
from discord_emulator.models import ApiError
from discord_emulator.validation import validate_choices, validate_command, validate_modal

pytestmark = pytest.mark.asyncio(loop_scope="module")


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


PNG = tiny_png()

# --- the sample bot ---------------------------------------------------------------------------


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:(?P<sid>\d+):(?P<n>\d+)"):
    """Persistent button: all state in the custom_id, so it survives a bot restart."""

    def __init__(self, sid: int, n: int) -> None:
        button = discord.ui.Button(label=f"Count {n}", custom_id=f"demo:{sid}:{n}")
        super().__init__(button)
        self.sid, self.n = sid, n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["sid"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        n = self.n + 1
        await interaction.edit_original_response(content=f"count is {n}", view=board(self.sid, n))
        await interaction.followup.send(f"only you see {n}", ephemeral=True)


def board(sid: int, n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(sid, n))
    return view


class Pick(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="pick", options=[discord.SelectOption(label=c, value=c) for c in ("red", "blue")]
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class NameForm(discord.ui.Modal, title="Who are you?"):
    name = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


demo = app_commands.Group(name="demo", description="Demo commands")
game = app_commands.Group(name="game", description="Games", parent=demo)
ids = itertools.count(1)


def sample_bot(*, sync: bool = True) -> commands.Bot:
    bot = commands.Bot(
        command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.1
    )
    bot.errors = []  # exceptions the handlers caught, for asserts
    bot.seen = []  # (author name, content) of MESSAGE_CREATE events

    @bot.listen()
    async def on_message(message: discord.Message) -> None:
        bot.seen.append((message.author.name, message.content))

    bot.gate = asyncio.Event()  # tests release handlers that must wait

    async def setup_hook() -> None:
        bot.add_dynamic_items(Counter)
        bot.tree.add_command(demo)
        bot.tree.add_command(config)
        if sync:
            await bot.tree.sync()

    async def before_identify_hook(shard_id, *, initial=False) -> None:
        pass  # discord.py sleeps 5 s before a re-IDENTIFY; the emulator has no identify limit

    bot.setup_hook = setup_hook
    bot.before_identify_hook = before_identify_hook
    return bot


def the_bot(interaction: discord.Interaction) -> commands.Bot:
    return interaction.client


@game.command(description="Challenge someone")
@app_commands.describe(opponent="Who to play", rounds="How many rounds")
async def challenge(
    interaction: discord.Interaction,
    opponent: discord.Member,
    rounds: app_commands.Range[int, 1, 9] = 3,
    fast: bool = False,
) -> None:
    sid = next(ids)
    text = f"{interaction.user.mention} challenges {opponent.mention}: {rounds} rounds, fast={fast}"
    await interaction.response.send_message(text, view=board(sid, 0))
    hand = discord.File(io.BytesIO(PNG), "hand.png", description="Your hand: 3 cards")
    try:
        await opponent.send("Your secret hand", file=hand, view=board(sid + 1000, 0))
    except discord.Forbidden as e:
        the_bot(interaction).errors.append(e)
        await interaction.followup.send(f"could not DM {opponent.display_name}", ephemeral=True)


@demo.command(description="Ping")
async def ping(interaction: discord.Interaction) -> None:
    where = "DM" if interaction.guild_id is None else "guild"
    await interaction.response.send_message(f"pong from {where} to {interaction.user.name}")


@demo.command(description="Defer, then render")
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    file = discord.File(io.BytesIO(PNG), "board.png", description="The board")
    await interaction.edit_original_response(content="rendered", attachments=[file])
    await the_bot(interaction).gate.wait()
    file = discord.File(io.BytesIO(tiny_png(5, 4)), "board2.png")
    await interaction.edit_original_response(content="rendered again", attachments=[file])


@demo.command(description="Answer after the test opens the gate")
async def late(interaction: discord.Interaction) -> None:
    await the_bot(interaction).gate.wait()
    try:
        await interaction.response.send_message("too late")
    except discord.HTTPException as e:
        the_bot(interaction).errors.append(e)


@demo.command(description="Answer twice")
async def twice(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("first")
    interaction.response._response_type = None  # skip discord.py's own guard: ask the server
    try:
        await interaction.response.send_message("second")
    except discord.HTTPException as e:
        the_bot(interaction).errors.append(e)


@demo.command(description="Answer, then follow up after the gate")
async def hold(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("held")
    await the_bot(interaction).gate.wait()
    try:
        await interaction.followup.send("later")
    except discord.HTTPException as e:
        the_bot(interaction).errors.append(e)


@demo.command(description="A select")
async def choose(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pick a colour", view=Pick())


@demo.command(description="Post, then edit")
async def post(interaction: discord.Interaction) -> None:
    msg = await interaction.channel.send("version 1", file=discord.File(io.BytesIO(PNG), "a.png"))
    await msg.edit(content="version 2")
    await interaction.response.send_message("posted", ephemeral=True)


@demo.command(description="Break Discord's limits")
async def toolong(interaction: discord.Interaction) -> None:
    try:
        await interaction.response.send_message("x" * 2001)
    except discord.HTTPException as e:
        the_bot(interaction).errors.append(e)
        await interaction.response.send_message("sorry", ephemeral=True)


@demo.command(description="Your hand, only to you")
async def secret(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("your hand", view=board(next(ids), 0), ephemeral=True)


@demo.command(description="Walk the interaction webhook routes")
async def tour(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("step 1")
    original = await interaction.original_response()
    extra = await interaction.followup.send("extra", wait=True)
    await interaction.followup.edit_message(extra.id, content="extra edited")
    await interaction.edit_original_response(content=f"step 2 (was {original.content})")
    await extra.delete()


@demo.command(description="A modal")
async def form(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(NameForm())


@app_commands.command(description="Server settings")
@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
async def config(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("settings", ephemeral=True)


# --- fixtures ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def guard():
    """Every connection and DNS lookup in this module must stay on loopback."""
    with loopback_only() as refused:
        yield refused
    assert not refused, refused


class World:
    pass


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world(guard):
    world = World()
    async with DiscordEmulator() as emu:
        world.emu = emu
        world.guild = emu.add_guild("Test Server")
        world.chan = emu.add_text_channel(world.guild, "games")
        world.alice = emu.add_user("alice")
        world.bob = emu.add_user("bob")
        world.boss = emu.add_user("boss")
        for user in (world.alice, world.bob):
            emu.add_member(world.guild, user)
        emu.add_member(world.guild, world.boss, manage_guild=True)
        async with run_bot(sample_bot(), emu) as bot:
            world.bot = bot
            yield world
        assert not emu.unhandled, emu.unhandled


@pytest.fixture
def w(world):
    """The shared world, with the sample bot's per-test knobs reset."""
    world.bot.errors.clear()
    world.bot.seen.clear()
    world.bot.gate = asyncio.Event()
    world.bob.dms_open = True
    return world


# --- tests ------------------------------------------------------------------------------------


async def test_bot_logs_in_and_syncs_commands(w):
    assert w.bot.user.id == w.emu.bot_user.id
    assert [g.name for g in w.bot.guilds] == ["Test Server"]
    names = {c["name"] for c in w.emu.registered_commands()}
    assert names == {"demo", "config"}
    demo_cmd = next(c for c in w.emu.registered_commands() if c["name"] == "demo")
    game_group = next(o for o in demo_cmd["options"] if o["name"] == "game")
    assert game_group["type"] == 2
    assert w.emu.gateway.log[:2] == ["connect compress=zlib-stream v=10", "IDENTIFY"]
    assert w.emu.api_base == discord.http.Route.BASE
    assert is_loopback(str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY))


async def test_slash_with_group_user_option_dm_and_attachment(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo game challenge", opponent=w.bob, rounds=5)
    await ix.done()
    assert ix.response_type == 4 and not ix.late and not ix.ephemeral
    [msg] = ix.messages
    assert msg in w.emu.channel_messages(w.chan)
    assert msg.content == f"<@{w.alice.id}> challenges <@{w.bob.id}>: 5 rounds, fast=False"
    assert [(b.label, b.disabled) for b in msg.buttons()] == [("Count 0", False)]
    [dm] = await w.emu.wait_for(lambda: w.emu.dm_messages(w.bob))
    assert dm.content == "Your secret hand"
    [att] = dm.attachments
    assert (att.filename, att.description, att.data, att.content_type) == (
        "hand.png",
        "Your hand: 3 cards",
        PNG,
        "image/png",
    )
    assert (att.width, att.height) == (3, 2)
    assert "Your hand" in dm.text()
    click = await w.emu.click(w.bob, dm, dm.find_button("Count"))
    await click.done()
    await w.emu.wait_for(lambda: dm.content == "count is 1")
    await w.emu.wait_for(lambda: w.emu.ephemeral_messages(w.bob))  # sent after the edit
    assert [m.content for m in w.emu.ephemeral_messages(w.bob)] == ["only you see 1"]
    with pytest.raises(EmulatorError, match="cannot see the DM"):
        await w.emu.click(w.alice, dm, dm.find_button("Count"))
    await w.emu.settle()


async def test_dynamic_button_defers_edits_and_sends_ephemeral_followup(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo game challenge", opponent=w.bob)
    await ix.done()
    msg = ix.messages[0]
    click = await w.emu.click(w.alice, msg, msg.find_button("Count 0"))
    await click.done()
    assert click.response_type == 6
    secret = await w.emu.wait_for(lambda: click.messages)
    assert secret[0].content == "only you see 1" and secret[0].ephemeral
    assert msg.content == "count is 1"
    assert msg.history[-1].content.startswith("<@")
    assert msg.buttons()[0].label == "Count 1"
    assert secret[0] not in w.emu.channel_messages(w.chan)
    assert click.messages == secret
    old_id = msg.history[-1].find_button("Count 0")
    with pytest.raises(EmulatorError, match="no such component"):
        await w.emu.click(w.alice, msg, old_id)  # the live message moved on
    stale = await w.emu.click(w.alice, msg.history[-1], old_id)
    await stale.done()  # a user whose client still shows the old version can click it
    await w.emu.settle()


async def test_messages_beyond_discord_limits_are_refused_50035(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo toolong")
    await ix.done()
    [err] = w.bot.errors
    assert err.status == 400 and err.code == 50035 and "content" in err.text
    assert ix.refusals[0].code == 50035 and ix.messages[0].content == "sorry"
    assert w.emu.error_responses()[-1].code == 50035


async def test_answers_and_commands_beyond_discord_limits_are_refused_50035():
    def refused(validate, data, where: str) -> None:
        with pytest.raises(ApiError, match=where) as caught:
            validate(data)
        assert (caught.value.status, caught.value.code) == (400, 50035)

    choice = {"name": "a", "value": "a"}
    validate_choices([choice] * 25)
    refused(validate_choices, [choice] * 26, "at most 25 choices")
    refused(validate_choices, [{"name": "n" * 101, "value": "a"}], "choices.0.name")
    refused(validate_choices, [{"name": "a", "value": "v" * 101}], "choices.0.value")

    text_input = {"type": 4, "custom_id": "t", "label": "Text", "style": 2, "max_length": 4000}
    modal = {
        "title": "T",
        "custom_id": "m",
        "components": [{"type": 1, "components": [text_input]}],
    }
    validate_modal(modal)
    refused(validate_modal, {**modal, "title": "t" * 46}, "data.title")
    long_label = {**text_input, "label": "l" * 46}
    refused(
        validate_modal,
        {**modal, "components": [{"type": 18, "label": "L", "component": long_label}]},
        "text_input.label",
    )
    refused(
        validate_modal,
        {**modal, "components": [{"type": 1, "components": [{**text_input, "max_length": 4001}]}]},
        "max_length",
    )

    option = {"type": 3, "name": "name", "description": "A name"}
    command = {"name": "card", "type": 1, "description": "One card", "options": [option]}
    validate_command(command)
    refused(validate_command, {**command, "description": "d" * 101}, "description")
    refused(
        validate_command,
        {**command, "options": [{**option, "description": "d" * 101}]},
        "name.description",
    )
    refused(validate_command, {**command, "options": [option] * 26}, "at most 25 options")


async def test_select_updates_the_message(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo choose")
    await ix.done()
    msg = ix.messages[0]
    assert msg.selects()[0].options == [("red", "red"), ("blue", "blue")]
    pick = await w.emu.select(w.alice, msg, "pick", ["blue"])
    await pick.done()
    assert pick.response_type == 7
    assert msg.content == "picked blue" and msg.components == []
    with pytest.raises(EmulatorError, match="no such component"):
        await w.emu.select(w.alice, msg, "pick", ["red"])


async def test_thinking_defer_then_edit_original_response(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo slow")
    await ix.done()
    assert ix.response_type == 5
    msg = ix.messages[0]
    await w.emu.wait_for(lambda: msg.content == "rendered")
    assert not msg.loading and msg.history == []
    assert [(a.filename, a.description) for a in msg.attachments] == [("board.png", "The board")]
    w.bot.gate.set()
    await w.emu.wait_for(lambda: msg.content == "rendered again")
    assert [(a.filename, a.width) for a in msg.attachments] == [("board2.png", 5)]  # replaced
    assert [a.filename for a in msg.history[-1].attachments] == ["board.png"]


async def test_channel_message_edit_keeps_history_and_attachments(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo post")
    await ix.done()
    assert ix.ephemeral and ix.messages[0].content == "posted"
    posted = next(m for m in reversed(w.emu.channel_messages(w.chan)) if m.content == "version 2")
    assert [h.content for h in posted.history] == ["version 1"]
    assert [a.filename for a in posted.attachments] == ["a.png"]  # retained through the edit


async def test_dm_closed_raises_forbidden_50007(w):
    w.emu.set_dms_open(w.bob, False)
    ix = await w.emu.slash(w.alice, w.chan, "demo game challenge", opponent=w.bob)
    await ix.done()
    await w.emu.wait_for(lambda: w.bot.errors)
    [err] = w.bot.errors
    assert isinstance(err, discord.Forbidden) and err.code == 50007
    notice = await w.emu.wait_for(
        lambda: [m for m in w.emu.ephemeral_messages(w.alice) if "could not DM" in m.content]
    )
    assert notice[0] in ix.messages


async def test_answer_after_three_seconds_is_refused_10062(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo late")
    w.emu.advance(3.5)
    w.bot.gate.set()
    await ix.done()
    assert ix.late and ix.response_type is None
    await w.emu.wait_for(lambda: w.bot.errors)
    assert isinstance(w.bot.errors[0], discord.NotFound) and w.bot.errors[0].code == 10062


async def test_answering_twice_is_refused_40060(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo twice")
    await ix.done()
    await w.emu.wait_for(lambda: w.bot.errors)
    assert w.bot.errors[0].status == 400 and w.bot.errors[0].code == 40060
    assert [m.content for m in ix.messages] == ["first"]


async def test_followup_after_fifteen_minutes_is_refused_50027(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo hold")
    await ix.done()
    w.emu.advance(15 * 60 + 1)
    w.bot.gate.set()
    await w.emu.wait_for(lambda: w.bot.errors)
    assert w.bot.errors[0].status == 401 and w.bot.errors[0].code == 50027


async def test_an_ephemeral_is_edited_through_its_webhook_for_fifteen_minutes_only(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo secret")
    await ix.done()
    [hand] = ix.messages
    hook = discord.Webhook.partial(w.emu.application_id, ix.token, client=w.bot)
    await hook.edit_message(hand.id, content="your hand, later")
    assert hand.content == "your hand, later" and hand.ephemeral
    w.emu.advance(15 * 60 + 1)
    with pytest.raises(discord.HTTPException) as refused:
        await hook.edit_message(hand.id, content="too late")
    assert refused.value.status == 401 and refused.value.code == 50027
    assert hand.content == "your hand, later"


async def test_slash_in_dm_uses_user_not_member(w):
    ix = await w.emu.slash(w.alice, w.emu.dm_channel(w.alice), "demo ping")
    await ix.done()
    assert ix.messages[0].content == "pong from DM to alice"
    assert ix.messages[0] in w.emu.dm_messages(w.alice)


async def test_modal_round_trip(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo form")
    await ix.done()
    assert ix.response_type == 9 and ix.modal["title"] == "Who are you?"
    sub = await w.emu.submit_modal(ix, {"name": "Zed"})
    await sub.done()
    assert sub.ephemeral and sub.messages[0].content == "hello Zed"
    with pytest.raises(EmulatorError, match="length must be within"):
        await w.emu.submit_modal(ix, {"name": "Z" * 4001})  # the client stops at max_length


async def test_commands_are_refused_like_the_discord_client_would(w):
    with pytest.raises(EmulatorError, match="not registered"):
        await w.emu.slash(w.alice, w.chan, "nope")
    with pytest.raises(EmulatorError, match="lacks"):
        await w.emu.slash(w.alice, w.chan, "config")
    with pytest.raises(EmulatorError, match="not available in DMs"):
        await w.emu.slash(w.boss, w.emu.dm_channel(w.boss), "config")
    with pytest.raises(EmulatorError, match="INTEGER"):
        await w.emu.slash(w.alice, w.chan, "demo game challenge", opponent=w.bob, rounds="3")
    with pytest.raises(EmulatorError, match="required"):
        await w.emu.slash(w.alice, w.chan, "demo game challenge")
    ix = await w.emu.slash(w.boss, w.chan, "config")
    await ix.done()
    assert ix.messages[0].content == "settings"


async def test_rest_answers_json_404_for_unknown_routes_and_checks_the_token(w):
    with pytest.raises(discord.NotFound):
        await w.bot.http.request(discord.http.Route("GET", "/nothing/here"))
    assert w.emu.unhandled == ["no route: GET /api/v10/nothing/here"]
    w.emu.unhandled.clear()
    async with aiohttp.ClientSession() as http:
        async with http.get(
            w.emu.api_base + "/users/@me", headers={"Authorization": f"Bot {w.emu.token}"}
        ) as r:
            assert r.headers["Content-Type"] == "application/json"
            assert (await r.json())["id"] == str(w.emu.bot_user.id)
        async with http.get(
            w.emu.api_base + "/users/@me", headers={"Authorization": "Bot wrong"}
        ) as r:
            assert r.status == 401


async def test_gateway_resume_and_invalid_session(w):
    await w.emu.restart_gateway()
    assert not w.emu.connected  # the interaction below is buffered and replayed on RESUME
    ix = await w.emu.slash(w.alice, w.chan, "demo ping")  # buffered, replayed on RESUME
    await ix.done()
    assert "RESUME" in w.emu.gateway.log
    w.emu.invalidate_session()
    await w.emu.wait_for(lambda: w.emu.gateway.log.count("IDENTIFY") == 2 and w.emu.connected)
    ix = await w.emu.slash(w.alice, w.chan, "demo ping")
    await ix.done()
    assert ix.messages[0].content == "pong from guild to alice"


async def test_interaction_webhook_routes(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo tour")
    await ix.done()
    await w.emu.wait_for(lambda: len(ix.messages) == 2 and ix.messages[1].deleted)  # its end
    first, extra = ix.messages
    assert first.content == "step 2 (was step 1)"
    assert extra.deleted and [h.content for h in extra.history] == ["extra", "extra edited"]
    assert extra not in w.emu.channel_messages(w.chan)


async def test_bot_rest_calls(w):
    bot = w.bot
    chan = await bot.fetch_channel(w.chan.id)
    assert chan.name == "games"
    sent = await chan.send(
        "hi", embed=discord.Embed(title="T", description="D").set_footer(text="F")
    )
    assert (await chan.fetch_message(sent.id)).embeds[0].title == "T"
    assert [m.id async for m in chan.history(limit=1)] == [sent.id]
    async with chan.typing():
        pass
    assert "T\nD\nF" in w.emu.channel_messages(w.chan)[-1].text()
    await sent.delete()
    with pytest.raises(discord.NotFound):
        await chan.fetch_message(sent.id)
    assert (await bot.fetch_user(w.alice.id)).name == "alice"
    guild = await bot.fetch_guild(w.guild.id)
    assert guild.name == "Test Server"
    member = await guild.fetch_member(w.boss.id)
    assert member.guild_permissions.manage_guild
    assert {c.name for c in await bot.tree.fetch_commands()} == {"demo", "config"}
    bot.tree.copy_global_to(guild=w.guild)
    synced = await bot.tree.sync(guild=w.guild)
    bot.tree.clear_commands(guild=w.guild)
    assert {c.name for c in synced} == {"demo", "config"}
    assert {c["name"] for c in w.emu.registered_commands(w.guild)} == {"demo", "config"}
    await bot.tree.sync(guild=w.guild)  # guild commands back to none
    assert w.emu.registered_commands(w.guild) == []
    dm = await bot.create_dm(discord.Object(w.alice.id))
    await dm.send("hello alice")
    assert w.emu.dm_messages(w.alice)[-1].content == "hello alice"
    await w.emu.settle()
    assert not w.emu.unhandled


async def test_buttons_on_an_ephemeral_message_work_for_its_owner_only(w):
    ix = await w.emu.slash(w.alice, w.chan, "demo secret")
    await ix.done()
    [hand] = ix.messages
    assert hand.ephemeral and hand not in w.emu.channel_messages(w.chan)
    with pytest.raises(EmulatorError, match="cannot see ephemeral"):
        await w.emu.click(w.bob, hand, hand.find_button("Count"))
    click = await w.emu.click(w.alice, hand, hand.find_button("Count 0"))
    await click.done()
    await w.emu.wait_for(lambda: hand.content == "count is 1")
    assert hand.ephemeral and hand.buttons()[0].label == "Count 1"


async def test_world_changes_reach_the_running_bot(w):
    guild = w.emu.add_guild("Second Server")
    chan = w.emu.add_text_channel(guild, "lobby")
    await w.emu.wait_for(lambda: w.bot.get_channel(chan.id))
    assert w.bot.get_guild(guild.id).name == "Second Server"
    await w.emu.say(w.alice, w.chan, "hello there")
    await w.emu.say(w.alice, w.chan, f"hi {w.emu.bot_user.mention}")
    seen = await w.emu.wait_for(
        lambda: [s for s in w.bot.seen if s[0] == "alice"][1:] and w.bot.seen
    )
    # No MESSAGE_CONTENT intent: only the message mentioning the bot keeps its content.
    assert [s for s in seen if s[0] == "alice"] == [
        ("alice", ""),
        ("alice", f"hi <@{w.emu.bot_user.id}>"),
    ]
    assert "hello there" in w.emu.all_texts()


async def test_zstd_request_falls_back_to_plain_text_frames(guard, monkeypatch):
    class FakeZstd:
        COMPRESSION_TYPE = "zstd-stream"

        def decompress(self, data):
            raise AssertionError("the emulator must not send binary frames for zstd-stream")

    monkeypatch.setattr(discord.utils, "_ActiveDecompressionContext", FakeZstd)
    async with DiscordEmulator() as emu:
        guild = emu.add_guild("Z")
        chan = emu.add_text_channel(guild, "z")
        alice = emu.add_user("alice")
        emu.add_member(guild, alice)
        async with run_bot(sample_bot(), emu):
            ix = await emu.slash(alice, chan, "demo ping")
            await ix.done()
        assert "compress=zstd-stream unsupported: plain text frames" in emu.gateway.log


async def test_network_guard_refuses_non_loopback(guard):
    with pytest.raises(socket.gaierror):
        socket.getaddrinfo("discord.com", 443)
    with pytest.raises(ConnectionRefusedError), socket.socket() as s:
        s.connect(("192.0.2.1", 443))
    guard.clear()
    assert is_loopback("http://127.0.0.1:1/api") and not is_loopback("https://discord.com/api")


async def test_new_bot_process_reuses_state_and_old_buttons(guard):
    async with DiscordEmulator() as emu:
        guild = emu.add_guild("Restart Server")
        chan = emu.add_text_channel(guild, "games")
        alice, bob = emu.add_user("alice"), emu.add_user("bob")
        emu.add_member(guild, alice)
        emu.add_member(guild, bob)
        async with run_bot(sample_bot(), emu):
            ix = await emu.slash(alice, chan, "demo game challenge", opponent=bob)
            await ix.done()
            await emu.wait_for(lambda: emu.dm_messages(bob))
        msg = ix.messages[0]
        with pytest.raises(EmulatorError, match="no bot"):
            await emu.click(alice, msg, msg.find_button("Count"))
        async with run_bot(sample_bot(sync=False), emu):
            click = await emu.click(alice, msg, msg.find_button("Count 0"))
            await click.done()
            await emu.wait_for(lambda: msg.content == "count is 1")
        assert emu.gateway.log.count("IDENTIFY") == 2
        assert not emu.unhandled
        assert yarl.URL(emu.api_base).host == "127.0.0.1"


async def test_deleted_channels_injected_failures_and_late_answers(w):
    doomed = w.emu.add_text_channel(w.guild, "doomed")
    await w.emu.wait_for(lambda: w.bot.get_channel(doomed.id))
    w.emu.delete_channel(doomed)
    await w.emu.wait_for(lambda: w.bot.get_channel(doomed.id) is None)  # CHANNEL_DELETE
    with pytest.raises(discord.NotFound) as gone:
        await w.bot.fetch_channel(doomed.id)
    assert gone.value.code == 10003

    channel = w.bot.get_channel(w.chan.id)
    w.emu.fail_next("POST", f"/channels/{w.chan.id}/messages", code=50013)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("refused")
    assert refused.value.code == 50013 and "refused" not in w.emu.all_texts()
    sent = await channel.send("accepted")  # only the next request fails

    w.emu.delay_next("PATCH", f"/messages/{sent.id}", 0.5)
    edit = asyncio.create_task(sent.edit(content="edited"))
    await w.emu.wait_for(lambda: "edited" in [m.content for m in w.emu.channel_messages(w.chan)])
    assert not edit.done()  # applied at once, answered late
    await edit


async def test_a_member_who_leaves_is_unknown_and_can_no_longer_act_in_the_guild(w):
    carol = w.emu.add_user("carol")
    w.emu.add_member(w.guild, carol)
    guild = w.bot.get_guild(w.guild.id)
    assert (await guild.fetch_member(carol.id)).id == carol.id
    (session,) = [s for s in w.emu.gateway.sessions.values() if s.alive and s.conn is not None]
    since = session.seq
    w.emu.remove_member(w.guild, carol)
    with pytest.raises(discord.NotFound) as gone:
        await guild.fetch_member(carol.id)
    assert gone.value.code == 10007
    # Without the (privileged) members intent the bot is not told.
    assert [f["t"] for f in session.buffer if f["s"] > since] == []
    with pytest.raises(EmulatorError, match="not a member"):
        await w.emu.slash(carol, w.chan, "demo game challenge", opponent=w.bob)
    with pytest.raises(EmulatorError):
        w.emu.remove_member(w.guild, carol)  # gone already

    intents = discord.Intents.default()
    intents.members = True
    async with run_bot(discord.Client(intents=intents, guild_ready_timeout=0.1), w.emu) as told:
        w.emu.add_member(w.guild, carol)
        removed = asyncio.create_task(told.wait_for("raw_member_remove", timeout=5))
        w.emu.remove_member(w.guild, carol)
        event = await removed
        assert (event.guild_id, event.user.id) == (w.guild.id, carol.id)


async def test_a_callback_discord_fails_is_retried_or_fails_the_interaction_for_its_user(w):
    callback = "POST /interactions/{id}/{token}/callback"
    w.emu.storm(503, callback, failures=1)
    ix = await w.emu.slash(w.alice, w.chan, "demo ping")
    await ix.done()  # discord.py's webhook adapter sends a 5xx callback again after 1 s
    assert not ix.failed and ix.messages[0].content == "pong from guild to alice"
    assert [e.status for e in ix.refusals] == [503]

    storm = w.emu.storm(429, callback, failures=5, retry_after=0.05)  # discord.py's 5 tries
    ix = await w.emu.slash(w.alice, w.chan, "demo ping")
    await w.emu.wait_for(lambda: storm.over)
    await asyncio.sleep(0.2)
    assert not ix.failed, "not before the deadline"
    w.emu.advance(3.0)
    await ix.done(timeout=1)
    assert ix.failed and not ix.late and ix.response_type is None and not ix.messages
    assert [e.status for e in ix.refusals] == [429] * 5
