"""What the load test measured, how it reads the processes, and the report it prints."""

from __future__ import annotations

import contextlib
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bench.load_check import Shown
from bench.load_tables import Member, Table

OK = ("accepted", "refused", "busy", "asked", "cut off")
"""A press's outcomes that are not errors."""


@dataclass
class Measures:
    """Everything the run measured; latencies by kind of table (``Table.label``)."""

    ack: dict[str, list[float]] = field(default_factory=dict)
    updated: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    doubles: int = 0
    clicks: int = 0
    pages: int = 0  # page turns (Gondor's long lists): no move
    moves: Counter[str] = field(default_factory=Counter)  # clicks by the first word of the code
    restarts: int = 0  # games started in the window after one ended
    waiting: int = 0  # offered clicks no member could make (all waiting for another player)
    cpu: list[tuple[float, float]] = field(default_factory=list)  # bots' then the driver's
    calls: Counter[str] = field(default_factory=Counter)  # requests in the window, by route
    calls_by_label: Counter[str] = field(default_factory=Counter)
    no_bot: int = 0  # clicks and commands no bot received (killed, not back yet)
    away: float | None = None  # ``--kill-at``: from the kill until the new process logged in


@dataclass
class Memory:
    """Resident memory (MB) of each bot process and of its workers, at three moments."""

    base: list[tuple[float, float]]  # logged in, the idle games in the database
    started: list[tuple[float, float]]  # every game started
    after: list[tuple[float, float]] = field(default_factory=list)  # after the window


@dataclass
class Tally:
    """Accepted, refused and busy presses against the database's action log."""

    accepted: Counter[str] = field(default_factory=Counter)  # by label
    refused: int = 0
    busy: int = 0
    cut: int = 0  # presses whose process was killed before the member saw their answer
    unseen: int = 0  # of those, the ones the log holds (persisted, never shown)
    lost: int = 0
    doubled: int = 0
    errors: list[str] = field(default_factory=list)


def tally(members: list[Member], logged: dict[tuple[int, int], int]) -> Tally:
    """Each member's accepted presses against the moves the database logged for them in
    their channel: fewer logged is a lost action, more a doubled one.

    A press cut off by a kill (``Member.cut``) may or may not have been persisted: the log may
    hold one move more per such press (``unseen``), never more (``doubled``), and a cut-off
    press missing from the log is not lost (the member never saw it accepted).
    """
    found = Tally()
    for member in members:
        outcomes = member.outcomes()
        ok = outcomes.count("accepted")
        cut = outcomes.count("cut off")
        found.accepted[member.table.label] += ok
        found.refused += outcomes.count("refused")
        found.busy += outcomes.count("busy")
        found.cut += cut
        found.errors += [o for o in outcomes if o not in OK]
        in_db = logged.get((member.table.channel.id, member.user.id), 0)
        found.lost += max(0, ok - in_db)
        found.unseen += min(cut, max(0, in_db - ok))
        found.doubled += max(0, in_db - ok - cut)
    return found


