"""The storage interface: statements, transactions, consistent reads and numbered migrations.

Queries are written once, with ``?`` placeholders, in the SQL both backends understand; a
backend translates the placeholders and owns the few statements that must differ (how a
transaction starts, how the schema version is kept, cross-process locks).
"""

from __future__ import annotations

import asyncio
import logging
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from contextvars import ContextVar
from importlib.resources import files
from typing import Any, ClassVar, Literal, Protocol, TypeVar

from bot.storage.refusals import StorageBusy

log = logging.getLogger(__name__)

MIGRATIONS = files("bot.storage") / "migrations"

Params = Sequence[Any]
Mode = Literal["write", "read"]
T = TypeVar("T")

WRITE_WAIT_SECONDS = 2.0
"""The longest a statement waits for the database before it is refused (``StorageBusy``).

The wait for a connection, for the process's turn to write and for another writer's lock
(SQLite's file, a PostgreSQL row) all count: a click or command that writes is then answered
well inside Discord's 3 s deadline, even while another writer holds the database.
"""


class Row(Protocol):
    """A result row: by column name or position (aiosqlite.Row, asyncpg.Record)."""

    def __getitem__(self, key: str | int) -> Any: ...


class IntegrityError(Exception):
    """A constraint refused a write (a unique index, a primary key, a check)."""


def migration_scripts(dialect: str) -> list[tuple[int, str]]:
    """(number, SQL) of every ``bot/storage/migrations/<dialect>/NNNN_*.sql``, in order."""
    folder = MIGRATIONS / dialect
    names = sorted(
        s.name for s in folder.iterdir() if s.name[:4].isdigit() and s.name.endswith(".sql")
    )
    return [(int(name[:4]), (folder / name).read_text()) for name in names]


class Database(ABC):
    """One database, used by every coroutine of the process.

    A statement runs inside the current task's :meth:`transaction` or :meth:`reading` when
    there is one, otherwise on its own (SQLite: under the process's lock, so it never slips
    into another coroutine's open transaction; PostgreSQL: on any pooled connection).
    """

    dialect: ClassVar[str]
    integrity_errors: ClassVar[tuple[type[BaseException], ...]]

    def __init__(self, write_wait: float = WRITE_WAIT_SECONDS) -> None:
        self.write_wait = write_wait
        # The connection of the task's open transaction or read, if any (per database).
        self._scope: ContextVar[Any] = ContextVar(f"db-scope-{id(self)}", default=None)

    # ---- the backend's part -------------------------------------------------------------------
    @abstractmethod
    def _connection(self, mode: Mode) -> AbstractAsyncContextManager[Any]:
        """A connection for one write or read, held until the block ends.

        Waiting for it (and, for a write, for other writers' locks) takes at most
        ``write_wait``, else ``StorageBusy``.
        """

    @abstractmethod
    def _is_busy(self, exc: BaseException) -> bool:
        """Whether ``exc`` says a lock wait ran out (another writer held what was needed)."""

    @abstractmethod
    async def _begin(self, conn: Any, mode: Mode, wait: float) -> None:
        """Open a write transaction, or a read of one consistent committed snapshot.

        ``wait``: what is left of ``write_wait`` for the write's waits on other writers' locks.
        """

    @abstractmethod
    async def _commit(self, conn: Any) -> None:
        """Commit the open transaction."""

    @abstractmethod
    async def _rollback(self, conn: Any) -> None:
        """Roll the open transaction back."""

    @abstractmethod
    async def _execute(self, conn: Any, sql: str, params: Params) -> int:
        """Run one statement; how many rows it changed."""

    @abstractmethod
    async def _executemany(self, conn: Any, sql: str, rows: list[Params]) -> None:
        """Run one statement once per parameter row."""

    @abstractmethod
    async def _fetch(self, conn: Any, sql: str, params: Params) -> list[Row]:
        """Run one query; its rows."""

    @abstractmethod
    async def migrate(self) -> int:
        """Apply every migration newer than the database; return the resulting version."""

    @abstractmethod
    async def close(self) -> None:
        """Close the connections."""

    @abstractmethod
    async def lock(self, key: str) -> None:
        """Inside a transaction: wait for other transactions holding ``key`` (in any process).

        For check-then-write rules on rows that may not exist yet (a player's deck count, a
        rating), which row versions alone cannot serialise.
        """

    # ---- the interface ------------------------------------------------------------------------
    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; how many rows it changed (outside a transaction: in its own)."""
        async with self._statement("write") as conn:
            return await self._guarded(self._execute(conn, sql, params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement once per parameter row (nothing when there are none)."""
        batch = list(rows)
        if batch:
            async with self._statement("write") as conn:
                await self._guarded(self._executemany(conn, sql, batch))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Every row of a query (outside a transaction: on a reading connection)."""
        async with self._statement("read") as conn:
            return await self._guarded(self._fetch(conn, sql, params))

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """The first row of a query, if any."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """The task's statements in this block are one write, committed at the end.

        Rolled back on any error (a disk error, a stale step, a cancelled task), so nothing is
        ever half-written. A task cancelled while its BEGIN is under way rolls back too: on
        SQLite the BEGIN runs on the connection's thread to the end regardless, and would
        otherwise leave the connection in a transaction for the next writer to fail on.
        """
        if self._scope.get() is not None:
            raise RuntimeError("a transaction is already open in this task")
        started = time.monotonic()
        async with self._connection("write") as conn, self._scoped(conn):
            wait = self.write_wait - (time.monotonic() - started)
            try:
                await self._guarded(self._begin(conn, "write", wait))
                yield
                await self._commit(conn)
            except BaseException:
                await self._rollback(conn)
                raise

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[None]:
        """The task's queries in this block see one committed state.

        Inside a transaction they see that transaction's own.
        """
        if self._scope.get() is not None:
            yield
            return
        async with self._connection("read") as conn, self._scoped(conn):
            try:
                await self._guarded(self._begin(conn, "read", self.write_wait))
                yield
            finally:
                await self._rollback(conn)  # nothing to keep: it only read (or a BEGIN cut short)

    # ---- helpers ------------------------------------------------------------------------------
    @asynccontextmanager
    async def _scoped(self, conn: Any) -> AsyncIterator[None]:
        token = self._scope.set(conn)
        try:
            yield
        finally:
            self._scope.reset(token)

    @asynccontextmanager
    async def _statement(self, mode: Mode) -> AsyncIterator[Any]:
        """The task's open transaction or read, else a connection of its own.

        A write outside a transaction gets a transaction of its own, so that its waits are
        bounded like any write's.
        """
        conn = self._scope.get()
        if conn is not None:
            yield conn
        elif mode == "write":
            async with self.transaction():
                yield self._scope.get()
        else:
            async with self._connection(mode) as conn:
                yield conn

    async def _guarded(self, call: Awaitable[T]) -> T:
        try:
            return await call
        except self.integrity_errors as exc:
            raise IntegrityError(str(exc)) from exc
        except Exception as exc:
            if self._is_busy(exc):
                raise self.busy() from exc
            raise

    async def _waited(self, waiting: Awaitable[T], seconds: float) -> T:
        """``waiting`` (a connection, a lock) if it comes within ``seconds``, else busy."""
        try:
            async with asyncio.timeout(seconds):
                return await waiting
        except TimeoutError:
            raise self.busy() from None

    def busy(self) -> StorageBusy:
        """The refusal of a statement that waited ``write_wait`` for the database (logged)."""
        log.warning("the database stayed busy for %.1f s: a statement was refused", self.write_wait)
        return StorageBusy()
