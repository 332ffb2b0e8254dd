"""What a click costs the database: the session read in one trip, the move written in one,
and the messages drawn from what the turn built (the last moves' texts are not read again)."""

import aiosqlite
import pytest

from tests.bot.harness import plain_move

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.mark.parametrize(
    ("start", "options"),
    [("gondolin start", {"story": "hidden_vale", "mode": "easy"}), ("galdor start", {})],
)
async def test_a_click_on_the_board_reads_once_and_writes_once(world, monkeypatch, start, options):
    if world.bot.db.dialect != "sqlite":
        pytest.skip("trips to SQLite's connection threads")
    await world.slash("alice", start, **options)
    session = await world.live()
    board = world.board(session)
    await world.make_move(world.people["alice"], board, plain_move(session, board))
    session = await world.bot.store.load(session.id)  # its first move is noted: a person chose
    trips, recent = [0], [0]
    real_trip, real_recent = aiosqlite.Connection._execute, world.bot.store.recent_event_rows

    async def trip(self, fn, *args, **kwargs):
        trips[0] += 1
        return await real_trip(self, fn, *args, **kwargs)

    async def recent_event_rows(*args, **kwargs):
        recent[0] += 1
        return await real_recent(*args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", trip)
    monkeypatch.setattr(world.bot.store, "recent_event_rows", recent_event_rows)
    await world.make_move(world.people["alice"], board, plain_move(session, board))
    monkeypatch.undo()
    moved = await world.bot.store.load(session.id)
    assert moved.step > session.step and f"Move {moved.step}" in board.text()
    assert (trips[0], recent[0]) == (2, 0)
    await world.resign("alice")
