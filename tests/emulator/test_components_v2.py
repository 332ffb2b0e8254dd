"""Components v2 messages (IS_COMPONENTS_V2): accepted and stored as Discord does, refused where
Discord refuses them, through every route a bot sends messages by."""

import io

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.http import Route

from discord_emulator.models import walk_components
from tests.emulator.one_bot import new_channel, one_bot_world
from tests.emulator.test_emulator import tiny_png

pytestmark = pytest.mark.asyncio(loop_scope="module")

V2 = 1 << 15
PNG = tiny_png(4, 3)


def board(turn: str, *, picture: str = "board.png") -> discord.ui.LayoutView:
    """A board as one container: status beside a button, the picture, a separator, a row."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(
        discord.ui.Container(
            discord.ui.Section(
                discord.ui.TextDisplay(f"## Knightfall\n{turn}"),
                accessory=discord.ui.Button(label="Resign the game", custom_id="v2:resign"),
            ),
            discord.ui.TextDisplay("Capture the king to win."),
            discord.ui.MediaGallery(
                discord.MediaGalleryItem(f"attachment://{picture}", description="The board")
            ),
            discord.ui.Separator(),
            discord.ui.ActionRow(
                discord.ui.Button(label="Move a knight", custom_id="v2:move"),
                discord.ui.Button(label="Break the board", custom_id="v2:break"),
            ),
            accent_colour=0x3366FF,
        )
    )
    return view


def png(name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(PNG), filename=name)


def v2_bot() -> discord.Client:
    """/v2 show|bad|later answer with v2 boards; refusals Discord answers land in ``errors``."""
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    tree = app_commands.CommandTree(client)
    group = app_commands.Group(name="v2", description="Components v2 boards")
    tree.add_command(group)
    client.errors = []

    async def refused(send) -> None:
        try:
            await send()
        except discord.HTTPException as e:
            client.errors.append(e)

    @group.command(description="A board as the answer")
    async def show(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(view=board("White to move"), file=png())

    @group.command(description="A board naming a picture it did not upload")
    async def bad(interaction: discord.Interaction) -> None:
        await refused(lambda: interaction.response.send_message(view=board("x"), file=png("a.png")))
        await interaction.response.send_message("sorry", ephemeral=True)

    @group.command(description="Leave the answer to the test")
    async def hold(interaction: discord.Interaction) -> None:
        pass

    @group.command(description="A board after thinking")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        bad_view = board("x", picture="missing.png")
        await refused(lambda: interaction.edit_original_response(view=bad_view))
        await refused(lambda: interaction.followup.send(view=bad_view, file=png(), wait=True))
        await interaction.followup.send(view=board("Black to move"), file=png(), wait=True)
        await interaction.followup.send(view=board("Again"), file=png(), wait=True)

    async def on_interaction(interaction: discord.Interaction) -> None:
        custom_id = (interaction.data or {}).get("custom_id")
        if custom_id == "v2:move":
            await interaction.response.edit_message(view=board("Black moved"), attachments=[png()])
        elif custom_id == "v2:break":
            bad_view = board("x", picture="gone.png")
            await refused(lambda: interaction.response.edit_message(view=bad_view))
            await interaction.response.defer()

    async def setup_hook() -> None:
        await tree.sync()

    client.setup_hook = setup_hook
    client.on_interaction = on_interaction
    return client


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world():
    async for w in one_bot_world(v2_bot):
        yield w


async def post(w, chan, payload: dict, route: str = "/channels/{channel_id}/messages") -> dict:
    return await w.client.http.request(Route("POST", route, channel_id=chan.id), json=payload)


async def patch(w, chan, message_id: int, payload: dict) -> dict:
    route = Route(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        channel_id=chan.id,
        message_id=message_id,
    )
    return await w.client.http.request(route, json=payload)


def text(content: str = "hello") -> dict:
    return {"type": 10, "content": content}


def button(custom_id: str = "b") -> dict:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


def section(*texts: dict, accessory: dict | None = None) -> dict:
    body: dict = {"type": 9, "components": list(texts)}
    if accessory is not None:
        body["accessory"] = accessory
    return body


def gallery(*urls: str, description: str | None = None) -> dict:
    return {"type": 12, "items": [{"media": {"url": u}, "description": description} for u in urls]}


def container(*children: dict, **extra) -> dict:
    return {"type": 17, "components": list(children), **extra}


IMG = "https://example.com/a.png"


async def test_a_layout_view_from_the_real_client_is_stored_as_discord_stores_it(world):
    w = world
    chan = await new_channel(w, "v2-send")
    sent = await w.client.get_channel(chan.id).send(view=board("White to move"), file=png())
    [msg] = w.emu.channel_messages(chan)
    assert msg.flags & V2 and not msg.content and not msg.embeds
    [box] = msg.components
    assert box["type"] == 17 and box["accent_color"] == 0x3366FF
    kinds = [c["type"] for c in box["components"]]
    assert kinds == [9, 10, 12, 14, 1]
    assert box["components"][0]["accessory"]["custom_id"] == "v2:resign"
    [att] = msg.attachments
    [item] = box["components"][2]["items"]
    assert item["description"] == "The board"
    assert item["media"]["url"] == att.url and item["media"]["attachment_id"] == str(att.id)
    assert (item["media"]["width"], item["media"]["height"]) == (4, 3)
    ids = [c["id"] for c in walk_components(msg.components)]
    assert len(ids) == len(set(ids)) == 10 and 0 not in ids  # numbered as Discord numbers them
    assert msg.find_button("Move") == "v2:move" and "Capture the king" in msg.text()
    assert "The board" in msg.text()  # alt text is read out: leak scans see it
    # discord.py reads back what the emulator answered: the same layout, the media resolved.
    assert sent.flags.components_v2 and sent.components[0].type is discord.ComponentType.container
    edited = await sent.edit(view=board("Black to move"), attachments=[png()])
    assert edited.flags.components_v2 and "Black to move" in msg.text() and msg.history


async def test_an_attachment_no_media_component_names_is_hidden(world):
    """components reference: with the flag, attachments show only through components."""
    chan = await new_channel(world, "v2-hidden")
    channel = world.client.get_channel(chan.id)
    await channel.send(view=board("White to move"), files=[png(), png("extra.png")])
    [msg] = world.emu.channel_messages(chan)
    assert [a.filename for a in msg.hidden_attachments()] == ["extra.png"]
    await channel.send("legacy", file=png("extra.png"))
    assert world.emu.channel_messages(chan)[-1].hidden_attachments() == []


async def test_interaction_answers_follow_ups_and_updates_carry_v2_boards(world):
    w = world
    chan = await new_channel(w, "v2-ix")
    ix = await w.emu.slash(w.alice, chan, "v2 show")
    await ix.done()
    [msg] = ix.messages
    assert msg.flags & V2 and msg.find_button("Resign") == "v2:resign"
    click = await w.emu.click(w.alice, msg, "v2:move")
    await click.done()
    assert click.response_type == 7 and "Black moved" in msg.text() and msg.flags & V2
    later = await w.emu.slash(w.alice, chan, "v2 later")
    await later.done()
    await w.emu.wait_for(lambda: len(later.messages) == 2)
    assert [m.flags & V2 for m in later.messages] == [V2, V2]
    assert ["Black to move" in later.messages[0].text(), "Again" in later.messages[1].text()] == [
        True,
        True,
    ]


async def test_every_route_refuses_an_invalid_v2_board(world):
    """Answer, follow-up, edit of the original response and update: each goes through the
    same validation (here: a media item naming a file that was not uploaded)."""
    w = world
    chan = await new_channel(w, "v2-bad")
    w.client.errors.clear()
    ix = await w.emu.slash(w.alice, chan, "v2 bad")
    await ix.done()
    later = await w.emu.slash(w.alice, chan, "v2 later")
    await w.emu.wait_for(lambda: len(later.messages) == 2)
    msg = later.messages[0]
    brk = await w.emu.click(w.alice, msg, "v2:break")
    await brk.done()
    await w.emu.settle()
    errors = w.client.errors
    assert len(errors) == 4, errors
    assert all(
        e.status == 400 and e.code == 50035 and "names no attachment" in e.text for e in errors
    )
    assert "Black to move" in msg.text()  # the refused update changed nothing


REFUSED = {
    "text display without the flag": (0, [text()], "IS_COMPONENTS_V2"),
    "container without the flag": (0, [container(text())], "IS_COMPONENTS_V2"),
    "text in a legacy row": (0, [{"type": 1, "components": [text()]}], "IS_COMPONENTS_V2"),
    "thumbnail at the top": (V2, [{"type": 11, "media": {"url": IMG}}], "components.0.type"),
    "button at the top": (V2, [button()], "components.0.type"),
    "empty text": (V2, [text("")], "components.0.content"),
    "text too long": (V2, [text("x" * 4001)], "components.0.content"),
    "texts together too long": (V2, [text("x" * 2000)] * 2 + [text("y")], "4000"),
    "four texts in a section": (V2, [section(*[text()] * 4, accessory=button())], "1 to 3"),
    "no text in a section": (V2, [section(accessory=button())], "1 to 3"),
    "section without accessory": (V2, [section(text())], "components.0.accessory"),
    "text as accessory": (V2, [section(text(), accessory=text())], "components.0.accessory"),
    "container in a container": (V2, [container(container(text()))], "components.0.components.0"),
    "empty container": (V2, [container()], "components.0.components"),
    "accent too large": (V2, [container(text(), accent_color=0x1000000)], "accent_color"),
    "accent negative": (V2, [container(text(), accent_color=-1)], "accent_color"),
    "empty gallery": (V2, [gallery()], "components.0.items"),
    "eleven pictures": (V2, [gallery(*[IMG] * 11)], "components.0.items"),
    "alt text too long": (V2, [gallery(IMG, description="d" * 1025)], "items.0.description"),
    "empty alt text": (V2, [gallery(IMG, description="")], "items.0.description"),
    "relative url": (V2, [gallery("board.png")], "items.0.media.url"),
    "url too long": (V2, [gallery("https://x.com/" + "a" * 2040)], "media.url"),
    "unknown attachment": (V2, [gallery("attachment://nope.png")], "names no attachment"),
    "file from the web": (V2, [{"type": 13, "file": {"url": IMG}}], "components.0.file.url"),
    "spacing 3": (V2, [{"type": 14, "spacing": 3}], "components.0.spacing"),
    "six buttons in a row": (
        V2,
        [container({"type": 1, "components": [button(str(i)) for i in range(6)]})],
        "components.0.components.0.components",
    ),
    "41 components": (V2, [text()] * 41, "at most 40 components"),
    "41 nested components": (V2, [container(*[text()] * 40)], "at most 40 components"),
    "duplicate ids": (V2, [{**text(), "id": 7}, {**text(), "id": 7}], "components.id"),
}


@pytest.mark.parametrize("case", list(REFUSED))
async def test_what_discord_refuses_in_a_v2_message_is_refused_50035(world, case):
    w = world
    flags, components, where = REFUSED[case]
    if not hasattr(w, "v2chan"):
        w.v2chan = await new_channel(w, "v2-limits")
    chan = w.v2chan
    payload = {"components": components, **({"flags": flags} if flags else {})}
    with pytest.raises(discord.HTTPException) as caught:
        await post(w, chan, payload)
    assert caught.value.status == 400 and caught.value.code == 50035
    assert where in caught.value.text, caught.value.text


async def test_the_limits_themselves_are_accepted(world):
    w = world
    chan = await new_channel(w, "v2-edges")
    texts = [text("x" * 1000)] * 3 + [text("y" * 997)]  # 3,997 characters + "row" below
    edge = [
        container(*texts, accent_color=0xFFFFFF),
        section(*[text("a")] * 3, accessory={"type": 11, "media": {"url": IMG}}),
        gallery(*[IMG] * 10, description="d" * 1024),
        {"type": 14, "spacing": 2, "divider": False},
    ]
    await post(w, chan, {"flags": V2, "components": edge})
    many = [text("z")] * 40
    await post(w, chan, {"flags": V2, "components": many})
    assert [m.flags & V2 for m in w.emu.channel_messages(chan)] == [V2, V2]


@pytest.mark.parametrize(
    "extra",
    [{"content": "hi"}, {"embeds": [{"title": "t"}]}, {"sticker_ids": ["1"]}, {"poll": {"q": 1}}],
    ids=["content", "embeds", "stickers", "poll"],
)
async def test_the_flag_forbids_content_embeds_stickers_and_polls(world, extra):
    w = world
    chan = await new_channel(w, "v2-forbids")
    with pytest.raises(discord.HTTPException) as caught:
        await post(w, chan, {"flags": V2, "components": [text()], **extra})
    assert caught.value.code == 50035 and next(iter(extra)) in caught.value.text


async def test_the_flag_is_permanent_once_set(world):
    """message.mdx, Edit Message: IS_COMPONENTS_V2 "can only be set"; setting it on an edit
    needs content and embeds cleared."""
    w = world
    chan = await new_channel(w, "v2-flag")
    v2 = await post(w, chan, {"flags": V2, "components": [text()]})
    with pytest.raises(discord.HTTPException) as caught:
        await patch(w, chan, int(v2["id"]), {"flags": 0, "components": [text("plain")]})
    assert caught.value.code == 50035 and "flags" in caught.value.text
    with pytest.raises(discord.HTTPException) as caught:
        await patch(w, chan, int(v2["id"]), {"content": "back to text"})
    assert caught.value.code == 50035 and "content" in caught.value.text
    await patch(w, chan, int(v2["id"]), {"components": [text("still v2")]})  # flag kept
    legacy = await post(w, chan, {"content": "old style"})
    with pytest.raises(discord.HTTPException) as caught:
        await patch(w, chan, int(legacy["id"]), {"flags": V2, "components": [text()]})
    assert "content" in caught.value.text  # the content was not cleared
    await patch(w, chan, int(legacy["id"]), {"flags": V2, "content": None, "components": [text()]})
    first, second = w.emu.channel_messages(chan)
    assert first.flags & V2 and first.text() == "still v2"
    assert second.flags & V2 and second.text() == "hello" and second.history


async def test_a_thinking_defer_cannot_carry_the_flag(world):
    """receiving-and-responding.mdx: a DEFERRED_CHANNEL_MESSAGE takes only EPHEMERAL."""
    w = world
    chan = await new_channel(w, "v2-defer")
    ix = await w.emu.slash(w.alice, chan, "v2 hold")
    route = Route(
        "POST", "/interactions/{ix_id}/{ix_token}/callback", ix_id=ix.id, ix_token=ix.token
    )
    with pytest.raises(discord.HTTPException) as caught:
        await w.client.http.request(route, json={"type": 5, "data": {"flags": V2}})
    assert caught.value.code == 50035 and "data.flags" in caught.value.text
    await w.client.http.request(route, json={"type": 5, "data": {"flags": 64}})
    await ix.done()
    assert ix.response_type == 5 and ix.ephemeral


async def test_a_mention_in_a_text_display_pings(world):
    """Components reference, Text Display: its mentions ping under ``allowed_mentions``."""
    w = world
    chan = await new_channel(w, "v2-pings")
    line = text(f"{w.alice.mention}, your move")
    await post(w, chan, {"flags": V2, "components": [line]})
    quiet = {"flags": V2, "components": [line], "allowed_mentions": {"parse": []}}
    await post(w, chan, quiet)
    loud, silent = w.emu.channel_messages(chan)
    assert w.alice.id in loud.mentions.notified and not silent.mentions.notified


async def test_an_embed_message_is_edited_into_v2_keeping_its_picture(world):
    """message.mdx, Edit Message: the flag may be set on an edit that clears the embeds; a kept
    attachment is named by the gallery as a new one is (``attachment://`` its file name)."""
    chan = await new_channel(world, "v2-from-embed")
    embed = discord.Embed(title="Knightfall").set_image(url="attachment://board.png")
    sent = await world.client.get_channel(chan.id).send(embed=embed, file=png())
    [msg] = world.emu.channel_messages(chan)
    [picture] = sent.attachments
    with pytest.raises(discord.HTTPException) as caught:  # the embed left in place
        await sent.edit(view=board("Black to move"), attachments=[picture])
    assert caught.value.code == 50035 and msg.embeds and not msg.flags & V2
    with pytest.raises(discord.HTTPException) as caught:  # the gallery names no attachment
        await sent.edit(embeds=[], view=board("Black", picture="other.png"), attachments=[picture])
    assert caught.value.code == 50035 and not msg.flags & V2
    await sent.edit(content=None, embeds=[], view=board("Black to move"), attachments=[picture])
    assert msg.flags & V2 and not msg.embeds and "Black to move" in msg.text()
    assert [a.id for a in msg.attachments] == [picture.id] and not msg.hidden_attachments()
    with pytest.raises(discord.HTTPException):  # and it stays v2
        await sent.edit(embed=embed, view=None)
