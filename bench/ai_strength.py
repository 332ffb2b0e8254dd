"""Strength and speed of the computer player: matches between levels and baselines.

    python -m bench.ai_strength [--game G] [--games 20] [--jobs 2]
        [--match hard:random --match hard:greedy --match easy:hard] [--turns K] [--seat S]
        [--first G]

Players: ``random`` (a uniformly random legal move), ``greedy`` (the game's one-move playout
heuristic, ``rollout_action``, on a resampled game so it reads nothing hidden), ``onestep`` (the
literal one-ply greedy player: every legal move tried on one resample and scored by
``Game.evaluate``, a random one of the best) and the levels ``easy``, ``normal`` and ``hard``.
Seats alternate game by game; a draw counts half. The time of every searched move (two or more
legal moves, one the game finds ``worth_search``) is reported as median and p95, and the score
of the first player by seat (``--seat S`` keeps the first player in seat S). Games are played
whole (Gondor too: its 16 Game-Turns are the honest measure); ``--turns K`` is a cheaper
estimate that stops a game once Game-Turn K is over and scores it by ``Game.evaluate``: the side
it favours wins. ``--progress`` prints each game's result as it ends (a whole Gondor game with a
searching side takes minutes). Games are numbered from ``--first`` (default 0; game g is seeded
7000+g), so a second run can add new games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from multiprocessing import Pool

import ai
import engines
from ai.levels import Level
from ai.search import simulate
from bench.games import first as first_game
from engines.base import Action, Game

BASELINES = ("random", "greedy", "onestep")
ONE_PLY = Level("onestep", simulations=1, horizon=0, smart_playouts=False)
"""A simulation that plays the move and scores the position at once (``onestep``)."""


def play_move(game: Game, seat: int, player: str, seed: int) -> Action:
    """The move of ``player`` for ``seat``."""
    rng = random.Random(seed)
    if player == "random":
        return rng.choice(game.legal_actions(seat))
    if player == "greedy":
        return game.resample(seat, rng).rollout_action(seat, rng)
    if player == "onestep":
        return one_step(game, seat, rng)
    return ai.choose(game, seat, player, seed)


def one_step(game: Game, seat: int, rng: random.Random) -> Action:
    """The best move one ply ahead by ``evaluate`` on a resample (it reads nothing hidden).

    The literal "one-ply greedy player" baseline; ``greedy`` is the game's playout policy,
    which in Gondor plans a whole siege and is much the stronger (docs/design/ai.md).
    """
    sample = game.resample(seat, rng)
    legal = sample.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    values = [simulate((sample, 0), seat, action, ONE_PLY) for action in legal]
    best = max(values)
    return rng.choice([a for a, v in zip(legal, values, strict=True) if v == best])


Outcome = tuple[float, list[float], float, int]
"""A game's score for the first player, its move times, its estimate and its seat."""


def play_game(job: tuple[str, str, str, int, int | None, int | None]) -> Outcome:
    """One game; ``first`` sits in ``seat`` (None: seat ``g % 2``)."""
    game_id, first, second, g, turns, seat_of_first = job
    cls = engines.get_game(game_id)
    game = cls.new(2, seed=7000 + g)
    mine = g % 2 if seat_of_first is None else seat_of_first
    players = [first, second] if mine == 0 else [second, first]
    times: list[float] = []
    step = 0
    while not game.is_over:
        if turns is not None and getattr(game.state, "turn", 0) > turns:
            value = game.evaluate(players.index(first))
            return (1.0 if value > 0.5 else 0.0 if value < 0.5 else 0.5), times, value, mine
        seat = game.to_act()[0]
        player = players[seat]
        t0 = time.perf_counter()
        action = play_move(game, seat, player, seed=g * 100_003 + step)
        searched = len(game.legal_actions(seat)) > 1 and game.worth_search(seat)
        if player == first and player not in BASELINES and searched:
            times.append(time.perf_counter() - t0)
        game.apply(seat, action)
        step += 1
    result = game.result
    assert result is not None
    score = 0.5 if not result.winners else float(mine in result.winners)
    return score, times, score, mine


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, play the matches, print one line each."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--game", default=first_game(), help="default: the first game in menu order"
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--match", action="append", help="first:second, e.g. hard:random")
    parser.add_argument("--turns", type=int, default=None, help="stop after this Game-Turn")
    parser.add_argument("--seat", type=int, choices=(0, 1), help="the first player's seat")
    parser.add_argument("--progress", action="store_true", help="print each game as it ends")
    parser.add_argument("--first", type=int, default=0, help="the first game (seed 7000+g)")
    args = parser.parse_args(argv)
    matches = args.match or ["hard:random", "hard:greedy", "easy:hard"]
    with Pool(args.jobs) as pool:
        for match in matches:
            first, second = match.split(":")
            games = range(args.first, args.first + args.games)
            jobs = [(args.game, first, second, g, args.turns, args.seat) for g in games]
            t0 = time.perf_counter()
            outcomes = []
            for g, outcome in zip(games, pool.imap(play_game, jobs), strict=True):
                outcomes.append(outcome)
                if args.progress:
                    lapse = time.perf_counter() - t0
                    print(f"  {match} game {g}: {outcome[0]} ({lapse:.0f} s)", file=sys.stderr)
            spent = time.perf_counter() - t0
            scores = [o[0] for o in outcomes]
            times = [t for o in outcomes for t in o[1]]
            wins, draws = scores.count(1.0), scores.count(0.5)
            line = (
                f"{args.game} {first} vs {second}: {first} scores {sum(scores) / len(scores):.0%}"
                f" ({wins} won, {draws} drawn, {len(scores) - wins - draws} lost of {len(scores)})"
            )
            by_seat = [
                ([o[0] for o in outcomes if o[3] == seat], [o[2] for o in outcomes if o[3] == seat])
                for seat in (0, 1)
            ]
            line += "; by seat " + ", ".join(
                f"{seat}: {sum(s) / len(s):.0%} of {len(s)} (estimate {sum(e) / len(e):.2f})"
                for seat, (s, e) in enumerate(by_seat)
                if s
            )
            if times:
                line += (
                    f"; {first} move median {statistics.median(times):.3f} s,"
                    f" p95 {pct(times, 0.95):.3f} s over {len(times)} moves"
                )
            print(f"{line}; {spent:.0f} s", flush=True)


if __name__ == "__main__":
    main()
