"""Store support for the lifecycle: abort agreements per step, idle warnings, live counts."""

from datetime import UTC, datetime, timedelta

import pytest

import engines
from bot.storage import database
from bot.storage.store import SessionStore

NOW = datetime(2026, 11, 22, tzinfo=UTC)


@pytest.fixture
async def store(db_target):
    db = await database.connect(db_target)
    yield SessionStore(db)
    await db.close()


async def knightfall(store, channel=10, players=((101, "ann"), (102, "bob"))):
    game = engines.get_game("knightfall").new(2, seed=7)
    return await store.create(
        game_id="knightfall",
        guild_id=1,
        channel_id=channel,
        players=list(players),
        seed=7,
        options={},
        game=game,
        now=NOW,
    )


async def move(store, session):
    game = session.game
    seat = game.to_act()[0]
    code = type(game).encode(game.legal_actions(seat)[0])
    game.apply(seat, game.legal_actions(seat)[0])
    return await store.record_action(
        session, seat=seat, code=code, game=game, public_events=[], now=NOW
    )


async def test_an_abort_agreement_counts_only_at_the_step_it_was_given(store):
    s = await knightfall(store)
    await store.agree_abort(s.id, 0, s.step)
    assert await store.abort_agreed_seats(s.id) == {0}
    s = await move(store, s)
    assert await store.abort_agreed_seats(s.id) == set()
    await store.agree_abort(s.id, 1, s.step)
    await store.agree_abort(s.id, 0, s.step)
    assert await store.abort_agreed_seats(s.id) == {0, 1}


async def test_an_idle_game_is_warned_once_per_step(store):
    s = await knightfall(store)
    later = NOW + timedelta(days=4)
    assert await store.unwarned_idle(later) == [s.id]
    await store.set_idle_warned(s.id, s.step)
    assert await store.unwarned_idle(later) == []
    s = await move(store, s)
    assert await store.unwarned_idle(later) == [s.id]  # a new wait, a new warning


async def test_live_games_are_counted_per_member_and_server(store):
    s = await knightfall(store, channel=10)
    await knightfall(store, channel=11, players=((101, "ann"), (103, "cy")))
    assert await store.live_count(1, 101) == 2
    assert await store.live_count(1, 102) == 1
    assert await store.live_count(2, 101) == 0  # another server
    await store.close(s, status="abandoned", reason="aborted", now=NOW)
    assert await store.live_count(1, 101) == 1
