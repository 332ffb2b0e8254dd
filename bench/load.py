"""Load test: many servers and a mix of all the games, real bot processes, clicks at a rate.

    python -m bench.load [--servers 20] [--games 50] [--rate 50] [--seconds 60]
        [--mix | --game KIND] [--idle 0.5] [--past-setup]
        [--computer 0.33] [--seed-idle store|bot] [--sweep 10]
        [--database sqlite|postgres] [--processes 1] [--double 0.02] [--max-in-flight 50]
        [--kill-at SECONDS] [--floor]

The local Discord emulator runs in this process on 127.0.0.1 with ``servers`` servers of
``games`` channels, one game each; ``processes`` unchanged bot processes (``python -m bot``)
log into it and share one database (SQLite: one process only; PostgreSQL: a throwaway durable
server, fsync on), each running its share of the shards and the idle sweep every ``sweep`` s.

The games are of every kind in the shares of ``bench.load_tables.MIX`` (``--game`` for one kind,
named by its slash group): solo games, two-player games between two members of the server (each
clicking the controls the bot sends to their DMs) and a share ``computer`` of them against the
computer (it thinks in its worker). A share ``idle`` of the games is never clicked: they are
written into the database through the bot's own store before the bots log in (``--seed-idle
bot``: started by commands like the others). The others are started by their members' commands
(a challenge and its Accept for two members). Then clicks arrive at ``rate`` per second for
``seconds`` (the window the figures measure): a random member who is not waiting for an answer
and has moves presses one of the moves the bot shows them (a share ``double`` are double clicks:
the same control twice at once); a game that ended is started again.

``--past-setup``: before the window, the members of each game whose bench module names a move
that ends a player's set-up in one click (``SETUP_DONE``: Gondor's "Place the rest near the Main
Gate and finish") press it where the bot offers it, side after side, so that the window measures
the game past its set-up (Gondor's siege, not its deployment). A game started again in the
window begins with its set-up.

``--kill-at``: that many seconds into the window bot process 0 is killed (SIGKILL: no clean
shutdown) and started again with the same environment while the clicking goes on. A click
that finds no bot ("This interaction failed" at once) or gets no answer within Discord's 3 s is
made again as a person would: the member looks at what the bot shows them then. A press whose
process was killed before the member saw its answer (the updated board or DM, or a refusal) is
*cut off*: it may be in the log or not. Reported besides: how long the bot was away (from the
kill until its new process logged in), the clicks that found no bot, the presses cut off and
how many of those the log holds ("persisted unseen").

``--floor``: the floor (``bench.floor``: a plain discord.py client whose button edits its
message with a PNG, in a process of its own with an emulator of its own) is pressed at ``rate``
through the same window, and the bot's CPU per action is also given as a multiple of it: both
taken in the same seconds, on the machine in the same state.

After the window every running game of the played tables is checked: a member shown moves the
bot would refuse forever (another session's, or drawn before their seat's choices last
changed) is *stale*, a game offering no member a move within 30 s *stuck* (``load_check``).

Reported: actions/s, click to acknowledgement and to the updated board or DM (p50/p99, in all
and by kind of game), the moves clicked by kind (the first word of their codes), REST calls per
click (the emulator's per-route counters), errors, refusals ("busy"), lost and doubled actions
(each member's accepted clicks in the window against the moves the database's action log gained
in it; a cut-off press may add one move to the log, never two), memory of each bot process and
per game, CPU per action.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bench.floor import READY as FLOOR_READY
from bench.load_check import check_shown, query
from bench.load_report import Measures, Memory, cpu_use, memory, report, tally
from bench.load_seed import seed_idle
from bench.load_tables import (
    KINDS,
    MIX,
    Member,
    Table,
    board_of,
    button_for,
    code_of,
    confirmation,
    controls_of,
    ended,
    layout,
    page_turns,
    step_of,
)
from bot.storage.history import FORCED
from bot.surface.inflight import BUSY
from discord_emulator import BotNotConnected, DiscordEmulator, Interaction, Message
from tests.bot.harness import move_controls

BUSY_PAUSE_S = 2.0
"""How long a member told "busy, try again in a moment" waits before clicking again."""
READY_TIMEOUT_S = 120.0
WATCH_S = 0.005  # how often the driver reads the bot's new requests
RECHECK_S = 0.5  # a waiting click checks its board at least this often
ANSWER_TIMEOUT_S = 120.0
START_CONCURRENCY = 8
TRIES = 8
"""Members a click offered to a waiting member is offered to next, before it is dropped."""


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
        self.envs: list[dict[str, str]] = []
        self.life = 0  # the kills so far: a press remembers the life it was sent in
        self.down = False  # from a kill until the new process logged in
        self.cpu_base: list[tuple[float, float]] = []  # the processes' CPU as the window began
        self.measures = Measures()
        self.watch = Watcher(self.emu)
        self.database = ""
        self.postgres = None

    @property
    def members(self) -> list[Member]:
        """Every member of every table."""
        return [m for t in self.tables for m in t.members]

    # ---- setting up ----------------------------------------------------------------------
    def seed(self) -> None:
        """``servers`` servers of ``games`` channels, each channel's game and its members;
        with several processes the servers are spread evenly over the shards."""
        a = self.args
        shares = {a.game: 1.0} if a.game else MIX
        plans = iter(layout(a.servers * a.games, shares, a.idle, a.computer))
        count = a.processes
        for s in range(a.servers):
            shard = (s % count, count) if count > 1 else None
            guild = self.emu.add_guild(f"Server {s}", shard=shard)
            for g in range(a.games):
                kind, idle, computer = next(plans)
                table = Table(kind, self.emu.add_text_channel(guild, f"games-{g}"), computer, idle)
                for p in range(1 if computer else kind.players):
                    user = self.emu.add_user(f"player-{s}-{g}-{p}")
                    self.emu.add_member(guild, user)
                    table.members.append(Member(user, table))
                self.tables.append(table)

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
                "HOUSEKEEPING_SECONDS": str(self.args.sweep),
                "LOG_LEVEL": "WARNING",
            }
            if count > 1:
                env |= {"SHARD_COUNT": str(count), "SHARD_IDS": str(index)}
            self.envs.append(env)
            self.bots.append(await self.spawn(index))
        await self.emu.wait_for(
            lambda: len(self.emu.shards()) >= count and self.emu.registered_commands(None),
            timeout=READY_TIMEOUT_S,
        )

    async def spawn(self, index: int) -> asyncio.subprocess.Process:
        """Bot process ``index`` started with its environment."""
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=self.envs[index]
        )

    async def kill_and_restart(self, at: float) -> None:
        """At ``at`` (perf_counter) SIGKILL bot process 0, start it again and wait until its
        new process logged in (``Measures.away``); the CPU it used until then is kept."""
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        old = self.bots[0]
        used, used_workers = cpu_use([old.pid])[0]
        base, base_workers = self.cpu_base[0]
        self.cpu_base[0] = (base - used, base_workers - used_workers)
        identified = self.emu.gateway.log.count("IDENTIFY")
        self.life += 1
        self.down = True
        killed = time.perf_counter()
        old.send_signal(signal.SIGKILL)
        await old.wait()
        self.bots[0] = await self.spawn(0)
        await self.emu.wait_for(
            lambda: (
                self.emu.gateway.log.count("IDENTIFY") > identified
                and len(self.emu.shards()) >= self.args.processes
            ),
            timeout=READY_TIMEOUT_S,
        )
        self.down = False
        self.measures.away = time.perf_counter() - killed

    def cpu_spent(self) -> list[tuple[float, float]]:
        """CPU seconds each bot process (and its workers) used since the window began, a
        killed one's included; the driver's last."""
        now = cpu_use([b.pid for b in self.bots])
        return [(m - m0, w - w0) for (m, w), (m0, w0) in zip(now, self.cpu_base, strict=True)]

    async def press(self, send: Callable[[], Awaitable[Interaction]]) -> Interaction | None:
        """Send a click or command; None (counted) if no bot is there to receive it. Unanswered
        within Discord's deadline it fails for the member, as Discord's client shows it."""
        try:
            ix = await send()
        except BotNotConnected:
            self.measures.no_bot += 1
            return None
        asyncio.get_running_loop().call_later(self.emu.state.deadline_s, ix.expire)
        return ix

    def life_of_press(self) -> int:
        """The life a press sent now belongs to (-1 while the bot is away: never answered)."""
        return -1 if self.down else self.life

    def by_commands(self) -> list[Table]:
        """The tables whose games the members start by commands."""
        return [t for t in self.tables if not t.idle or self.args.seed_idle == "bot"]

    async def seed_idle(self) -> None:
        """The idle games into the database, before the bots log in (unless started by
        commands too)."""
        if self.args.seed_idle == "store":
            await seed_idle(self.database, [t for t in self.tables if t.idle])

    async def start_by_commands(self) -> None:
        """Every played table's first member starts its game."""
        gate = asyncio.Semaphore(START_CONCURRENCY)

        async def start(table: Table) -> None:
            async with gate:
                await self.new_game(table)

        await asyncio.gather(*(start(t) for t in self.by_commands()))

    async def new_game(self, table: Table) -> None:
        """The first member starts the table's game (a challenge the second accepts, or one
        against the computer); wait until someone has moves."""
        table.starting = True
        try:
            table.since = len(self.emu.channel_messages(table.channel))
            first, *others = [m.user for m in table.members]
            path = f"{table.kind.name} {'start' if table.kind.players == 1 else 'challenge'}"
            options = {"opponent": others[0]} if others else {}
            while not await self.start_answered(
                await self.press(lambda: self.emu.slash(first, table.channel, path, **options))
            ):
                pass
            if others:
                challenge = await self.emu.wait_for(
                    lambda: self.challenge_of(table), timeout=ANSWER_TIMEOUT_S
                )
                accept = challenge.find_button("Accept")
                while not await self.start_answered(
                    await self.press(lambda: self.emu.click(others[0], challenge, accept))
                ):
                    pass
            await self.emu.wait_for(lambda: self.begun(table), timeout=ANSWER_TIMEOUT_S)
        finally:
            table.starting = False

    async def start_answered(self, ix: Interaction | None) -> bool:
        """The start's command or Accept was answered; False (after a pause) if told "busy",
        or if no bot received it or answered in time: the member tries again."""
        if ix is not None:
            await ix.done(timeout=ANSWER_TIMEOUT_S)
        if ix is None or ix.failed or any(m.content == BUSY for m in ix.messages):
            await asyncio.sleep(BUSY_PAUSE_S)
            return False
        return True

    def challenge_of(self, table: Table) -> Message | None:
        """The challenge posted since the table's start, if it is there yet."""
        for message in self.emu.channel_messages(table.channel)[table.since :]:
            if any(b.label == "Accept" for b in message.buttons()):
                return message
        return None

    async def finish_setups(self) -> None:
        """Every played table whose game ends a set-up in one click (``Kind.setup_done``) is
        taken past its set-up."""
        gate = asyncio.Semaphore(START_CONCURRENCY)

        async def finish(table: Table) -> None:
            async with gate:
                await self.finish_setup(table)

        await asyncio.gather(*(finish(t) for t in self.tables if t.kind.setup_done and not t.idle))

    async def finish_setup(self, table: Table) -> None:
        """Whoever is offered the set-up's one-click end presses it, until the member to act has
        other moves; RuntimeError if it is never offered."""
        pressed = 0
        while found := self.setup_offered(table):
            pressed += await self.press_setup(table, *found)
        if not pressed:
            raise RuntimeError(f"{table.label}: no member was offered the set-up's end")

    async def press_setup(
        self, table: Table, member: Member, message: Message, custom_id: str
    ) -> bool:
        """Press the set-up's end and wait until someone has moves again; False if told "busy"
        (after a pause), RuntimeError if refused."""
        versions = len(message.history)
        ix = await self.press(lambda: self.emu.click(member.user, message, custom_id))
        if ix is None or not await self.start_answered(ix):
            return False
        if notes := [m.content for m in ix.messages if m.ephemeral]:
            raise RuntimeError(f"{table.label}: the set-up's end refused: {notes[0][:80]}")
        await self.emu.wait_for(
            lambda: (
                self.answered(member, message, versions, step_of(custom_id), [ix])
                and self.begun(table)
            ),
            timeout=ANSWER_TIMEOUT_S,
        )
        return True

    def setup_offered(self, table: Table) -> tuple[Member, Message, str] | None:
        """A member whose controls offer the end of the set-up, the message and the button."""
        for member in table.members:
            message = controls_of(self.emu, member)
            custom_id = message and button_for(message, table.kind.setup_done or "")
            if message and custom_id:
                return member, message, custom_id
        return None

    def begun(self, table: Table) -> bool:
        """A member of the new game has moves to make (or it already ended)."""
        if table.kind.players == 1:
            return board_of(self.emu, table.channel) is not None
        return any(controls_of(self.emu, m) for m in table.members) or ended(self.emu, table)

    # ---- clicking ------------------------------------------------------------------------
    async def click(self, member: Member, message: Message, rng: random.Random) -> None:
        """One member's click (or double click) on the message with their moves, timed to the
        acknowledgement and to the clicked board or DM showing the move."""
        table = member.table
        label = table.label
        try:
            controls = move_controls(message)
            if not controls:  # only pages of moves: turn to one
                await self.turn_page(member, message, rng.choice(page_turns(message)))
                return
            kind, custom_id, value = rng.choice(controls)
            step = step_of(custom_id)
            move = code_of(custom_id, value).split(".")[0]
            versions = len(message.history)
            double = rng.random() < self.args.double
            began = time.perf_counter()
            life = self.life_of_press()
            sent = [
                await self.press(
                    lambda: (
                        self.emu.click(member.user, message, custom_id)
                        if kind == "button"
                        else self.emu.select(member.user, message, custom_id, [value])
                    )
                )
                for _ in range(2 if double else 1)
            ]
            presses = [ix for ix in sent if ix is not None]
            member.presses += presses
            self.measures.clicks += len(presses)
            self.measures.moves[move] += len(presses)
            self.measures.doubles += double and len(presses) == 2
            for ix in presses:
                await ix.done(timeout=ANSWER_TIMEOUT_S)
                self.measures.ack.setdefault(label, []).append(time.perf_counter() - began)
            if not presses or any(m.content == BUSY for ix in presses for m in ix.messages):
                await asyncio.sleep(BUSY_PAUSE_S)  # told to try again in a moment: they wait
                return
            if not await self.seen(member, presses, life, message, versions, step):
                return
            # A double click on a move to confirm asks twice; the newer question replaces the
            # older one (deleted), and the player answers the one left.
            questions = [ix for ix in presses if confirmation(ix)]
            member.asked.update(ix.id for ix in questions)
            live = [
                (ix, m) for ix in questions for m in ix.messages if m.buttons() and not m.deleted
            ]
            if live:  # the player says yes
                asked, question = live[-1]
                life = self.life_of_press()
                yes = await self.press(
                    lambda: self.emu.click(member.user, question, confirmation(asked) or "")
                )
                if yes is None:
                    return
                member.presses.append(yes)
                await yes.done(timeout=ANSWER_TIMEOUT_S)
                if not await self.seen(member, [yes], life, message, versions, step):
                    return
            self.measures.updated.setdefault(label, []).append(time.perf_counter() - began)
        except Exception as exc:  # a measured failure, not a crash of the driver
            self.measures.errors.append(f"{type(exc).__name__}: {exc}"[:120])
        finally:
            member.busy = False

    async def seen(
        self,
        member: Member,
        presses: list[Interaction],
        life: int,
        message: Message,
        versions: int,
        step: int,
    ) -> bool:
        """Wait until the member sees the presses answered; False (the presses cut off) if the
        process they reached was killed first, or (a pause after) if none was answered in
        time: the member looks again."""
        if life == self.life and all(ix.failed for ix in presses):
            await asyncio.sleep(BUSY_PAUSE_S)
            return False
        await self.watch.until(
            [*self.keys(member), *(ix.token for ix in presses)],
            lambda: life != self.life or self.answered(member, message, versions, step, presses),
            ANSWER_TIMEOUT_S,
        )
        if life != self.life:
            member.cut.update(ix.id for ix in presses)
            return False
        return True

    async def turn_page(self, member: Member, message: Message, custom_id: str) -> None:
        """Press a page button and wait for the message to show the page (no move made)."""
        versions = len(message.history)
        life = self.life_of_press()
        ix = await self.press(lambda: self.emu.click(member.user, message, custom_id))
        if ix is None:
            return
        await ix.done(timeout=ANSWER_TIMEOUT_S)
        self.measures.pages += 1
        await self.watch.until(
            [*self.keys(member), ix.token],
            lambda: life != self.life or len(message.history) > versions or bool(ix.messages),
            ANSWER_TIMEOUT_S,
        )

    def keys(self, member: Member) -> list[str]:
        """The channels whose requests may answer the member's click: the game's and their DM."""
        dm = self.emu.state.dm_channel_of.get(member.user.id)
        return [str(member.table.channel.id), *([str(dm)] if dm else [])]

    def answered(
        self, member: Member, message: Message, versions: int, step: int, presses: list
    ) -> bool:
        """The clicked message shows a newer step (or no moves), another message took its
        place, or every press was refused."""
        if all(any(m.ephemeral for m in ix.messages) for ix in presses):
            return True
        if len(message.history) > versions:
            steps = [step_of(c) for _, c, _ in move_controls(message)]
            if not steps or max(steps) > step:
                return True
        now = controls_of(self.emu, member)
        return now is not None and now.id != message.id

    async def restart(self, table: Table) -> None:
        """A new game where one ended."""
        try:
            await self.new_game(table)
            self.measures.restarts += 1
        except Exception as exc:
            self.measures.errors.append(f"new game: {type(exc).__name__}: {exc}"[:120])

    def offer(self, played: list[Member], rng: random.Random) -> asyncio.Task[None] | None:
        """One offered click: the first of a few random members who can act does."""
        for _ in range(TRIES):
            member = rng.choice(played)
            if member.busy or member.table.starting:
                continue
            message = controls_of(self.emu, member)
            if message is not None:
                member.busy = True
                return asyncio.create_task(self.click(member, message, rng))
            if ended(self.emu, member.table):
                member.table.starting = True
                return asyncio.create_task(self.restart(member.table))
        self.measures.waiting += 1
        return None

    async def run_clicks(self) -> float:
        """Clicks at ``rate`` per second for ``seconds``; the time it took."""
        rng = random.Random(self.args.seed)
        played = [m for t in self.tables if not t.idle for m in t.members]
        tasks: set[asyncio.Task[None]] = set()
        interval = 1.0 / self.args.rate
        watching = asyncio.create_task(self.watch.run())
        since = len(self.emu.requests)
        began = time.perf_counter()
        kill_at = self.args.kill_at
        killing = (
            None if kill_at is None else asyncio.create_task(self.kill_and_restart(began + kill_at))
        )
        n = 0
        while (now := time.perf_counter()) - began < self.args.seconds:
            due = began + n * interval
            if now < due:
                await asyncio.sleep(due - now)
            n += 1
            task = self.offer(played, rng) if played else None
            if task is not None:
                tasks.add(task)
                task.add_done_callback(tasks.discard)
        if killing is not None:
            await killing
        if tasks:
            await asyncio.wait(tasks)
        watching.cancel()
        spent = time.perf_counter() - began
        await self.emu.settle(quiet=0.5, timeout=60)
        self.count_calls(since)
        return spent

    def count_calls(self, since: int) -> None:
        """The window's requests by route, and by kind of table (by the channel, DM or
        interaction each names)."""
        self.measures.calls = self.emu.calls_by_route(since)
        owner: dict[str, str] = {}
        for table in self.tables:
            owner[str(table.channel.id)] = table.label
            for member in table.members:
                owner |= {ix.token: table.label for ix in member.presses}
                owner |= {str(k): table.label for k in self.keys(member)}
        for record in self.emu.requests[since:]:
            found = TOUCHED.search(record.path)
            key = found and (found.group(1) or found.group(2))
            self.measures.calls_by_label[owner.get(key or "", "other")] += 1

    # ---- checking ------------------------------------------------------------------------
    async def logged_moves(self) -> dict[tuple[int, int], int]:
        """Moves members chose (not forced, not bot-level, not the computer's) in the
        database, by channel and member."""
        sql = (
            "SELECT s.channel_id, t.user_id, t.computer_level, a.code FROM actions a"
            " JOIN sessions s ON s.id = a.session_id"
            " LEFT JOIN seats t ON t.session_id = a.session_id AND t.seat = a.seat"
        )
        rows = await query(self.args.database, self.database, sql)
        counts: dict[tuple[int, int], int] = {}
        for channel_id, user_id, computer, code in rows:
            if computer is None and user_id is not None and not code.startswith((FORCED, "!")):
                key = (int(channel_id), int(user_id))
                counts[key] = counts.get(key, 0) + 1
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
    floor: asyncio.subprocess.Process | None = None
    with tempfile.TemporaryDirectory(prefix="tabletop-load-") as tmp:
        load = Load(args, Path(tmp))
        await load.emu.start(0)
        try:
            load.seed()
            load.open_database()
            t0 = time.perf_counter()
            await load.seed_idle()
            await load.start_bots()
            pids = [b.pid for b in load.bots]
            mem = Memory(base=memory(pids), started=[])
            await load.start_by_commands()
            if args.past_setup:
                await load.finish_setups()
            started = time.perf_counter() - t0
            mem.started = memory(pids)
            before = await load.logged_moves()  # the set-up's, if taken past it
            floor = await start_floor(args) if args.floor else None
            load.cpu_base = cpu_use(pids)
            if floor is not None:
                await cue(floor)
            spent = await load.run_clicks()
            load.measures.cpu = load.cpu_spent()
            mem.after = memory([b.pid for b in load.bots])
            logged = {k: n - before.get(k, 0) for k, n in (await load.logged_moves()).items()}
            shown = await check_shown(load.emu, load.tables, args.database, load.database)
        except BaseException:
            if floor is not None:  # its figure is not wanted any more
                with contextlib.suppress(ProcessLookupError):
                    floor.kill()
                await floor.wait()
            raise
        finally:
            await load.stop()
    what = ("the mix" if args.game is None else args.game) + (
        ", past set-up" if args.past_setup else ""
    )
    counted = tally(load.members, logged)
    report(
        f"{args.database}, {args.processes} bot process(es), {what}",
        load.tables,
        load.measures,
        counted,
        mem,
        spent=spent,
        started=started,
        rate=args.rate,
        max_in_flight=args.max_in_flight,
        by_bot=len(load.by_commands()),
        kill_at=args.kill_at,
        shown=shown,
    )
    if floor is not None:
        print(await floor_line(floor, load.measures.cpu, sum(counted.accepted.values()), args.rate))


