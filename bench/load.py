"""Load test: many servers and games, random clicks at a fixed rate, real bot processes.

    python -m bench.load [--servers 20] [--games 50] [--rate 50] [--seconds 60]
        [--database sqlite|postgres] [--processes 1] [--game gondolin] [--double 0.02]
        [--max-in-flight 50]

The local Discord emulator runs in this process on 127.0.0.1 with ``servers`` servers of
``games`` channels, one member per channel; ``processes`` unchanged bot processes
(``python -m bot``) log into it and share one database (SQLite: one process only; PostgreSQL: a
throwaway durable server, fsync on). Every member starts a solo game (its moves are buttons on
the board), then clicks arrive at ``rate`` per second for ``seconds``: a random member whose
last click is answered presses a random move on their board (a share ``double`` of the clicks
are double clicks: the same button twice at once). Reported: actions/s, time from click to the
acknowledgement and to the updated board (p50/p99), errors, lost and doubled actions (the
accepted clicks against the database's action log), memory of each bot process, and memory per
idle and per active game.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

from bot.errors import StaleButton
from bot.storage.history import FORCED
from bot.surface.inflight import BUSY
from discord_emulator import Channel, DiscordEmulator, Message, User
from discord_emulator.interactions import Interaction
from tests.bot.harness import move_controls

BUSY_PAUSE_S = 2.0
"""How long a member told "busy, try again in a moment" waits before clicking again."""
STALE = StaleButton.LEAD
"""The refusal of a button from an older board (a double click's second press)."""

READY_TIMEOUT_S = 120.0
WATCH_S = 0.005  # how often the driver reads the bot's new requests
RECHECK_S = 0.5  # a waiting click checks its board at least this often
ANSWER_TIMEOUT_S = 120.0
START_CONCURRENCY = 8


@dataclass
class Table:
    """One member's game: their channel and every interaction the driver made there."""

    user: User
    channel: Channel
    busy: bool = False
    presses: list[Interaction] = field(default_factory=list)
    asked: set[int] = field(default_factory=set)  # presses answered with a question

    def outcomes(self) -> list[str]:
        """Each press: "accepted" (no refusal came), "refused" (a stale button), "busy" (the
        process was full and said so at once) or the error.

        Read once the bot is quiet: a click the bot applied gets no message of its own (its
        answer is the updated board), a refused one an ephemeral.
        """
        found = []
        for ix in self.presses:
            notes = [m.content for m in ix.messages if m.ephemeral]
            if ix.late:
                found.append("late acknowledgement")
            elif ix.id in self.asked:  # its "Yes" is a press of its own (the question
                found.append("asked")  # itself then reads "Done.", without buttons)
            elif not notes or notes == ["Done."]:  # "Done.": a confirmed move
                found.append("accepted")
            elif any(STALE in n for n in notes):
                found.append("refused")
            elif notes == [BUSY]:
                found.append("busy")
            else:
                found.append(f"error: {notes[0][:80]}")
        return found


@dataclass
class Measures:
    """Everything the run measured."""

    ack: list[float] = field(default_factory=list)
    updated: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    doubles: int = 0
    clicks: int = 0
    cpu: list[tuple[float, float]] = field(default_factory=list)  # bots' then the driver's


def board_of(emu: DiscordEmulator, table: Table) -> Message | None:
    """The newest message in the table's channel with moves on it."""
    for message in reversed(emu.channel_messages(table.channel)):
        if message.author_id == emu.bot_user.id and move_controls(message):
            return message
    return None


def confirmation(ix: Interaction) -> str | None:
    """The custom_id of the "Yes" button if the bot asked to confirm the move."""
    for message in ix.messages:
        for button in message.buttons():
            if (button.custom_id or "").startswith("ok1:"):
                return button.custom_id
    return None


def step_of(custom_id: str) -> int:
    """The game step a move control was drawn for (``g1:<session>:<step>:<code>``)."""
    return int(custom_id.split(":")[2])


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far, in seconds (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """The processes a process started, and theirs (a bot's render and computer workers)."""
    found: list[int] = []
    for children in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(FileNotFoundError):
            for child in map(int, children.read_text().split()):
                found += [child, *descendants(child)]
    return found


def cpu_use(pids: list[int]) -> list[tuple[float, float]]:
    """CPU seconds so far of each bot process and of its workers; the driver's is last."""
    used = [(cpu_seconds(p), sum(cpu_seconds(c) for c in descendants(p))) for p in pids]
    return [*used, (time.process_time(), 0.0)]


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) in milliseconds; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


TOUCHED = re.compile(r"/channels/(\d+)/|/(?:interactions/\d+|webhooks/\d+)/([^/]+)")


class Watcher:
    """Wakes a waiting click when the bot touches its channel or its interactions.

    Polling every waiting click's board would cost the driver CPU in proportion to the backlog
    (and take it from the bot on the same machine); this reads only the bot's new requests.
    """

    def __init__(self, emu: DiscordEmulator) -> None:
        self.emu = emu
        self.seen = 0
        self.waiting: dict[str, asyncio.Event] = {}

    async def run(self) -> None:
        """Until cancelled: set the event of every channel or token a new request names."""
        while True:
            requests = self.emu.requests
            for record in requests[self.seen :]:
                found = TOUCHED.search(record.path)
                event = found and self.waiting.get(found.group(1) or found.group(2))
                if event:
                    event.set()
            self.seen = len(requests)
            await asyncio.sleep(WATCH_S)

    async def until(self, keys: list[str], condition: Callable[[], bool], timeout: float) -> None:
        """Wait until ``condition()`` holds, checking it when the bot touched one of ``keys``."""
        event = asyncio.Event()
        for key in keys:
            self.waiting[key] = event
        deadline = time.monotonic() + timeout
        try:
            while not condition():
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"condition still false after {timeout} s")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), min(left, RECHECK_S))
                event.clear()
        finally:
            for key in keys:
                if self.waiting.get(key) is event:
                    del self.waiting[key]


