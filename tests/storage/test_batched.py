"""A write whose statements are all known up front and a read of several queries, each run as
one (on SQLite in one trip to the connection's thread): all or nothing, one committed state.
On a real SQLite file and a real PostgreSQL database."""

import sqlite3

import asyncpg
import pytest

from bot.storage import database
from bot.storage.db import IntegrityError, Statement, Unchanged
from tests.bot.db_faults import watch_sqlite

ADD = "INSERT INTO housekeeping (job, tick, claimed_at) VALUES (?, 1, 't')"


@pytest.fixture
async def db(db_target):
    db = await database.connect(db_target)
    await db.execute(ADD, ("j",))
    yield db
    await db.close()


async def jobs(db) -> list[tuple[str, int]]:
    return [tuple(r) for r in await db.fetchall("SELECT job, tick FROM housekeeping ORDER BY job")]


def assert_no_open_transaction(db) -> None:
    if db.dialect == "sqlite":
        assert not db.conn.in_transaction
    else:
        assert db.pool.get_idle_size() == db.pool.get_size(), "a connection is still held"


async def test_a_guard_that_changes_no_row_leaves_nothing_written(db):
    with pytest.raises(Unchanged):
        await db.write(
            [
                Statement(ADD, ("a",)),
                Statement("UPDATE housekeeping SET tick=2 WHERE job=?", ("gone",), guard=True),
                Statement(ADD, ("b",)),
            ]
        )
    assert await jobs(db) == [("j", 1)]
    assert_no_open_transaction(db)
    assert await db.write([Statement(ADD, ("a",))]) == [1]  # the next write goes through
    assert await jobs(db) == [("a", 1), ("j", 1)]


async def test_a_guard_inside_a_transaction_rolls_the_whole_transaction_back(db):
    with pytest.raises(Unchanged):
        async with db.transaction():
            await db.execute(ADD, ("a",))
            await db.write(
                [Statement("UPDATE housekeeping SET tick=2 WHERE job='gone'", guard=True)]
            )
    assert await jobs(db) == [("j", 1)]
    assert_no_open_transaction(db)


async def test_a_refused_statement_leaves_nothing_written(db):
    with pytest.raises(IntegrityError):
        await db.write([Statement(ADD, ("a",)), Statement(ADD, ("j",))])  # j exists
    assert await jobs(db) == [("j", 1)]
    assert_no_open_transaction(db)


async def test_a_read_of_several_queries_sees_one_committed_state(db, db_target, monkeypatch):
    """Another writer commits between the read's two queries: the second does not see it."""
    queries = [
        ("SELECT tick FROM housekeeping WHERE job='j'", ()),
        ("SELECT COUNT(*) AS n FROM housekeeping", ()),
    ]
    seen: list[str] = []
    if db.dialect == "sqlite":

        def between(sql: str) -> None:  # on the reader's thread, inside the read's one trip
            seen.append(sql)
            if sql.startswith("SELECT COUNT"):
                other = sqlite3.connect(db_target, isolation_level=None)
                other.execute("UPDATE housekeeping SET tick=5 WHERE job='j'")
                other.execute(ADD, ("new",))
                other.close()

        watch_sqlite(monkeypatch, db, between)
    else:
        real_fetch = db._fetch

        async def fetch(conn, sql, params):
            seen.append(sql)
            if sql.startswith("SELECT COUNT"):
                other = await asyncpg.connect(str(db_target))
                await other.execute("UPDATE housekeeping SET tick=5 WHERE job='j'")
                await other.execute(ADD.replace("?", "$1"), "new")
                await other.close()
            return await real_fetch(conn, sql, params)

        monkeypatch.setattr(db, "_fetch", fetch)
    ticks, counts = await db.read(queries)
    assert any(s.startswith("SELECT COUNT") for s in seen), "the other writer did commit"
    assert (ticks[0]["tick"], counts[0]["n"]) == (1, 1)
    monkeypatch.undo()
    assert await jobs(db) == [("j", 5), ("new", 1)]
