"""Run a real discord.py client against the emulator for the length of a ``with`` block."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import TypeVar

import discord

from bot.discord_endpoints import is_loopback, point_at

from .emulator import DiscordEmulator

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.contextmanager
def discord_pointed_at(emu: DiscordEmulator) -> Iterator[None]:
    """Point discord.py at ``emu``; restore Discord's real endpoints afterwards."""
    saved = (
        discord.http.Route.BASE,
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        discord.asset.Asset.BASE,
    )
    assert is_loopback(emu.api_base) and is_loopback(emu.gateway_url)
    point_at(emu.api_base, emu.gateway_url)
    try:
        yield
    finally:
        (
            discord.http.Route.BASE,
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
            discord.asset.Asset.BASE,
        ) = saved


@contextlib.asynccontextmanager
async def run_bot(
    bot: ClientT, emu: DiscordEmulator, *, ready_timeout: float = 10.0
) -> AsyncIterator[ClientT]:
    """Log ``bot`` in to ``emu``, wait for ``on_ready``, and close it on exit.

    A failure during login or ``setup_hook`` is raised here rather than hidden behind a
    ready timeout. Pass ``guild_ready_timeout=0.1`` to the client to start in ~0.1 s.
    """
    with discord_pointed_at(emu):
        task = asyncio.create_task(bot.start(emu.token))
        ready = asyncio.create_task(bot.wait_until_ready())
        try:
            done, _ = await asyncio.wait(
                {task, ready}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if task in done:
                task.result()  # raises what stopped the client
                raise RuntimeError("the bot stopped before it became ready")
            if ready not in done:
                raise TimeoutError(f"the bot was not ready after {ready_timeout} s")
            yield bot
        finally:
            ready.cancel()
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError):
                await task
