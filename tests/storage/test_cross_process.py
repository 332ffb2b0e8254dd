"""Two processes on one database: each is a store with its own connection (its own in-memory
locks), racing for the same session, deck list or rating. On SQLite and on PostgreSQL."""

import asyncio
from datetime import UTC, datetime

import glicko2
import pytest

import engines
from bot.storage import database
from bot.storage.decks import MAX_DECKS, DeckStore
from bot.storage.refusals import ChannelBusy, Refused, StaleButton
from bot.storage.store import OWED_CLAIM, SessionStore
from bot.surface.refusals import STALE_LEAD, refusal_text

NOW = datetime(2026, 11, 22, tzinfo=UTC)


@pytest.fixture
async def stores(db_target):
    """Two stores on the same database, as two bot processes would hold them."""
    dbs = [await database.connect(db_target) for _ in range(2)]
    yield [SessionStore(db) for db in dbs]
    for db in dbs:
        await db.close()


async def knightfall(store, channel=10, players=((101, "ann"), (102, "bob")), seed=5):
    return await store.create(
        game_id="knightfall",
        guild_id=1,
        channel_id=channel,
        players=list(players),
        seed=seed,
        options={},
        game=engines.get_game("knightfall").new(2, seed=seed),
        now=NOW,
    )


def moves_of(session):
    """Every legal move of the seats to act, each applied to its own copy of the game."""
    game = session.game
    found = []
    for seat in game.to_act():
        for action in game.legal_actions(seat):
            copy = type(game).from_json(session.state_json)
            copy.apply(seat, action)
            found.append((seat, type(game).encode(action), copy))
    return found


async def test_two_processes_clicking_the_same_step_apply_exactly_one_move(stores):
    first, second = stores
    s = await knightfall(first)
    for _ in range(12):  # many rounds: the race goes either way
        mine = await first.load(s.id)
        theirs = await second.load(s.id)
        moves = moves_of(mine)  # two different moves when there are two
        (seat_a, code_a, game_a), (seat_b, code_b, game_b) = moves[0], moves[-1]
        results = await asyncio.gather(
            first.record_action(
                mine, seat=seat_a, code=code_a, game=game_a, public_events=[], now=NOW
            ),
            second.record_action(
                theirs, seat=seat_b, code=code_b, game=game_b, public_events=[], now=NOW
            ),
            return_exceptions=True,
        )
        stale = [r for r in results if isinstance(r, StaleButton)]
        won = [r for r in results if not isinstance(r, BaseException)]
        assert len(stale) == 1 and len(won) == 1, results
        assert refusal_text(stale[0]).startswith(STALE_LEAD)  # the friendly refusal
        s = won[0]
        assert (await first.load(s.id)).step == (await second.load(s.id)).step == s.step
    log = await first.action_log(s.id)
    assert len(log) == s.step == 12, "every step written once: none lost, none doubled"
    replay = engines.get_game("knightfall").new(2, seed=5)
    for seat, code, _ in log:
        replay.apply(seat, replay.decode(code))
    assert replay.to_json() == (await second.load(s.id)).state_json


async def test_two_processes_starting_a_game_in_one_channel_start_one(stores):
    results = await asyncio.gather(
        *(knightfall(store, channel=20, seed=i) for i, store in enumerate(stores)),
        return_exceptions=True,
    )
    assert sum(isinstance(r, ChannelBusy) for r in results) == 1, results
    assert (await stores[1].live_in_channel(20)).id == (await stores[0].live_in_channel(20)).id


async def test_the_deck_limit_holds_when_two_processes_save_at_once(stores):
    decks = [DeckStore(store.db) for store in stores]
    for i in range(MAX_DECKS - 1):
        await decks[i % 2].save(7, "gondolin", f"d{i}", [], NOW, new=True)
    results = await asyncio.gather(
        decks[0].save(7, "gondolin", "last a", [], NOW, new=True),
        decks[1].save(7, "gondolin", "last b", [], NOW, new=True),
        return_exceptions=True,
    )
    assert sum(isinstance(r, Refused) for r in results) == 1, results
    assert len(await decks[1].names(7, "gondolin")) == MAX_DECKS


async def test_two_games_ending_at_once_in_two_processes_both_count_in_the_rating(stores):
    """ann wins against bob in one process while she loses against cy in the other: her
    rating afterwards is one of the two sequential results, never a lost update."""
    games = [
        await knightfall(stores[0], channel=30, players=((101, "ann"), (102, "bob")), seed=1),
        await knightfall(stores[1], channel=31, players=((101, "ann"), (103, "cy")), seed=2),
    ]

    async def finish(store, session, winner):
        result = engines.Result(winners=[winner], scores={0: 0, 1: 0}, summary="")
        return await store.record_action(
            session, seat=0, code="!x", game=session.game, public_events=[], now=NOW, result=result
        )

    await asyncio.gather(finish(stores[0], games[0], 0), finish(stores[1], games[1], 1))
    rows = await stores[0].db.fetchall("SELECT user_id, rating, rd FROM ratings ORDER BY user_id")
    assert [r["user_id"] for r in rows] == [101, 102, 103]
    sequences = []  # ann's (rating, rd) with the games rated one after the other
    for order in ([1.0, 0.0], [0.0, 1.0]):
        ann = glicko2.Player()
        for score in order:
            ann.update_player([1500.0], [350.0], [score])
        sequences.append((round(ann.rating, 6), round(ann.rd, 6)))
    assert (round(rows[0]["rating"], 6), round(rows[0]["rd"], 6)) in sequences


async def test_two_processes_ending_a_game_whose_channel_is_gone_end_it_once(stores):
    """The gateway event in one process, a 404 Unknown Channel in the other: one close wins,
    and only its process tells the players (``bot/flow/orphans.py``)."""
    s = await knightfall(stores[0], channel=40)
    assert [await store.live_in_or_off(40) for store in stores] == [[s.id], [s.id]]
    loaded = [await store.load(s.id) for store in stores]
    closed = await asyncio.gather(
        *(
            store.close(session, status="abandoned", reason="deleted", now=NOW)
            for store, session in zip(stores, loaded, strict=True)
        )
    )
    assert sorted(closed) == [False, True]
    assert (await stores[1].load(s.id)).end_reason == "deleted"
    assert await stores[0].live_in_or_off(40) == []


async def test_one_process_at_a_time_posts_an_owed_result(stores):
    """An ending is written taken for its own post; another process (a start beside it, a
    deploy's overlap) cannot take it until that lapses, then exactly one of two can."""
    s = await knightfall(stores[0], channel=50)
    session = await stores[0].load(s.id)
    assert await stores[0].close(session, status="abandoned", reason="aborted", now=NOW, owed=True)
    assert await stores[1].owes_ending(s.id)
    assert not await stores[1].claim_ending(s.id, NOW + OWED_CLAIM / 2)  # its own post
    later = NOW + OWED_CLAIM * 2
    taken = await asyncio.gather(*(store.claim_ending(s.id, later) for store in stores))
    assert sorted(taken) == [False, True]
    assert not await stores[0].claim_ending(s.id, later)  # taken again: not while it holds
    await stores[1].ending_announced(s.id)
    assert not await stores[0].claim_ending(s.id, later + OWED_CLAIM * 2)  # nothing owed
