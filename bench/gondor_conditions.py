"""Which of Sauron's three conditions (20.1) fail, game by game, and the forces' totals.

    python -m bench.gondor_conditions [--sauron random] [--westernesse easy] [--games 10]
        [--first 0]

Whole engine games (no bot), Sauron in seat 0, seeded as ``bench.ai_strength`` seeds them
(game g: 7000 + g), so a row here is the same game as that bench's. Players: those of
``bench.ai_strength`` (``random``, ``greedy``, ``onestep``, the levels) and ``passive``, a
Westernesse that ends every phase, declines every optional fight and advance, and holds its
oil: the one that does nothing. Prints one line a game (the winner, the conditions that failed:
A the garrison not demoralized, B Sauron demoralized, C the road not his; the garrison's and
Sauron's totals against their levels 36 and 93; CPU seconds), then Sauron's wins.
"""

from __future__ import annotations

import argparse
import random
import time

from bench.ai_strength import play_move
from engines.base import Action, Game
from engines.gondor import Gondor, victory

PASSIVE = (
    "standard_deploy",
    "setup_done",
    "end_phase",
    "move_done",
    "end_segment",
    "stay",
    "siege_stay",
    "no_ladder",
    "leave_oil",
    "hold_oil",
)
"""The passive player's choice, first found first; with none of them, a random legal move."""


def passive(game: Game, seat: int, seed: int) -> Action:
    """The move of a side that does nothing it may leave undone."""
    legal = game.legal_actions(seat)
    for kind in PASSIVE:
        found = next((a for a in legal if a.kind == kind), None)
        if found is not None:
            return found
    return random.Random(seed).choice(legal)


def play(g: int, sauron: str, westernesse: str) -> str:
    """Game ``g`` to its end; its line."""
    game = Gondor.new(2, seed=7000 + g)
    players = (sauron, westernesse)
    step = 0
    t0 = time.process_time()
    while not game.is_over:
        seat = game.to_act()[0]
        seed = g * 100_003 + step
        player = players[seat]
        move = passive(game, seat, seed) if player == "passive" else None
        game.apply(seat, move or play_move(game, seat, player, seed))
        step += 1
    s = game.state
    failed = "".join(
        k for k, ok in zip("ABC", victory.conditions(s).values(), strict=True) if not ok
    )
    return (
        f"game {g}: {s.winner} wins, failed {failed or '-'}, garrison"
        f" {victory.total(s, 'garrison')}/36, Sauron {victory.total(s, 'sauron')}/93,"
        f" {step} moves, {time.process_time() - t0:.1f} s CPU"
    )


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, play the games, print a line each and Sauron's wins."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sauron", default="random")
    parser.add_argument("--westernesse", default="easy")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=0, help="the first game (seed 7000+g)")
    args = parser.parse_args(argv)
    wins = 0
    for g in range(args.first, args.first + args.games):
        line = play(g, args.sauron, args.westernesse)
        wins += "sauron wins" in line
        print(line, flush=True)
    print(
        f"{args.sauron} Sauron vs {args.westernesse} Westernesse: Sauron won {wins} of {args.games}"
    )


if __name__ == "__main__":
    main()
