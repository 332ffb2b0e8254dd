"""Database faults the bot tests inject into the bot's real database connection.

On PostgreSQL they replace the backend's statement and commit methods. SQLite runs a write's
statements and its commit in one trip to the connection's thread, so there they are injected
in that thread, into the connection itself (``watch_sqlite``): every path meets them.
"""

import sqlite3
from collections.abc import Callable

import asyncpg

QUERY = ("SELECT", "WITH")


class _Watched:
    """A sqlite3 connection that tells ``before`` of each statement (and of each COMMIT) before
    it runs, and ``after_commit`` once a commit went through."""

    def __init__(self, real, before: Callable[[str], None], after_commit: Callable[[], None]):
        self._real, self._before, self._after_commit = real, before, after_commit

    def execute(self, sql, params=()):
        self._before(sql)
        return self._real.execute(sql, params)

    def executemany(self, sql, rows):
        self._before(sql)
        return self._real.executemany(sql, rows)

    def commit(self):
        self._before("COMMIT")
        self._real.commit()
        self._after_commit()

    def __getattr__(self, name):
        return getattr(self._real, name)


def watch_sqlite(
    monkeypatch,
    db,
    before: Callable[[str], None],
    after_commit: Callable[[], None] = lambda: None,
) -> None:
    """Every connection of a SQLite database watched, on its own thread (``_Watched``)."""
    for conn in (db.conn, *db.readers):
        monkeypatch.setattr(conn, "_connection", _Watched(conn._connection, before, after_commit))


class ReadFailsAfterCommit:
    """The first read after the next commit fails once, as a disk I/O error would (a lost
    connection on PostgreSQL): the move is saved, and what follows it cannot be read."""

    def __init__(self, monkeypatch, db) -> None:
        self.armed = self.fired = False
        self.dialect = db.dialect
        if db.dialect == "sqlite":
            watch_sqlite(monkeypatch, db, self._check_query, self._committed)
            return
        real_commit, real_fetch = db._commit, db._fetch

        async def commit(conn):
            await real_commit(conn)
            self._committed()

        async def fetch(conn, sql, params):
            self._check_query(sql)
            return await real_fetch(conn, sql, params)

        monkeypatch.setattr(db, "_commit", commit)
        monkeypatch.setattr(db, "_fetch", fetch)

    def _committed(self) -> None:
        self.armed = self.armed or not self.fired

    def _check_query(self, sql: str) -> None:
        if self.armed and sql.lstrip().upper().startswith(QUERY):
            self.armed, self.fired = False, True
            raise fault(self.dialect)


def fault(dialect: str) -> Exception:
    if dialect == "sqlite":
        return sqlite3.OperationalError("disk I/O error")
    return asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
