"""How good are the coach's Guardian challenges? Measured over policy games.

    python -m bench.guardians_challenge [--games 20] [--first 7000]

Each game (seed ``first + g``) is played by the game's policy on both sides. At every position
where a challenge of the Guardian is among the legal moves, the coach (``ai.suggest``'s search
at the coach's budget, from what the seat knows) suggests a move. A suggested challenge is then
played out on the real game, the challenger by the coach and the Guardian's side by ``normal``,
to its end: it *kills* the Guardian or *fails* (the creature is lost, the Guardian wounded).
Each position is also judged by a longer look (``hard``'s playouts to the end of the game, a
win or a loss, on ``--samples`` common samples): the suggested move against the best other move
of the coach's search. Prints a line per position and the totals (docs/design/ai.md, "The coach").
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, replace

from ai.levels import coach_level, get_level
from ai.search import search, values_on_samples
from engines.base import Action
from engines.guardians import Guardians
from engines.guardians import actions as ga

GAME = "guardians"


@dataclass
class Seen:
    """One position with a challenge among the legal moves."""

    challenged: bool
    killed: bool = False
    shield_lost: bool = False  # a failed challenge with the Shield's last creature
    claims_win: bool = False  # the coach's reason says the challenge wins
    gap: float = 0.0  # the coach's search: the suggestion's value less the best other move's
    regret: float = 0.0  # the longer look: the best other move's value less the suggestion's


def challenge_over(game: Guardians, seat: int, seed: int) -> bool:
    """Play the challenge out (the coach for ``seat``, ``normal`` for the Guardian): killed?"""
    foe = 1 - seat
    step = 0
    while game.state.challenge is not None and not game.is_over:
        who = game.to_act()[0]
        lvl = coach_level(GAME) if who == seat else get_level("normal", GAME)
        game.apply(who, search(game, who, lvl, seed + step).action)
        step += 1
    return game.state.seats[foe].vitality <= 0


def judge(game: Guardians, seat: int, seed: int, samples: int) -> Seen:
    """The coach's suggestion at one position, its outcome and its regret."""
    found = search(game, seat, coach_level(GAME), seed)
    move = found.action
    others = [m for m in found.moves if m.action != move]
    seen = Seen(challenged=isinstance(move, ga.ChallengeWith))
    if seen.challenged:
        trial = Guardians(game.state.model_copy(deep=True))
        reason = game.suggestion_reason(seat, move) or ""
        seen.claims_win = "you win" in reason
        lost = trial.state.seats[seat].shields_lost
        trial.apply(seat, move)
        seen.killed = challenge_over(trial, seat, seed)
        seen.shield_lost = trial.state.seats[seat].shields_lost > lost
    if others:
        top = max(others, key=lambda m: m.value)
        best: Action = top.action
        seen.gap = next(m.value for m in found.moves if m.action == move) - top.value
        lvl = replace(get_level("hard", GAME), horizon=None)
        mine, alt = values_on_samples(game, seat, [move, best], lvl, seed + 7, samples)
        seen.regret = alt - mine
    return seen


def run(first: int, games: int, samples: int) -> list[Seen]:
    """Every challenge position of ``games`` policy games, judged."""
    out: list[Seen] = []
    for seed in range(first, first + games):
        game = Guardians.new(2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act()[0]
            if any(isinstance(a, ga.ChallengeWith) for a in game.legal_actions(seat)):
                seen = judge(game, seat, seed * 1000 + len(out), samples)
                out.append(seen)
                print(seed, seen, flush=True)
            game.apply(seat, game.rollout_action(seat, rng))
    return out


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, measure and print the totals."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=7000)
    parser.add_argument("--samples", type=int, default=32)
    args = parser.parse_args(argv)
    seen = run(args.first, args.games, args.samples)
    suggested = [s for s in seen if s.challenged]
    failed = [s for s in suggested if not s.killed]
    worse = [s for s in seen if s.regret > 0.02]
    claims = [s for s in suggested if s.claims_win]
    print(
        f"positions {len(seen)}; challenge suggested {len(suggested)}; of those failed "
        f"{len(failed)} ({sum(s.shield_lost for s in failed)} losing the Shield); the reason "
        f"claims a win {len(claims)} times, {sum(not s.killed for s in claims)} of them "
        f"failed; mean gap in the coach's search over the best other move "
        f"{sum(s.gap for s in suggested) / max(1, len(suggested)):.3f}; "
        f"the longer look prefers another move by over 0.02 at {len(worse)} "
        f"({sum(s.challenged for s in worse)} of them challenges); mean regret of a failed "
        f"challenge {sum(s.regret for s in failed) / max(1, len(failed)):.3f}"
    )


if __name__ == "__main__":
    main()
