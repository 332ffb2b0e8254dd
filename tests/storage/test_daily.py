"""The daily deal's storage on SQLite and PostgreSQL: its key, one attempt, its board."""

import asyncio
from datetime import UTC, datetime, timedelta, timezone
from types import SimpleNamespace

import pytest

import engines
from bot.storage import database
from bot.storage.daily import DailyStore, day_end, day_of, deal_seed, sealed
from bot.storage.db import IntegrityError
from bot.storage.models import DAILY, USED_UNDO
from bot.storage.store import SessionStore
from bot.surface.daily_text import share_line
from engines import Result

NOW = datetime(2026, 5, 21, 9, 30, tzinfo=UTC)
GAME = "galdors_grip"


@pytest.fixture
async def store(db_target):
    db = await database.connect(db_target)
    yield SessionStore(db)
    await db.close()


async def start(store, days, user, channel, day, name="ann", guild=1):
    seed = await days.seed(GAME, day)
    game = engines.get_game(GAME).new(1, seed=seed)

    async def claim(sid):
        await days.claim(
            sid, user_id=user, name=name, game_id=GAME, day=day, guild_id=guild, now=NOW
        )

    return await store.create(
        game_id=GAME,
        guild_id=guild,
        channel_id=channel,
        players=[(user, name)],
        seed=seed,
        options={DAILY: day},
        game=game,
        now=NOW,
        then=claim,
    )


async def finish(store, session, stars, moves, at):
    """Write ``moves`` chosen moves, then a result of ``stars`` (as the click loop does)."""
    rows = [(0, f"m{i}", []) for i in range(moves - 1)] + [(None, "@forced", [])]
    rows.append((0, "last", []))
    result = Result(winners=[0], scores={0: stars}, summary="done")
    await store.write_actions(
        session, rows, state=session.state_json, now=at, prompted={}, result=result
    )


def test_the_seed_needs_the_key_and_changes_every_day():
    day = day_of(NOW)
    seed = deal_seed(b"the key", GAME, day)
    assert seed == deal_seed(b"the key", GAME, day) and 0 <= seed < 2**63
    assert seed != deal_seed(b"another key", GAME, day)  # the date alone gives nothing
    assert seed != deal_seed(b"the key", GAME, day + 1)
    assert seed != deal_seed(b"the key", "gondolin", day)


def test_days_are_utc_dates_counted_from_the_first():
    assert day_of(datetime(2026, 1, 1, 0, 0, tzinfo=UTC)) == 1
    day = day_of(NOW)
    assert day_end(day) == datetime(2026, 5, 22, tzinfo=UTC)
    assert day_of(datetime(2026, 5, 21, 23, 59, tzinfo=UTC)) == day
    assert day_of(datetime(2026, 5, 22, 1, 0, tzinfo=timezone(timedelta(hours=2)))) == day


async def test_the_key_is_made_once_and_kept(store):
    first = await DailyStore(store.db).seed(GAME, 100)
    assert await DailyStore(store.db).seed(GAME, 100) == first  # another process, same key
    rows = await store.db.fetchall("SELECT name FROM bot_secrets")
    assert [r["name"] for r in rows] == ["daily"]
    assert await DailyStore(store.db, "set by the operator").seed(GAME, 100) != first


async def test_one_attempt_per_member_and_day_even_at_once(store):
    days = DailyStore(store.db)
    day = day_of(NOW)
    outcomes = await asyncio.gather(
        *(start(store, days, 7, channel, day) for channel in (10, 11, 12)),
        return_exceptions=True,
    )
    started = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(started) == 1, outcomes
    assert all(isinstance(o, IntegrityError) for o in outcomes if o not in started)
    rows = await store.db.fetchall("SELECT id FROM sessions")
    assert [r["id"] for r in rows] == [started[0].id]  # the refused ones left no game
    assert (await days.attempt(7, GAME, day)).session_id == started[0].id
    await start(store, days, 7, 13, day + 1)  # the next day is a new attempt
    await start(store, days, 8, 14, day)  # and another member has theirs


async def test_the_board_ranks_score_then_moves_then_finish(store):
    days = DailyStore(store.db)
    day = day_of(NOW)
    sessions = {}
    for user, guild in ((1, 1), (2, 1), (3, 2), (4, 2)):
        sessions[user] = await start(store, days, user, 10 + user, day, f"p{user}", guild)
    await finish(store, sessions[1], 7, 30, NOW + timedelta(minutes=5))
    await finish(store, sessions[2], 7, 25, NOW + timedelta(minutes=9))
    await finish(store, sessions[3], 7, 25, NOW + timedelta(minutes=7))
    board = await days.board(GAME, day)  # user 4 has not finished: not ranked
    assert [a.user_id for a in board] == [3, 2, 1]
    assert [a.user_id for a in await days.board(GAME, day, guild_id=1)] == [2, 1]
    place = await days.place(sessions[1].id)
    assert (place.rank, place.of) == (3, 3)
    here = await days.place(sessions[2].id, server=True)
    assert (here.rank, here.of) == (1, 2)
    done = await days.attempt(3, GAME, day)
    assert (done.score, done.moves, done.finished) == (7, 25, True)  # the forced move not counted
    assert await days.place(sessions[4].id) is None


async def test_hints_and_undo_are_marked_on_the_daily_result(store):
    days = DailyStore(store.db)
    day = day_of(NOW)
    session = await start(store, days, 9, 40, day)
    await store.mark_hinted(session.id)
    await store.set_options(session.id, {**session.options, USED_UNDO: True})
    await finish(store, await store.load(session.id), 5, 12, NOW)
    attempt = await days.attempt(9, GAME, day)
    assert (attempt.hinted, attempt.undone) == (True, True)
    place = await days.place(session.id)
    assert share_line(GAME, day, attempt, place) == (
        f"Galdor's Grip daily #{day}: 5 ⭐ in 12 moves, rank 1 of 1 · with Undo · with hints 💡"
    )


async def test_a_streak_counts_days_in_a_row(store):
    days = DailyStore(store.db)
    today = day_of(NOW)
    for n, day in enumerate((today - 5, today - 2, today - 1)):
        await start(store, days, 5, 20 + n, day)
    assert await days.streak(5, GAME, today) == 2  # not played today yet: the run up to yesterday
    await start(store, days, 5, 30, today)
    assert await days.streak(5, GAME, today) == 3
    assert await days.streak(5, GAME, today + 2) == 0


def test_a_daily_game_is_sealed_until_its_day_ends():
    daily = SimpleNamespace(options={DAILY: day_of(NOW)})
    assert sealed(daily, NOW)
    assert not sealed(daily, day_end(day_of(NOW)))
    assert not sealed(SimpleNamespace(options={}), NOW)
