"""How long the bot's handlers hold the event loop, by game, and where that time goes.

    python -m bench.loop_blocking [--games 1] [--game G]

Plays whole games through the real bot logged into the local Discord emulator, with the players
of ``bench.rest_calls`` (random moves among those the bot shows; Gondor's follow a plan;
Guardians is cut at 600 clicks), and times every callback of the event loop in the loop
thread's CPU time (``tests/bot/loop_watch.py``). Counts only the bot's callbacks (its tasks and
discord.py's), not the emulator's nor the players'. Prints, per game, the bot's callbacks over
10 ms and 50 ms and the longest, then the slowest ones with where the loop was sampled during
them: the innermost function of ``bot/`` and the innermost of the project.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
from collections import Counter
from pathlib import Path

from bench.rest_calls import play
from discord_emulator import loopback_only
from engines.plugins import game_ids
from tests.bot.harness import World
from tests.bot.loop_watch import LIMIT, Call, CallbackWatch

SHOW = 5  # slowest callbacks listed per game


async def run(games: int, only: str | None) -> dict[str, tuple[int, CallbackWatch]]:
    """Play ``games`` games of each game, each under its own watch."""
    found: dict[str, tuple[int, CallbackWatch]] = {}
    with loopback_only(), tempfile.TemporaryDirectory() as tmp:
        world = await World.create(Path(tmp) / "bench.sqlite3")
        await world.start_bot()
        try:
            for game_id in [only] if only else game_ids():
                rng = random.Random(2026)
                clicks = 0
                with CallbackWatch(sample=True) as watch:
                    for _ in range(games):
                        clicks += (await play(world, game_id, rng)).clicks
                found[game_id] = (clicks, watch)
        finally:
            await world.close()
    return found


def report(found: dict[str, tuple[int, CallbackWatch]], games: int) -> None:
    """The summary table, then each game's slowest callbacks and where their time went."""
    print(
        "| game | games | clicks | bot callbacks | over 10 ms | over 50 ms | median of those"
        " over 10 ms | longest |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for game_id, (clicks, watch) in found.items():
        slow = [c for c in watch.calls if c.owner == "bot"]
        over = sum(c.cpu > LIMIT for c in slow)
        median = f"{statistics.median(c.cpu for c in slow) * 1000:.0f} ms" if slow else "-"
        longest = f"{watch.longest().cpu * 1000:.0f} ms"
        row = [game_id, str(games), str(clicks), str(watch.count["bot"]), str(len(slow))]
        print("| " + " | ".join([*row, str(over), median, longest]) + " |")
    for game_id, (_, watch) in found.items():
        slow = sorted((c for c in watch.calls if c.owner == "bot"), key=lambda c: -c.cpu)
        print(f"\n{game_id}: the {SHOW} slowest callbacks of the bot")
        for call in slow[:SHOW]:
            print(f"  {call}")
        print(f"{game_id}: samples over all the bot's callbacks over 10 ms, most first")
        for spot, n in spots(slow).most_common(8):
            print(f"  {n:6d}  {spot}")


def spots(calls: list[Call]) -> Counter[str]:
    """Where the loop was found during ``calls``, summed."""
    return sum((c.where for c in calls), Counter())


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--game", choices=game_ids())
    args = parser.parse_args(argv)
    report(asyncio.run(run(args.games, args.game)), args.games)


if __name__ == "__main__":
    main()
