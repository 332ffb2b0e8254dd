"""Whole Guardians and Gondor games against the computer at each level, through the real bot.

    python -m bench.computer_games [--game guardians] [--level easy] [--seed 132]

The real bot logged into the local Discord emulator; Alice plays one seat with the controls the
bot gives her, as tests/bot/test_discord_computer_games.py's player does (Guardians: the game's
own quick policy, on what she can see; Gondor: the plan of tests/bot/gondor_players.py), and
the computer plays the other at the level, off the event loop, to the end of the game. Prints
Alice's clicks, the computer's moves, how the game ended and the wall time of each game. The
test plays one level, part of a game; the browser test (tests/playground/
test_browser_first_games.py) plays whole games against the default level.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

import ai
import bot.flow.lobby
from discord_emulator import loopback_only
from engines.gondor import Gondor
from engines.guardians import Guardians
from tests.bot.gondor_players import Player
from tests.bot.gondor_table import press, read_controls
from tests.bot.harness import World, move_controls
from tests.bot.test_discord_guardians import choose, code_of

GAMES = ("guardians", "gondor")
MAX_CLICKS = {"guardians": 700, "gondor": 900}
GONDOR_SIDE = {"easy": "westernesse", "normal": "sauron", "hard": "westernesse"}


async def guardians_click(world: World, session, alice: int, rng: random.Random) -> None:
    """Alice plays the game's own policy on what she can see, by the control naming it."""
    user = world.user(session, alice)
    message = world.controls_message(user) or await world.hand(user.name, session)
    controls = move_controls(message)
    wanted = Guardians.encode(session.game.resample(alice, rng).rollout_action(alice, rng))
    control = next((c for c in controls if code_of(c) == wanted), None)
    await world.make_move(user, message, control or choose(rng, controls))


async def play(world: World, game_id: str, level: str) -> str:
    """One whole game against ``level``; its table row."""
    options = {"side": GONDOR_SIDE[level]} if game_id == "gondor" else {}
    started = time.monotonic()
    await world.slash("alice", f"{game_id} challenge", level=level, **options)
    session = await world.live()
    assert session is not None, f"{game_id} did not start"
    (computer,) = session.computer_seats
    alice = 1 - computer
    player = Player(GONDOR_SIDE[level])
    rng = random.Random(level)
    clicks = 0
    while (session := await world.bot.store.load(session.id)).status == "active":
        assert clicks < MAX_CLICKS[game_id], f"{game_id} did not end"
        if game_id == "gondor":
            seen = await read_controls(world, world.user(session, alice))
            assert seen is not None, "alice must act but has no controls"
            await press(
                world, seen, Gondor.encode(player.choose(session.game.view(alice), seen.actions()))
            )
        else:
            await guardians_click(world, session, alice, rng)
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
