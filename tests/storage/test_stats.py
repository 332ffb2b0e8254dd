"""The /stats queries on SQLite and on PostgreSQL, over games the real store finished."""

import itertools
import random
from datetime import UTC, datetime, timedelta

import pytest

import engines
from bot.storage import database, stats
from bot.storage.outcomes import resignation
from bot.storage.store import SessionStore
from engines import Result
from tests.storage import stats_reference as reference

START = datetime(2026, 11, 22, tzinfo=UTC)
ANN, BOB, CAT = 101, 102, 103
CHANNELS = itertools.count(10)
MINUTES = itertools.count(1)


@pytest.fixture
async def store(db_target):
    db = await database.connect(db_target)
    yield SessionStore(db)
    await db.close()


async def finish(store, players, loser, *, computers=None, options=None, game_id="knightfall"):
    """A game created and ended by ``loser``'s resignation, a minute after the one before."""
    now = START + timedelta(minutes=next(MINUTES))
    game = engines.get_game(game_id).new(len(players), seed=7)
    session = await store.create(
        game_id=game_id,
        guild_id=1,
        channel_id=next(CHANNELS),
        players=[(uid, f"p{uid}") for uid in players],
        seed=7,
        options=options or {},
        game=game,
        now=now,
        computers=computers,
    )
    return await store.record_action(
        session,
        seat=loser,
        code="!resign",
        game=session.game,
        public_events=[],
        now=now,
        result=resignation(session, loser),
        end_reason="resigned",
    )


async def test_rated_games_keep_each_rating_before_and_after_for_the_history(store):
    await finish(store, [ANN, BOB], loser=1)
    await finish(store, [BOB, ANN], loser=0)
    await finish(store, [ANN, BOB], loser=0)
    await finish(store, [ANN, CAT], loser=1)
    db = store.db

    (rated,) = await stats.records(db, 1, ANN, None)
    assert (rated.game, rated.level, rated.unrated, rated.games) == ("knightfall", None, False, 4)
    assert (rated.wins, rated.losses, rated.draws) == (3, 1, 0)

    history = await stats.rating_history(db, 1, ANN, "knightfall")
    assert len(history) == 4 and history[0].before == 1500.0
    assert [h.after for h in history[:-1]] == [h.before for h in history[1:]]
    assert [h.after > h.before for h in history] == [True, True, False, True]
    current = await stats.ratings(db, 1, ANN, ["knightfall", "gondor"])
    assert current == {"knightfall": history[-1].after}
    assert [h.after for h in await stats.rating_history(db, 1, ANN, "knightfall", 2)] == [
        h.after for h in history[2:]
    ]

    found = await stats.opponents(db, 1, ANN, ["knightfall"])
    assert [(o.user_id, o.games, o.wins, o.losses, o.draws) for o in found] == [
        (BOB, 3, 2, 1, 0),
        (CAT, 1, 1, 0, 0),
    ]
    assert await stats.records(db, 2, ANN, None) == []  # another server


async def test_games_against_the_computer_and_unrated_games_are_apart_with_no_opponent(store):
    await finish(store, [ANN, 999], loser=1, computers={1: "hard"})
    await finish(store, [999, ANN], loser=1, computers={0: "easy"})
    await finish(store, [ANN, BOB], loser=0, options={"unrated": True})
    db = store.db
    rows = await stats.records(db, 1, ANN, "knightfall")
    assert [(r.level, r.unrated, r.wins, r.losses) for r in rows] == [
        (None, True, 0, 1),
        ("easy", False, 0, 1),
        ("hard", False, 1, 0),
    ]
    assert await stats.rating_history(db, 1, ANN, "knightfall") == []
    assert await stats.ratings(db, 1, ANN, ["knightfall"]) == {}
    assert [o.user_id for o in await stats.opponents(db, 1, ANN, ["knightfall", "gondor"])] == [BOB]


async def solo(store, user, outcome, score, *, hinted=False, **options):
    """A solo game of Galdor's Grip the store finishes with ``score``."""
    now = START + timedelta(minutes=next(MINUTES))
    session = await store.create(
        game_id="galdors_grip",
        guild_id=1,
        channel_id=next(CHANNELS),
        players=[(user, f"p{user}")],
        seed=7,
        options=options,
        game=engines.get_game("galdors_grip").new(1, seed=7),
        now=now,
    )
    if hinted:
        await store.mark_hinted(session.id)
    result = Result(winners=[0] if outcome == "win" else [], scores={0: score}, summary="")
    await store.record_action(
        session,
        seat=0,
        code="!resign",
        game=session.game,
        public_events=[],
        now=now,
        result=result,
        end_reason="test",
    )


async def test_a_solo_best_is_told_with_and_without_hints_or_undo(store):
    db = store.db
    await solo(store, ANN, "win", 30.0, hinted=True)
    await solo(store, ANN, "win", 25.0, used_undo=True)
    await solo(store, ANN, "loss", 12.0)
    await solo(store, BOB, "win", 40.0, used_undo="true")
    (ann,) = await stats.records(db, 1, ANN, "galdors_grip")
    assert (ann.games, ann.wins, ann.best, ann.best_plain) == (3, 2, 30.0, 12.0)
    (bob,) = await stats.records(db, 1, BOB, None)
    assert (bob.best, bob.best_plain) == (40.0, None)