class Load:
    """The emulator, the servers, the bot processes and the clicking members."""

    def __init__(self, args: argparse.Namespace, workdir: Path) -> None:
        self.args = args
        self.workdir = workdir
        self.emu = DiscordEmulator()
        self.tables: list[Table] = []
        self.bots: list[asyncio.subprocess.Process] = []
        self.measures = Measures()
        self.watch = Watcher(self.emu)
        self.database = ""
        self.postgres = None

    # ---- setting up ----------------------------------------------------------------------
    def seed(self) -> None:
        """``servers`` servers with ``games`` channels and one member per channel."""
        for s in range(self.args.servers):
            guild = self.emu.add_guild(f"Server {s}")
            for g in range(self.args.games):
                channel = self.emu.add_text_channel(guild, f"games-{g}")
                user = self.emu.add_user(f"player-{s}-{g}")
                self.emu.add_member(guild, user)
                self.tables.append(Table(user, channel))

    def open_database(self) -> None:
        """A SQLite file in the work folder, or a throwaway durable PostgreSQL server."""
        if self.args.database == "sqlite":
            self.database = str(self.workdir / "load.sqlite3")
            return
        from tests.storage.postgres_server import MISSING, PostgresServer, bin_dir

        path = bin_dir()
        if path is None:
            raise SystemExit(MISSING)
        self.postgres = PostgresServer(path, durable=True)
        self.postgres.start()
        self.database = self.postgres.new_database()

    async def start_bots(self) -> None:
        """``processes`` bot processes splitting the shards, then wait for commands."""
        count = self.args.processes
        key = "DATABASE_PATH" if self.args.database == "sqlite" else "DATABASE_URL"
        for index in range(count):
            env = {
                **os.environ,
                "DISCORD_TOKEN": self.emu.token,
                "DISCORD_API_BASE": self.emu.api_base,
                "DISCORD_GATEWAY_URL": self.emu.gateway_url,
                key: self.database,
                "START_COOLDOWN_SECONDS": "0",
                "MAX_IN_FLIGHT": str(self.args.max_in_flight),
                "LOG_LEVEL": "WARNING",
            }
            if count > 1:
                env |= {"SHARD_COUNT": str(count), "SHARD_IDS": str(index)}
            self.bots.append(
                await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", env=env)
            )
        await self.emu.wait_for(
            lambda: self.emu.connected and self.emu.registered_commands(None),
            timeout=READY_TIMEOUT_S,
        )

    async def start_games(self) -> None:
        """Every member starts a game in their channel."""
        gate = asyncio.Semaphore(START_CONCURRENCY)

        async def start(table: Table) -> None:
            async with gate:
                await self.new_game(table)

        await asyncio.gather(*(start(t) for t in self.tables))

    async def new_game(self, table: Table) -> None:
        """``/<game> start`` and wait for its board."""
        ix = await self.emu.slash(table.user, table.channel, f"{self.args.game} start")
        await ix.done(timeout=ANSWER_TIMEOUT_S)
        await self.emu.wait_for(lambda: board_of(self.emu, table), timeout=ANSWER_TIMEOUT_S)

    # ---- clicking ------------------------------------------------------------------------
    async def click(self, table: Table, rng: random.Random) -> None:
        """One member's click (or double click), timed to the acknowledgement and the board."""
        table.busy = True
        try:
            board = board_of(self.emu, table)
            if board is None:  # the game ended: a new one
                await self.new_game(table)
                return
            kind, custom_id, value = rng.choice(move_controls(board))
            step = step_of(custom_id)
            double = rng.random() < self.args.double
            began = time.perf_counter()
            presses = [
                await (
                    self.emu.click(table.user, board, custom_id)
                    if kind == "button"
                    else self.emu.select(table.user, board, custom_id, [value])
                )
                for _ in range(2 if double else 1)
            ]
            table.presses += presses
            self.measures.clicks += len(presses)
            self.measures.doubles += double
            for ix in presses:
                await ix.done(timeout=ANSWER_TIMEOUT_S)
                self.measures.ack.append(time.perf_counter() - began)
            if any(m.content == BUSY for ix in presses for m in ix.messages):
                await asyncio.sleep(BUSY_PAUSE_S)  # told to try again in a moment: they wait
                return
            keys = [str(table.channel.id), *(ix.token for ix in presses)]
            await self.watch.until(
                keys, lambda: self.answered(table, board, step, presses), ANSWER_TIMEOUT_S
            )
            asked = next((ix for ix in presses if confirmation(ix)), None)
            if asked is not None:  # the player says yes
                table.asked.add(asked.id)
                question = next(m for m in asked.messages if m.buttons())
                yes = await self.emu.click(table.user, question, confirmation(asked) or "")
                table.presses.append(yes)
                await yes.done(timeout=ANSWER_TIMEOUT_S)
                await self.watch.until(
                    [str(table.channel.id), yes.token],
                    lambda: self.answered(table, board, step, [yes]),
                    ANSWER_TIMEOUT_S,
                )
            self.measures.updated.append(time.perf_counter() - began)
        except Exception as exc:  # a measured failure, not a crash of the driver
            self.measures.errors.append(f"{type(exc).__name__}: {exc}"[:120])
        finally:
            table.busy = False

    def answered(self, table: Table, board: Message, step: int, presses: list) -> bool:
        """The board moved past ``step`` (or the game ended), or every press was refused."""
        if all(any(m.ephemeral for m in ix.messages) for ix in presses):
            return True
        now = board_of(self.emu, table)
        if now is None or now.id != board.id:
            return len(board.history) > 0 or now is not None
        return max(step_of(c) for _, c, _ in move_controls(now)) > step

    async def run_clicks(self) -> float:
        """Clicks at ``rate`` per second for ``seconds``; the time it took."""
        rng = random.Random(self.args.seed)
        tasks: set[asyncio.Task[None]] = set()
        interval = 1.0 / self.args.rate
        watching = asyncio.create_task(self.watch.run())
        began = time.perf_counter()
        n = 0
        while (now := time.perf_counter()) - began < self.args.seconds:
            due = began + n * interval
            if now < due:
                await asyncio.sleep(due - now)
            n += 1
            idle = [t for t in self.tables if not t.busy]
            if not idle:
                self.measures.errors.append("every member was waiting for an answer")
                continue
            task = asyncio.create_task(self.click(rng.choice(idle), rng))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        if tasks:
            await asyncio.wait(tasks)
        watching.cancel()
        return time.perf_counter() - began

    # ---- checking ------------------------------------------------------------------------
    async def logged_moves(self) -> dict[int, int]:
        """Chosen (not forced, not bot-level) moves in the database, by channel."""
        sql = "SELECT s.channel_id, a.code FROM actions a JOIN sessions s ON s.id = a.session_id"
        if self.args.database == "sqlite":
            with contextlib.closing(sqlite3.connect(self.database)) as db:
                rows = db.execute(sql).fetchall()
        else:
            db = await asyncpg.connect(self.database)
            try:
                rows = [tuple(r) for r in await db.fetch(sql)]
            finally:
                await db.close()
        counts: dict[int, int] = {}
        for channel_id, code in rows:
            if not code.startswith((FORCED, "!")):
                counts[int(channel_id)] = counts.get(int(channel_id), 0) + 1
        return counts

    async def stop(self) -> None:
        """Stop the bots (SIGINT: they close cleanly), the emulator and the database server."""
        for bot in self.bots:
            if bot.returncode is None:
                bot.send_signal(signal.SIGINT)
        for bot in self.bots:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(bot.wait(), 15)
            if bot.returncode is None:
                bot.kill()
                await bot.wait()
        await self.emu.stop()
        if self.postgres is not None:
            self.postgres.stop()


