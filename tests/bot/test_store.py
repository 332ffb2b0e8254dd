"""The store against a real database: a SQLite file and a PostgreSQL database (db_target)."""

import asyncio
import json
import random
import threading
import traceback
from datetime import UTC, datetime

import pytest

import engines
from bot.storage import database
from bot.storage.db.base import migration_scripts
from bot.storage.decks import MAX_DECKS, DeckStore, max_cards
from bot.storage.leaderboard import standings
from bot.storage.refusals import ChannelBusy, Refusal, Refused, StaleButton
from bot.storage.store import SessionStore, UnreadableState
from bot.surface.refusals import refusal_text
from tests.bot.db_faults import watch_sqlite

NOW = datetime(2026, 11, 22, tzinfo=UTC)


class DiskError(Exception):
    """A failure of the database mid-write, injected by the tests."""


@pytest.fixture
async def store(db_target):
    db = await database.connect(db_target)
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


async def test_migrations_set_the_version_and_are_idempotent(db_target):
    numbers = [n for n, _ in migration_scripts("sqlite")]
    assert numbers == [n for n, _ in migration_scripts("postgres")] == list(range(1, 23))
    latest = numbers[-1]
    db = await database.connect(db_target)
    assert await database.migrate(db) == latest
    await db.close()
    db = await database.connect(db_target)
    if db.dialect == "sqlite":
        assert (await db.fetchone("PRAGMA user_version"))[0] == latest
    else:
        version = [tuple(r) for r in await db.fetchall("SELECT * FROM schema_version")]
        assert version == [(latest,)]
    assert await database.migrate(db) == latest
    await db.close()


async def test_created_session_loads_with_seats_and_game(store):
    s = await new_session(store)
    loaded = await store.load(s.id)
    assert loaded.names == ["ann", "bob"]
    assert loaded.seat_of(102) == 1 and loaded.seat_of(999) is None
    assert loaded.game.to_json() == s.state_json


async def test_a_seat_s_coach_is_kept_and_games_played_are_read_from_the_summaries(store):
    game = engines.get_game("knightfall").new(2, seed=5)
    s = await store.create(
        game_id="knightfall",
        guild_id=1,
        channel_id=11,
        players=[(101, "ann"), (7, "Computer (easy)")],
        seed=5,
        options={},
        game=game,
        now=NOW,
        computers={1: "easy"},
        coached=frozenset({0}),
    )
    assert [seat.coach for seat in s.seats] == [True, False]
    await store.set_coach(s.id, 0, False)
    assert not (await store.load(s.id)).seats[0].coach
    assert await store.games_played(1, 101, "knightfall") == 0
    async with store.transaction():
        for level, games in (("easy", 2), ("", 1)):
            await store.db.execute(
                "INSERT INTO member_records (guild_id, user_id, game, level, unrated, games,"
                " wins, losses, draws) VALUES (1, 101, 'knightfall', ?, 0, ?, 0, 0, 0)",
                (level, games),
            )
    assert await store.games_played(1, 101, "knightfall") == 3
    assert await store.games_played(1, 101, "guardians") == 0
    assert await store.games_played(2, 101, "knightfall") == 0


async def test_only_one_live_session_per_channel(store):
    await new_session(store, channel=10)
    with pytest.raises(ChannelBusy) as busy:
        await new_session(store, channel=10)
    assert busy.value.data == {"game": "knightfall"}  # the running game's id, for its words
    assert refusal_text(busy.value).startswith("A game of Knightfall: A Kingdom's War is already")
    await new_session(store, channel=11)


async def test_a_game_awaiting_its_thread_holds_no_channel_and_then_holds_its_thread(store):
    game = engines.get_game("galdors_grip").new(1, seed=5)
    made = []
    for user in (101, 102):  # two starts in one channel, each to get its own thread
        made.append(
            await store.create(
                game_id="galdors_grip",
                guild_id=1,
                channel_id=10,
                players=[(user, "ann")],
                seed=5,
                options={},
                game=game,
                now=NOW,
                in_thread=True,
            )
        )
    assert [s.parent_channel_id for s in made] == [10, 10]
    assert await store.live_in_channel(10) is None
    assert await store.live_threads_of(10, 5) == []
    moved = await store.move_to_thread(made[0].id, 77)
    assert (moved.channel_id, moved.parent_channel_id, moved.message_id) == (77, 10, None)
    assert (await store.live_in_channel(77)).id == moved.id
    assert await store.live_threads_of(10, 5) == [77]
    await new_session(store, channel=10)  # a game in the channel itself, as without threads
    with pytest.raises(ChannelBusy):
        await new_session(store, channel=77)  # one game per thread


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


async def test_a_finished_game_writes_results_ratings_and_survives_reopening(db_target):
    db = await database.connect(db_target)
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

    db = await database.connect(db_target)
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


