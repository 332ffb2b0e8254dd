"""Database faults the bot tests inject into the bot's real database connection."""

import sqlite3

import asyncpg


class ReadFailsAfterCommit:
    """The first read after the next commit fails once, as a disk I/O error would (a lost
    connection on PostgreSQL): the move is saved, and what follows it cannot be read."""

    def __init__(self, monkeypatch, db) -> None:
        self.armed = self.fired = False
        real_commit, real_fetch = db._commit, db._fetch

        async def commit(conn):
            await real_commit(conn)
            self.armed = self.armed or not self.fired

        async def fetch(conn, sql, params):
            if self.armed:
                self.armed, self.fired = False, True
                raise fault(db.dialect)
            return await real_fetch(conn, sql, params)

        monkeypatch.setattr(db, "_commit", commit)
        monkeypatch.setattr(db, "_fetch", fetch)


def fault(dialect: str) -> Exception:
    if dialect == "sqlite":
        return sqlite3.OperationalError("disk I/O error")
    return asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
