"""``./dev``: the first run says what it installs before pip's quiet minute or two."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FAKE_PYTHON = """#!/bin/sh
# python3 -m venv DIR: a venv whose pip does nothing
mkdir -p "$3/bin"
printf '#!/bin/sh\\nexit 0\\n' > "$3/bin/pip"
chmod +x "$3/bin/pip"
"""


@pytest.mark.skipif(shutil.which("bash") is None, reason="./dev is a bash script")
def test_the_first_run_says_what_it_installs_then_only_once(tmp_path):
    for name in ("dev", "pyproject.toml", "setup.py"):
        shutil.copy(ROOT / name, tmp_path / name)
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "python3").write_text(FAKE_PYTHON)
    (tools / "python3").chmod(0o755)
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}"}

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", str(tmp_path / "dev")], env=env, capture_output=True, text=True, timeout=30
        )

    first = run()
    assert first.returncode == 2, first.stderr  # no command: the usage, after the install
    assert "First run: creating .venv and installing" in first.stderr
    assert "Installed." in first.stderr
    again = run()
    assert "installing" not in again.stderr and "usage" in again.stderr
