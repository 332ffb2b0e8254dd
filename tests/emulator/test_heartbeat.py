"""Heartbeats: an idle connection's ACKs come back on time, as discord.py measures them.

The emulator runs on its own thread and event loop, as in the playground (its own process):
on the client's loop its answers would wait their turn behind the client, hiding the timing.
"""

import asyncio
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import discord
import pytest

from discord_emulator import DiscordEmulator, loopback_only, run_bot

INTERVAL_S = 0.3
BEATS = 6


@contextmanager
def emulator_on_its_own_thread(**options) -> Iterator[DiscordEmulator]:
    """A started emulator (one guild) served by another thread's event loop."""
    started = threading.Event()
    parts: dict = {}

    async def serve() -> None:
        parts["stop"] = asyncio.Event()
        parts["loop"] = asyncio.get_running_loop()
        parts["emu"] = emu = await DiscordEmulator(**options).start()
        emu.add_guild("Idle")
        started.set()
        await parts["stop"].wait()
        await emu.stop()

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    assert started.wait(10), "the emulator did not start"
    try:
        yield parts["emu"]
    finally:
        parts["loop"].call_soon_threadsafe(parts["stop"].set)
        thread.join(10)


@pytest.mark.asyncio
async def test_an_idle_connections_heartbeats_are_acknowledged_on_time(monkeypatch, caplog):
    """discord.py's latency (heartbeat sent to ACK received) stays far below the interval.

    Measured against the previous heartbeat it is the whole interval: with Discord's 41.25 s,
    "Can't keep up, shard ID 0 websocket is 41.3s behind." at every beat.
    """
    latencies: list[float] = []
    ack = discord.gateway.KeepAliveHandler.ack

    def measured_ack(handler: discord.gateway.KeepAliveHandler) -> None:
        ack(handler)
        latencies.append(handler.latency)

    monkeypatch.setattr(discord.gateway.KeepAliveHandler, "ack", measured_ack)
    caplog.set_level(logging.WARNING, "discord.gateway")
    with loopback_only(), emulator_on_its_own_thread(heartbeat_interval_s=INTERVAL_S) as emu:
        client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.1)
        async with run_bot(client, emu):
            while len(latencies) < BEATS:  # the first answers HELLO; the rest, the keep-alive
                await asyncio.sleep(INTERVAL_S / 4)
    assert max(latencies) < INTERVAL_S / 2, latencies
    assert "Can't keep up" not in caplog.text
