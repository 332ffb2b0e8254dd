"""Run the bot: ``python -m bot`` (or ``./dev bot``)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys

import discord

from bot import logs
from bot.client import TabletopBot
from bot.discord_endpoints import point_at
from bot.settings import MissingTokenError, Settings
from engines.plugins import NoGames, plugins

SHARDING_CLOSES = {
    4010: "Discord refused the shard: SHARD_IDS must each be below SHARD_COUNT.",
    4011: "Discord requires more shards for this many servers: raise SHARD_COUNT"
    " (or leave it unset and let the bot choose).",
}
"""Gateway close codes about sharding, and what to change."""


def main() -> int:
    """Read settings, point discord.py where told, and run until stopped."""
    settings = Settings()
    logs.configure(settings.log_level)
    if not settings.discord_token:
        print(MissingTokenError(), file=sys.stderr)
        return 2
    try:
        plugins()  # the games come from the installed project's entry points
    except NoGames as missing:
        print(missing, file=sys.stderr)
        return 2
    if settings.discord_api_base or settings.discord_gateway_url:
        if not (settings.discord_api_base and settings.discord_gateway_url):
            print("Set both DISCORD_API_BASE and DISCORD_GATEWAY_URL, or neither.", file=sys.stderr)
            return 2
        point_at(settings.discord_api_base, settings.discord_gateway_url)
    with contextlib.suppress(KeyboardInterrupt):
        try:
            asyncio.run(run(settings))
        except discord.ConnectionClosed as closed:
            if closed.code not in SHARDING_CLOSES:
                raise
            print(SHARDING_CLOSES[closed.code], file=sys.stderr)
            return 2
    return 0


async def run(settings: Settings) -> None:
    """Log in and serve until the process is stopped.

    SIGTERM (a supervisor's stop) and SIGINT (Ctrl-C) close the bot gracefully: clicks under way
    are finished, then the gateway, the workers and the database close. The handlers are the
    loop's own, so they work even where the signal was inherited as ignored (a parent that
    ignores Ctrl-C, as a test runner's worker may).
    """
    async with TabletopBot(settings) as bot:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):  # no such handlers on Windows
                loop.add_signal_handler(sig, lambda: loop.create_task(bot.close()))
        await bot.start(settings.discord_token)


if __name__ == "__main__":
    sys.exit(main())
