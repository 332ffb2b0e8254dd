"""Fixtures shared by the test packages: the storage backends (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest

from tests.storage.postgres_server import started


@pytest.fixture(scope="session")
def postgres_server():
    """One PostgreSQL server for the whole test session (skipped only without its binaries)."""
    with started() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgres"])
def db_target(request, tmp_path):
    """Where a test's database lives: a fresh SQLite file or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "t.sqlite3"
    return request.getfixturevalue("postgres_server").new_database()


# The slowest files (a few minutes each, mostly browser games), longest first. With
# ``--dist loadfile`` a file runs on one worker; handing these out first keeps one of them from
# starting last while the other worker idles (pytest-xdist would otherwise start with the files
# that hold the most tests: ``--no-loadscope-reorder`` in pyproject.toml).
SLOW_FILES = (
    "tests/playground/test_browser_first_games.py",
    "tests/bot/test_discord_gondor_game.py",
    "tests/playground/test_browser_first_game_gondor.py",
    "tests/engines/test_conformance_gondor.py",
    "tests/bot/test_discord_guardians.py",
    "tests/playground/test_browser.py",
    "tests/engines/test_conformance.py",
    "tests/bot/test_discord_computer.py",
    "tests/render/test_legibility.py",
    "tests/playground/test_browser_guardians.py",
    "tests/playground/test_browser_gondor.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow files first, then the others by their number of tests, most first."""
    rank = {path: i for i, path in enumerate(SLOW_FILES)}
    counts: dict[str, int] = {}
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        counts[path] = counts.get(path, 0) + 1
    first_seen = {}
    for i, item in enumerate(items):
        first_seen.setdefault(item.nodeid.split("::", 1)[0], i)

    def key(item: pytest.Item) -> tuple[int, int, int]:
        path = item.nodeid.split("::", 1)[0]
        return (rank.get(path, len(rank)), -counts[path], first_seen[path])

    items.sort(key=key)
