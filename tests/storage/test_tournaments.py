"""Tournaments in storage on SQLite and PostgreSQL: entries, rounds, results, the limit."""

import asyncio
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from bot.storage import database
from bot.storage.models import TOURNAMENT
from bot.storage.outcomes import Outcome
from bot.storage.pairing import SWISS, Decision
from bot.storage.refusals import Refusal, Refused
from bot.storage.tournaments import (
    FINISHED,
    OPEN,
    RUNNING,
    TournamentStore,
    record_result,
)

NOW = datetime(2026, 5, 21, 9, 30, tzinfo=UTC)


@pytest.fixture
async def store(db_target):
    db = await database.connect(db_target)
    yield TournamentStore(db)
    await db.close()


async def new(store, guild=1, limit=3, rounds=3, fmt=SWISS):
    return await store.create(
        guild_id=guild,
        channel_id=10,
        game_id="knightfall",
        fmt=fmt,
        rounds=rounds,
        pace=timedelta(hours=24),
        rated=True,
        organiser_id=100,
        starts_at=None,
        now=NOW,
        limit=limit,
    )


def refused(exc_info, code):
    assert isinstance(exc_info.value, Refused) and exc_info.value.code == code


async def test_a_server_runs_at_most_its_limit(store):
    for _ in range(2):
        await new(store, limit=2)
    with pytest.raises(Refused) as exc:
        await new(store, limit=2)
    refused(exc, Refusal.TOO_MANY_TOURNAMENTS)
    assert (await new(store, guild=2, limit=2)).state == OPEN  # another server's own


async def test_players_join_and_leave_until_the_start(store):
    t = await new(store)
    for uid in (1, 2, 3):
        await store.join(t.id, uid, f"p{uid}", NOW)
    with pytest.raises(Refused) as exc:
        await store.join(t.id, 2, "p2", NOW)
    refused(exc, Refusal.ALREADY_ENTERED)
    assert not await store.leave(t.id, 3, NOW)  # left before the start
    with pytest.raises(Refused) as exc:
        await store.start(t.id, NOW)
    refused(exc, Refusal.TOO_FEW_PLAYERS)
    await store.join(t.id, 4, "p4", NOW)
    await store.join(t.id, 5, "p5", NOW)
    await store.join(t.id, 6, "p6", NOW)
    assert await store.start(t.id, NOW)
    assert not await store.start(t.id, NOW)  # a second start does nothing
    with pytest.raises(Refused) as exc:
        await store.join(t.id, 7, "p7", NOW)
    refused(exc, Refusal.TOURNAMENT_STARTED)
    t = await store.get(t.id)
    assert (t.state, t.round, t.rounds) == (RUNNING, 1, 3)
    assert t.round_ends_at == NOW + timedelta(hours=24)
    boards = await store.boards(t.id, 1)
    assert [b.decision for b in boards if b.second is None] == [Decision.BYE]
    assert sorted(p for b in boards for p in (b.first, b.second) if p) == [1, 2, 4, 5, 6]


def session_of(sid, first, second, tid):
    seats = [SimpleNamespace(user_id=first), SimpleNamespace(user_id=second)]
    return SimpleNamespace(id=sid, seats=seats, options={TOURNAMENT: tid})


async def play_round(store, t, round_no, now):
    for b in await store.boards(t.id, round_no):
        if b.decision is not None:
            continue
        sid = f"s{round_no}{b.board}"
        await store.set_session(t.id, round_no, b.board, sid)
        lower = min(b.first, b.second)  # the lower id wins
        outcomes = [
            Outcome(user_id=u, outcome="win" if u == lower else "loss", score=None)
            for u in (b.first, b.second)
        ]
        async with store.db.transaction():
            await record_result(store.db, session_of(sid, b.first, b.second, t.id), outcomes, now)


async def test_a_swiss_tournament_to_its_winner_one_process_advancing_each_round(store):
    t = await new(store)
    for uid in (1, 2, 3, 4):
        await store.join(t.id, uid, f"p{uid}", NOW)
    await store.start(t.id, NOW)
    for round_no in (1, 2, 3):
        assert await store.advance(t.id, round_no, NOW) is None  # games still going
        await play_round(store, t, round_no, NOW)
        # Two processes find the round over at once: exactly one pairs the next (or finishes).
        done = await asyncio.gather(*(store.advance(t.id, round_no, NOW) for _ in range(2)))
        assert sorted(done, key=str) == sorted(
            [None, FINISHED if round_no == 3 else RUNNING], key=str
        )
    t = await store.get(t.id)
    assert (t.state, t.winner_id) == (FINISHED, 1)
    games = [frozenset((b.first, b.second)) for b in await store.boards(t.id)]
    assert len(games) == len(set(games)) == 6  # 4 players, 3 rounds: everyone met everyone


async def test_a_forfeit_decides_an_unfinished_game_once(store):
    t = await new(store)
    for uid in (1, 2, 3, 4):
        await store.join(t.id, uid, f"p{uid}", NOW)
    await store.start(t.id, NOW)
    board = (await store.boards(t.id, 1))[0]
    assert await store.decide(t.id, 1, board.board, Decision.FIRST_FORFEITS, NOW)
    assert not await store.decide(t.id, 1, board.board, Decision.SECOND_FORFEITS, NOW)
    assert (await store.boards(t.id, 1))[0].decision == Decision.FIRST_FORFEITS


async def test_a_withdrawn_player_is_paired_no_more(store):
    t = await new(store)
    for uid in (1, 2, 3, 4):
        await store.join(t.id, uid, f"p{uid}", NOW)
    await store.start(t.id, NOW)
    await play_round(store, t, 1, NOW)
    assert await store.leave(t.id, 4, NOW)  # withdrew from a running tournament
    with pytest.raises(Refused) as exc:
        await store.leave(t.id, 4, NOW)
    refused(exc, Refusal.NOT_ENTERED)
    assert await store.advance(t.id, 1, NOW) == RUNNING
    boards = await store.boards(t.id, 2)
    assert 4 not in {p for b in boards for p in (b.first, b.second)}
    assert [b.decision for b in boards if b.second is None] == [Decision.BYE]


async def test_a_player_who_withdrew_is_not_the_winner(store):
    t = await new(store, rounds=1)
    for uid in (1, 2, 3, 4):
        await store.join(t.id, uid, f"p{uid}", NOW)
    await store.start(t.id, NOW)
    await play_round(store, t, 1, NOW)  # the lower id of each pair wins: 1 wins its game
    assert await store.leave(t.id, 1, NOW)  # ...then withdraws, first on the tie-breaks
    assert await store.advance(t.id, 1, NOW) == FINISHED
    won = {min(b.first, b.second) for b in await store.boards(t.id, 1)}
    assert (await store.get(t.id)).winner_id == min(won - {1})


async def test_only_two_processes_one_game_claim(store):
    t = await new(store)
    for uid in (1, 2, 3, 4):
        await store.join(t.id, uid, f"p{uid}", NOW)
    await store.start(t.id, NOW)
    claims = await asyncio.gather(*(store.claim(t.id, 1, 1, NOW) for _ in range(2)))
    assert sorted(claims) == [False, True]
    assert await store.claim(t.id, 1, 1, NOW + timedelta(minutes=11))  # a stale claim
