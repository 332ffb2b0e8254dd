"""CPU per click of a solo game's turn (``bot.flow.turn.play``), as the bot runs it.

    python -m bench.solo_turn [--game G] [--games 30] [--repeat 3] [--profile OUT]

Seeded random games played click by click: each click restores the game from its stored
state (as a load does), plays the move with every move the bot makes after it, and works out
the messages' parts (``presenter.prepare``). Reports CPU ms per click (process time); with
``--profile``, a cProfile of all the clicks is written to OUT. ``--repeat`` plays the same
clicks again: CPU time varies with what else runs on the machine, the least is the likeliest.
"""

from __future__ import annotations

import argparse
import cProfile
import random
import time
from datetime import UTC, datetime

import engines
from bench import message_build
from bot.flow import turn
from bot.storage.models import Session

START = datetime(2026, 12, 7, tzinfo=UTC)


def solo_games() -> list[str]:
    """The games one person plays (started with their default options, as the load test does)."""
    return [g for g in engines.game_ids() if engines.get_game(g).max_players == 1]


def _session(game_id: str, seed: int) -> Session:
    """A new one-player session held in memory (no store), the game's default options."""
    return message_build.session(game_id, engines.get_game(game_id).new(1, seed=seed).to_json())


def run(game_id: str, games: int, profile: cProfile.Profile | None = None) -> list[float]:
    """CPU seconds of each click's turn over ``games`` seeded random games.

    Each click starts from the session as a load gives it (its game restored from the state).
    """
    cls = engines.get_game(game_id)
    spent: list[float] = []
    for g in range(games):
        rng = random.Random(g)
        session = _session(game_id, 1000 + g)
        while session.status == "active":
            seat = rng.choice(session.game.to_act())
            action = rng.choice(session.game.legal_actions(seat))
            loaded = _session(game_id, 1000 + g)
            loaded.state_json, loaded.step = session.state_json, session.step
            t0 = time.process_time()
            if profile is not None:
                profile.enable()
            session = turn.play(loaded, seat, [(action, cls.encode(action))], START).session
            if profile is not None:
                profile.disable()
            spent.append(time.process_time() - t0)
    return spent


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, run, print CPU ms per click."""
    parser = argparse.ArgumentParser(description=__doc__)
    games = solo_games()
    parser.add_argument("--game", default=games[0], choices=games)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", default=None)
    args = parser.parse_args(argv)
    profile = cProfile.Profile() if args.profile else None
    runs = []
    for _ in range(args.repeat):
        spent = run(args.game, args.games, profile)
        runs.append(sum(spent) * 1000 / len(spent))
    if profile is not None:
        profile.dump_stats(args.profile)
    each = " ".join(f"{ms:.3f}" for ms in runs)
    print(f"{args.game}: {len(spent)} clicks, ms CPU per click: least {min(runs):.3f} ({each})")


if __name__ == "__main__":
    main()
