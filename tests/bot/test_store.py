"""The SQLite store against a real database file."""

import asyncio
import random
from datetime import UTC, datetime

import pytest

import engines
from bot import database
from bot.errors import ChannelBusy, StaleButton
from bot.leaderboard import standings
from bot.store import SessionStore

NOW = datetime(2026, 11, 22, tzinfo=UTC)


@pytest.fixture
async def store(tmp_path):
    db = await database.connect(tmp_path / "t.sqlite3")
    yield SessionStore(db)
    await db.close()


async def new_session(store, channel=10, seed=99):
    game = engines.get_game("knightfall").new(2, seed=seed)
    return await store.create(
        game_id="knightfall",
        guild_id=1,
        channel_id=channel,
        players=[(101, "ann"), (102, "bob")],
        seed=seed,
        options={},
        game=game,
        now=NOW,
    )


def random_move(game, rng):
    seat = rng.choice(game.to_act())
    action = rng.choice(game.legal_actions(seat))
    return seat, type(game).encode(action)


async def test_migrations_set_user_version_and_are_idempotent(tmp_path):
    path = tmp_path / "m.sqlite3"
    db = await database.connect(path)
    assert await database.migrate(db) == 4
    await db.close()
    db = await database.connect(path)
    async with db.execute("PRAGMA user_version") as cur:
        assert (await cur.fetchone())[0] == 4
    await db.close()


async def test_created_session_loads_with_seats_and_game(store):
    s = await new_session(store)
    loaded = await store.load(s.id)
    assert loaded.names == ["ann", "bob"]
    assert loaded.seat_of(102) == 1 and loaded.seat_of(999) is None
    assert loaded.game.to_json() == s.state_json


async def test_only_one_live_session_per_channel(store):
    await new_session(store, channel=10)
    with pytest.raises(ChannelBusy, match="already running"):
        await new_session(store, channel=10)
    await new_session(store, channel=11)


async def test_concurrent_writes_of_the_same_step_one_wins_one_is_stale(store):
    s = await new_session(store)
    rng = random.Random(1)
    moves = []
    for _ in range(2):
        game = s.game_cls.from_json(s.state_json)
        seat, code = random_move(game, rng)
        game.apply(seat, s.game_cls.decode(code))
        moves.append((seat, code, game))
    results = await asyncio.gather(
        *(
            store.record_action(s, seat=seat, code=code, game=g, public_events=[], now=NOW)
            for seat, code, g in moves
        ),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleButton) for r in results) == 1
    assert len(await store.action_log(s.id)) == 1
    assert (await store.load(s.id)).step == 1


async def test_a_finished_game_writes_results_ratings_and_survives_reopening(tmp_path):
    path = tmp_path / "r.sqlite3"
    db = await database.connect(path)
    store = SessionStore(db)
    s = await new_session(store)
    rng = random.Random(3)
    game = s.game
    while not game.is_over:
        seat, code = random_move(game, rng)
        game.apply(seat, s.game_cls.decode(code))
        s = await store.record_action(
            s, seat=seat, code=code, game=game, public_events=["x"], now=NOW, result=game.result
        )
    assert s.status == "finished"
    await db.close()

    db = await database.connect(path)
    store = SessionStore(db)
    again = await store.load(s.id)
    assert again.status == "finished" and again.game.is_over
    rows = await standings(db, 1, "knightfall")
    assert {r.user_id for r in rows} == {101, 102}
    assert all(r.games == 1 and r.rating is not None for r in rows)
    if game.result.winners == [0]:
        assert rows[0].user_id == 101 and rows[0].rating > 1500 > rows[1].rating
    await db.close()


async def test_replaying_the_action_log_rebuilds_the_stored_state(store):
    s = await new_session(store, seed=4242)
    rng = random.Random(5)
    game = s.game
    for _ in range(30):
        seat, code = random_move(game, rng)
        game.apply(seat, s.game_cls.decode(code))
        s = await store.record_action(s, seat=seat, code=code, game=game, public_events=[], now=NOW)
    replay = s.game_cls.new(2, seed=4242)
    for seat, code, _ in await store.action_log(s.id):
        replay.apply(seat, s.game_cls.decode(code))
    assert replay.to_json() == s.state_json
