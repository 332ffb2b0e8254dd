"""The leaderboard queries give the same standings on SQLite and on PostgreSQL."""

import itertools
import json

import pytest

from bot.storage import database
from bot.storage.leaderboard import computer_records, solo_standings, standings


@pytest.fixture
async def db(db_target):
    db = await database.connect(db_target)
    yield db
    await db.close()


SESSIONS = itertools.count()


async def result(db, user, outcome, *, game="g", score=None, vs=None, hinted=False, **options):
    """One finished game of its own, with one player's result."""
    sid = f"s{next(SESSIONS)}"
    await db.execute(
        "INSERT INTO sessions (id, game, guild_id, channel_id, status, seed, created_at,"
        " updated_at, hinted) VALUES (?, ?, 1, 1, 'finished', 1, 't', 't', ?)",
        (sid, game, int(hinted)),
    )
    await db.execute(
        "INSERT INTO results (session_id, user_id, guild_id, game, outcome, score, extra_json,"
        " finished_at, vs_computer) VALUES (?, ?, 1, ?, ?, ?, ?, 't', ?)",
        (sid, user, game, outcome, score, json.dumps({"options": options}), vs),
    )


async def test_two_player_standings_rank_by_rating_and_leave_out_unrated_games(db):
    await result(db, 1, "win")
    await result(db, 1, "win")
    await result(db, 2, "loss")
    await result(db, 2, "draw", unrated=True)  # a game the computer took over
    await result(db, 3, "win")
    await result(db, 4, "loss", vs="hard")  # against the computer
    await result(db, 5, "win", game="other")
    for uid, rating in ((1, 1400.0), (2, 1600.0)):
        await db.execute("INSERT INTO ratings VALUES (1, 'g', ?, ?, 50.0, 0.06)", (uid, rating))
    rows = await standings(db, 1, "g")
    assert [(r.user_id, r.games, r.wins, r.losses, r.draws, r.rating) for r in rows] == [
        (2, 1, 0, 1, 0, 1600.0),
        (1, 2, 2, 0, 0, 1400.0),
        (3, 1, 1, 0, 0, None),
    ]


async def test_records_against_the_computer_hardest_level_first(db):
    await result(db, 7, "win", vs="easy")
    await result(db, 7, "loss", vs="hard")
    await result(db, 7, "draw", vs="hard")
    await result(db, 8, "win", vs="normal")
    await result(db, 9, "win")  # against a person
    rows = await computer_records(db, 1, "g")
    assert [(r.user_id, r.level, r.wins, r.losses, r.draws) for r in rows] == [
        (7, "hard", 0, 1, 1),
        (8, "normal", 1, 0, 0),
        (7, "easy", 1, 0, 0),
    ]


async def test_solo_standings_count_challenges_undo_and_filter_by_an_option(db):
    await result(db, 1, "win", score=30.0, allstar=True, story="a")
    await result(db, 1, "win", score=10.0, allstar=False, story="b", used_undo=True)
    await result(db, 2, "loss", story="a")
    await result(db, 2, "win", score=20.0, allstar="true", story="a", used_undo=True)
    await result(db, 3, "loss", story="a")
    rows = await solo_standings(db, 1, "g")
    assert [(r.user_id, r.games, r.wins, r.best_score, r.challenge_wins, r.undo_games)
            for r in rows] == [
        (1, 2, 2, 30.0, 1, 1),
        (2, 2, 1, 20.0, 1, 1),
        (3, 1, 0, None, 0, 0),
    ]  # fmt: skip
    story_b = await solo_standings(db, 1, "g", option=("story", "b"))
    assert [(r.user_id, r.games, r.best_score) for r in story_b] == [(1, 1, 10.0)]


async def test_solo_standings_count_hinted_games_and_the_best_score_without_hints(db):
    await result(db, 1, "win", score=40.0, hinted=True)
    await result(db, 1, "win", score=25.0)
    await result(db, 2, "win", score=30.0, hinted=True)
    rows = await solo_standings(db, 1, "g")
    assert [(r.user_id, r.best_score, r.hint_games, r.best_unhinted) for r in rows] == [
        (1, 40.0, 1, 25.0),
        (2, 30.0, 1, None),
    ]
