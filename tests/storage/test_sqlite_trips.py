"""SQLite's statements cost the event loop as few hand-offs to the connection's thread as they
can: each trip wakes that thread and then the loop, on every click."""

import aiosqlite
import pytest

from bot.storage import database


@pytest.fixture
async def db(tmp_path):
    db = await database.connect(tmp_path / "t.sqlite3")
    await db.execute("INSERT INTO housekeeping (job, tick, claimed_at) VALUES ('j', 1, 't')")
    yield db
    await db.close()


@pytest.fixture
def trips(monkeypatch):
    """The hand-offs to a connection's thread, counted."""
    counted = [0]
    real = aiosqlite.Connection._execute

    async def execute(self, fn, *args, **kwargs):
        counted[0] += 1
        return await real(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", execute)
    return counted


async def test_a_query_is_one_trip_and_its_rows_come_back(db, trips):
    rows = await db.fetchall("SELECT job, tick FROM housekeeping WHERE job=?", ("j",))
    assert [tuple(r) for r in rows] == [("j", 1)] and rows[0]["tick"] == 1
    assert trips[0] == 1


async def test_a_write_is_a_trip_per_statement_and_says_what_it_changed(db, trips):
    async with db.transaction():
        changed = await db.execute("UPDATE housekeeping SET tick=2 WHERE job=?", ("j",))
        await db.executemany(
            "INSERT INTO housekeeping (job, tick, claimed_at) VALUES (?, 1, 't')", [("a",), ("b",)]
        )
    assert changed == 1
    assert trips[0] == 4  # BEGIN IMMEDIATE, the two statements, COMMIT
    rows = await db.fetchall("SELECT job, tick FROM housekeeping ORDER BY job")
    assert [tuple(r) for r in rows] == [("a", 1), ("b", 1), ("j", 2)]


async def test_a_consistent_read_is_a_trip_per_statement(db, trips):
    async with db.reading():
        await db.fetchone("SELECT tick FROM housekeeping WHERE job='j'")
        await db.fetchall("SELECT job FROM housekeeping")
    assert trips[0] == 4  # BEGIN, the two queries, the end of the read
