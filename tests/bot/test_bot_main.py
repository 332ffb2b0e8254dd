"""``python -m bot`` as a deployment runs it: a sharding refusal ends with a plain sentence."""

from __future__ import annotations

import asyncio
import os
import sys

from bot import __main__ as bot_main
from engines import plugins as registry
from tests.bot.harness import sharded_world


async def test_too_few_shards_end_the_process_with_what_to_change(tmp_path):
    world = await sharded_world(tmp_path / "db.sqlite3", max_guilds_per_shard=1)
    try:
        env = {
            **os.environ,
            "DISCORD_TOKEN": world.emu.token,
            "DISCORD_API_BASE": world.emu.api_base,
            "DISCORD_GATEWAY_URL": world.emu.gateway_url,
            "DATABASE_PATH": str(tmp_path / "db.sqlite3"),
            "SHARD_COUNT": "1",  # two servers, at most one a connection
        }
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=env, stderr=asyncio.subprocess.PIPE
        )
        _, err = await asyncio.wait_for(proc.communicate(), 60)
    finally:
        await world.emu.stop()
    assert proc.returncode == 2
    assert "raise SHARD_COUNT" in err.decode()
    assert "Traceback" not in err.decode()


def test_a_checkout_that_was_not_installed_says_to_install_it(monkeypatch, capsys):
    """The games are the installed project's entry points: without them, a plain sentence."""
    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    monkeypatch.setenv("DISCORD_API_BASE", "http://127.0.0.1:9/api/v10")  # never Discord
    monkeypatch.setenv("DISCORD_GATEWAY_URL", "ws://127.0.0.1:9")
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    registry.refresh()
    try:
        assert bot_main.main() == 2
    finally:
        monkeypatch.undo()
        registry.refresh()
    err = capsys.readouterr().err
    assert "pip install -e ." in err and "Traceback" not in err
