"""The storage interface: statements, transactions, consistent reads and numbered migrations.

Queries are written once, with ``?`` placeholders, in the SQL both backends understand; a
backend translates the placeholders and owns the few statements that must differ (how a
transaction starts, how the schema version is kept, cross-process locks).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from contextvars import ContextVar
from importlib.resources import files
from typing import Any, ClassVar, Literal, Protocol, TypeVar

MIGRATIONS = files("bot.storage") / "migrations"

Params = Sequence[Any]
Mode = Literal["write", "read"]
T = TypeVar("T")


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

    def __init__(self) -> None:
        # The connection of the task's open transaction or read, if any (per database).
        self._scope: ContextVar[Any] = ContextVar(f"db-scope-{id(self)}", default=None)

    # ---- the backend's part -------------------------------------------------------------------
    @abstractmethod
    def _connection(self) -> AbstractAsyncContextManager[Any]:
        """A connection for one statement, transaction or read, held until the block ends."""

    @abstractmethod
    async def _begin(self, conn: Any, mode: Mode) -> None:
        """Open a write transaction, or a read of one consistent committed snapshot."""

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
        """Run one statement; how many rows it changed."""
        async with self._statement() as conn:
            return await self._guarded(self._execute(conn, sql, params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement once per parameter row (nothing when there are none)."""
        batch = list(rows)
        if batch:
            async with self._statement() as conn:
                await self._guarded(self._executemany(conn, sql, batch))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """Every row of a query."""
        async with self._statement() as conn:
            return await self._fetch(conn, sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        """The first row of a query, if any."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """The task's statements in this block are one write, committed at the end.

        Rolled back on any error (a disk error, a stale step, a cancelled task), so nothing is
        ever half-written.
        """
        if self._scope.get() is not None:
            raise RuntimeError("a transaction is already open in this task")
        async with self._connection() as conn, self._scoped(conn):
            await self._begin(conn, "write")
            try:
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
        async with self._connection() as conn, self._scoped(conn):
            await self._begin(conn, "read")
            try:
                yield
            finally:
                await self._rollback(conn)  # nothing to keep: it only read

    # ---- helpers ------------------------------------------------------------------------------
    @asynccontextmanager
    async def _scoped(self, conn: Any) -> AsyncIterator[None]:
        token = self._scope.set(conn)
        try:
            yield
        finally:
            self._scope.reset(token)

    @asynccontextmanager
    async def _statement(self) -> AsyncIterator[Any]:
        conn = self._scope.get()
        if conn is not None:
            yield conn
        else:
            async with self._connection() as conn:
                yield conn

    async def _guarded(self, call: Awaitable[T]) -> T:
        try:
            return await call
        except self.integrity_errors as exc:
            raise IntegrityError(str(exc)) from exc