async def draw(store, players):
    """A duel ended in a draw."""
    now = START + timedelta(minutes=next(MINUTES))
    session = await store.create(
        game_id="knightfall",
        guild_id=1,
        channel_id=next(CHANNELS),
        players=[(uid, f"p{uid}") for uid in players],
        seed=7,
        options={},
        game=engines.get_game("knightfall").new(2, seed=7),
        now=now,
    )
    await store.record_action(
        session,
        seat=0,
        code="!draw",
        game=session.game,
        public_events=[],
        now=now,
        result=Result(winners=[], scores={}, summary="draw"),
        end_reason="test",
    )


async def test_the_summaries_equal_the_results_counted_and_the_migration_fills_them_alike(store):
    """Each game's end adds to its players' summaries what counting every result gives; the
    migration counts results written before the summaries into them the same."""
    rng = random.Random(3)
    people = [ANN, BOB, CAT, 104, 105]
    for _ in range(40):
        a, b = rng.sample(people, 2)
        kind = rng.random()
        if kind < 0.4:
            await finish(store, [a, b], loser=rng.randrange(2))
        elif kind < 0.5:
            await draw(store, [a, b])
        elif kind < 0.6:
            await finish(store, [a, b], loser=rng.randrange(2), options={"unrated": True})
        elif kind < 0.75:
            level = rng.choice(["easy", "normal", "hard"])
            await finish(store, [a, 999], loser=rng.randrange(2), computers={1: level})
        else:
            undo = rng.choice([None, True, "true", 1, False, "yes"])
            await solo(
                store,
                a,
                rng.choice(["win", "loss"]),
                float(rng.randrange(40)),
                hinted=rng.random() < 0.3,
                **({} if undo is None else {"used_undo": undo}),
            )
    db = store.db

    async def summaries():
        return {
            uid: (
                await stats.records(db, 1, uid, None),
                await stats.opponents(db, 1, uid, ["knightfall"]),
            )
            for uid in people
        }

    counted = {
        uid: (await reference.records(db, 1, uid), await reference.opponents(db, 1, uid))
        for uid in people
    }
    assert await summaries() == counted
    kinds = {(r.level, r.unrated) for rs, _ in counted.values() for r in rs}
    assert {(None, True), ("easy", False), (None, False)} <= kinds
    await reference.refill_summaries(db)
    assert await summaries() == counted


async def test_the_server_summary_counts_games_players_and_streaks_in_its_window(store):
    await finish(store, [ANN, BOB], loser=1)  # these two are left out by a window of 7 results
    await finish(store, [ANN, BOB], loser=1)
    await finish(store, [ANN, 999], loser=1, computers={1: "easy"})  # in no streak
    await finish(store, [ANN, BOB], loser=1)
    await finish(store, [BOB, CAT], loser=1)
    await finish(store, [ANN, BOB], loser=0)
    db = store.db

    found = await stats.server_stats(db, 1, None, window=7)
    assert found.results == 7
    assert [(c.game, c.games, c.players) for c in found.games] == [("knightfall", 4, 3)]
    assert [(a.user_id, a.games) for a in found.active] == [(ANN, 3), (BOB, 3), (CAT, 1)]
    assert [(s.user_id, s.game, s.wins) for s in found.streaks] == [(BOB, "knightfall", 2)]

    everything = await stats.server_stats(db, 1, "knightfall")
    assert everything.results == 11
    assert [(s.user_id, s.wins) for s in everything.streaks] == [(ANN, 3), (BOB, 2)]
    assert (await stats.server_stats(db, 1, "gondor")).games == []


BOUNDED = (
    "INDEX results_rated (guild_id=? AND user_id=? AND game=?)",  # a member's rated games
    "INDEX results_by_time (guild_id=?)",  # the server's latest, newest first, up to a limit
    "INDEX sqlite_autoindex_member_records_1 (guild_id=? AND user_id=?",  # a member's records
    "INDEX member_opponents_by_games (guild_id=? AND user_id=? AND game=?)",  # most played first
)
READ = ("results", "member_records", "member_opponents")


@pytest.fixture
async def sqlite_db(tmp_path):
    db = await database.connect(tmp_path / "plan.sqlite3")
    yield db
    await db.close()


async def test_every_stats_query_reads_through_an_index(sqlite_db):
    """No query scans a table: a member's figures through their summaries' keys, their rating
    history through their rated results, the server's through its latest results (SQLite's
    plan; the same indexes exist on PostgreSQL)."""
    db = sqlite_db
    asked: list[tuple[str, tuple]] = []
    fetchall, fetchone = db.fetchall, db.fetchone

    async def recording_fetchall(sql, params=()):
        asked.append((sql, params))
        return await fetchall(sql, params)

    async def recording_fetchone(sql, params=()):
        asked.append((sql, params))
        return await fetchone(sql, params)

    db.fetchall, db.fetchone = recording_fetchall, recording_fetchone
    for game in (None, "knightfall"):
        await stats.records(db, 1, ANN, game)
        await stats.server_stats(db, 1, game)
    await stats.opponents(db, 1, ANN, ["knightfall"])
    await stats.rating_history(db, 1, ANN, "knightfall")
    assert len(asked) == 14  # fetchone asks through fetchall too
    for sql, params in asked:
        plan = [row[3] for row in await fetchall("EXPLAIN QUERY PLAN " + sql, params)]
        reads = [step for step in plan if step.split()[1:2] in ([t] for t in READ)]
        assert reads, (sql, plan)
        for step in reads:
            assert step.startswith("SEARCH") and any(way in step for way in BOUNDED), (sql, plan)
