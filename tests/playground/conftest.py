"""The playground as a newcomer runs it: the README's ``./dev play``, on a free port."""

import contextlib
import os
import re
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.playground.chromium import chromium, screenshot

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "playground"
LOG_TAIL = 60  # lines of each kind of a playground's log a failed browser test shows
LOGS: dict[str, Path] = {}  # the page's address -> the log of the playground serving it


@contextmanager
def running_playground(
    data: Path, *, group_dm: bool = False, seeds: tuple[str, ...] = ()
) -> Iterator[tuple[str, list[str]]]:
    """``./dev play --port 0 --data data`` (``--group-dm`` and ``--seed``s too if asked): yield
    the page's address and its printed lines. Its log (the bot's too) goes to
    ``playground.log`` in ``data``, shown when a browser test using it fails."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "GAME_SEED"))}
    data.mkdir(parents=True, exist_ok=True)
    log = data / "playground.log"
    with log.open("a") as stderr:
        proc = _start(data, env, stderr, group_dm, seeds)
    deadline = time.monotonic() + 90
    url = None
    printed: list[str] = []
    for line in proc.stdout:
        printed.append(line)
        if found := re.search(r"open (http://127\.0\.0\.1:\d+/play/)", line):
            url = found.group(1)
            break
        if time.monotonic() > deadline:
            break
    if url is None:
        proc.kill()
        pytest.fail(f"the playground did not start (exit code {proc.wait()}):\n{tail(log)}")
    LOGS[url] = log
    try:
        yield url, printed
    finally:
        LOGS.pop(url, None)
        proc.send_signal(2)  # Ctrl-C: the bot closes, then the emulator
        try:
            assert proc.wait(20) == 0, tail(log)
        finally:
            if proc.poll() is None:
                proc.kill()


def _start(
    data: Path, env: dict[str, str], stderr, group_dm: bool, seeds: tuple[str, ...]
) -> subprocess.Popen:
    return subprocess.Popen(
        [str(ROOT / "dev"), "play", "--port", "0", "--data", str(data)]
        + (["--group-dm"] if group_dm else [])
        + [arg for seed in seeds for arg in ("--seed", seed)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )


def tail(log: Path) -> str:
    """A playground's log, in short: its warnings and errors, then its last lines."""
    try:
        lines = log.read_text(errors="replace").splitlines()
    except OSError as exc:
        return f"(no log: {exc})"
    alarms = [line for line in lines if re.search(r" (WARNING|ERROR|CRITICAL) ", line)]
    return "\n".join(
        ["-- warnings and errors --", *alarms[:LOG_TAIL], "-- the end --", *lines[-LOG_TAIL:]]
    )


@pytest.fixture(scope="module")
def playground(tmp_path_factory):
    """Start the playground; yield the page's address; stop it."""
    with running_playground(tmp_path_factory.mktemp("playground")) as (url, _):
        yield url


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium session (the browser tests skip if it is not installed)."""
    with chromium() as b:
        yield b


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that fails leaves a screenshot of the page (failed-<test>.png) and shows
    the end of its playground's log."""
    outcome = yield
    report = outcome.get_result()
    funcargs = getattr(item, "funcargs", {})
    if call.when != "call" or not report.failed:
        return
    if (browser := funcargs.get("browser")) is not None:
        with contextlib.suppress(Exception):
            screenshot(browser, ARTIFACTS / f"failed-{item.name}.png")
    if (log := LOGS.get(str(funcargs.get("playground")))) is not None:
        report.sections.append(("the playground's log, its end", tail(log)))
