"""Fixtures shared by the test packages: the storage backends (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest

from tests.storage.postgres_server import MISSING, PostgresServer, bin_dir


@pytest.fixture(scope="session")
def postgres_server():
    """One PostgreSQL server for the whole test session (skipped only without its binaries)."""
    path = bin_dir()
    if path is None:
        pytest.skip(MISSING)
    server = PostgresServer(path)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def db_target(request, tmp_path):
    """Where a test's database lives: a fresh SQLite file or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "t.sqlite3"
    return request.getfixturevalue("postgres_server").new_database()
