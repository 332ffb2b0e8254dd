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
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, ClassVar, Literal, Protocol, TypeVar

from bot.storage.refusals import StorageBusy

log = logging.getLogger(__name__)

MIGRATIONS = files("bot.storage") / "migrations"

Params = Sequence[Any]
Query = tuple[str, Params]
"""A query and its parameters (:meth:`Database.read`)."""
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


class Unchanged(Exception):
    """A guarded statement changed no row: the write it was part of is rolled back."""


@dataclass(frozen=True)
class Statement:
    """One statement of a :meth:`Database.write`, with its parameters."""

    sql: str
    params: Params = ()
    guard: bool = False
    """The write holds only if this statement changes a row (``UPDATE … WHERE step=?``): if it
    changes none, nothing after it runs and the write is rolled back (``Unchanged``)."""


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

    async def _reads(self, conn: Any, queries: Sequence[Query], snapshot: bool) -> list[list[Row]]:
        """The queries' rows; ``snapshot``: in a read of their own (else as the connection is)."""
        if not snapshot:
            return [await self._fetch(conn, sql, params) for sql, params in queries]
        try:  # a BEGIN cut short by a cancel is rolled back too
            await self._begin(conn, "read", self.write_wait)
            return [await self._fetch(conn, sql, params) for sql, params in queries]
        finally:
            await self._rollback(conn)

    async def _writes(
        self, conn: Any, statements: Sequence[Statement], wait: float | None
    ) -> list[int]:
        """Run the statements, in the connection's open transaction or (``wait``) their own.

        ``wait``: what is left of ``write_wait`` for the transaction's begin.
        """
        if wait is None:
            return await self._run(conn, statements)
        try:  # a BEGIN cut short by a cancel is rolled back too
            await self._begin(conn, "write", wait)
            changed = await self._run(conn, statements)
            await self._commit(conn)
        except BaseException:
            await self._rollback(conn)
            raise
        return changed

    async def _run(self, conn: Any, statements: Sequence[Statement]) -> list[int]:
        changed: list[int] = []
        for statement in statements:
            changed.append(await self._execute(conn, statement.sql, statement.params))
            if statement.guard and not changed[-1]:
                raise Unchanged()
        return changed

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
        [changed] = await self.write([Statement(sql, params)])
        return changed

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement once per parameter row (nothing when there are none)."""
        batch = list(rows)
        if not batch:
            return
        if self._scope.get() is None:  # a transaction of its own: its waits are bounded
            async with self.transaction():
                await self.executemany(sql, batch)
            return
        await self._guarded(self._executemany(self._scope.get(), sql, batch))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Every row of a query (outside a transaction: on a reading connection)."""
        [rows] = await self.read([(sql, params)])
        return rows

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """The first row of a query, if any."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def read(self, queries: Sequence[Query]) -> list[list[Row]]:
        """Every row of each query, all from one committed state (one trip on SQLite).

        Inside a transaction or :meth:`reading` they see its own state.
        """
        conn = self._scope.get()
        if conn is not None:
            return await self._guarded(self._reads(conn, queries, snapshot=False))
        async with self._connection("read") as conn:
            return await self._guarded(self._reads(conn, queries, snapshot=len(queries) > 1))

    async def write(self, statements: Sequence[Statement]) -> list[int]:
        """Run the statements as one write, committed together; the rows each changed.

        All are known up front, so SQLite runs them, its BEGIN and COMMIT in one trip to the
        connection's thread. Outside a transaction the write is its own, bounded like any
        (``write_wait``), rolled back on any error and on a guard's ``Unchanged``; inside one
        they are part of it, and ``Unchanged`` rolls it back as it leaves the block.
        """
        conn = self._scope.get()
        if conn is not None:
            return await self._guarded(self._writes(conn, statements, None))
        started = time.monotonic()
        async with self._connection("write") as conn:
            wait = self.write_wait - (time.monotonic() - started)
            return await self._guarded(self._writes(conn, statements, wait))

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
