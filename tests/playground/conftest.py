"""The playground as a newcomer runs it: the README's ``./dev play``, on a free port."""

import os
import re
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "playground"


@pytest.fixture(scope="module")
def playground(tmp_path_factory):
    """Start the playground; yield the page's address; stop it."""
    data = tmp_path_factory.mktemp("playground")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    proc = subprocess.Popen(
        [str(ROOT / "dev"), "play", "--port", "0", "--data", str(data)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    deadline = time.monotonic() + 90
    url = None
    for line in proc.stdout:
        if found := re.search(r"open (http://127\.0\.0\.1:\d+/play/)", line):
            url = found.group(1)
            break
        if time.monotonic() > deadline:
            break
    if url is None:
        proc.kill()
        pytest.fail(f"the playground did not start (exit code {proc.wait()})")
    yield url
    proc.send_signal(2)  # Ctrl-C: the bot closes, then the emulator
    try:
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
