"""Engine time per action: legal_actions then apply, on seeded random games, no store or render.

    python -m bench.engine_step [--game G] [--games 3]

Each action is timed from a fresh copy of the game (as the bot loads it for a click), so no
cache of an earlier call helps; reports median, p95 and the slowest action by type.
"""

from __future__ import annotations

import argparse
import random
import time

import engines
from bench.action_latency import pct
from bench.games import last


def run(game_id: str, games: int) -> dict[str, list[float]]:
    """Seconds per action of ``games`` random games, by action type (and "all")."""
    cls = engines.get_game(game_id)
    times: dict[str, list[float]] = {"all": []}
    for g in range(games):
        rng = random.Random(g)
        game = cls.new(cls.min_players, seed=1000 + g)
        while not game.is_over:
            seat = rng.choice(game.to_act())
            live = cls.from_json(game.to_json())
            t0 = time.perf_counter()
            action = rng.choice(live.legal_actions(seat))
            live.apply(seat, action)
            spent = time.perf_counter() - t0
            times["all"].append(spent)
            times.setdefault(type(action).__name__, []).append(spent)
            game = live
    return times


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, run, print a table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--game",
        default=last(),
        choices=engines.game_ids(),
        help="default: the last game in menu order",
    )
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args(argv)
    times = run(args.game, args.games)
    print(f"{args.game}: {len(times['all'])} actions over {args.games} games")
    print(f"{'action':<16}{'count':>8}{'median ms':>12}{'p95 ms':>10}{'max ms':>10}")
    for key, values in sorted(times.items(), key=lambda kv: -len(kv[1])):
        row = f"{key:<16}{len(values):>8}{pct(values, 0.5):>12.2f}{pct(values, 0.95):>10.2f}"
        print(f"{row}{max(values) * 1000:>10.2f}")


if __name__ == "__main__":
    main()
