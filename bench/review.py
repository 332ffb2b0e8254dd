"""Time the computer's review (``/game review``) of whole games, as the bot runs it.

    python -m bench.review [--game G] [--games 1] [--simulations N]

Each game is played to its end by the game's playout policy (seed 7000 + g), then reviewed
chunk after chunk in this one process, as the bot's one worker does (``ai.review``). Reports
moves, reviewed decisions and the seconds a whole review took (target: under 60 s for a game
of Gondor on a 2-core machine; docs/design/ai.md, "Reviews").
"""

from __future__ import annotations

import argparse
import random
import time

import engines
from ai.review import review_chunk
from bench.games import last

CHUNKS = 20


def policy_game(game_id: str, seed: int) -> list[tuple[int, str]]:
    """A whole game's moves, each seat playing its policy's move (seeded)."""
    cls = engines.get_game(game_id)
    game = cls.new(cls.min_players, seed=seed)
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    while not game.is_over:
        seat = game.to_act()[0]
        action = game.rollout_action(seat, rng)
        moves.append((seat, cls.encode(action)))
        game.apply(seat, action)
    return moves


def review(game_id: str, seed: int, moves: list[tuple[int, str]], sims: int | None) -> int:
    """Review the game chunk by chunk; the number of decisions judged."""
    seats = engines.get_game(game_id).min_players
    size = max(1, -(-len(moves) // CHUNKS))
    state, judged = None, 0
    for start in range(0, len(moves), size):
        chunk = review_chunk(
            game_id,
            seats,
            seed,
            {},
            state,
            moves[start : start + size],
            start,
            sims,
            frozenset(range(seats)),
            0.0,
        )
        state, judged = chunk.state_json, judged + len(chunk.judged)
    return judged


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, play, review and print one line per game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--game",
        default=last(),
        choices=engines.game_ids(),
        help="default: the last game in menu order",
    )
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=None)
    args = parser.parse_args(argv)
    for g in range(args.games):
        seed = 7000 + g
        moves = policy_game(args.game, seed)
        t0 = time.perf_counter()
        judged = review(args.game, seed, moves, args.simulations)
        spent = time.perf_counter() - t0
        print(f"{args.game} game {g}: {len(moves)} moves, {judged} decisions, {spent:.1f} s")


if __name__ == "__main__":
    main()
