"""The floor: what a click costs a plain discord.py client, on this machine, now.

    python -m bench.floor [--rate 4] [--seconds 40] [--on-cue]

The one-game load command's figures (``python -m bench.load --servers 1 --games 6 --idle 0
--computer 0 --rate 4 --seconds 40 --game G``) are CPU times, and the same tree reads
differently from one day's machine to the next. This runs the least a click can cost through
the same parts: the local Discord emulator in this process, and ``bench.floor_bot`` in its own
process, a discord.py client whose one button edits its message with a PNG encoded once. A
member presses it ``rate`` times a second for ``seconds``, each press answered before the next.

Reported in the load command's words: CPU per click of the client's process and of this one
(the driver and emulator). A game's figure divided by this one is its multiple of the floor.

The floor itself moves with the machine's state: on an idle machine a click every 250 ms
finds cold caches and costs several times what it costs on a busy one. So the load command
runs it beside its window (``--floor``), through ``--on-cue``: warmed up, this prints
``ready`` and presses once it reads a line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
import time

from bench.floor_bot import CUSTOM_ID
from bench.load_report import cpu_use
from discord_emulator import DiscordEmulator

READY_TIMEOUT_S = 60.0
READY = "ready"  # printed with --on-cue once warm; a line read on stdin starts the presses


async def run(rate: float, seconds: float, on_cue: bool = False) -> tuple[int, float, float]:
    """Presses answered, and CPU seconds per press of the client and of this process."""
    emu = DiscordEmulator()
    await emu.start(0)
    guild = emu.add_guild("Floor")
    channel = emu.add_text_channel(guild, "floor")
    member = emu.add_user("presser")
    emu.add_member(guild, member)
    env = {
        **os.environ,
        "DISCORD_TOKEN": emu.token,
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        "FLOOR_CHANNEL_ID": str(channel.id),
    }
    bot = await asyncio.create_subprocess_exec(sys.executable, "-m", "bench.floor_bot", env=env)
    try:
        await emu.wait_for(lambda: emu.channel_messages(channel), timeout=READY_TIMEOUT_S)
        message = emu.channel_messages(channel)[0]
        for _ in range(5):  # warm: the first presses import and build what later ones reuse
            await (await emu.click(member, message, CUSTOM_ID)).done()
        if on_cue:
            print(READY, flush=True)
            await asyncio.to_thread(sys.stdin.readline)
        (base, _), (driver_base, _) = cpu_use([bot.pid])
        presses = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            ix = await (await emu.click(member, message, CUSTOM_ID)).done()
            if ix.failed:
                raise SystemExit(f"a press failed: {ix.describe()}")
            presses += 1
            await asyncio.sleep(max(0.0, start + presses / rate - time.perf_counter()))
        await emu.settle()
        (used, _), (driver, _) = cpu_use([bot.pid])
    finally:
        with contextlib.suppress(ProcessLookupError):  # it may have ended on its own
            bot.terminate()
        await bot.wait()
        await emu.stop()
    return presses, (used - base) / presses, (driver - driver_base) / presses


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run, print the figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--rate", type=float, default=4.0, help="presses per second")
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument(
        "--on-cue", action="store_true", help=f"once warm print {READY!r}, then wait for a line"
    )
    args = parser.parse_args(argv)
    presses, client, driver = asyncio.run(run(args.rate, args.seconds, args.on_cue))
    print(f"the floor: {presses} presses at {args.rate:g}/s, each answered by a PNG edit")
    print(
        f"  CPU per press: the plain discord.py client {client * 1000:.2f} ms;"
        f" the driver and emulator {driver * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
