"""Time the coach's suggestions (``ai.suggest``) along games, in CPU milliseconds.

    python -m bench.suggest [--game G] [--games 1] [--suggestions 40]

Each game is played by the game's playout policy (seed 7000 + g); at evenly spread decisions
(two legal moves or more) the coach suggests a move for the seat to act, and the CPU time of
each suggestion is counted (``time.process_time``, so a busy machine slows it less than the
wall clock). Prints one line per game: suggestions, median, p95 and the slowest, and how many
came with a reason (target: ~300 ms at most; docs/design/ai.md, "The coach").
"""

from __future__ import annotations

import argparse
import statistics
import time

import engines
from ai.coach import suggest
from bench.games import first
from bench.review import policy_game
from engines.base import Game


def decisions(game_id: str, seed: int) -> list[tuple[Game, int]]:
    """Every decision of a policy game (``bench.review``'s): a copy of the game and the seat."""
    cls = engines.get_game(game_id)
    game = cls.new(cls.min_players, seed=seed)
    found: list[tuple[Game, int]] = []
    for seat, code in policy_game(game_id, seed):
        if len(game.legal_actions(seat)) > 1:
            found.append((game.copy(), seat))
        game.apply(seat, cls.decode(code))
    return found


def time_suggestions(game_id: str, seed: int, count: int) -> tuple[list[float], int]:
    """CPU milliseconds of ``count`` suggestions spread over a game, and how many had a reason."""
    found = decisions(game_id, seed)
    step = max(1, len(found) // count)
    spent: list[float] = []
    reasons = 0
    for k, (game, seat) in enumerate(found[::step][:count]):
        t0 = time.process_time()
        suggestion = suggest(game, seat, seed * 1000 + k)
        spent.append(1000 * (time.process_time() - t0))
        reasons += suggestion.reason is not None
    return spent, reasons


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, play, suggest and print one line per game id."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--game",
        default=first(),
        choices=engines.game_ids(),
        help="default: the first game in menu order",
    )
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--suggestions", type=int, default=40, help="per game")
    args = parser.parse_args(argv)
    spent: list[float] = []
    reasons = 0
    for g in range(args.games):
        times, with_reason = time_suggestions(args.game, 7000 + g, args.suggestions)
        spent += times
        reasons += with_reason
    spent.sort()
    p95 = spent[min(len(spent) - 1, int(0.95 * len(spent)))]
    print(
        f"suggest {args.game}: {len(spent)} suggestions, CPU median "
        f"{statistics.median(spent):.0f} ms, p95 {p95:.0f} ms, max {spent[-1]:.0f} ms, "
        f"{reasons} with a reason"
    )


if __name__ == "__main__":
    main()
