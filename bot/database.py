"""The SQLite connection: pragmas and numbered migrations tracked by PRAGMA user_version."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

MIGRATIONS = Path(__file__).parent / "migrations"


async def connect(path: Path | str) -> aiosqlite.Connection:
    """Open the database file (creating its folder), configure it and migrate it."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = await aiosqlite.connect(path)
    db.row_factory = aiosqlite.Row
    await db.execute("PRAGMA journal_mode=WAL")
    await db.execute("PRAGMA foreign_keys=ON")
    await db.execute("PRAGMA synchronous=NORMAL")
    await migrate(db)
    return db


async def migrate(db: aiosqlite.Connection) -> int:
    """Apply every migration newer than the database; return the resulting version."""
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    version = row[0] if row else 0
    for script in sorted(MIGRATIONS.glob("[0-9][0-9][0-9][0-9]_*.sql")):
        number = int(script.name[:4])
        if number <= version:
            continue
        await db.executescript(
            f"BEGIN;\n{script.read_text()}\nPRAGMA user_version={number};\nCOMMIT;"
        )
        version = number
    return version
