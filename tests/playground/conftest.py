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


@contextmanager
def running_playground(
    data: Path, *, group_dm: bool = False, seeds: tuple[str, ...] = ()
) -> Iterator[tuple[str, list[str]]]:
    """``./dev play --port 0 --data data`` (``--group-dm`` and ``--seed``s too if asked): yield
    the page's address and its printed lines."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "GAME_SEED"))}
    proc = subprocess.Popen(
        [str(ROOT / "dev"), "play", "--port", "0", "--data", str(data)]
        + (["--group-dm"] if group_dm else [])
        + [arg for seed in seeds for arg in ("--seed", seed)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
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
        pytest.fail(f"the playground did not start (exit code {proc.wait()})")
    try:
        yield url, printed
    finally:
        proc.send_signal(2)  # Ctrl-C: the bot closes, then the emulator
        try:
            assert proc.wait(20) == 0
        finally:
            if proc.poll() is None:
                proc.kill()


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
    """A browser test that fails leaves a screenshot of the page: failed-<test>.png."""
    outcome = yield
    browser = item.funcargs.get("browser") if hasattr(item, "funcargs") else None
    if call.when == "call" and outcome.get_result().failed and browser is not None:
        with contextlib.suppress(Exception):
            screenshot(browser, ARTIFACTS / f"failed-{item.name}.png")
