"""How many clicks a game takes, how many screens offer a single move, how many DMs arrive.

    python -m bench.click_counts [--games 3] [--game G]

Plays whole games through the real bot logged into the local Discord emulator, with scripted
players who read only what the bot shows them (the moves on the board, in their DM or behind
My hand) and pick among them at random; a game whose bench module (``bench/<game id>_bench.py``)
has ``Scripted`` players has them follow a plan instead (Gondor's, turning the pages of the
long lists of moves they may choose from), and a game it says random
clicks may not end (``WANDERS``) is left out. Counts per game: clicks, screens that offered
exactly one move, page turns, and new DMs per player (edits of an existing DM do not notify, so
they don't count). For scripted players it also prints the clicks and page turns by phase and
kind of move, most first.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.games import command, part, players
from discord_emulator import loopback_only
from engines.plugins import game_ids
from tests.bot.harness import World, move_controls


def games() -> tuple[str, ...]:
    """The games played: every game but those random clicks may not end."""
    return tuple(g for g in game_ids() if not part(g, "WANDERS", False))


MAX_CLICKS = 2000


@dataclass
class Counts:
    """One game's figures."""

    clicks: int = 0
    single: int = 0
    pages: int = 0
    dms: dict[str, int] = field(default_factory=dict)
    by_kind: Counter[tuple[str, str]] = field(default_factory=Counter)
    """Clicks per (phase or decision, kind of move)."""
    pages_by_kind: Counter[tuple[str, str]] = field(default_factory=Counter)


async def start(world: World, game_id: str) -> None:
    """Start a game in the world's channel as a player would: a duel accepted, or a solo start."""
    group = command(game_id)
    if players(game_id) == 1:
        await world.slash("alice", f"{group} start")
        return
    await world.slash("alice", f"{group} challenge", opponent=world.people["bob"])
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))


async def play(world: World, game_id: str, rng: random.Random) -> Counts:
    """One whole game; returns its counts."""
    before = {n: len(world.emu.dm_messages(u)) for n, u in world.people.items()}
    await start(world, game_id)
    session = await world.live()
    assert session is not None, f"{game_id} did not start"
    counts = Counts()
    scripted = scripted_players(game_id)
    while (session := await world.bot.store.load(session.id)).status == "active":
        assert counts.clicks < MAX_CLICKS, f"{game_id} did not end"
        if scripted is not None:
            await scripted.move(world, session, counts)
            continue
        seat = rng.choice(session.game.to_act())
        user = world.user(session, seat)
        board = world.board(session)
        message = board if move_controls(board) else world.controls_message(user)
        if message is None:
            message = await world.hand(user.name, session)
        options = move_controls(message)
        counts.single += len(options) == 1
        counts.clicks += await world.make_move(user, message, rng.choice(options))
    counts.dms = {
        world.people[n].name: len(world.emu.dm_messages(world.people[n])) - before[n]
        for n in ("alice", "bob")
        if session.seat_of(world.people[n].id) is not None
    }
    return counts


def scripted_players(game_id: str) -> Any:
    """The game's planned players (its bench module's ``Scripted``), or None: random clicks.

    ``await players.move(world, session, counts)``: the seat to act makes its next move.
    """
    cls = part(game_id, "Scripted")
    return None if cls is None else cls()


async def run(games: int, only: str | None) -> None:
    """Play ``games`` games of each game and print a table."""
    with loopback_only(), tempfile.TemporaryDirectory() as tmp:
        world = await World.create(Path(tmp) / "bench.sqlite3")
        await world.start_bot()
        try:
            print("| game | games | clicks per game | single-move screens | new DMs per player |")
            print("|---|---|---|---|---|")
            for game_id in [only] if only else games():
                rng = random.Random(2026)
                results = [await play(world, game_id, rng) for _ in range(games)]
                clicks = statistics.mean(r.clicks for r in results)
                single = sum(r.single for r in results) / max(1, sum(r.clicks for r in results))
                dms = [d for r in results for d in r.dms.values()]
                per_player = f"{statistics.mean(dms):.1f}" if dms else "0"
                pages = statistics.mean(r.pages for r in results)
                turns = f" (+ {pages:.0f} page turns)" if pages else ""
                row = [game_id, str(games), f"{clicks:.1f}{turns}", f"{single:.0%} of clicks"]
                row.append(per_player)
                print("| " + " | ".join(row) + " |")
                if any(r.by_kind for r in results):  # scripted players: by kind of move
                    breakdown(results)
        finally:
            await world.close()


def breakdown(results: list[Counts]) -> None:
    """Clicks and page turns per game by phase (or decision) and kind of move, most first."""
    clicks: Counter[tuple[str, str]] = sum((r.by_kind for r in results), Counter())
    pages: Counter[tuple[str, str]] = sum((r.pages_by_kind for r in results), Counter())
    n = len(results)
    print("\n| phase or decision | kind of move | clicks per game | page turns per game |")
    print("|---|---|---|---|")
    for key in sorted(clicks.keys() | pages.keys(), key=lambda k: -(clicks[k] + pages[k])):
        print(f"| {key[0]} | {key[1]} | {clicks[key] / n:.1f} | {pages[key] / n:.1f} |")


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", choices=games())
    args = parser.parse_args(argv)
    asyncio.run(run(args.games, args.game))


if __name__ == "__main__":
    main()
