"""A server's own settings over the bot's defaults, the same on SQLite and on PostgreSQL."""

from datetime import UTC, datetime

import pytest

from bot.settings import Settings
from bot.storage import database
from bot.storage.server_settings import DEFAULT, ServerSettings
from bot.surface.settings_text import describe

NOW = datetime(2026, 11, 24, tzinfo=UTC)


@pytest.fixture
async def servers(db_target, monkeypatch):
    monkeypatch.setenv("COMPUTER_TAKEOVER_LEVEL", "easy")
    db = await database.connect(db_target)
    yield ServerSettings(db, Settings(_env_file=None))
    await db.close()


async def test_a_server_that_chose_nothing_follows_the_bots_defaults(servers):
    choices = await servers.get(1)
    assert (choices.takeover, choices.level, choices.takeover_level) == (True, "easy", "easy")
    assert not choices.takeover_chosen and not choices.level_chosen
    assert "**on** (the bot's default)" in describe(choices, 7)


async def test_each_choice_is_kept_apart_and_default_clears_it(servers):
    off = await servers.change(1, 9, NOW, takeover="off")
    assert off.takeover is False and off.takeover_level is None and off.takeover_chosen
    hard = await servers.change(1, 9, NOW, level="hard")
    assert (hard.takeover, hard.level) == (False, "hard"), "a level change keeps takeover off"
    assert "**off** (set on this server)" in describe(hard, 7)
    back = await servers.change(1, 9, NOW, takeover=DEFAULT)
    assert back.takeover_level == "hard" and not back.takeover_chosen and back.level_chosen
    assert (await servers.get(2)).takeover_level == "easy", "another server is untouched"
    cleared = await servers.change(1, 9, NOW, level=DEFAULT)
    assert cleared == await servers.get(2)


async def test_game_threads_are_off_until_a_server_turns_them_on(servers):
    assert (await servers.get(1)).threads is False
    assert "Each game in its own thread: **off**" in describe(await servers.get(1), 7)
    on = await servers.change(1, 9, NOW, threads="on")
    assert on.threads and on.takeover_level == "easy", "takeover keeps the bot's default"
    assert "Each game in its own thread: **on**" in describe(on, 7)
    kept = await servers.change(1, 9, NOW, level="hard")
    assert kept.threads, "another choice keeps threads on"
    assert (await servers.change(1, 9, NOW, threads="off")).threads is False
    assert (await servers.get(2)).threads is False


async def test_a_server_may_name_a_role_that_organises_tournaments(servers):
    assert (await servers.get(1)).tournament_role is None
    assert "tournaments: members with Manage Server\n" in describe(await servers.get(1), 7)
    chosen = await servers.change(1, 9, NOW, tournament_role=555)
    assert chosen.tournament_role == 555 and "and <@&555>" in describe(chosen, 7)
    assert (await servers.change(1, 9, NOW, threads="on")).tournament_role == 555, "kept"
    assert (await servers.change(1, 9, NOW, tournament_role=1)).tournament_role is None  # @everyone
    assert (await servers.get(2)).tournament_role is None