async def test_a_read_during_a_write_never_sees_the_write_if_it_is_rolled_back(store, monkeypatch):
    s = await new_session(store)
    loop = asyncio.get_running_loop()
    paused, resume = asyncio.Event(), threading.Event()

    def pause(sql):  # SQLite: on the connection's thread, inside the write's one trip
        if sql.startswith("INSERT INTO actions"):
            loop.call_soon_threadsafe(paused.set)
            resume.wait()
            raise DiskError("disk I/O error")

    if store.db.dialect == "sqlite":
        watch_sqlite(monkeypatch, store.db, pause)
    else:
        real_execute = store.db._execute

        async def execute(conn, sql, params):
            if sql.startswith("INSERT INTO actions"):
                paused.set()
                await asyncio.to_thread(resume.wait)
                raise DiskError("disk I/O error")
            return await real_execute(conn, sql, params)

        monkeypatch.setattr(store.db, "_execute", execute)
    game = s.game
    seat, code = random_move(game, random.Random(1))
    game.apply(seat, s.game_cls.decode(code))
    write = asyncio.create_task(
        store.record_action(s, seat=seat, code=code, game=game, public_events=[], now=NOW)
    )
    await paused.wait()  # the session row is updated, but not committed
    read = asyncio.create_task(store.load(s.id))
    await asyncio.sleep(0.05)
    resume.set()
    with pytest.raises(DiskError):
        await write
    seen = await read
    assert seen.step == 0 and seen.state_json == s.state_json


async def test_an_unreadable_stored_game_raises_a_clean_error_without_the_state(store):
    s = await new_session(store)
    order = " ".join(f"{c['rank']}{c['suit']}" for c in json.loads(s.state_json)["deck"])
    broken = json.dumps({**json.loads(s.state_json), "deck": order})  # the order, as text
    with pytest.raises(ValueError, match=order[:20]):  # what the engine's error would log
        s.game_cls.from_json(broken)
    async with store.transaction():
        await store.db.execute("UPDATE sessions SET state_json=? WHERE id=?", (broken, s.id))
    loaded = await store.load(s.id)
    with pytest.raises(UnreadableState) as caught:
        loaded.game  # noqa: B018
    assert caught.value.__cause__ is None and caught.value.__context__ is None
    text = "".join(traceback.format_exception(caught.value))
    assert s.id in text and "ValidationError" in text
    assert order[:11] not in text


async def test_the_deck_count_limit_holds_when_two_saves_race(store):
    decks = DeckStore(store.db)
    for i in range(MAX_DECKS - 1):
        await decks.save(7, "gondolin", f"d{i}", [], NOW, new=True)
    results = await asyncio.gather(
        decks.save(7, "gondolin", "last a", [], NOW, new=True),
        decks.save(7, "gondolin", "last b", [], NOW, new=True),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, Refused)]
    assert [(r.code, r.data) for r in refused] == [(Refusal.TOO_MANY_DECKS, {"limit": MAX_DECKS})]
    assert len(await decks.names(7, "gondolin")) == MAX_DECKS


async def test_a_deck_longer_than_the_cap_is_refused_and_not_stored(store):
    decks = DeckStore(store.db)
    cap = max_cards("gondolin")
    await decks.save(7, "gondolin", "full", ["c"] * cap, NOW, new=True)
    with pytest.raises(Refused) as longer:
        await decks.save(7, "gondolin", "full", ["c"] * (cap + 1), NOW, new=False)
    assert (longer.value.code, longer.value.data) == (
        Refusal.DECK_TOO_LONG,
        {"limit": cap, "count": cap + 1},
    )
    with pytest.raises(Refused, match=Refusal.DECK_TOO_LONG):
        await decks.save(7, "gondolin", "huge", ["c"] * 10_000, NOW, new=True)
    assert await decks.get(7, "gondolin", "full") == ["c"] * cap
    assert await decks.names(7, "gondolin") == ["full"]


async def test_deck_names_are_unique_and_sorted_whatever_their_case(store):
    decks = DeckStore(store.db)
    await decks.save(7, "gondolin", "beta", [], NOW, new=True)
    await decks.save(7, "gondolin", "Alpha", [], NOW, new=True)
    with pytest.raises(Refused) as taken:
        await decks.save(7, "gondolin", "BETA", [], NOW, new=True)
    assert (taken.value.code, taken.value.data) == (Refusal.DECK_NAME_TAKEN, {"name": "BETA"})
    assert await decks.get(7, "gondolin", "ALPHA") == []
    assert await decks.names(7, "gondolin") == ["Alpha", "beta"]
    assert await decks.delete(7, "gondolin", "alpha")
    assert await decks.names(7, "gondolin") == ["beta"]