async def start_floor(args: argparse.Namespace) -> asyncio.subprocess.Process:
    """``bench.floor`` at the window's rate and length, warm and waiting for its cue."""
    floor = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.floor",
        "--rate",
        str(args.rate),
        "--seconds",
        str(args.seconds),
        "--on-cue",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert floor.stdout is not None
    line = await asyncio.wait_for(floor.stdout.readline(), READY_TIMEOUT_S)
    if line.decode().strip() != FLOOR_READY:
        raise SystemExit(f"the floor did not start: {line!r}")
    return floor


async def cue(floor: asyncio.subprocess.Process) -> None:
    """Start the floor's presses."""
    assert floor.stdin is not None
    floor.stdin.write(b"go\n")
    await floor.stdin.drain()


async def floor_line(
    floor: asyncio.subprocess.Process, cpu: list[tuple[float, float]], accepted: int, rate: float
) -> str:
    """The floor's cost a press, and the bot's per action as a multiple of it."""
    out, _ = await floor.communicate()
    found = re.search(r"client (\d+\.\d+) ms", out.decode())
    if found is None:
        return f"  the floor: no figure ({out.decode().strip()!r})"
    each = float(found.group(1))
    bot = sum(main + workers for main, workers in cpu[:-1]) / max(1, accepted) * 1000
    return (
        f"  the floor beside the window (bench.floor at {rate:g}/s): {each:.2f} ms a press;"
        f" the bot's processes and workers {bot:.1f} ms an action, {bot / each:.1f}× the floor"
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
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--mix", action="store_true", help="all the games in set shares (the default)"
    )
    which.add_argument("--game", choices=list(KINDS), help="one kind of game only")
    parser.add_argument("--idle", type=float, default=0.5, help="share of games never clicked")
    parser.add_argument(
        "--computer",
        type=float,
        default=1 / 3,
        help="share of the played two-player games against the computer",
    )
    parser.add_argument(
        "--seed-idle",
        choices=["store", "bot"],
        default="store",
        help="idle games written through the store (fast) or started by commands",
    )
    parser.add_argument(
        "--past-setup",
        action="store_true",
        help="members end their games' set-up in one click before the window, where the"
        " game's bench module names that move (SETUP_DONE)",
    )
    parser.add_argument("--sweep", type=float, default=10.0, help="HOUSEKEEPING_SECONDS")
    parser.add_argument("--double", type=float, default=0.02, help="share of double clicks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--max-in-flight", type=int, default=50, help="interactions per process (MAX_IN_FLIGHT)"
    )
    parser.add_argument(
        "--kill-at",
        type=float,
        metavar="SECONDS",
        help="SIGKILL bot process 0 this many seconds into the window and start it again",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="press bench.floor's plain client at the same rate through the window",
    )
    args = parser.parse_args(argv)
    if args.database == "sqlite" and args.processes > 1:
        parser.error("several processes need a shared database: --database postgres")
    if not (0 <= args.idle < 1 and 0 <= args.computer <= 1):
        parser.error("--idle must be at least 0 and below 1, --computer from 0 to 1")
    if args.kill_at is not None and not 0 <= args.kill_at < args.seconds:
        parser.error("--kill-at must fall in the window: from 0 to below --seconds")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