# ---- the processes -----------------------------------------------------------------------
def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB (0 once it is gone)."""
    with contextlib.suppress(FileNotFoundError):
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


def memory(pids: list[int]) -> list[tuple[float, float]]:
    """Each bot process's resident MB and its workers' together."""
    return [(rss_mb(p), sum(rss_mb(c) for c in descendants(p))) for p in pids]


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


# ---- the report --------------------------------------------------------------------------
def report(
    what: str,
    tables: list[Table],
    m: Measures,
    t: Tally,
    mem: Memory,
    *,
    spent: float,
    started: float,
    rate: float,
    max_in_flight: int,
    by_bot: int,
    kill_at: float | None = None,
    shown: Shown | None = None,
) -> None:
    """Print one block of figures."""
    played = [x for x in tables if not x.idle]
    idle = len(tables) - len(played)
    accepted = sum(t.accepted.values())
    ack = [v for values in m.ack.values() for v in values]
    updated = [v for values in m.updated.values() for v in values]
    errors = m.errors + t.errors
    print(
        f"{what}: {len(tables)} games ({len(played)} played, {idle} idle), set up in"
        f" {started:.0f} s"
    )
    print(
        f"  clicks {m.clicks} in {spent:.0f} s ({m.doubles} double clicks, {m.pages} page turns,"
        f" {m.restarts} games started after one ended): {accepted / spent:.1f} accepted"
        f" actions/s at an offered {rate}/s ({m.waiting} offered clicks found every chosen"
        " member waiting)"
    )
    print(
        f"  click -> acknowledgement p50 {pct(ack, 0.5):.0f} ms, p99 {pct(ack, 0.99):.0f} ms;"
        f" -> updated board or DM p50 {pct(updated, 0.5):.0f} ms, p99 {pct(updated, 0.99):.0f} ms"
    )
    print(
        f"  accepted {accepted}, refused {t.refused} (double clicks' losers, older DMs),"
        f" busy {t.busy} (refused at once: more than {max_in_flight} in flight),"
        f" errors {len(errors)},"
        f" lost {t.lost}, doubled {t.doubled}"
    )
    for error in sorted(set(errors))[:5]:
        print(f"    error: {error} (x{errors.count(error)})")
    if m.away is not None:
        print(
            f"  bot process 0 killed {kill_at:.0f} s into the window, away {m.away:.1f} s (until"
            f" its new process logged in): {m.no_bot} clicks or commands found no bot,"
            f" {t.cut} presses cut off ({t.unseen} of them persisted unseen)"
        )
    if shown is not None:
        print(
            f"  after the window: {shown.running} running games, stale {len(shown.stale)},"
            f" stuck {len(shown.stuck)} {' '.join(shown.stale + shown.stuck)[:200]}"
        )
    kinds = ", ".join(f"{kind} {n}" for kind, n in m.moves.most_common())
    print(f"  moves clicked, by kind: {kinds or 'none'}")
    calls = sum(m.calls.values())
    per_click = calls / max(1, accepted)
    print(f"  REST calls per accepted click: {per_click:.2f} ({calls} in the window)")
    for route, n in m.calls.most_common(6):
        print(f"    {n / max(1, accepted):.2f} {route}")
    print("  | games | played | accepted | ack p50 / p99 | updated p50 / p99 | calls per click |")
    for label in sorted({x.label for x in played}):
        ok = t.accepted[label]
        a, u = m.ack.get(label, []), m.updated.get(label, [])
        print(
            f"  | {label} | {sum(x.label == label for x in played)} | {ok}"
            f" | {pct(a, 0.5):.0f} / {pct(a, 0.99):.0f} ms | {pct(u, 0.5):.0f} /"
            f" {pct(u, 0.99):.0f} ms | {m.calls_by_label[label] / max(1, ok):.2f} |"
        )
    print_resources(tables, m, mem, accepted, by_bot)


def print_resources(
    tables: list[Table], m: Measures, mem: Memory, accepted: int, by_bot: int
) -> None:
    """Memory per process and per game (``by_bot`` games started by commands), CPU per action."""
    for i, ((b, _), (s, sw), (a, aw)) in enumerate(
        zip(mem.base, mem.started, mem.after, strict=True)
    ):
        print(
            f"  bot process {i}: {b:.0f} MB logged in, {s:.0f} MB with its games started,"
            f" {a:.0f} MB after (workers {sw:.0f} MB, then {aw:.0f} MB)"
        )
    touched = sum(1 for x in tables if any(mb.presses for mb in x.members))
    per_start = (sum(s for s, _ in mem.started) - sum(b for b, _ in mem.base)) * 1024
    per_played = (sum(a for a, _ in mem.after) - sum(s for s, _ in mem.started)) * 1024
    print(
        f"  memory per game started by the bot {per_start / max(1, by_bot):.1f} KB,"
        f" then per game played {per_played / max(1, touched):.1f} KB more ({touched} played)"
    )
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
