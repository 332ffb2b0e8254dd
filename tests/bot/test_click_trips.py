"""What a click costs the database: the session read in one trip, the move written in one,
and the messages drawn from what the turn built (the last moves' texts are not read again)."""

import asyncio

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


@pytest.mark.parametrize(
    ("start", "options", "light"),
    [
        ("gondolin start", {"story": "hidden_vale", "mode": "easy"}, True),
        ("galdor start", {}, True),
        ("knightfall challenge", {"opponent": "bob"}, False),
    ],
)
async def test_a_light_games_turn_runs_on_the_loop_and_a_heavier_ones_in_a_thread(
    world, monkeypatch, start, options, light
):
    """The turn of a solo game costs about what a thread's hand-off does: it stays on the loop."""
    if "opponent" in options:
        options = {**options, "opponent": world.people[options["opponent"]]}
    await world.slash("alice", start, **options)
    session = await world.live()
    if session.status == "pending":
        challenge = world.emu.channel_messages(world.chan)[-1]
        await world.click("bob", challenge, challenge.find_button("Accept"))
        session = await world.live()
    threaded, real = [], asyncio.to_thread

    async def to_thread(fn, /, *args, **kwargs):
        threaded.append(getattr(fn, "__name__", ""))
        return await real(fn, *args, **kwargs)

    monkeypatch.setattr(asyncio, "to_thread", to_thread)
    for _ in range(3):
        session = await world.bot.store.load(session.id)
        seat = next(s for s in session.game.to_act() if session.seats[s].computer is None)
        user = world.user(session, seat)
        message = world.board(session) if light else world.controls_message(user)
        await world.make_move(user, message, plain_move(session, message))
    monkeypatch.undo()
    assert (await world.bot.store.load(session.id)).step > session.step
    assert ("play" in threaded) is not light, threaded
    await world.resign("alice")
