"""The PostgreSQL backend: an asyncpg pool shared by the processes' coroutines."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import lru_cache

import asyncpg

from bot.storage.db.base import (
    WRITE_WAIT_SECONDS,
    Database,
    Mode,
    Params,
    Row,
    migration_scripts,
)

# A quoted literal (kept as it is) or a ``?`` placeholder (numbered $1, $2, … in order).
_TOKEN = re.compile(r"'(?:[^']|'')*'|\?")
MIGRATION_LOCK = "tabletop:migrations"


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, …`` (question marks in literals stay)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() != "?":
            return match.group()
        count += 1
        return f"${count}"

    return _TOKEN.sub(number, sql)


def rowcount(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 1`` or ``INSERT 0 2``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresDatabase(Database):
    """A PostgreSQL database (``DATABASE_URL=postgresql://…``), shared by several processes.

    Writes are READ COMMITTED transactions: a concurrent ``UPDATE … WHERE step=?`` on the same
    row waits for the first to commit, then finds the step moved on and changes nothing. Reads
    that must agree with each other run in one REPEATABLE READ snapshot (:meth:`reading`).

    A write waits at most ``write_wait``: for a pooled connection, then each statement for the
    locks other transactions hold (``lock_timeout`` and ``statement_timeout``, set to what is
    left), else ``StorageBusy``. Reads take no row locks: a writer never holds them up.
    """

    dialect = "postgres"
    integrity_errors = (asyncpg.IntegrityConstraintViolationError,)

    def __init__(self, pool: asyncpg.Pool, write_wait: float = WRITE_WAIT_SECONDS) -> None:
        super().__init__(write_wait)
        self.pool = pool

    @classmethod
    async def open(
        cls, url: str, *, max_size: int = 10, write_wait: float = WRITE_WAIT_SECONDS
    ) -> PostgresDatabase:
        """Connect a pool of up to ``max_size`` connections."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=max_size)
        return cls(pool, write_wait)

    @asynccontextmanager
    async def _connection(self, mode: Mode) -> AsyncIterator[asyncpg.Connection]:
        try:
            conn = await self.pool.acquire(timeout=self.write_wait)
        except TimeoutError:
            raise self.busy() from None
        try:
            yield conn
        finally:
            await self.pool.release(conn)

    def _is_busy(self, exc: BaseException) -> bool:
        """A lock wait or a write's statement ran over what was left of ``write_wait``."""
        return isinstance(exc, asyncpg.LockNotAvailableError | asyncpg.QueryCanceledError)

    async def _begin(self, conn: asyncpg.Connection, mode: Mode, wait: float) -> None:
        if mode == "read":
            await conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            return
        left = max(1, round(wait * 1000))
        # One round trip. Each statement then waits at most what is left of the bound, for any
        # lock (a row's, an advisory lock) as in all: a row held by another transaction is
        # waited for twice (its tuple lock, then the holder), so lock_timeout alone is not it.
        await conn.execute(
            f"BEGIN; SET LOCAL lock_timeout = {left}; SET LOCAL statement_timeout = {left}"
        )

    async def _commit(self, conn: asyncpg.Connection) -> None:
        await conn.execute("COMMIT")

    async def _rollback(self, conn: asyncpg.Connection) -> None:
        if conn.is_in_transaction():
            await conn.execute("ROLLBACK")

    async def _execute(self, conn: asyncpg.Connection, sql: str, params: Params) -> int:
        return rowcount(await conn.execute(numbered(sql), *params))

    async def _executemany(self, conn: asyncpg.Connection, sql: str, rows: list[Params]) -> None:
        await conn.executemany(numbered(sql), rows)

    async def _fetch(self, conn: asyncpg.Connection, sql: str, params: Params) -> list[Row]:
        return list(await conn.fetch(numbered(sql), *params))

    async def lock(self, key: str) -> None:
        """Take a transaction-scoped advisory lock on ``key`` (released at commit/rollback)."""
        await self.execute("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (key,))

    async def migrate(self) -> int:
        """Apply newer scripts in one transaction; the version is kept in ``schema_version``.

        Processes starting together take turns (an advisory lock), so each script runs once.
        """
        async with self.transaction():
            # No bound: processes starting together wait for the first one's migrations.
            await self.execute("SET LOCAL lock_timeout = 0; SET LOCAL statement_timeout = 0")
            await self.lock(MIGRATION_LOCK)
            await self.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
            row = await self.fetchone("SELECT MAX(version) FROM schema_version")
            version = (row[0] if row else None) or 0
            conn = self._scope.get()
            for number, script in migration_scripts(self.dialect):
                if number > version:
                    await conn.execute(script)  # no parameters: several statements may run
                    version = number
            await self.execute("DELETE FROM schema_version")
            await self.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
        return version

    async def close(self) -> None:
        """Close the pool."""
        await self.pool.close()
