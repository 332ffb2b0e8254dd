"""A write cancelled while its BEGIN is under way (a shutdown, a timeout) leaves nothing open.

aiosqlite runs each statement on the connection's thread: cancelling the task that awaits a
``BEGIN IMMEDIATE`` does not stop it there, so it may take effect after the task has let go of
the connection. It is rolled back, or the next write on that connection would be refused
("cannot start a transaction within a transaction"), and every one after it. ``Database.write``
(and a statement outside a transaction) runs BEGIN to COMMIT in one trip to that thread, which
the cancel does not stop either: it is rolled back there.
"""

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable

import pytest

from bot.storage import database
from bot.storage.db import Database, Statement

WAIT = 2.0
UPDATE = "UPDATE housekeeping SET tick=tick+1 WHERE job='j'"


async def in_a_transaction(db: Database) -> None:
    async with db.transaction():
        await db.execute(UPDATE)


async def one_statement(db: Database) -> None:
    await db.execute(UPDATE)


async def one_write(db: Database) -> None:
    await db.write([Statement(UPDATE, guard=True)])


@pytest.mark.parametrize(
    "write", [in_a_transaction, one_write, one_statement], ids=["transaction", "write", "statement"]
)
async def test_a_write_cancelled_while_its_begin_waits_for_the_file_makes_no_change(
    tmp_path, write: Callable[[Database], Awaitable[None]]
):
    path = tmp_path / "bot.sqlite3"
    db = await database.connect(path, write_wait=WAIT)
    try:
        await db.execute("INSERT INTO housekeeping (job, tick, claimed_at) VALUES ('j', 1, 't')")
        other = sqlite3.connect(path, isolation_level=None)  # another process's writer
        other.execute("BEGIN IMMEDIATE")
        task = asyncio.create_task(write(db))
        await asyncio.sleep(0.2)  # its BEGIN IMMEDIATE waits for the other writer
        task.cancel()
        await asyncio.sleep(0.1)
        other.execute("ROLLBACK")  # now that BEGIN goes through, on the connection's thread
        other.close()
        with pytest.raises(asyncio.CancelledError):
            await task

        await db.execute("UPDATE housekeeping SET tick=tick+5 WHERE job='j'")
        row = await db.fetchone("SELECT tick FROM housekeeping WHERE job='j'")
        assert row is not None and row["tick"] == 6  # the cancelled write made no change
    finally:
        await db.close()
