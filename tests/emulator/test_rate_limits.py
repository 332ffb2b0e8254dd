"""Discord's rate limit on message edits, its storms, and what the real discord.py client does.

discord.py reads the ``X-RateLimit-*`` headers and waits before it would exceed the limit; a
429 it did not see coming (another process used the channel's edits) is waited out and the
same edit sent again, never raised. In a storm (``emu.storm``) Discord answers 5xx or 429 for a
while: discord.py sends a 500, 502 or 504 again after a second, raises a 503 at once, and waits
out a route's or the global 429.
"""

import asyncio
import time

import aiohttp
import discord
import pytest
import pytest_asyncio

from discord_emulator import DiscordEmulator, RateLimit, loopback_only, run_bot

pytestmark = pytest.mark.asyncio(loop_scope="module")
EDIT_ROUTE = "PATCH /channels/{channel}/messages/{message}"
POST_ROUTE = "POST /channels/{channel}/messages"


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


async def test_a_storm_answers_as_discord_and_cloudflare_do_and_applies_nothing(world):
    w = world
    sent = await w.bot.get_channel(w.chan.id).send("calm")
    since = len(w.emu.requests)
    w.emu.storm(500, EDIT_ROUTE, failures=1)
    failed = await raw_edit(w, w.chan.id, sent.id, "lost")
    assert failed.status == 500 and failed.content_type == "application/json"
    assert await failed.json() == {"message": "500: Internal Server Error", "code": 0}
    assert (await raw_edit(w, w.chan.id, sent.id, "after")).status == 200  # its one failure

    w.emu.storm(502, EDIT_ROUTE, failures=1)
    failed = await raw_edit(w, w.chan.id, sent.id, "lost")
    assert failed.status == 502 and failed.content_type == "text/html"
    assert "502 Bad Gateway" in await failed.text() and failed.headers["Server"] == "cloudflare"

    w.emu.storm(503, EDIT_ROUTE, seconds=0.3)
    failed = await raw_edit(w, w.chan.id, sent.id, "lost")
    assert failed.status == 503 and failed.content_type == "text/plain"
    assert (await failed.text()).startswith("upstream connect error")
    await asyncio.sleep(0.3)
    assert (await raw_edit(w, w.chan.id, sent.id, "after the storm")).status == 200

    w.emu.storm(429, EDIT_ROUTE, failures=1, retry_after=1.5)
    limited = await raw_edit(w, w.chan.id, sent.id, "lost")
    body = await limited.json()
    assert limited.status == 429 and body["global"] is False and body["retry_after"] == 1.5
    assert limited.headers["Retry-After"] == "2" and limited.headers["Via"]
    assert limited.headers["X-RateLimit-Scope"] == "user"
    assert limited.headers["X-RateLimit-Remaining"] == "0"
    assert float(limited.headers["X-RateLimit-Reset-After"]) == 1.5
    assert limited.headers["X-RateLimit-Bucket"] and "X-RateLimit-Global" not in limited.headers

    w.emu.storm(429, failures=1, retry_after=0.5, global_limit=True)
    limited = await raw_edit(w, w.chan.id, sent.id, "lost")
    body = await limited.json()
    assert limited.status == 429 and body["global"] is True and body["retry_after"] == 0.5
    assert limited.headers["X-RateLimit-Global"] == "true" and limited.headers["Via"]
    assert limited.headers["X-RateLimit-Scope"] == "global"
    assert "X-RateLimit-Bucket" not in limited.headers

    assert "lost" not in w.emu.all_texts(), "a failed request changes nothing"
    assert edit_statuses(w, since) == [500, 200, 502, 503, 200, 429, 429]


async def test_a_storm_strikes_a_share_of_the_requests_and_spares_interactions_its_global_limit(
    world,
):
    w = world
    sent = await w.bot.get_channel(w.chan.id).send("shared")
    storm = w.emu.storm(503, EDIT_ROUTE, share=0.5, failures=20, seed=3)
    statuses = [(await raw_edit(w, w.chan.id, sent.id, str(n))).status for n in range(20)]
    assert 5 <= statuses.count(503) <= 15 and storm.failed[EDIT_ROUTE] == statuses.count(503)
    w.emu.calm()
    assert (await raw_edit(w, w.chan.id, sent.id, "calm")).status == 200

    with pytest.raises(ValueError):
        w.emu.storm(503, "/channels/", failures=1)  # a path, not a route
    w.emu.storm(429, failures=1, global_limit=True)
    url = f"{w.emu.api_base}/webhooks/{w.emu.application_id}/no-such-token"
    async with w.http.post(url, json={"content": "x"}) as answer:
        assert answer.status == 404, "interaction endpoints are not bound to the global limit"
    w.emu.calm()


async def test_discord_py_sends_a_5xx_again_but_raises_a_503_at_once(world):
    w = world
    channel = w.bot.get_channel(w.chan.id)
    w.emu.storm(503, POST_ROUTE, failures=1)
    with pytest.raises(discord.DiscordServerError) as failed:
        await channel.send("not sent")
    assert failed.value.status == 503 and "upstream connect error" in failed.value.text
    assert "not sent" not in w.emu.all_texts()

    w.emu.storm(502, POST_ROUTE, failures=1)
    since, began = len(w.emu.requests), time.monotonic()
    await channel.send("sent once")
    assert time.monotonic() - began >= 1.0  # discord.py sleeps 1 s before its second try
    assert [r.status for r in w.emu.requests[since:] if r.route == POST_ROUTE] == [502, 200]
    assert [m.content for m in w.emu.channel_messages(w.chan)].count("sent once") == 1


async def test_discord_py_waits_out_the_global_limit(world):
    w = world
    channel = w.bot.get_channel(w.other.id)
    w.emu.storm(429, failures=1, retry_after=0.3, global_limit=True)
    since, began = len(w.emu.requests), time.monotonic()
    await channel.send("after the global limit")
    assert time.monotonic() - began >= 0.3
    assert [r.status for r in w.emu.requests[since:] if r.route == POST_ROUTE] == [429, 200]
