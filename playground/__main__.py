"""``python -m playground`` (``./dev play``, or ``./dev bot`` without a token)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import signal
import sys
from pathlib import Path

from playground.world import Playground


def main() -> int:
    """Start the playground and run until Ctrl-C."""
    parser = argparse.ArgumentParser(prog="./dev play", description=__doc__)
    parser.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (0: any free)")
    parser.add_argument(
        "--data",
        type=Path,
        default=Path("var/playground"),
        help="folder for the saved server and the bot's SQLite file",
    )
    parser.add_argument(
        "--fresh", action="store_true", help="forget the saved server and its games; start anew"
    )
    parser.add_argument(
        "--group-dm",
        action="store_true",
        help="alice installs the app to her account and gets a group DM with bob and carol",
    )
    parser.add_argument(
        "--seed",
        action="append",
        type=seed,
        default=[],
        metavar="[GAME=]N",
        help="a testing aid: new games start from seed N, not a fresh secret one (GAME=N: that"
        " game's only, GAME its id; repeat for more games)",
    )
    args = parser.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(
            run(args.port, args.data, fresh=args.fresh, group_dm=args.group_dm, seeds=args.seed)
        )
    return 0


def seed(text: str) -> str:
    """A ``--seed``: ``N`` or ``GAME=N`` (the bot checks the game exists)."""
    if not re.fullmatch(r"([a-z0-9_]+=)?\d{1,18}", text):
        raise argparse.ArgumentTypeError(f"{text!r}: give N or GAME=N, N a number")
    return text


async def run(
    port: int,
    data: Path,
    *,
    fresh: bool = False,
    group_dm: bool = False,
    seeds: list[str] | None = None,
) -> int:
    """Serve until the bot stops or the process is told to stop."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with Playground(
        data, port=port, fresh=fresh, group_dm=group_dm, seeds=tuple(seeds or ())
    ) as play:
        if play.resumed:
            print(f"Resumed the server saved in {data} (--fresh starts anew)", flush=True)
        print(f"Playground ready: open {play.url}  (Ctrl-C to stop)", flush=True)
        waiter = asyncio.create_task(stop.wait())
        await asyncio.wait({waiter, play.bot_exited}, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        if play.bot_exited.done():
            print(f"the bot stopped (exit code {play.bot_exited.result()})", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
