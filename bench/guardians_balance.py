"""Balance benchmark for Guardians: the two starter decks against each other with random play.

    python -m bench.guardians_balance [--games 400] [--jobs 2] [--seed 0]

Plays seeded games of starter_1 against starter_2 through the engine contract, each seat
choosing uniformly among its legal actions; half the games swap which deck sits in seat 0.
Prints win rates per deck and per seat, draws, how games end (six lands, five Shields, a dead
Guardian, a draw offered and accepted) and game length in turns and actions.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import engines

DECKS = ("starter_1", "starter_2")
ENDINGS = (
    ("all six lands", "six lands"),
    ("Shields are destroyed", "five Shields"),
    ("is dead", "Guardian dead"),
    ("Both sides fall", "both fall"),
    ("offer: a draw", "draw agreed"),
)


@dataclass(frozen=True)
class Outcome:
    first: str  # the deck in seat 0
    winner: str | None  # the winning deck, None for a draw
    ending: str
    turns: int
    actions: int


def ending(summary: str) -> str:
    """How a game ended, from the engine's result summary."""
    return next((name for key, name in ENDINGS if key in summary), f"other: {summary}")


def play_one(seed: int, swap: bool) -> Outcome:
    """One game of uniformly random legal play; ``swap`` puts starter_2 in seat 0."""
    decks = list(reversed(DECKS)) if swap else list(DECKS)
    game = engines.get_game("guardians").new(2, seed=seed, options={"decks": decks})
    rng = random.Random(seed)
    actions = 0
    while not game.is_over:
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        actions += 1
    result = game.result
    assert result is not None
    winner = decks[result.winners[0]] if len(result.winners) == 1 else None
    turns = int(game.view(None).get("turn", 0))
    return Outcome(decks[0], winner, ending(result.summary), turns, actions)


def _batch(args: tuple[int, int]) -> list[Outcome]:
    start, count = args
    return [play_one(10_000 + i, swap=i % 2 == 1) for i in range(start, start + count)]


def run(games: int, jobs: int, seed: int = 0) -> list[Outcome]:
    """Play ``games`` games (seat order alternating) on ``jobs`` processes."""
    chunk = max(2, games // (jobs * 4))
    tasks = [(seed + i, min(chunk, games - i)) for i in range(0, games, chunk)]
    if jobs == 1:
        return [o for t in tasks for o in _batch(t)]
    with ProcessPoolExecutor(jobs) as pool:
        return [o for batch in pool.map(_batch, tasks) for o in batch]


def share(part: int, whole: int) -> str:
    """ "123 (45.6 %)"."""
    return f"{part} ({100 * part / whole:.1f} %)" if whole else "0"


def quantiles(values: list[int]) -> str:
    """Median, p10 and p90 of ``values``."""
    q = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    return f"median {statistics.median(values):.0f} (p10 {q[0]:.0f}, p90 {q[8]:.0f})"


def report(outcomes: list[Outcome]) -> str:
    """The balance table."""
    n = len(outcomes)
    wins = Counter(o.winner for o in outcomes)
    lines = [f"{n} games of uniformly random legal play, seat order alternating"]
    for deck in DECKS:
        seated = [o for o in outcomes if o.first == deck]
        lines.append(
            f"  {deck}: wins {share(wins[deck], n)}; as seat 0 "
            f"{share(sum(o.winner == deck for o in seated), len(seated))}, as seat 1 "
            f"{share(sum(o.winner == deck for o in outcomes if o.first != deck), n - len(seated))}"
        )
    lines.append(f"  draws: {share(wins[None], n)}")
    seat0 = sum(o.winner is not None and o.winner == o.first for o in outcomes)
    lines.append(f"  seat 0 wins: {share(seat0, n)}")
    lines.append("  endings:")
    for name, count in Counter(o.ending for o in outcomes).most_common():
        by = Counter(o.winner or "draw" for o in outcomes if o.ending == name)
        split = ", ".join(f"{d} {c}" for d, c in sorted(by.items()))
        lines.append(f"    {name:<14} {share(count, n):>14}  ({split})")
    lines.append(f"  turns:   {quantiles([o.turns for o in outcomes])}")
    lines.append(f"  actions: {quantiles([o.actions for o in outcomes])}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, play, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0, help="first game number")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    outcomes = run(args.games, args.jobs, args.seed)
    print(report(outcomes))
    print(f"  ({time.perf_counter() - t0:.0f} s on {args.jobs} processes)")


if __name__ == "__main__":
    main()
