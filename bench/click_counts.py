"""How many clicks a game takes, how many screens offer a single move, how many DMs arrive.

    python -m bench.click_counts [--games 3] [--game knightfall]

Plays whole games through the real bot logged into the local Discord emulator, with scripted
players who read only what the bot shows them (the moves on the board, in their DM or behind
My hand) and pick among them at random; Gondor's players follow a plan instead
(tests/bot/gondor_players.py), turning the pages of the long lists of moves they may choose
from. Counts per game:
clicks, screens that offered exactly one move, page turns, and new DMs per player (edits of an
existing DM do not notify, so they don't count). For Gondor it also prints the clicks and page
turns by phase and kind of move, most first.
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

from bot.games.base import GameCommands
from discord_emulator import loopback_only
from engines.gondor import Gondor
from engines.plugins import plugin
from tests.bot.gondor_players import Player
from tests.bot.gondor_table import press, read_controls, switches
from tests.bot.harness import World, move_controls

GAMES = ("knightfall", "galdors_grip", "gondolin", "gondor")
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
    [group] = [
        cog.app_command.name
        for cog in world.bot.cogs.values()
        if isinstance(cog, GameCommands) and cog.facts.game_id == game_id and cog.app_command
    ]
    if plugin(game_id).seats == "solo":
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
    players = [Player("sauron"), Player("westernesse")]
    while (session := await world.bot.store.load(session.id)).status == "active":
        assert counts.clicks < MAX_CLICKS, f"{game_id} did not end"
        if game_id == "gondor":
            await gondor_move(world, session, players, counts)
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


async def gondor_move(world: World, session, players: list[Player], counts: Counts) -> None:
    """The Gondor player to act reads every page of their DM's moves and makes their plan's."""
    seat = session.game.to_act()[0]
    user = world.user(session, seat)
    state = session.game.state
    where = (state.pending.kind if state.pending else state.phase, "standing")
    message = world.controls_message(user)
    shown = switches(message) if message is not None else {}
    wanted = players[seat].switch(session.game.view(seat), {k: on for k, (_, on) in shown.items()})
    if message is not None and wanted is not None:  # a standing choice, switched once
        await world.click(user.name, message, shown[wanted][0])
        counts.clicks += 1
        counts.by_kind[where] += 1
        return
    seen = await read_controls(world, user, players[seat].opens)
    assert seen is not None, "the player to act has no controls"
    action = players[seat].choose(session.game.view(seat), seen.actions())
    where = (state.pending.kind if state.pending else state.phase, str(action.kind))
    counts.single += len(seen.offered) == 1
    clicks = await press(world, seen, Gondor.encode(action))
    counts.clicks += clicks
    counts.pages += seen.turns
    counts.by_kind[where] += clicks
    counts.pages_by_kind[where] += seen.turns


async def run(games: int, only: str | None) -> None:
    """Play ``games`` games of each game and print a table."""
    with loopback_only(), tempfile.TemporaryDirectory() as tmp:
        world = await World.create(Path(tmp) / "bench.sqlite3")
        await world.start_bot()
        try:
            print("| game | games | clicks per game | single-move screens | new DMs per player |")
            print("|---|---|---|---|---|")
            for game_id in [only] if only else GAMES:
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
                if game_id == "gondor":
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
    parser.add_argument("--game", choices=GAMES)
    args = parser.parse_args(argv)
    asyncio.run(run(args.games, args.game))


if __name__ == "__main__":
    main()
