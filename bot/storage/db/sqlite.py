"""The SQLite backend: one writing connection and a few reading ones, in WAL mode."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

import aiosqlite

from bot.storage.db.base import (
    WRITE_WAIT_SECONDS,
    Database,
    Mode,
    Params,
    Row,
    migration_scripts,
)

READERS = 3
"""Reading connections: reads run on them beside the writer and each other."""
_BUSY_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
T = TypeVar("T")


async def _on_thread(conn: aiosqlite.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    """``fn`` on the connection's own thread, in one hand-off.

    aiosqlite's cursor methods each hand off to that thread and back (a statement, its rows,
    the cursor's close: two or three trips, each waking the thread then the event loop).
    """
    result: T = await conn._execute(fn, conn._conn)
    return result


def _rowcount(sql: str, params: Params) -> Callable[[sqlite3.Connection], int]:
    def run(c: sqlite3.Connection) -> int:
        cur = c.execute(sql, params)
        try:
            return cur.rowcount
        finally:
            cur.close()

    return run


def _rows(sql: str, params: Params) -> Callable[[sqlite3.Connection], list[Row]]:
    def run(c: sqlite3.Connection) -> list[Row]:
        cur = c.execute(sql, params)
        try:
            return cur.fetchall()
        finally:
            cur.close()

    return run


def _many(sql: str, rows: list[Params]) -> Callable[[sqlite3.Connection], None]:
    def run(c: sqlite3.Connection) -> None:
        c.executemany(sql, rows).close()

    return run


async def _connect(path: Path | str, write_wait: float) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None, timeout=write_wait)
    conn.row_factory = aiosqlite.Row
    return conn


class SqliteDatabase(Database):
    """A SQLite file: the process's writes take turns on one connection (``_lock``).

    Reads (``reading()`` and queries outside a transaction) run on reading connections: in WAL
    mode they see the last committed state without waiting for a writer, in this process or
    another, so a write waiting for the file never holds up a read. A write waits at most
    ``write_wait`` in all, for its turn and then for the file's lock (SQLite's busy timeout,
    set to what is left for ``BEGIN IMMEDIATE``), else ``StorageBusy``.

    The connections are in autocommit mode: nothing opens a transaction behind our back, so a
    failed statement outside a transaction cannot leave one open.
    """

    dialect = "sqlite"
    integrity_errors = (sqlite3.IntegrityError,)

    def __init__(
        self,
        conn: aiosqlite.Connection,
        readers: list[aiosqlite.Connection],
        write_wait: float = WRITE_WAIT_SECONDS,
    ) -> None:
        super().__init__(write_wait)
        self.conn = conn
        self.readers = readers
        self._lock = asyncio.Lock()
        self._idle: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for reader in readers:
            self._idle.put_nowait(reader)

    @classmethod
    async def open(
        cls, path: Path | str, *, readers: int = READERS, write_wait: float = WRITE_WAIT_SECONDS
    ) -> SqliteDatabase:
        """Open the file (creating its folder) and configure the connections.

        ``:memory:`` has no reading connections (each connection would be its own database).
        """
        memory = str(path) == ":memory:"
        if not memory:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await _connect(path, write_wait)
        opened = [conn]
        try:
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA foreign_keys=ON")
            await conn.execute("PRAGMA synchronous=NORMAL")
            for _ in range(0 if memory else readers):
                reader = await _connect(path, write_wait)
                opened.append(reader)
                await reader.execute("PRAGMA query_only=ON")
        except BaseException:
            for c in opened:
                await c.close()
            raise
        return cls(conn, opened[1:], write_wait)

    @asynccontextmanager
    async def _connection(self, mode: Mode) -> AsyncIterator[aiosqlite.Connection]:
        if mode == "read" and self.readers:
            reader = await self._waited(self._idle.get(), self.write_wait)
            try:
                yield reader
            finally:
                self._idle.put_nowait(reader)
            return
        await self._waited(self._lock.acquire(), self.write_wait)
        try:
            yield self.conn
        finally:
            self._lock.release()

    async def _busy_timeout(self, seconds: float) -> None:
        pragma = f"PRAGMA busy_timeout={max(1, round(seconds * 1000))}"
        await _on_thread(self.conn, _rowcount(pragma, ()))

    def _is_busy(self, exc: BaseException) -> bool:
        code = getattr(exc, "sqlite_errorcode", None)
        return (
            isinstance(exc, sqlite3.OperationalError)
            and code is not None
            and (code & 0xFF in _BUSY_CODES)
        )

    async def _begin(self, conn: aiosqlite.Connection, mode: Mode, wait: float) -> None:
        if mode == "read":
            await _on_thread(conn, _rowcount("BEGIN", ()))
            return
        # Only BEGIN IMMEDIATE waits for the file: once it holds the write lock, the
        # transaction's statements and its commit (WAL) wait for no one.
        shortened = wait < self.write_wait - 0.01  # part of the bound went on waiting our turn
        if shortened:
            await self._busy_timeout(wait)
        try:
            await _on_thread(conn, _rowcount("BEGIN IMMEDIATE", ()))
        finally:
            if shortened:
                await self._busy_timeout(self.write_wait)

    async def _commit(self, conn: aiosqlite.Connection) -> None:
        await conn.commit()

    async def _rollback(self, conn: aiosqlite.Connection) -> None:
        await conn.rollback()  # a no-op when no transaction is open

    async def _execute(self, conn: aiosqlite.Connection, sql: str, params: Params) -> int:
        return await _on_thread(conn, _rowcount(sql, params))

    async def _executemany(self, conn: aiosqlite.Connection, sql: str, rows: list[Params]) -> None:
        await _on_thread(conn, _many(sql, rows))

    async def _fetch(self, conn: aiosqlite.Connection, sql: str, params: Params) -> list[Row]:
        return await _on_thread(conn, _rows(sql, params))

    async def lock(self, key: str) -> None:
        """Nothing to do: SQLite's write transactions already run one at a time."""

    async def migrate(self) -> int:
        """Apply newer scripts, each in its own transaction; the version is ``user_version``."""
        async with self._lock:
            conn = self.conn
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
        """Close the connections."""
        for conn in (self.conn, *self.readers):
            await conn.close()
