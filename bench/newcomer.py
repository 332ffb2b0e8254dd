"""Can a newcomer beat the computer? Whole games against a level, played as a stranger would.

    python -m bench.newcomer --game G --games N --level easy
        [--player random|coached] [--side S] [--max-clicks 600] [--seed 1]

The real bot logged into the local Discord emulator (loopback only). Alice starts each game
against the computer with the slash command (``/<game> challenge level:L``, with ``side:`` in a
game whose bench module names its ``SIDES``: Gondor's) and plays by pressing only the controls
the bot shows her: her newest DM's moves (My hand's when she has no DM controls; every page of a
long list of moves in her DM, as a player reads them before choosing), picking one uniformly at
random (``random``), and answers a confirmation with its Yes. The ``coached`` player always
takes the coach's suggestion: it waits for the "Play the coach's move" button in her DM and
presses it (switching the coach on first when her DM shows it off, as it is from her fourth game
of a game on), or presses "Coach: play the rest of this phase" where her DM offers it (Gondor's
deployment and movement); where no suggestion comes (the coach failed or was slow), she picks at
random and the game's line counts it.

A game still running after ``max-clicks`` of Alice's clicks is resigned and counts as lost. The
game's result, its turns and the ids of the messages to read are taken from the bot's store;
Alice's choices come only from the messages. Prints each game's figures as it ends (on
stderr), then one line::

    newcomer G L PLAYER: W of N won, median turns T, clicks C, boards without the goal B

``turns``: the game's own (Knightfall rounds, Guardians turns, Gondor Game-Turns) at the end;
``clicks``: the median of Alice's clicks per game (moves, confirmations, page turns, My hand);
``boards without the goal``: of the first messages Alice sees in each game (the channel
board's first version and her first DM's, or My hand's first answer), those with no "Goal" line.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import ai
import bot.flow.lobby
from bench.games import command, part
from discord_emulator import Message, loopback_only
from engines.plugins import plugins
from tests.bot.harness import World, move_controls
from tests.bot.pages import press, read_controls

GAMES = tuple(p.id for p in plugins() if p.seats == "two")
"""The two-player games, each against the computer."""
PLAYERS = ("random", "coached")
SIDES = tuple(side for g in GAMES for side in part(g, "SIDES", ()))
"""Every game's sides (the ``side`` option of its challenge), for ``--side``."""
GOAL = "Goal"
WAIT_TRIES = 50
"""Looks (0.1 s apart) for Alice's controls in a running game before the run fails."""
COACH_MOVE = "co1:"
"""How the id of the coach's move button begins (``bot.surface.custom_ids.COACH_MOVE``)."""
COACH_REST = "co2:"
"""How the id of the coach's rest-of-the-phase button begins (``custom_ids.COACH_REST``)."""
COACH_OFF = "Coach: OFF"


@dataclass
class Outcome:
    """One game's figures."""

    won: bool
    turns: int
    clicks: int
    without_goal: int
    capped: bool
    end: str
    uncoached: int = 0
    """The coached player's moves made without a suggestion (none came)."""
    """How the game ended, as the engine or the bot says."""


@dataclass
class Seen:
    """What Alice has been shown in one game so far."""

    clicks: int = 0
    uncoached: int = 0
    first: list[Message] = field(default_factory=list)
    """The first messages she saw: the board and her first controls, each in its first version."""


def first_version(message: Message) -> Message:
    """The message as first shown: a copy, as an edit changes the live message in place."""
    return message.history[0] if message.history else message.snapshot()


async def start(world: World, game_id: str, level: str, side: str | None) -> str:
    """Alice challenges the computer as a player would; the session's id."""
    options = {"side": side} if side and side in part(game_id, "SIDES", ()) else {}
    ix = await world.slash("alice", f"{command(game_id)} challenge", level=level, **options)
    session = await world.live()
    assert session is not None, f"{game_id} did not start: {ix.messages[-1].text()[:200]}"
    return session.id


async def controls(world: World, session, seen: Seen) -> Message | None:
    """Alice's message with moves: her newest DM's, else My hand's answer; None if neither."""
    alice = world.people["alice"]
    message = world.controls_message(alice)
    if message is None:
        message = await world.hand("alice", session)
        seen.clicks += 1
        if not move_controls(message):
            return None
    if len(seen.first) == 1:
        seen.first.append(first_version(message))
    return message


async def random_move(world: World, game_id: str, session, seen: Seen, rng: random.Random) -> bool:
    """Alice presses one of the moves she is shown, uniformly; False if she was shown none."""
    message = await controls(world, session, seen)
    if message is None:
        return False
    alice = world.people["alice"]
    pages = await read_controls(world, alice)  # her DM's moves, every page of them
    if pages is None:  # My hand's answer: one page
        seen.clicks += await world.make_move(alice, message, rng.choice(move_controls(message)))
        return True
    code = rng.choice(sorted(pages.offered))
    seen.clicks += await press(world, pages, code) + pages.turns
    return True


