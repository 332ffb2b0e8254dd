"""A bot killed outright (SIGKILL: out of memory, a crash) leaves none of its processes behind.

``python -m bot`` runs as a deployment runs it, against the emulator, with its render, heavy
and computer workers in processes; after the kill, a supervisor restarting it must not find
orphans piling up (workers, the multiprocessing resource tracker, a forkserver).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.bot.harness import World

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

WORKER = "multiprocessing.spawn"


def stat(pid: int) -> tuple[str, int, int] | None:
    """A process's state, parent pid and start time; None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1]), int(fields[19])


def descendants(root: int) -> dict[int, tuple[int, str]]:
    """The living processes started by ``root`` (at any depth): pid -> (start time, command)."""
    parents: dict[int, tuple[int, int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (found := stat(int(entry.name))) and found[0] != "Z":
            parents[int(entry.name)] = (found[1], found[2])
    found_pids: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, (ppid, _) in parents.items() if ppid in frontier} - found_pids
        found_pids |= frontier
    result = {}
    for pid in found_pids:
        with contextlib.suppress(OSError):
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            result[pid] = (parents[pid][1], command)
    return result


def still_alive(processes: dict[int, tuple[int, str]]) -> list[str]:
    """The commands of ``processes`` that still run (the same process: same start time)."""
    alive = []
    for pid, (start, command) in processes.items():
        found = stat(pid)
        if found is not None and found[0] != "Z" and found[2] == start:
            alive.append(command)
    return alive


async def test_a_killed_bot_leaves_no_worker_behind(tmp_path):
    world = await World.create(tmp_path / "db.sqlite3")
    log = (tmp_path / "bot.log").open("wb")
    env = {
        **os.environ,
        "DISCORD_TOKEN": world.emu.token,
        "DISCORD_API_BASE": world.emu.api_base,
        "DISCORD_GATEWAY_URL": world.emu.gateway_url,
        "DATABASE_PATH": str(tmp_path / "db.sqlite3"),
        "DEV_GUILD_ID": str(world.guild.id),
        "START_COOLDOWN_SECONDS": "0",
        "RENDER_POOL": "process",
        "RENDER_WORKERS": "1",
        "COMPUTER_POOL": "process",
    }
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", env=env, stderr=log)
    started: dict[int, tuple[int, str]] = {}
    try:
        await world.emu.wait_for(lambda: world.emu.connected or proc.returncode, timeout=30)
        assert proc.returncode is None, (tmp_path / "bot.log").read_text()
        alice = world.people["alice"]
        await (await world.emu.slash(alice, world.chan, "gondolin start")).done(timeout=10)
        await (await world.emu.slash(alice, world.chan, "game hint")).done(timeout=10)

        def hint_answered() -> bool:  # by the heavy worker process
            return any("Best move" in m.text() for m in world.emu.ephemeral_messages(alice))

        await world.emu.wait_for(hint_answered, timeout=20)
        against = await world.emu.slash(alice, world.chan2, "knightfall challenge", level="easy")
        await against.done(timeout=10)  # the computer's first choice: its worker process

        def render_and_computer_workers() -> bool:
            started.update(descendants(proc.pid))
            return sum(WORKER in command for _, command in started.values()) == 3

        await world.emu.wait_for(render_and_computer_workers, timeout=20)
        assert any("resource_tracker" in command for _, command in started.values())

        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        with contextlib.suppress(TimeoutError):
            await world.emu.wait_for(lambda: not still_alive(started), timeout=5)
        assert still_alive(started) == []
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        for pid, (start, _) in started.items():  # what the bot left behind, if it did
            if (found := stat(pid)) is not None and found[2] == start:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        log.close()
        await world.emu.stop()
