"""Ctrl-C in the terminal stops the whole playground cleanly: the bot finishes, its worker
processes end, nothing is leaked and nothing is left running."""

import os
import re
import signal
import subprocess
import time
from pathlib import Path

from tests.playground.conftest import ROOT


def processes_with(marker: str) -> list[int]:
    """The processes whose environment contains ``marker`` (the bot and its workers)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if marker.encode() in (proc / "environ").read_bytes():
                found.append(int(proc.name))
        except OSError:  # gone meanwhile, or not ours
            continue
    return found


def start_playground(tmp_path: Path, stderr) -> tuple[subprocess.Popen, str]:
    """``./dev play`` as a terminal's foreground job; the marker of the bot's processes."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    proc = subprocess.Popen(
        [str(ROOT / "dev"), "play", "--port", "0", "--data", str(tmp_path / "data")],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    for line in proc.stdout:
        if re.search(r"open http://127\.0\.0\.1:\d+/play/", line):
            break
    marker = f"DATABASE_PATH={tmp_path / 'data' / 'tabletop.sqlite3'}"
    assert processes_with(marker), "the bot is not running"
    return proc, marker


def wait_until_gone(marker: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while left := processes_with(marker):
        assert time.monotonic() < deadline, f"still running after the playground: {left}"
        time.sleep(0.1)


def test_ctrl_c_stops_the_bot_and_its_workers_without_leaks(tmp_path):
    errors = tmp_path / "stderr.txt"
    with errors.open("w") as stderr:
        proc, marker = start_playground(tmp_path, stderr)
    try:
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the whole group
        assert proc.wait(30) == 0
        wait_until_gone(marker, 10)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    printed = errors.read_text()
    assert "leaked semaphore" not in printed
    assert "Traceback" not in printed and "KeyboardInterrupt" not in printed


def test_a_playground_killed_outright_takes_the_bot_and_its_workers_with_it(tmp_path):
    with (tmp_path / "stderr.txt").open("w") as stderr:
        proc, marker = start_playground(tmp_path, stderr)
    try:
        proc.kill()  # SIGKILL to the playground alone: no chance to stop the bot itself
        proc.wait()
        wait_until_gone(marker, 10)
    finally:
        for pid in processes_with(marker):
            os.kill(pid, signal.SIGKILL)