def coach_button(message: Message, kind: str = COACH_MOVE) -> str | None:
    """The id of the coach's move button (or its ``kind``) on a message, if it shows one."""
    ids = (b.custom_id or "" for b in message.buttons() if not b.disabled)
    return next((i for i in ids if i.startswith(kind)), None)


async def coached_move(world: World, game_id: str, session, seen: Seen, rng: random.Random) -> bool:
    """Alice presses the coach's move (switching the coach on if her DM shows it off)."""
    message = await controls(world, session, seen)
    if message is None:
        return False
    switched_off = any(b.label == COACH_OFF for b in message.buttons())
    if coach_button(message) is None and switched_off:
        await world.click("alice", message, message.find_button(COACH_OFF))
        seen.clicks += 1
        message = await controls(world, session, seen)
        if message is None:
            return False
    rest = coach_button(message, COACH_REST)
    if rest is not None:  # the whole routine phase in one click
        await world.click("alice", message, rest)
        seen.clicks += 1
        return True
    suggested = coach_button(message)
    if suggested is None:  # none came (failed or slow): a move like a stranger's
        seen.uncoached += 1
        return await random_move(world, game_id, session, seen, rng)
    alice = world.people["alice"]
    seen.clicks += await world.make_move(alice, message, ("button", suggested, None))
    return True


async def play(
    world: World,
    game_id: str,
    level: str,
    side: str | None,
    seed: int,
    max_clicks: int,
    player: str = "random",
) -> Outcome:
    """One whole game against ``level``, Alice picking among what she is shown as ``player``."""
    move = coached_move if player == "coached" else random_move
    bot.flow.lobby.new_seed = lambda: seed  # a reproducible deal and dice
    sid = await start(world, game_id, level, side)
    rng = random.Random(seed)
    seen = Seen()
    session = await world.bot.store.load(sid)
    seen.first.append(first_version(world.board(session)))
    idle = 0
    while (session := await world.bot.store.load(sid)).status == "active":
        if seen.clicks >= max_clicks:
            await world.resign("alice")
            session = await world.until_ended(sid)
            break
        if await move(world, game_id, session, seen, rng):
            idle = 0
            continue
        idle += 1
        assert idle < WAIT_TRIES, f"{game_id} is running but Alice has no move to make"
        await asyncio.sleep(0.1)
    alice = session.seat_of(world.people["alice"].id)
    game = session.game
    won = game.is_over and game.result is not None and game.result.winners == [alice]
    state = game.state
    turns = int(getattr(state, "round", None) or state.turn)
    missing = sum(GOAL not in m.text() for m in seen.first)
    end = game.result.summary if game.result is not None else str(session.end_reason)
    capped = not game.is_over
    return Outcome(won, turns, seen.clicks, missing, capped, end, seen.uncoached)


def line(game_id: str, level: str, player: str, side: str | None, results: list[Outcome]) -> str:
    """The run's one line (and the count of games stopped at the cap, if any)."""
    name = f"{game_id} ({side})" if side else game_id
    won = sum(r.won for r in results)
    turns = statistics.median(r.turns for r in results)
    clicks = statistics.median(r.clicks for r in results)
    boards = sum(r.without_goal for r in results)
    text = (
        f"newcomer {name} {level} {player}: {won} of {len(results)} won, median turns {turns:g},"
        f" clicks {clicks:g}, boards without the goal {boards}"
    )
    capped = sum(r.capped for r in results)
    uncoached = sum(r.uncoached for r in results)
    text += f"\n({capped} of them resigned at the cap on clicks)" if capped else ""
    return text + (f"\n({uncoached} moves made without a suggestion)" if uncoached else "")


async def run(
    game_id: str,
    games: int,
    level: str,
    side: str | None,
    seed: int,
    max_clicks: int,
    player: str = "random",
) -> list[Outcome]:
    """Play ``games`` games, seeds ``seed``, ``seed + 1``, ...; their outcomes."""
    with loopback_only(), tempfile.TemporaryDirectory() as tmp:
        world = await World.create(Path(tmp) / "bench.sqlite3")
        await world.start_bot()
        try:
            results = []
            for n in range(games):
                outcome = await play(world, game_id, level, side, seed + n, max_clicks, player)
                results.append(outcome)
                print(f"game {n + 1}: {results[-1]}", file=sys.stderr, flush=True)
            return results
        finally:
            await world.close()


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, required=True)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--level", choices=ai.LEVELS, default="easy")
    parser.add_argument("--player", choices=PLAYERS, default="random")
    parser.add_argument("--side", choices=SIDES, help="Alice's side, in a game with sides")
    parser.add_argument("--max-clicks", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    side = args.side or part(args.game, "NEWCOMER_SIDE")
    results = asyncio.run(
        run(args.game, args.games, args.level, side, args.seed, args.max_clicks, args.player)
    )
    print(line(args.game, args.level, args.player, side, results), flush=True)


if __name__ == "__main__":
    main()
