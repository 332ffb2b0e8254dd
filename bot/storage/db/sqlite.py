"""The SQLite backend: one writing connection and a few reading ones, in WAL mode."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

import aiosqlite

from bot.storage.db.base import (
    WRITE_WAIT_SECONDS,
    Database,
    Mode,
    Params,
    Query,
    Row,
    Statement,
    Unchanged,
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


def _queried(
    queries: Sequence[Query], snapshot: bool
) -> Callable[[sqlite3.Connection], list[list[Row]]]:
    """The queries' rows (``snapshot``: between a BEGIN and a ROLLBACK of their own)."""

    def run(c: sqlite3.Connection) -> list[list[Row]]:
        if snapshot:
            _rowcount("BEGIN", ())(c)
        try:
            return [_rows(sql, params)(c) for sql, params in queries]
        finally:
            if snapshot:
                c.rollback()

    return run


def _written(
    statements: Sequence[Statement],
    begin: Callable[[sqlite3.Connection], None] | None,
    cancelled: threading.Event,
) -> Callable[[sqlite3.Connection], list[int]]:
    """The statements' changed rows; with ``begin``, in a transaction of their own it opens.

    A guard that changes no row stops them (``Unchanged``); their own transaction is then
    rolled back, as on any error, before the caller hears of it. So is a write whose caller
    was ``cancelled`` while it waited (its turn on the thread, the file's lock): it runs to
    its end on this thread regardless, and must not land after the caller let go.
    """

    def run(c: sqlite3.Connection) -> list[int]:
        if begin is not None:
            begin(c)
            if cancelled.is_set():  # nobody awaits the answer: nothing lands
                c.rollback()
                return []
        try:
            changed: list[int] = []
            for statement in statements:
                changed.append(_rowcount(statement.sql, statement.params)(c))
                if statement.guard and not changed[-1]:
                    raise Unchanged()
            if begin is not None:
                c.commit()
        except BaseException:
            if begin is not None:
                c.rollback()
            raise
        return changed

    return run


def _immediate(busy_ms: int | None, usual_ms: int) -> Callable[[sqlite3.Connection], None]:
    """BEGIN IMMEDIATE, waiting at most ``busy_ms`` for the file's lock (None: the usual)."""

    def run(c: sqlite3.Connection) -> None:
        if busy_ms is None:
            _rowcount("BEGIN IMMEDIATE", ())(c)
            return
        _rowcount(f"PRAGMA busy_timeout={busy_ms}", ())(c)
        try:
            _rowcount("BEGIN IMMEDIATE", ())(c)
        finally:
            _rowcount(f"PRAGMA busy_timeout={usual_ms}", ())(c)

    return run


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


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

    def _is_busy(self, exc: BaseException) -> bool:
        code = getattr(exc, "sqlite_errorcode", None)
        return (
            isinstance(exc, sqlite3.OperationalError)
            and code is not None
            and (code & 0xFF in _BUSY_CODES)
        )

    async def _begin(self, conn: aiosqlite.Connection, mode: Mode, wait: float) -> None:
        begin = _rowcount("BEGIN", ()) if mode == "read" else self._immediate(wait)
        await _on_thread(conn, begin)

    def _immediate(self, wait: float) -> Callable[[sqlite3.Connection], None]:
        """Open a write transaction, waiting at most ``wait`` for the file.

        Only BEGIN IMMEDIATE waits for the file: once it holds the write lock, the
        transaction's statements and its commit (WAL) wait for no one. When part of the bound
        went on waiting our turn, the busy timeout is shortened around it.
        """
        shortened = wait < self.write_wait - 0.01
        return _immediate(_ms(wait) if shortened else None, _ms(self.write_wait))

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

    async def _reads(
        self, conn: aiosqlite.Connection, queries: Sequence[Query], snapshot: bool
    ) -> list[list[Row]]:
        return await _on_thread(conn, _queried(queries, snapshot))

    async def _writes(
        self, conn: aiosqlite.Connection, statements: Sequence[Statement], wait: float | None
    ) -> list[int]:
        begin = None if wait is None else self._immediate(wait)
        cancelled = threading.Event()
        try:
            return await _on_thread(conn, _written(statements, begin, cancelled))
        except asyncio.CancelledError:
            cancelled.set()
            raise

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
