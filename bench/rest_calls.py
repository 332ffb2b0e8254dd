"""REST calls per click, by game and by route: what a click costs against Discord's rate limits.

    python -m bench.rest_calls [--games 3] [--game G]

Plays whole games of every game through the real bot logged into the local Discord emulator,
with the players of ``bench.click_counts`` (random moves among those the bot shows; a game's
``Scripted`` players follow a plan, as Gondor's do), and counts the bot's requests from the
moment the game is running until it ended (its result posted included) with the emulator's
per-route counters. Every request counts: the interaction callbacks, board and DM edits, new
DMs, follow-ups, My hand answers, page turns. Divided by the move clicks (a confirmation's Yes
counts as a click).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bench.click_counts import Counts, scripted_players, start
from discord_emulator import loopback_only
from engines.plugins import game_ids
from tests.bot.harness import World, move_controls

MAX_CLICKS = 600
"""A random Guardians game may wander; a game is cut here (its calls so far still count)."""


@dataclass
class Tally:
    """One game's clicks and the requests they cost, by route."""

    clicks: int = 0
    routes: Counter[str] = field(default_factory=Counter)


async def play(world: World, game_id: str, rng: random.Random) -> Tally:
    """One whole game (or ``MAX_CLICKS`` of it), its requests counted from the first board on."""
    await start(world, game_id)
    session = await world.live()
    assert session is not None, f"{game_id} did not start"
    since = len(world.emu.requests)
    tally = Tally()
    scripted = scripted_players(game_id)
    while (session := await world.bot.store.load(session.id)).status == "active":
        if tally.clicks >= MAX_CLICKS:
            await world.end_game()
            break
        if scripted is not None:
            counts = Counts()
            await scripted.move(world, session, counts)
            tally.clicks += counts.clicks
            continue
        seat = rng.choice(session.game.to_act())
        user = world.user(session, seat)
        board = world.board(session)
        message = board if move_controls(board) else world.controls_message(user)
        if message is None:
            message = await world.hand(user.name, session)
        tally.clicks += await world.make_move(user, message, rng.choice(move_controls(message)))
    await world.quiesce()
    tally.routes = world.emu.calls_by_route(since)
    return tally


async def run(games: int, only: str | None) -> None:
    """Play ``games`` games of each game; print calls per click by game, then by route."""
    with loopback_only(), tempfile.TemporaryDirectory() as tmp:
        world = await World.create(Path(tmp) / "bench.sqlite3")
        await world.start_bot()
        by_game: dict[str, Tally] = {}
        try:
            for game_id in [only] if only else game_ids():
                rng = random.Random(2026)
                total = Tally()
                for _ in range(games):
                    tally = await play(world, game_id, rng)
                    total.clicks += tally.clicks
                    total.routes += tally.routes
                by_game[game_id] = total
        finally:
            await world.close()
    print("| game | games | clicks | REST calls | calls per click |")
    print("|---|---|---|---|---|")
    for game_id, t in by_game.items():
        calls = sum(t.routes.values())
        row = [game_id, str(games), str(t.clicks), str(calls), f"{calls / max(1, t.clicks):.2f}"]
        print("| " + " | ".join(row) + " |")
    routes = sorted({r for t in by_game.values() for r in t.routes})
    print("\nPer click, by route:\n")
    print("| route | " + " | ".join(by_game) + " |")
    print("|---|" + "---|" * len(by_game))
    for route in routes:
        cells = [f"{t.routes[route] / max(1, t.clicks):.2f}" for t in by_game.values()]
        print(f"| `{route}` | " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", choices=game_ids())
    args = parser.parse_args(argv)
    asyncio.run(run(args.games, args.game))


if __name__ == "__main__":
    main()