async def run(args: argparse.Namespace) -> None:
    """Set up, measure, check and print the report."""
    with tempfile.TemporaryDirectory(prefix="tabletop-load-") as tmp:
        load = Load(args, Path(tmp))
        await load.emu.start(0)
        try:
            load.seed()
            load.open_database()
            await load.start_bots()
            pids = [b.pid for b in load.bots]
            base = [rss_mb(p) for p in pids]
            t0 = time.perf_counter()
            await load.start_games()
            started = time.perf_counter() - t0
            idle = [rss_mb(p) for p in pids]
            cpu_before = cpu_use(pids)
            spent = await load.run_clicks()
            await load.emu.settle(quiet=0.5, timeout=60)
            load.measures.cpu = [
                (main - main0, workers - workers0)
                for (main, workers), (main0, workers0) in zip(
                    cpu_use(pids), cpu_before, strict=True
                )
            ]
            active = [rss_mb(p) for p in pids]
            logged = await load.logged_moves()
        finally:
            await load.stop()
    report(args, load, spent, started, logged, base, idle, active)


def report(args, load: Load, spent, started, logged, base, idle, active) -> None:
    """Print one block of figures."""
    m = load.measures
    tables = len(load.tables)
    outcomes = {t.channel.id: t.outcomes() for t in load.tables}
    accepted = refused = busy = lost = doubled = 0
    for channel_id, found in outcomes.items():
        ok = found.count("accepted")
        accepted += ok
        refused += found.count("refused")
        busy += found.count("busy")
        m.errors += [o for o in found if o not in ("accepted", "refused", "busy", "asked")]
        in_db = logged.get(channel_id, 0)
        lost += max(0, ok - in_db)
        doubled += max(0, in_db - ok)
    touched = sum(1 for t in load.tables if t.presses)
    print(
        f"{args.database}, {args.processes} bot process(es), {args.game}:"
        f" {tables} games on {args.servers} servers, started in {started:.0f} s"
    )
    print(
        f"  clicks {m.clicks} in {spent:.0f} s ({m.doubles} double clicks):"
        f" {accepted / spent:.1f} accepted actions/s at an offered {args.rate}/s"
    )
    print(
        f"  click -> acknowledgement p50 {pct(m.ack, 0.5):.0f} ms, p99 {pct(m.ack, 0.99):.0f} ms;"
        f" -> updated board p50 {pct(m.updated, 0.5):.0f} ms, p99 {pct(m.updated, 0.99):.0f} ms"
    )
    print(
        f"  accepted {accepted}, refused {refused} (double clicks' losers), busy {busy} (refused"
        f" at once: more than {args.max_in_flight} in flight), errors {len(m.errors)},"
        f" lost {lost}, doubled {doubled}"
    )
    for error in sorted(set(m.errors))[:5]:
        print(f"    error: {error} (x{m.errors.count(error)})")
    for i, (b, i_mb, a) in enumerate(zip(base, idle, active, strict=True)):
        print(f"  bot process {i}: {b:.0f} MB at start, {i_mb:.0f} MB idle, {a:.0f} MB after")
    if m.cpu and accepted:
        *bots, (driver, _) = m.cpu
        used = ", ".join(
            f"bot process {i} {main / accepted * 1000:.1f} ms + its workers"
            f" {workers / accepted * 1000:.1f} ms"
            for i, (main, workers) in enumerate(bots)
        )
        print(
            f"  CPU per accepted action (clicking and settling): {used};"
            f" the driver and emulator {driver / accepted * 1000:.1f} ms"
        )
    per_idle = (sum(idle) - sum(base)) / tables * 1024
    per_active = (sum(active) - sum(idle)) / max(1, touched) * 1024
    print(
        f"  memory per idle game {per_idle:.1f} KB, per active game {per_active:.1f} KB"
        f" ({touched} games clicked); median ack {statistics.median(m.ack or [0]) * 1000:.0f} ms"
    )


def main(argv: list[str] | None = None) -> None:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--servers", type=int, default=20)
    parser.add_argument("--games", type=int, default=50, help="games (channels) per server")
    parser.add_argument("--rate", type=float, default=50.0, help="clicks per second")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--game", default="gondolin", choices=["gondolin", "galdor"])
    parser.add_argument("--double", type=float, default=0.02, help="share of double clicks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--max-in-flight", type=int, default=50, help="interactions per process (MAX_IN_FLIGHT)"
    )
    args = parser.parse_args(argv)
    if args.database == "sqlite" and args.processes > 1:
        parser.error("several processes need a shared database: --database postgres")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
