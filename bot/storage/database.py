"""Opening the database: a SQLite file (the default) or PostgreSQL (a ``postgresql://`` URL)."""

from __future__ import annotations

from pathlib import Path

from bot.storage.db import Database
from bot.storage.db.base import WRITE_WAIT_SECONDS
from bot.storage.db.postgres import PostgresDatabase
from bot.storage.db.sqlite import SqliteDatabase

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: Path | str) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a SQLite file."""
    return str(target).startswith(POSTGRES_SCHEMES)


async def connect(target: Path | str, *, write_wait: float = WRITE_WAIT_SECONDS) -> Database:
    """Open the database (a SQLite path or a PostgreSQL URL) and bring its schema up to date.

    A SQLite file is created with its folder when missing. ``write_wait``: the longest a
    statement waits for the database before it is refused as busy.
    """
    if is_postgres(target):
        db: Database = await PostgresDatabase.open(str(target), write_wait=write_wait)
    else:
        db = await SqliteDatabase.open(target, write_wait=write_wait)
    try:
        await db.migrate()
    except BaseException:
        await db.close()
        raise
    return db


async def migrate(db: Database) -> int:
    """Apply every migration newer than the database; return the resulting version."""
    return await db.migrate()
