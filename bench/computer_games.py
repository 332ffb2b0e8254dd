"""Whole games against the computer at each level, through the real bot.

    python -m bench.computer_games [--game G] [--level easy] [--seed 132]

The real bot logged into the local Discord emulator; Alice plays one seat with the controls the
bot gives her, as tests/bot/test_discord_computer_games.py's player does, and the computer
plays the other at the level, off the event loop, to the end of the game. The games are those
whose bench module (``bench/<game id>_bench.py``) says how Alice plays (``against_computer``:
Guardians by the game's own quick policy, on what she can see; Gondor by its scripted
players' plan). Prints Alice's clicks, the computer's moves, how the game ended
and the wall time of each game. The test plays one level, part of a game; the browser test
(tests/playground/test_browser_first_games.py) plays whole games against the default level.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import ai
import bot.flow.lobby
from bench.games import command, part
from discord_emulator import loopback_only
from engines.plugins import game_ids
from tests.bot.harness import World

GAMES = tuple(g for g in game_ids() if part(g, "against_computer"))


async def play(world: World, game_id: str, level: str) -> str:
    """One whole game against ``level``; its table row."""
    alice_plays = part(game_id, "against_computer")(level)
    started = time.monotonic()
    await world.slash("alice", f"{command(game_id)} challenge", level=level, **alice_plays.options)
    session = await world.live()
    assert session is not None, f"{game_id} did not start"
    (computer,) = session.computer_seats
    alice = 1 - computer
    clicks = 0
    while (session := await world.bot.store.load(session.id)).status == "active":
        assert clicks < alice_plays.max_clicks, f"{game_id} did not end"
        await alice_plays.click(world, session, alice)
        clicks += 1
    seats = [seat for seat, _, _ in await world.bot.store.action_log(session.id)]
    result = session.game.result.summary if session.game.is_over else session.end_reason
    row = [game_id, level, str(clicks), str(seats.count(computer))]
    return "| " + " | ".join([*row, f"{time.monotonic() - started:.0f} s", result]) + " |"


async def run(games: list[str], levels: list[str], seed: int) -> None:
    """Play each game at each level and print a table."""
    bot.flow.lobby.new_seed = lambda: seed  # the same deal and dice at every level
    with loopback_only(), tempfile.TemporaryDirectory() as tmp:
        world = await World.create(Path(tmp) / "bench.sqlite3")
        await world.start_bot()
        try:
            print("| game | level | Alice's clicks | computer moves | time | end |")
            print("|---|---|---|---|---|---|")
            for game_id in games:
                for level in levels:
                    print(await play(world, game_id, level), flush=True)
        finally:
            await world.close()


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--level", choices=ai.LEVELS)
    parser.add_argument("--seed", type=int, default=132)
    args = parser.parse_args(argv)
    games = [args.game] if args.game else list(GAMES)
    asyncio.run(run(games, [args.level] if args.level else list(ai.LEVELS), args.seed))


if __name__ == "__main__":
    main()
