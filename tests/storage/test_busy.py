"""Another writer holds the database: writes wait a bounded time and are refused, reads go on.

On a real SQLite file (another connection's ``BEGIN IMMEDIATE``, as a second process would
take it) and a real PostgreSQL database (another connection's lock on the row written).
"""

import asyncio
import contextlib
import sqlite3
import time

import asyncpg
import pytest

from bot.storage import database
from bot.storage.refusals import StorageBusy

WAIT = 0.4


@pytest.fixture
async def db(db_target):
    db = await database.connect(db_target, write_wait=WAIT)
    await db.execute("INSERT INTO housekeeping (job, tick, claimed_at) VALUES ('j', 1, 't')")
    yield db
    await db.close()


@contextlib.asynccontextmanager
async def another_writer(db_target):
    if database.is_postgres(db_target):
        conn = await asyncpg.connect(str(db_target))
        try:
            async with conn.transaction():
                await conn.execute("SELECT job FROM housekeeping WHERE job='j' FOR UPDATE")
                yield
        finally:
            await conn.close()
    else:
        conn = sqlite3.connect(db_target, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            yield
            conn.execute("ROLLBACK")
        finally:
            conn.close()


async def test_queued_writes_are_each_refused_within_the_bound_and_reads_do_not_wait(db, db_target):
    async def write() -> float:
        started = time.monotonic()
        with pytest.raises(StorageBusy):
            async with db.transaction():
                await db.execute("UPDATE housekeeping SET tick=tick+1 WHERE job='j'")
        return time.monotonic() - started

    async def autocommit_write() -> float:
        started = time.monotonic()
        with pytest.raises(StorageBusy):
            await db.execute("UPDATE housekeeping SET tick=tick+1 WHERE job='j'")
        return time.monotonic() - started

    async def read() -> float:
        started = time.monotonic()
        async with db.reading():
            row = await db.fetchone("SELECT tick FROM housekeeping WHERE job='j'")
        assert row is not None and row["tick"] == 1
        assert (await db.fetchone("SELECT COUNT(*) AS n FROM housekeeping"))["n"] == 1
        return time.monotonic() - started

    async with another_writer(db_target):
        waits = await asyncio.gather(write(), write(), autocommit_write(), read())
    assert all(wait < WAIT + 0.3 for wait in waits[:3]), waits  # queued ones too: not 2x
    assert waits[3] < 0.2, waits
    async with db.transaction():  # the other writer is gone: writes go through again
        await db.execute("UPDATE housekeeping SET tick=tick+1 WHERE job='j'")
    assert (await db.fetchone("SELECT tick FROM housekeeping WHERE job='j'"))["tick"] == 2
