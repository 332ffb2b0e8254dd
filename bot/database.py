"""The SQLite connection: pragmas, numbered migrations (PRAGMA user_version) and transactions."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path

import aiosqlite

MIGRATIONS = files("bot") / "migrations"


async def connect(path: Path | str) -> aiosqlite.Connection:
    """Open the database file (creating its folder), configure it and migrate it.

    The connection is in autocommit mode: nothing opens a transaction behind our back, so a
    failed statement outside :func:`transaction` cannot leave one open.
    """
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    await db.execute("PRAGMA journal_mode=WAL")
    await db.execute("PRAGMA foreign_keys=ON")
    await db.execute("PRAGMA synchronous=NORMAL")
    await migrate(db)
    return db


@asynccontextmanager
async def transaction(db: aiosqlite.Connection, lock: asyncio.Lock) -> AsyncIterator[None]:
    """One write: under ``lock``, BEGIN IMMEDIATE, COMMIT at the end, ROLLBACK on any error.

    Every write path goes through here, so an error (a disk error, a stale step, a cancelled
    task) leaves neither a half-written row nor an open transaction behind.
    """
    async with lock:
        try:
            await db.execute("BEGIN IMMEDIATE")
            yield
            await db.commit()
        except BaseException:
            await db.rollback()  # a no-op when BEGIN itself failed
            raise


@asynccontextmanager
async def reading(lock: asyncio.Lock) -> AsyncIterator[None]:
    """Read between writes: under ``lock`` no transaction is open, so only commits are seen."""
    async with lock:
        yield


async def migrate(db: aiosqlite.Connection) -> int:
    """Apply every migration newer than the database; return the resulting version."""
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    version = row[0] if row else 0
    scripts = sorted(
        (s for s in MIGRATIONS.iterdir() if s.name[:4].isdigit() and s.name.endswith(".sql")),
        key=lambda s: s.name,
    )
    for script in scripts:
        number = int(script.name[:4])
        if number <= version:
            continue
        try:
            await db.executescript(
                f"BEGIN;\n{script.read_text()}\nPRAGMA user_version={number};\nCOMMIT;"
            )
        except BaseException:
            await db.rollback()
            raise
        version = number
    return version
