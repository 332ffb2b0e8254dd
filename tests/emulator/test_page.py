"""The playground page's API on an emulator with no bot connected (the bot starting, or stopped)."""

import aiohttp
import pytest

from discord_emulator import BotNotConnected, DiscordEmulator, Message, loopback_only
from discord_emulator.models import VIEW_CHANNEL, Overwrite

GO = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}
BUTTON_ROW = [{"type": 1, "components": [GO]}]


@pytest.mark.asyncio
async def test_a_click_while_the_bot_is_starting_fails_visibly_and_reaches_nobody():
    """Discord's client shows "This interaction failed"; the page says so, and why."""
    with loopback_only():
        async with DiscordEmulator(page=True) as emu:
            guild = emu.add_guild("Playground")
            chan = emu.add_text_channel(guild, "games")
            alice = emu.add_user("alice")
            emu.add_member(guild, alice)
            board = emu.state.add_message(
                Message(
                    id=emu.state.next_id(),
                    channel_id=chan.id,
                    author_id=emu.bot_user.id,
                    content="a board from before the restart",
                    components=BUTTON_ROW,
                    guild_id=guild.id,
                    timestamp=emu.utcnow(),
                )
            )
            with pytest.raises(BotNotConnected, match="This interaction failed"):
                await emu.click(alice, board, "go")
            origin = f"http://127.0.0.1:{emu.port}"
            body = {"member": str(alice.id), "message": str(board.id), "custom_id": "go"}
            async with (
                aiohttp.ClientSession() as http,
                http.post(f"{origin}/play/api/click", json=body, headers={"Origin": origin}) as r,
            ):
                answer = await r.json()
            assert r.status == 503
            assert answer["ok"] is False
            assert answer["error"].startswith("This interaction failed")
            assert "Try again in a moment" in answer["error"]
            assert emu.state.interactions == {}  # nothing was queued for a bot to get later


def said(emu: DiscordEmulator, chan, text: str) -> Message:
    """A message of the bot in ``chan`` (a thread may start from it)."""
    return emu.state.add_message(
        Message(
            id=emu.state.next_id(),
            channel_id=chan.id,
            author_id=emu.bot_user.id,
            content=text,
            guild_id=chan.guild_id,
            timestamp=emu.utcnow(),
        )
    )


@pytest.mark.asyncio
async def test_the_feed_lists_the_threads_a_member_may_see_and_refuses_the_others():
    """Active threads under their channels, by their parent's access; a thread opens like a
    channel, one the member may not see is a 403 and a garbled id a 400."""
    with loopback_only():
        async with DiscordEmulator(page=True) as emu:
            guild = emu.add_guild("Playground")
            games, staff = (emu.add_text_channel(guild, n) for n in ("games", "staff"))
            alice = emu.add_user("alice")
            emu.add_member(guild, alice)
            emu.state.set_overwrite(staff, Overwrite(guild.id, 0, deny=VIEW_CHANNEL))

            def thread(parent, name: str):
                start = said(emu, parent, name)
                return emu.state.add_thread(parent, start, name, emu.bot_user.id, 10080)

            game, hidden = thread(games, "Gondolin: alice"), thread(staff, "x")
            old = thread(games, "an old game")
            emu.archive_thread(old)
            said(emu, game, "the board")
            origin = f"http://127.0.0.1:{emu.port}/play/api"

            async def feed(channel: object) -> tuple[int, dict]:
                query = {"member": str(alice.id), "channel": str(channel)}
                async with http.get(f"{origin}/feed", params=query) as r:
                    return r.status, await r.json()

            async with aiohttp.ClientSession() as http:
                status, seen = await feed(game.id)
                assert status == 200
                assert seen["threads"] == [
                    {"id": str(game.id), "name": "Gondolin: alice", "parent": str(games.id)}
                ]
                assert [m["content"] for m in seen["messages"]] == ["the board"]
                for refused, code in ((hidden.id, 403), ("12ab", 400), (10**25, 400)):
                    status, answer = await feed(refused)
                    assert status == code and answer["ok"] is False, (refused, answer)
                assert "id" in answer["error"]
                url = f"{origin}/commands?member={alice.id}&channel={hidden.id}"
                async with http.get(url) as r:
                    assert r.status == 403


async def test_the_feed_lists_a_members_group_dms_and_offers_only_user_installed_commands():
    """A group DM is listed with the member's DMs to those in it; its commands are the global
    ones a user install authorizes, for a member who installed the app."""
    with loopback_only():
        async with DiscordEmulator(page=True) as emu:
            guild = emu.add_guild("Playground")
            alice, bob, dave = (emu.add_user(n) for n in ("alice", "bob", "dave"))
            for user in (alice, bob, dave):
                emu.add_member(guild, user)
            group = emu.open_group_dm(alice, bob, name="Game night")
            emu.install_app(alice)
            anywhere = {"name": "play", "description": "d", "integration_types": [0, 1]}
            server = {"name": "config", "description": "d", "integration_types": [0]}
            emu.state.commands[None] = [
                {**anywhere, "contexts": [0, 1, 2], "id": "1", "type": 1},
                {**server, "contexts": [0], "id": "2", "type": 1},
            ]
            origin = f"http://127.0.0.1:{emu.port}/play/api"
            async with aiohttp.ClientSession() as http:

                async def get(path: str, who, **query: object):
                    params = {"member": str(who.id), **{k: str(v) for k, v in query.items()}}
                    async with http.get(f"{origin}/{path}", params=params) as r:
                        return r.status, await r.json()

                status, seen = await get("feed", alice)
                assert status == 200 and seen["dms"] == [
                    {"id": str(group.id), "name": "Game night"}
                ]
                assert (await get("feed", dave))[1]["dms"] == []
                assert (await get("feed", dave, channel=group.id))[0] == 403
                status, offered = await get("commands", alice, channel=group.id)
                assert status == 200 and [c["name"] for c in offered] == ["play"]
                assert (await get("commands", bob, channel=group.id))[1] == []  # no install
