"""SQLite's statements cost the event loop as few hand-offs to the connection's thread as they
can: each trip wakes that thread and then the loop, on every click."""

import asyncio
from datetime import UTC, datetime

import aiosqlite
import pytest

import engines
from bot.storage import database
from bot.storage.db import Statement
from bot.storage.store import SessionStore

NOW = datetime(2026, 12, 7, tzinfo=UTC)


@pytest.fixture
async def db(tmp_path):
    db = await database.connect(tmp_path / "t.sqlite3")
    await db.execute("INSERT INTO housekeeping (job, tick, claimed_at) VALUES ('j', 1, 't')")
    yield db
    await db.close()


async def new_session(store):
    return await store.create(
        game_id="knightfall",
        guild_id=1,
        channel_id=2,
        players=[(101, "ann"), (102, "bob")],
        seed=3,
        options={},
        game=engines.get_game("knightfall").new(2, seed=3),
        now=NOW,
    )


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


async def test_a_statement_outside_a_transaction_is_one_trip(db, trips):
    assert await db.execute("UPDATE housekeeping SET tick=2 WHERE job=?", ("j",)) == 1
    assert trips[0] == 1  # its BEGIN IMMEDIATE and COMMIT ride along


async def test_a_write_known_up_front_is_one_trip_and_says_what_each_statement_changed(db, trips):
    changed = await db.write(
        [
            Statement("UPDATE housekeeping SET tick=2 WHERE job=?", ("j",), guard=True),
            Statement("INSERT INTO housekeeping (job, tick, claimed_at) VALUES ('a', 1, 't')"),
            Statement("DELETE FROM housekeeping WHERE job='nobody'"),
        ]
    )
    assert changed == [1, 1, 0] and trips[0] == 1
    rows = await db.fetchall("SELECT job, tick FROM housekeeping ORDER BY job")
    assert [tuple(r) for r in rows] == [("a", 1), ("j", 2)]


async def test_a_read_of_several_queries_is_one_trip(db, trips):
    ticks, jobs = await db.read(
        [
            ("SELECT tick FROM housekeeping WHERE job=?", ("j",)),
            ("SELECT job FROM housekeeping", ()),
        ]
    )
    assert [r["tick"] for r in ticks] == [1] and [r["job"] for r in jobs] == ["j"]
    assert trips[0] == 1


async def test_a_write_that_waited_its_turn_is_one_trip_and_keeps_the_busy_timeout(db, trips):
    """Part of its bound went on waiting for the process's turn: the file's busy timeout is
    shortened for its BEGIN IMMEDIATE, and set back, in the same trip."""

    async def hold_the_turn() -> None:
        async with db.transaction():
            await asyncio.sleep(0.1)

    holder = asyncio.create_task(hold_the_turn())
    await asyncio.sleep(0.02)
    before = trips[0]
    await db.write([Statement("UPDATE housekeeping SET tick=2 WHERE job='j'")])
    await holder
    assert trips[0] - before == 2  # the write's trip, and the holder's COMMIT
    async with db.conn.execute("PRAGMA busy_timeout") as cur:
        assert (await cur.fetchone())[0] == round(db.write_wait * 1000)


async def test_a_click_reads_the_session_in_one_trip_and_writes_its_move_in_one(db, trips):
    store = SessionStore(db)
    session = await new_session(store)
    trips[0] = 0
    session = await store.load(session.id)
    assert trips[0] == 1
    game = session.game
    seat = game.to_act()[0]
    code = type(game).encode(game.legal_actions(seat)[0])
    game.apply(seat, type(game).decode(code))
    await store.write_actions(
        session, [(seat, code, ["moved"])], state=game.to_json(), now=NOW, prompted={0: 1, 1: 1}
    )
    assert trips[0] == 2
