"""The playground page's API on an emulator with no bot connected (the bot starting, or stopped)."""

import aiohttp
import pytest

from discord_emulator import BotNotConnected, DiscordEmulator, Message, loopback_only

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
