"""Discord's rate limit on message edits, and what the real discord.py client does with it.

discord.py reads the ``X-RateLimit-*`` headers and waits before it would exceed the limit; a
429 it did not see coming (another process used the channel's edits) is waited out and the
same edit sent again, never raised.
"""

import time

import aiohttp
import discord
import pytest
import pytest_asyncio

from discord_emulator import DiscordEmulator, RateLimit, loopback_only, run_bot

pytestmark = pytest.mark.asyncio(loop_scope="module")
EDIT_ROUTE = "PATCH /channels/{channel}/messages/{message}"


class World:
    pass


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world():
    """The emulator, two channels and a plain discord.py client; nothing leaves 127.0.0.1."""
    with loopback_only() as refused:
        world = World()
        async with DiscordEmulator() as emu:
            world.emu = emu
            guild = emu.add_guild("Limits")
            world.chan = emu.add_text_channel(guild, "one")
            world.other = emu.add_text_channel(guild, "two")
            client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.1)
            async with run_bot(client, emu) as bot, aiohttp.ClientSession() as http:
                world.bot, world.http = bot, http
                yield world
    assert not refused, refused


async def raw_edit(w, channel_id: int, message_id: int, content: str) -> aiohttp.ClientResponse:
    """An edit sent by another process of the same bot (its own HTTP session, same token)."""
    url = f"{w.emu.api_base}/channels/{channel_id}/messages/{message_id}"
    headers = {"Authorization": f"Bot {w.emu.token}"}
    async with w.http.patch(url, json={"content": content}, headers=headers) as response:
        await response.read()
        return response


def edit_statuses(w, since: int) -> list[int]:
    return [r.status for r in w.emu.requests[since:] if r.route == EDIT_ROUTE]


async def test_every_edit_answer_carries_the_limit_and_an_edit_beyond_it_is_refused(world):
    w = world
    w.emu.limit_edits(RateLimit(2, 30.0))
    sent = await w.bot.get_channel(w.chan.id).send("v1")
    first = await raw_edit(w, w.chan.id, sent.id, "v2")
    assert first.status == 200
    assert first.headers["X-RateLimit-Limit"] == "2"
    assert first.headers["X-RateLimit-Remaining"] == "1"
    assert 29 < float(first.headers["X-RateLimit-Reset-After"]) <= 30
    assert abs(float(first.headers["X-RateLimit-Reset"]) - time.time() - 30) < 2
    bucket = first.headers["X-RateLimit-Bucket"]
    missing = await raw_edit(w, w.chan.id, sent.id + 1, "nowhere")  # an error counts too
    assert missing.status == 404 and missing.headers["X-RateLimit-Remaining"] == "0"

    refused = await raw_edit(w, w.chan.id, sent.id, "v3")
    assert refused.status == 429
    body = await refused.json()
    assert body["global"] is False and body["message"]
    assert 29 < body["retry_after"] <= 30
    assert int(refused.headers["Retry-After"]) == 30
    assert refused.headers["X-RateLimit-Scope"] == "user"
    assert refused.headers["Via"]  # without it discord.py takes a 429 for Cloudflare's ban
    assert refused.headers["X-RateLimit-Bucket"] == bucket
    assert sent.channel.id == w.chan.id and w.emu.channel_messages(w.chan)[-1].content == "v2"

    elsewhere = await w.bot.get_channel(w.other.id).send("x")  # each channel counts apart
    assert (await raw_edit(w, w.other.id, elsewhere.id, "y")).status == 200
    w.emu.limit_edits(None)
    assert (await raw_edit(w, w.chan.id, sent.id, "v4")).status == 200
    assert "X-RateLimit-Limit" not in (await raw_edit(w, w.chan.id, sent.id, "v5")).headers


async def test_discord_py_waits_out_a_429_and_sends_the_edit_again(world):
    w = world
    sent = await w.bot.get_channel(w.chan.id).send("mine")
    w.emu.limit_edits(RateLimit(1, 0.6))
    since = len(w.emu.requests)
    assert (await raw_edit(w, w.chan.id, sent.id, "another process")).status == 200
    began = time.monotonic()
    edited = await sent.edit(content="waited")  # 429 first: discord.py sleeps and retries
    assert time.monotonic() - began >= 0.4
    assert edited.content == "waited"
    assert w.emu.channel_messages(w.chan)[-1].content == "waited"
    assert edit_statuses(w, since) == [200, 429, 200]
    w.emu.limit_edits(None)


async def test_discord_py_reads_the_headers_and_never_exceeds_the_limit(world):
    w = world
    sent = await w.bot.get_channel(w.other.id).send("0")
    w.emu.limit_edits(RateLimit(2, 0.5))
    since, began = len(w.emu.requests), time.monotonic()
    for n in range(1, 6):
        await sent.edit(content=str(n))
    assert time.monotonic() - began >= 0.9  # five edits, two per window: three windows
    assert edit_statuses(w, since) == [200] * 5  # it waited before the limit: no 429
    assert w.emu.channel_messages(w.other)[-1].content == "5"
    w.emu.limit_edits(None)
