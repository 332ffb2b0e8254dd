"""User installs: where commands are offered, what their interactions carry, what is refused."""

import discord
import pytest
import pytest_asyncio
from discord import app_commands

from discord_emulator import EmulatorError
from tests.emulator.one_bot import one_bot_world

pytestmark = pytest.mark.asyncio(loop_scope="module")

P = discord.Permissions


def install_bot() -> discord.Client:
    """/play for both installs everywhere (a board with a button), /admin for servers only."""
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    tree = app_commands.CommandTree(client)
    client.seen = []  # every interaction the bot received
    client.last = None  # the newest interaction, to act on from the test

    @tree.command(description="Start a board")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def play(interaction: discord.Interaction) -> None:
        client.seen.append(interaction)
        client.last = interaction
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Move", custom_id="move"))
        await interaction.response.send_message("board", view=view)

    @tree.command(description="Server settings")
    @app_commands.allowed_installs(guilds=True, users=False)
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    async def admin(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("settings", ephemeral=True)

    async def on_interaction(interaction: discord.Interaction) -> None:
        if interaction.type == discord.InteractionType.component:
            client.seen.append(interaction)
            client.last = interaction
            await interaction.response.edit_message(content="board, moved")

    async def setup_hook() -> None:
        await tree.sync()

    client.setup_hook = setup_hook
    client.on_interaction = on_interaction
    return client


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world():
    async for w in one_bot_world(install_bot):
        w.bob = w.emu.add_user("bob")
        w.carol = w.emu.add_user("carol")
        w.emu.install_app(w.alice)
        w.group = w.emu.open_group_dm(w.alice, w.bob, w.carol)
        yield w


async def test_commands_keep_their_installs_and_contexts(world):
    by_name = {c["name"]: c for c in world.emu.registered_commands()}
    assert sorted(by_name["play"]["integration_types"]) == [0, 1]
    assert sorted(by_name["play"]["contexts"]) == [0, 1, 2]
    assert by_name["admin"]["integration_types"] == [0]
    assert by_name["admin"]["contexts"] == [0]


async def test_a_group_dm_is_offered_only_a_user_installed_command(world):
    w = world
    with pytest.raises(EmulatorError, match="no install authorizes"):
        await w.emu.slash(w.bob, w.group, "play")  # bob did not install the app
    with pytest.raises(EmulatorError, match="not available in DMs and group DMs"):
        await w.emu.slash(w.alice, w.group, "admin")
    with pytest.raises(EmulatorError, match="not available in DMs"):
        await w.emu.slash(w.alice, w.emu.dm_channel(w.alice), "admin")
    outsider = w.emu.add_user("dave")
    w.emu.install_app(outsider)
    with pytest.raises(EmulatorError, match="not in that DM or group DM"):
        await w.emu.slash(outsider, w.group, "play")


async def test_a_group_dm_interaction_carries_discords_fields(world):
    w = world
    ix = await (await w.emu.slash(w.alice, w.group, "play")).done()
    got = w.client.last
    assert got.context.private_channel and not got.context.guild
    assert got.is_user_integration() and not got.is_guild_integration()
    assert got.guild_id is None and isinstance(got.channel, discord.GroupChannel)
    assert {u.id for u in got.channel.recipients} == {w.bob.id, w.carol.id}
    assert got.app_permissions == P(attach_files=True, embed_links=True, mention_everyone=True)
    # The answer is a message in the group DM, seen by all three.
    board = ix.original
    assert board.channel_id == w.group.id and not board.ephemeral
    assert w.emu.channel_messages(w.group) == [board]

    # Bob clicks alice's board: his interaction is authorized by alice's install.
    click = await (await w.emu.click(w.bob, board, "move")).done()
    got = w.client.last
    assert got.user.id == w.bob.id and got.context.private_channel
    assert got._integration_owners == {1: w.alice.id} and not got.is_user_integration()
    assert click.response_type == 7 and board.content == "board, moved"
    assert not w.emu.error_responses()


async def test_a_dm_between_two_users_is_context_2_too(world):
    w = world
    dm = w.emu.open_dm(w.alice, w.bob)
    await (await w.emu.slash(w.alice, dm, "play")).done()
    got = w.client.last
    assert got.context.private_channel and isinstance(got.channel, discord.DMChannel)
    assert [u.id for u in got.channel.recipients] == [w.bob.id]
    # In the bot's own DM, a guild install authorizes as well (its key's value is "0").
    await (await w.emu.slash(w.alice, w.emu.dm_channel(w.alice), "play")).done()
    got = w.client.last
    assert got.context.dm_channel and got._integration_owners == {0: 0, 1: w.alice.id}


async def test_the_bot_cannot_use_channel_routes_between_users(world):
    w = world
    ix = await (await w.emu.slash(w.alice, w.group, "play")).done()
    got = w.client.last
    board = await got.original_response()
    http = w.client.http
    refusals = [
        http.get_channel(w.group.id),
        http.send_message(w.group.id, params=discord.http.handle_message_parameters("hi")),
        http.edit_message(
            w.group.id, board.id, params=discord.http.handle_message_parameters("edited")
        ),
        http.get_message(w.group.id, board.id),
        http.logs_from(w.group.id, 10),
        http.delete_message(w.group.id, board.id),
        http.start_thread_with_message(w.group.id, board.id, name="t", auto_archive_duration=60),
    ]
    for request in refusals:
        with pytest.raises(discord.Forbidden) as refused:
            await request
        assert refused.value.code == 50001
    assert ix.original.content == "board" and not ix.original.deleted

    # The interaction's webhook works: edit the response, follow up.
    await got.edit_original_response(content="board, edited")
    await got.followup.send("a follow-up")
    assert [m.text() for m in w.emu.channel_messages(w.group)[-2:]] == [
        "board, edited",
        "a follow-up",
    ]


async def test_a_user_install_gets_five_follow_ups_and_fifteen_minutes(world):
    w = world
    await (await w.emu.slash(w.alice, w.group, "play")).done()
    got = w.client.last
    for n in range(5):
        await got.followup.send(f"follow-up {n}")
    with pytest.raises(discord.HTTPException) as refused:
        await got.followup.send("one too many")
    assert refused.value.status == 400 and refused.value.code == 40094
    await got.edit_original_response(content="editing has no such limit")

    # A guild install has no follow-up limit.
    ix = await (await w.emu.slash(w.alice, w.emu.dm_channel(w.alice), "play")).done()
    for n in range(6):
        await w.client.last.followup.send(f"follow-up {n}")
    assert len(ix.messages) == 7

    w.emu.advance(15 * 60 + 1)
    with pytest.raises(discord.HTTPException) as refused:
        await got.edit_original_response(content="too late")
    assert refused.value.status == 401 and refused.value.code == 50027


async def test_a_server_without_the_bot_reaches_it_only_through_a_user_install(world):
    w = world
    elsewhere = w.emu.add_guild("Elsewhere", with_bot=False)
    chan = w.emu.add_text_channel(elsewhere, "general")
    w.emu.add_member(elsewhere, w.alice)
    w.emu.add_member(elsewhere, w.bob)
    with pytest.raises(EmulatorError, match="no install authorizes"):
        await w.emu.slash(w.alice, chan, "admin")  # a guild install's command: none here
    with pytest.raises(EmulatorError, match="no install authorizes"):
        await w.emu.slash(w.bob, chan, "play")
    ix = await (await w.emu.slash(w.alice, chan, "play")).done()
    got = w.client.last
    assert got.context.guild and got.guild_id == elsewhere.id
    assert got.is_user_integration() and not got.is_guild_integration()
    assert got._integration_owners == {1: w.alice.id}
    assert got.app_permissions == P(attach_files=True, embed_links=True, mention_everyone=True)
    assert w.client.get_guild(elsewhere.id) is None  # no GUILD_CREATE, no events
    assert ix.original.channel_id == chan.id and not ix.original.ephemeral
    http = w.client.http
    for request in (
        http.get_guild(elsewhere.id),
        http.get_channel(chan.id),
        http.send_message(chan.id, params=discord.http.handle_message_parameters("hi")),
        http.get_member(elsewhere.id, w.alice.id),
    ):
        with pytest.raises(discord.Forbidden) as refused:
            await request
        assert refused.value.code == 50001
    await got.followup.send("through the webhook")
    assert w.emu.channel_messages(chan)[-1].text() == "through the webhook"
    dm = await http.start_private_message(w.bob.id)
    with pytest.raises(discord.Forbidden) as refused:  # a server without the bot is no mutual one
        await http.send_message(int(dm["id"]), params=discord.http.handle_message_parameters("hi"))
    assert refused.value.code == 50007


async def test_without_use_external_apps_a_user_installs_answers_are_ephemeral(world):
    """permissions.mdx: with *Use External Apps* off, a user-installed app's responses are
    ephemeral for the member (its follow-ups too); a server that added the app is unaffected."""
    w = world
    closed = w.emu.add_guild("Closed", with_bot=False)
    chan = w.emu.add_text_channel(closed, "general")
    w.emu.add_member(closed, w.alice)
    assert P(w.emu.channel_permissions(chan, w.alice)).use_external_apps  # on by default
    w.emu.set_channel_permissions(
        chan, closed.roles[closed.id], deny=P(use_external_apps=True).value
    )
    ix = await (await w.emu.slash(w.alice, chan, "play")).done()
    assert not w.client.last.permissions.use_external_apps
    assert ix.original.ephemeral and ix.original.visible_to == w.alice.id
    sent = await w.client.last.followup.send("public?", wait=True)
    assert sent.flags.ephemeral and w.emu.channel_messages(chan) == []
