"""End-to-end action latency: validate + apply, persist to SQLite, render what the bot draws.

    python -m bench.action_latency [--game G] [--games 5]

Plays seeded random games through the real SessionStore on a temporary SQLite file and times
each accepted action the way the bot handles a click (minus Discord's network), then reports
median and p95 for the whole action and for each part.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import engines
from bench.games import first
from bot.storage import database
from bot.storage.position import Position
from bot.storage.store import SessionStore
from render import render_png


def legal_codes(game: engines.Game, seats: int) -> dict[int, list[str]]:
    """Each seat's legal moves, encoded (the bot compares them to see whom a move prompted)."""
    position = Position(game)
    return {s: position.codes(s) for s in range(seats)}


def pct(values: list[float], q: float) -> float:
    """The q-quantile in milliseconds."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def run(game_id: str, games: int) -> dict[str, list[float]]:
    """Time every action of ``games`` random games."""
    cls = engines.get_game(game_id)
    times: dict[str, list[float]] = {"total": [], "engine": [], "persist": [], "render": []}
    with tempfile.TemporaryDirectory() as tmp:
        db = await database.connect(Path(tmp) / "bench.sqlite3")
        store = SessionStore(db)
        n = cls.min_players
        for g in range(games):
            rng = random.Random(g)
            game = cls.new(n, seed=1000 + g)
            session = await store.create(
                game_id=game_id,
                guild_id=1,
                channel_id=100 + g,
                players=[(10 + s, f"p{s}") for s in range(n)],
                seed=1000 + g,
                options={},
                game=game,
                now=datetime.now(UTC),
            )
            while not game.is_over:
                seat = rng.choice(game.to_act())
                action = rng.choice(game.legal_actions(seat))
                code = cls.encode(action)
                t0 = time.perf_counter()
                live = cls.from_json(session.state_json or "")
                before = legal_codes(live, n)
                live.apply(seat, cls.decode(code))
                after = legal_codes(live, n)
                t1 = time.perf_counter()
                session = await store.record_action(
                    session,
                    seat=seat,
                    code=code,
                    game=live,
                    public_events=[],
                    now=datetime.now(UTC),
                    prompted=frozenset(s for s in after if after[s] != before[s]),
                    result=live.result,
                )
                t2 = time.perf_counter()
                board = live.view(None)  # what the bot draws: the board, its close-up, the DM
                render_png(game_id, board)
                if board.get("spotlight"):
                    render_png(game_id, {**board, "focus": board["spotlight"]})
                render_png(game_id, live.view(seat))
                t3 = time.perf_counter()
                game = live
                for key, value in (
                    ("engine", t1 - t0),
                    ("persist", t2 - t1),
                    ("render", t3 - t2),
                    ("total", t3 - t0),
                ):
                    times[key].append(value)
        await db.close()
    return times


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, run, print a table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--game",
        default=first(),
        choices=engines.game_ids(),
        help="default: the first game in menu order",
    )
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args(argv)
    times = asyncio.run(run(args.game, args.games))
    print(f"{args.game}: {len(times['total'])} actions over {args.games} games")
    print(f"{'part':<10}{'median ms':>12}{'p95 ms':>10}")
    for key in ("total", "engine", "persist", "render"):
        print(f"{key:<10}{pct(times[key], 0.5):>12.1f}{pct(times[key], 0.95):>10.1f}")


if __name__ == "__main__":
    main()
