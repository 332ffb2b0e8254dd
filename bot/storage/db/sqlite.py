"""The SQLite backend: one aiosqlite connection in WAL mode, one transaction at a time."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.storage.db.base import Database, Mode, Params, Row, migration_scripts


class SqliteDatabase(Database):
    """A SQLite file: statements of the process take turns on one connection (``_lock``).

    The connection is in autocommit mode: nothing opens a transaction behind our back, so a
    failed statement outside a transaction cannot leave one open. Other processes on the same
    file wait for the file's write lock (``BEGIN IMMEDIATE``, up to the 5 s busy timeout).
    """

    dialect = "sqlite"
    integrity_errors = (sqlite3.IntegrityError,)

    def __init__(self, conn: aiosqlite.Connection) -> None:
        super().__init__()
        self.conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> SqliteDatabase:
        """Open the file (creating its folder) and configure the connection."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA synchronous=NORMAL")
        return cls(conn)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            yield self.conn

    async def _begin(self, conn: aiosqlite.Connection, mode: Mode) -> None:
        await conn.execute("BEGIN IMMEDIATE" if mode == "write" else "BEGIN")

    async def _commit(self, conn: aiosqlite.Connection) -> None:
        await conn.commit()

    async def _rollback(self, conn: aiosqlite.Connection) -> None:
        await conn.rollback()  # a no-op when no transaction is open

    async def _execute(self, conn: aiosqlite.Connection, sql: str, params: Params) -> int:
        async with conn.execute(sql, params) as cur:
            return cur.rowcount

    async def _executemany(self, conn: aiosqlite.Connection, sql: str, rows: list[Params]) -> None:
        await conn.executemany(sql, rows)

    async def _fetch(self, conn: aiosqlite.Connection, sql: str, params: Params) -> list[Row]:
        async with conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def lock(self, key: str) -> None:
        """Nothing to do: SQLite's write transactions already run one at a time."""

    async def migrate(self) -> int:
        """Apply newer scripts, each in its own transaction; the version is ``user_version``."""
        async with self._connection() as conn:
            async with conn.execute("PRAGMA user_version") as cur:
                row = await cur.fetchone()
            version = row[0] if row else 0
            for number, script in migration_scripts(self.dialect):
                if number <= version:
                    continue
                try:
                    await conn.executescript(
                        f"BEGIN;\n{script}\nPRAGMA user_version={number};\nCOMMIT;"
                    )
                except BaseException:
                    await conn.rollback()
                    raise
                version = number
        return version

    async def close(self) -> None:
        """Close the connection."""
        await self.conn.close()
