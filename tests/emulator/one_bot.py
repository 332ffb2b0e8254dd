"""A module's world for emulator tests: one server, alice as its member, one bot logged in."""

from collections.abc import AsyncIterator, Callable
from types import SimpleNamespace

import discord

from discord_emulator import DiscordEmulator, loopback_only, run_bot


async def one_bot_world(make_bot: Callable[[], discord.Client]) -> AsyncIterator[SimpleNamespace]:
    """Yield the world (``emu``, ``guild``, ``alice``, ``client``); nothing leaves 127.0.0.1."""
    with loopback_only() as refused:
        async with DiscordEmulator() as emu:
            w = SimpleNamespace(emu=emu, guild=emu.add_guild("Server"), alice=emu.add_user("alice"))
            emu.add_member(w.guild, w.alice)
            async with run_bot(make_bot(), emu) as client:
                w.client = client
                yield w
            assert not emu.unhandled, emu.unhandled
    assert not refused, refused


async def new_channel(w: SimpleNamespace, name: str):
    """A new text channel the bot has seen appear."""
    chan = w.emu.add_text_channel(w.guild, name)
    await w.emu.wait_for(lambda: w.client.get_channel(chan.id))
    return chan
