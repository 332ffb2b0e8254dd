"""One member floods every heavy command while others play: do the others' clicks stay quick?

    python -m bench.flood [--tables 12] [--rate 6] [--seconds 60] [--every 0.25]
        [--finished 12] [--moves 1000] [--budget SECONDS] [--no-flood]

The local Discord emulator runs in this process on 127.0.0.1 with one server, and one bot
process (``python -m bot``, SQLite, default settings) logs into it, as in ``bench.load``:
``tables`` channels hold games of the load test's mix, clicked at ``rate`` per second for
``seconds`` by their members. Meanwhile one more member floods: every ``every`` seconds, without
waiting for the answers, the next of ``/game replay``, ▶ on a replay, **Animated replay**,
``/game review``, ``/game hint`` and Undo (on his own game of Galdor's Grip), going round
``finished`` finished games of ``REPLAYED`` (Gondor; ``moves`` random moves each, written
through the bot's store before it starts): more games than the bot keeps replays of, so a press
on ▶ rebuilds a game unless the bot refuses it. Their replay messages are posted before the
window, each by another member. ``--budget`` sets HEAVY_BUDGET_SECONDS (e.g. a huge one: no
budget).

Reported: the others' click to acknowledgement (p50, p99, the longest) and to the updated
board or DM, the others' refusals, the flooder's requests by kind and what came of each
(answered; refused by the heavy budget, by the replay cooldown, by the full process), and the
CPU time of the bot and of its workers in the window.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import discord

import engines
from bench.games import command, last
from bench.load import ANSWER_TIMEOUT_S, Load
from bench.load_report import cpu_use, pct, tally
from bot.flow.heavy_budget import EVERYONE, SPENT, UNDER_WAY
from bot.storage.database import connect
from bot.storage.store import SessionStore
from bot.surface.inflight import BUSY
from discord_emulator import Channel, EmulatorError, Interaction, Message, User
from engines.plugins import plugin, plugins
from tests.bot.harness import move_controls

REPLAYED = last()
"""The game of the finished games the flooder replays: the last in menu order (a two-player
game; Gondor's long games are the heaviest replays)."""
UNDONE = next(p.id for p in plugins() if p.seats == "solo" and engines.get_game(p.id).allows_undo)
"""The flooder's own game, where he hints and undoes: the first solo game with Undo."""
KINDS = ("replay", "step", "animation", "review", "hint", "undo")
"""The flooder's requests, in the order he sends them round and round."""
OUTCOMES = {
    SPENT: "refused: budget spent",
    UNDER_WAY: "refused: one under way, one waiting",
    EVERYONE: "refused: too many heavy requests",
    "you can ask for another in": "refused: replay cooldown",
    BUSY: "refused: process full",
}


@dataclass
class Flood:
    """The flooding member, where he floods, and what came of each request."""

    user: User
    own: Channel  # his game of Galdor's Grip (hint, Undo)
    shown: Channel  # the replay messages
    games: list[str]
    replays: list[Message] = field(default_factory=list)
    sent: list[tuple[str, Interaction, float]] = field(default_factory=list)
    answered: list[float] = field(default_factory=list)  # seconds to the first answer
    unsent: Counter[str] = field(default_factory=Counter)

    def outcomes(self) -> Counter[tuple[str, str]]:
        """(kind, outcome) of every request sent."""
        found: Counter[tuple[str, str]] = Counter()
        for kind, ix, _ in self.sent:
            texts = [m.text() for m in ix.messages if m.ephemeral]
            said = next((o for key, o in OUTCOMES.items() for t in texts if key in t), None)
            if ix.late:
                said = "late acknowledgement"
            elif ix.response_type is None:
                said = "no answer"
            found[kind, said or "answered"] += 1
        return found


async def store_finished(database: str, guild_id: int, channel_id: int, players, count, moves):
    """``count`` games of ``REPLAYED``, ``moves`` random moves each, stored finished (resigned)."""
    cls = engines.get_game(REPLAYED)
    db = await connect(database)
    store = SessionStore(db)
    ids = []
    try:
        for n in range(count):
            game = cls.new(2, seed=n, options={})
            rng = random.Random(n)
            log: list[tuple[int | None, str, list[str]]] = []
            while len(log) < moves and not game.is_over:
                seat = min(game.to_act())
                action = rng.choice(game.legal_actions(seat))
                log.append((seat, cls.encode(action), []))
                game.apply_unchecked(seat, action)
            now = discord.utils.utcnow()
            session = await store.create(
                game_id=REPLAYED,
                guild_id=guild_id,
                channel_id=channel_id,
                players=players,
                seed=n,
                options={},
                game=cls.new(2, seed=n, options={}),
                now=now,
            )
            session = await store.record_actions(session, log, game=game, now=now)
            await store.close(session, status="finished", reason="resigned", now=now)
            ids.append(session.id)
    finally:
        await db.close()
    return ids


class FloodRun:
    """``bench.load``'s tables and clicks, and the flooder beside them."""

    def __init__(self, args: argparse.Namespace, workdir: Path) -> None:
        self.args = args
        self.load = Load(load_options(args), workdir)
        self.emu = self.load.emu
        self.flood: Flood | None = None
        self.tasks: set[asyncio.Task[None]] = set()

    async def set_up(self) -> None:
        """Tables, the flooder's channels, the finished games, the bot, every game started."""
        load, emu = self.load, self.emu
        load.seed()
        guild = emu.state.guilds[load.tables[0].channel.guild_id or 0]
        user = emu.add_user("flooder")
        emu.add_member(guild, user)
        own = emu.add_text_channel(guild, "flood-game")
        shown = emu.add_text_channel(guild, "replays")
        other = load.tables[0].members[0].user
        players = [(user.id, user.name), (other.id, other.name)]
        load.open_database()
        games = await store_finished(
            load.database, guild.id, shown.id, players, self.args.finished, self.args.moves
        )
        self.flood = Flood(user, own, shown, games)
        if self.args.budget is not None:
            os.environ["HEAVY_BUDGET_SECONDS"] = str(self.args.budget)
        await load.start_bots()
        await load.start_by_commands()
        await self.answer(emu.slash(user, own, f"{command(UNDONE)} start"))
        for n, sid in enumerate(games):  # each posted by another member (their own budget)
            helper = emu.add_user(f"watcher-{n}")
            emu.add_member(guild, helper)
            ix = await self.answer(emu.slash(helper, shown, "game replay", session=sid))
            await emu.wait_for(lambda ix=ix: any(m.buttons() for m in ix.messages), timeout=120)
            self.flood.replays.append(next(m for m in ix.messages if m.buttons()))

    async def answer(self, sending: Awaitable[Interaction]) -> Interaction:
        ix = await sending
        await ix.done(timeout=ANSWER_TIMEOUT_S)
        return ix

    async def flooding(self) -> None:
        """Until cancelled: the next heavy request every ``every`` seconds, never waiting."""
        flood = self.flood
        assert flood is not None
        n = 0
        while True:
            kind = KINDS[n % len(KINDS)]
            index = (n // len(KINDS)) % len(flood.games)
            n += 1
            send = self.request(kind, index)
            if send is not None:
                began = time.perf_counter()
                try:
                    ix = await send()
                except EmulatorError as exc:  # e.g. the board changed under the press
                    flood.unsent[f"{kind}: {exc}"[:80]] += 1
                else:
                    asyncio.get_running_loop().call_later(self.emu.state.deadline_s, ix.expire)
                    flood.sent.append((kind, ix, began))
                    task = asyncio.create_task(self.timed(ix, began))
                    self.tasks.add(task)
                    task.add_done_callback(self.tasks.discard)
            await asyncio.sleep(self.args.every)

    def request(self, kind: str, index: int) -> Callable[[], Awaitable[Interaction]] | None:
        """How to send the flooder's request of this kind (None: nothing to press)."""
        emu, flood = self.emu, self.flood
        assert flood is not None
        sid, message = flood.games[index], flood.replays[index]
        if kind in ("replay", "review"):
            return lambda: emu.slash(flood.user, flood.shown, f"game {kind}", session=sid)
        if kind == "hint":
            return lambda: emu.slash(flood.user, flood.own, "game hint")
        if kind == "step":
            step = next(
                b.custom_id
                for b in message.buttons()
                if b.label in ("▶", "◀") and not b.disabled and b.custom_id
            )
            return lambda: emu.click(flood.user, message, step)
        if kind == "animation":
            return lambda: emu.click(flood.user, message, message.find_button("Animated replay"))
        board = next(
            (m for m in reversed(emu.channel_messages(flood.own)) if move_controls(m)), None
        )
        if board is None:
            return None
        undo = next((b.custom_id for b in board.buttons() if b.label == "Undo last move"), None)
        custom_id = undo or move_controls(board)[0][1]
        return lambda: emu.click(flood.user, board, custom_id)

    async def timed(self, ix: Interaction, began: float) -> None:
        """The time to the request's answer, unless it failed (no answer by the deadline)."""
        await ix.done(timeout=ANSWER_TIMEOUT_S)
        assert self.flood is not None
        if not ix.failed:
            self.flood.answered.append(time.perf_counter() - began)

    async def answered(self) -> None:
        """Until every request sent was answered, or failed at Discord's deadline.

        Stopping the bot before then cut off the last requests (sent as the window closed) when
        the bot was slow to take them up: they counted as unanswered, not as the bot's fault.
        """
        if self.tasks:
            await asyncio.wait(set(self.tasks))

    async def measure(self) -> tuple[float, list[tuple[float, float]]]:
        """The window: others click, the flooder floods; its length and the CPU used in it."""
        pids = [b.pid for b in self.load.bots]
        before = cpu_use(pids)
        flooding = None if self.args.no_flood else asyncio.create_task(self.flooding())
        spent = await self.clicks()
        if flooding is not None:
            flooding.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await flooding  # raises what ended it early, if anything did
        after = cpu_use(pids)
        used = [(m - m0, w - w0) for (m, w), (m0, w0) in zip(after, before, strict=True)]
        return spent, used

    async def clicks(self) -> float:
        """The others' clicks at ``rate`` per second for ``seconds`` (``bench.load``'s offer);
        the time until the last was answered."""
        load, rng = self.load, random.Random(self.args.seed)
        played = [m for t in load.tables for m in t.members]
        watching = asyncio.create_task(load.watch.run())
        tasks: set[asyncio.Task[None]] = set()
        began, n = time.perf_counter(), 0
        while (now := time.perf_counter()) - began < self.args.seconds:
            due = began + n / self.args.rate
            if now < due:
                await asyncio.sleep(due - now)
            n += 1
            task = load.offer(played, rng)
            if task is not None:
                tasks.add(task)
                task.add_done_callback(tasks.discard)
        if tasks:
            await asyncio.wait(tasks)
        watching.cancel()
        return time.perf_counter() - began


def load_options(args: argparse.Namespace) -> argparse.Namespace:
    """``bench.load``'s options for the others' games: one server, all of them played."""
    return argparse.Namespace(
        servers=1,
        games=args.tables,
        game=None,
        idle=0.0,
        computer=1 / 3,
        processes=1,
        database="sqlite",
        max_in_flight=50,
        sweep=3600.0,
        seed_idle="store",
        seed=1,
        rate=args.rate,
        seconds=args.seconds,
        double=0.0,
    )


def report(run: FloodRun, spent: float, used: list[tuple[float, float]]) -> None:
    """Print the others' latencies and refusals, the flooder's requests, the CPU used."""
    args, m = run.args, run.load.measures
    ack = [v for values in m.ack.values() for v in values]
    updated = [v for values in m.updated.values() for v in values]
    others = tally(run.load.members, {})
    flooding = "no flood" if args.no_flood else f"one member flooding every {args.every} s"
    budget = "default" if args.budget is None else f"{args.budget:g} s"
    replayed = plugin(REPLAYED).title
    print(
        f"{args.tables} games clicked at {args.rate}/s for {spent:.0f} s, {flooding}"
        f" (HEAVY_BUDGET_SECONDS {budget}; {args.finished} finished games of {replayed},"
        f" {args.moves} moves each)"
    )
    print(
        f"  others: {len(ack)} clicks, acknowledgement p50 {pct(ack, 0.5):.0f} ms,"
        f" p99 {pct(ack, 0.99):.0f} ms, longest {pct(ack, 1.0):.0f} ms;"
        f" updated message p50 {pct(updated, 0.5):.0f} ms, p99 {pct(updated, 0.99):.0f} ms;"
        f" refused busy {others.busy}, errors {len(m.errors)}"
    )
    for error in sorted(set(m.errors))[:5]:
        print(f"    error: {error} (x{m.errors.count(error)})")
    flood = run.flood
    if flood is not None and flood.sent:
        found = flood.outcomes()
        print(
            f"  flooder: {len(flood.sent)} requests, first answer p50"
            f" {pct(flood.answered, 0.5):.0f} ms, p99 {pct(flood.answered, 0.99):.0f} ms"
        )
        for kind in KINDS:
            said = {o: n for (k, o), n in found.items() if k == kind}
            print(f"    {kind}: " + ", ".join(f"{n} {o}" for o, n in sorted(said.items())))
        for what, n in flood.unsent.items():
            print(f"    not sent: {what} (x{n})")
    (main, workers), (driver, _) = used[0], used[-1]
    print(
        f"  CPU in the window: bot {main:.1f} s, its workers {workers:.1f} s,"
        f" the driver and emulator {driver:.1f} s ({spent:.0f} s on the clock)"
    )


async def run(args: argparse.Namespace) -> None:
    """Set up, measure, report."""
    with tempfile.TemporaryDirectory(prefix="tabletop-flood-") as tmp:
        flood = FloodRun(args, Path(tmp))
        await flood.emu.start(0)
        try:
            await flood.set_up()
            spent, used = await flood.measure()
            await flood.answered()
            with contextlib.suppress(TimeoutError):  # what the flood left queued may run on
                await flood.emu.settle(quiet=1.0, timeout=60)
        finally:
            await flood.load.stop()
    report(flood, spent, used)


def main(argv: list[str] | None = None) -> None:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=12, help="games the others click")
    parser.add_argument("--rate", type=float, default=6.0, help="the others' clicks per second")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=0.25, help="seconds between floods")
    parser.add_argument("--finished", type=int, default=12, help="finished games to replay")
    parser.add_argument("--moves", type=int, default=1000, help="moves of each finished game")
    parser.add_argument("--budget", type=float, help="HEAVY_BUDGET_SECONDS (default: the bot's)")
    parser.add_argument("--no-flood", action="store_true", help="the others alone, to compare")
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
