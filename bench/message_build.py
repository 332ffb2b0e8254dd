"""CPU of building a click's messages: the board and each person's DM, as a click builds them.

    python -m bench.message_build [--game G] [--positions 40] [--reps 5] [--calls]

On seeded random games, each position restored from its JSON as a click loads it: the parts
worked out as the turn does (``presenter.prepare``, timed apart: it runs off the event loop),
then on the event loop the board and each person's private message (``presenter.board``,
``presenter.private``), their request's keyword arguments, digest and components as
discord.py serialises them (``to_components``, then the JSON of the payload). Pictures are
not drawn: their view is pickled and keyed as the bot does, the PNG left out. ``--calls``
counts, per position, the engine's views and legal moves, the parts, digests and the
discord.py items built (a cProfile of the same work).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import discord

import engines
from bench.games import command
from bot.storage.store import Seat, Session
from bot.surface import presenter, render_pool
from bot.surface.render_pool import Picture, pickled

RECENT = ["Player 1 moved.", "Player 2 moved.", "Player 1 played a card.", "Player 2 passed."]
GAMES = {command(g): g for g in engines.game_ids()}
"""The engines by the load test's names for them (their slash groups)."""
COUNTED = {  # what --calls counts besides the engine's: a label and a function's file and name
    "prepare": ("presenter.py", "prepare"),
    "board": ("presenter.py", "board"),
    "private": ("presenter.py", "private"),
    "digest": ("presenter.py", "digest"),
    "ui.Button()": ("ui/button.py", "__init__"),
    "ui.Select()": ("ui/select.py", "__init__"),
    "View.to_components": ("ui/view.py", "to_components"),
}


class _Undrawn:
    """A render pool that keys each view as the bot's does and draws nothing."""

    async def picture(self, game_id: str, view: Mapping[str, Any]) -> Picture:
        _, key = pickled(game_id, view)
        return Picture(b"\x89PNG", "A picture.", key)


def positions(game_id: str, count: int, seed: int = 1) -> list[str]:
    """The states of ``count`` positions of seeded random games, spread over each game."""
    cls = engines.get_game(game_id)
    rng = random.Random(seed)
    states: list[str] = []
    g = 0
    while len(states) < count:
        game = cls.new(cls.min_players, seed=1000 + g)
        g += 1
        while not game.is_over and len(states) < count:
            if rng.random() < 0.25:
                states.append(game.to_json())
            seat = rng.choice(game.to_act())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    return states


def session(game_id: str, state: str) -> Session:
    """A running session at ``state``, its players' DMs known, as a click loads it."""
    cls = engines.get_game(game_id)
    now = datetime.now(UTC)
    seats = [
        Seat(seat=i, user_id=100 + i, name=f"Member {i + 1}", dm_channel_id=10 + i)
        for i in range(cls.min_players)
    ]
    return Session(
        "s0001", game_id, 1, 2, 3, "active", None, 7, 42, {}, state, now, now, seats=seats
    )


async def _messages(s: Session) -> None:
    """What the event loop builds for a click: the board, each DM, their requests and digests."""
    chose = frozenset(range(len(s.seats)))
    shown = [await presenter.board(s, RECENT, chose=chose)]
    if not presenter.controls_in_channel(s):
        shown += [await presenter.private(s, x.seat, [], RECENT, chose=chose) for x in s.seats]
    for msg in shown:
        kwargs = msg.kwargs(edit=True, kept={})
        discord.utils._to_json({"components": kwargs["view"].to_components()})
        msg.digest()


async def measure(game_id: str, states: list[str], reps: int) -> tuple[float, float]:
    """CPU ms per position: the parts (off the loop), then the messages (on it)."""
    parts = build = 0.0
    for _ in range(reps):
        for state in states:
            s = session(game_id, state)
            s.game  # noqa: B018 -- loaded with the session, not counted
            t0 = time.process_time()
            presenter.prepare(s)
            t1 = time.process_time()
            await _messages(s)
            t2 = time.process_time()
            parts += t1 - t0
            build += t2 - t1
    n = reps * len(states)
    return parts * 1000 / n, build * 1000 / n


async def calls(game_id: str, states: list[str]) -> dict[str, float]:
    """Calls per position of the functions in ``COUNTED``."""
    profile = cProfile.Profile()
    for state in states:
        s = session(game_id, state)
        s.game  # noqa: B018
        profile.enable()
        presenter.prepare(s)
        await _messages(s)
        profile.disable()
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    cls = engines.get_game(game_id)
    engine = {
        f"Game.{fn}": getattr(cls, fn).__code__ for fn in ("view", "legal_actions", "warnings")
    }
    out = dict.fromkeys([*engine, *COUNTED], 0.0)
    for (path, line, name), (primitive, *_rest) in stats.items():
        for label, code in engine.items():
            if (path, line, name) == (code.co_filename, code.co_firstlineno, code.co_name):
                out[label] += primitive / len(states)
        for label, (suffix, fn) in COUNTED.items():
            if path.endswith(suffix) and name == fn:
                out[label] += primitive / len(states)
    return out


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, measure each game, print a table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--calls", action="store_true")
    args = parser.parse_args(argv)
    render_pool.use(_Undrawn())  # type: ignore[arg-type]
    for name in args.game or list(GAMES):
        game_id = GAMES[name]
        states = positions(game_id, args.positions)
        parts, build = asyncio.run(measure(game_id, states, args.reps))
        print(f"{name}: parts {parts:.3f} ms, messages {build:.3f} ms per position")
        if args.calls:
            counted = asyncio.run(calls(game_id, states))
            print("  " + ", ".join(f"{k} {v:.1f}" for k, v in counted.items()))


if __name__ == "__main__":
    main()