async def test_a_refusal_carries_a_code_and_the_surface_words_it(store):
    """Storage says why with a code and its data; the player reads the same sentence as ever."""
    decks = DeckStore(store.db)
    with pytest.raises(Refused) as missing:
        await decks.save(7, "guardians", "ghost", [], NOW, new=False)
    with pytest.raises(Refused) as invalid:
        await decks.get(7, "guardians", "no/slashes")
    assert (missing.value.code, missing.value.data) == (
        Refusal.NO_SUCH_DECK,
        {"name": "ghost", "game": "guardians"},
    )
    assert invalid.value.code is Refusal.DECK_NAME_INVALID
    said = {
        Refusal.SESSION_ENDED: ({}, "This game has ended."),
        Refusal.STALE_BUTTON: (
            {"game": "gondolin"},
            "The board changed since that button was shown, so it did nothing. "
            "Your current moves are the buttons on the game's board in the channel.",
        ),
        Refusal.CHANNEL_BUSY: (
            {"game": "gondor"},
            "A game of Gondor: The Siege of Minas Tirith is already running here. Finish it, "
            "use `/game resign`, or start yours in another channel.",
        ),
        Refusal.STORAGE_BUSY: (
            {},
            "The game's storage is busy right now: nothing was changed. Try again in a moment.",
        ),
        Refusal.DECK_NAME_INVALID: ({}, "Deck names are 1-32 letters, digits, spaces, - or _."),
        Refusal.DECK_TOO_LONG: (
            {"limit": 100, "count": 101},
            "A deck holds at most 100 cards; this one has 101.",
        ),
        Refusal.DECK_NAME_TAKEN: ({"name": "x"}, "You already have a deck called 'x'."),
        Refusal.NO_SUCH_DECK: (
            {"name": "x", "game": "gondolin"},
            "You have no deck called 'x'. See `/gondolin deck list`.",
        ),
        Refusal.TOO_MANY_DECKS: ({"limit": 25}, "You can keep at most 25 decks; delete one first."),
        Refusal.TOO_MANY_TOURNAMENTS: (
            {"limit": 3},
            "This server already runs 3 tournaments, its most at once: wait for one to finish, "
            "or cancel one (`/tournament cancel`).",
        ),
        Refusal.NO_SUCH_TOURNAMENT: (
            {},
            "There is no such tournament on this server: see `/tournament standings`.",
        ),
        Refusal.TOURNAMENT_STARTED: (
            {},
            "This tournament has started: players join only before its start.",
        ),
        Refusal.TOURNAMENT_OVER: ({}, "This tournament is over."),
        Refusal.TOURNAMENT_FULL: ({"limit": 32}, "This tournament is full (32 players)."),
        Refusal.ALREADY_ENTERED: ({}, "You are already in this tournament."),
        Refusal.NOT_ENTERED: ({}, "You are not in this tournament."),
        Refusal.TOO_FEW_PLAYERS: ({"limit": 3}, "A tournament needs at least 3 players to start."),
    }
    assert set(said) == set(Refusal)
    for code, (data, text) in said.items():
        assert refusal_text(Refused(code, **data)) == text
    by_dm = refusal_text(StaleButton("knightfall"))
    assert by_dm.endswith(" Press **My hand** on the game's board for your current moves.")


async def test_a_seats_name_is_escaped_once_however_many_lines_name_it(store, monkeypatch):
    from bot.storage import models

    s = await new_session(store)
    s.seats[0].name = "*ann* <@123456789012345678>"
    escaped = []
    monkeypatch.setattr(models, "markdown", lambda t: escaped.append(t) or f"md({t})")
    models._escaped.cache_clear()
    try:
        assert s.names == s.names == ["md(*ann* <@123456789012345678>)", "md(bob)"]
        assert sorted(escaped) == ["*ann* <@123456789012345678>", "bob"]
    finally:
        models._escaped.cache_clear()  # no name escaped by the stand-in is kept


async def test_one_read_of_the_last_moves_gives_every_shorter_log_as_its_own_read_would(store):
    """The board's six texts and a DM's four come from one read of the last six moves: each
    is the texts of its own number of last moves, cut to that many, as its own read gave."""
    from bot.storage.store import latest_texts

    s = await new_session(store)
    game, rng = s.game, random.Random(3)
    said = [[], ["a1"], ["b1", "b2", "b3"], [], ["c1"], ["d1", "d2"], [], [], ["e1"]]
    for n, events in enumerate(said, 1):
        seat, code = random_move(game, rng)
        game.apply(seat, s.game_cls.decode(code))
        s = await store.record_action(
            s, seat=seat, code=code, game=game, public_events=events, now=NOW
        )
        rows = await store.recent_event_rows(s.id, 6)
        assert rows == said[max(0, n - 6) : n]
        for limit in range(1, 7):
            own_read = [t for texts in said[:n][-limit:] for t in texts][-limit:]
            assert latest_texts(rows, limit) == own_read == await store.recent_events(s.id, limit)


async def test_a_sessions_engine_class_is_looked_up_once(store, monkeypatch):
    """A message asks for it a dozen times; the plugin registry is asked once."""
    session = await store.load((await new_session(store)).id)
    asked = []
    real = engines.get_game
    monkeypatch.setattr(engines, "get_game", lambda game_id: asked.append(game_id) or real(game_id))
    assert session.game_cls is session.game_cls is real(session.game_id)
    assert asked == [session.game_id]
