"""Every write path of the stores survives a failure mid-write: nothing half-written, no
transaction left open, and the next action (in any channel) works. On a real SQLite file and a
real PostgreSQL database."""

from datetime import UTC, datetime

import pytest

import engines
from bot.storage import database
from bot.storage.decks import DeckStore
from bot.storage.store import SessionStore
from tests.bot.db_faults import watch_sqlite

NOW = datetime(2026, 11, 22, tzinfo=UTC)
TABLES = ("sessions", "seats", "actions", "results", "ratings", "decks")


class DiskError(Exception):
    """A failure of the database mid-write (a disk error, a lost connection)."""


class FailOnce:
    """Makes the database fail once, like a disk error, on a statement containing ``sql``."""

    def __init__(self, monkeypatch, db, sql: str) -> None:
        self.sql, self.fired = sql, False
        if db.dialect == "sqlite":
            watch_sqlite(monkeypatch, db, self._check)
            return
        for name in ("_execute", "_executemany"):
            monkeypatch.setattr(db, name, self._guard(getattr(db, name)))
        real_commit = db._commit

        async def commit(conn):
            self._check("COMMIT")
            await real_commit(conn)

        monkeypatch.setattr(db, "_commit", commit)

    def _check(self, sql: str) -> None:
        if not self.fired and self.sql in sql:
            self.fired = True
            raise DiskError("disk I/O error")

    def _guard(self, real):
        async def call(conn, sql, params):
            self._check(sql)
            return await real(conn, sql, params)

        return call


class AnswerLost:
    """The first COMMIT goes through, then the connection drops before its answer arrives
    (a database restarting): the writer cannot tell from the error whether it was saved."""

    def __init__(self, monkeypatch, db) -> None:
        self.fired = False
        if db.dialect == "sqlite":
            watch_sqlite(monkeypatch, db, lambda sql: None, self._lost)
            return
        real_commit = db._commit

        async def commit(conn):
            await real_commit(conn)
            if not self.fired:
                conn.terminate()
            self._lost()

        monkeypatch.setattr(db, "_commit", commit)

    def _lost(self) -> None:
        if not self.fired:
            self.fired = True
            raise DiskError("connection lost")


async def snapshot(observer) -> dict[str, list[tuple]]:
    """Every committed row, read through a connection of its own."""
    return {
        t: sorted(tuple(r) for r in await observer.fetchall(f"SELECT * FROM {t}")) for t in TABLES
    }


def assert_no_open_transaction(db) -> None:
    if db.dialect == "sqlite":
        assert not db.conn.in_transaction
    else:
        assert db.pool.get_idle_size() == db.pool.get_size(), "a connection is still held"


@pytest.fixture
async def env(db_target):
    db = await database.connect(db_target)
    observer = await database.connect(db_target)
    store = SessionStore(db)
    yield store, DeckStore(db), observer
    await observer.close()
    await db.close()


async def create(store, channel, *, game=True, players=((101, "ann"), (102, "bob"))):
    g = engines.get_game("knightfall").new(2, seed=channel) if game else None
    return await store.create(
        game_id="knightfall",
        guild_id=1,
        channel_id=channel,
        players=list(players),
        seed=channel,
        options={},
        game=g,
        now=NOW,
    )


async def move(store, session):
    """Make the first legal move of the game and save it."""
    game = session.game
    seat = game.to_act()[0]
    action = game.legal_actions(seat)[0]
    game.apply(seat, action)
    code = type(game).encode(action)
    return await store.record_action(
        session, seat=seat, code=code, game=game, public_events=["moved"], now=NOW
    )


async def assert_next_actions_work(store, decks, observer):
    """After a failure: no open transaction, and writes in other channels and tables succeed."""
    assert_no_open_transaction(store.db)
    other = await create(store, 77)
    other = await move(store, other)
    await store.set_message(other.id, 5)
    await decks.save(9, "gondolin", "after", ["x"], NOW, new=True)
    rows = await snapshot(observer)
    assert all(any(seat[0] == sid for seat in rows["seats"]) for sid, *_ in rows["sessions"]), (
        "a session without seats was committed"
    )
    assert (await store.load(other.id)).step == 1


async def test_a_failed_seat_insert_leaves_nothing_and_the_next_move_works(env, monkeypatch):
    store, decks, observer = env
    before = await snapshot(observer)
    FailOnce(monkeypatch, store.db, "INSERT INTO seats")
    with pytest.raises(DiskError):
        await create(store, 10)
    assert await snapshot(observer) == before
    await assert_next_actions_work(store, decks, observer)
    assert await store.live_in_channel(10) is None


@pytest.mark.parametrize("failing", ["INSERT INTO actions", "INSERT INTO results", "COMMIT"])
async def test_a_failed_action_write_leaves_the_game_as_it_was(env, monkeypatch, failing):
    store, decks, observer = env
    s = await move(store, await create(store, 10))
    game = s.game
    while not game.is_over:  # play to the end so that results and ratings are written too
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    before = await snapshot(observer)
    FailOnce(monkeypatch, store.db, failing)
    with pytest.raises(DiskError):
        await store.record_action(
            s, seat=0, code="x", game=game, public_events=[], now=NOW, result=game.result
        )
    assert await snapshot(observer) == before
    await assert_next_actions_work(store, decks, observer)


async def test_a_move_whose_commit_answer_was_lost_counts_once(env, monkeypatch):
    store, decks, observer = env
    s = await create(store, 10)
    lost = AnswerLost(monkeypatch, store.db)
    moved = await move(store, s)  # no error: the log shows the move was saved
    assert lost.fired and moved.step == s.step + 1
    rows = await snapshot(observer)
    assert [r[1] for r in rows["actions"] if r[0] == s.id] == [1], "saved once"
    await assert_next_actions_work(store, decks, observer)
    assert (await move(store, moved)).step == 2


@pytest.mark.parametrize(
    "write",
    [
        lambda store, s: store.set_message(s.id, 42),
        lambda store, s: store.set_dm(s.id, 0, closed=True, channel_id=1, message_id=2),
        lambda store, s: store.agree_abort(s.id, 1, s.step),
        lambda store, s: store.set_auto_play(s.id, 0, True),
        lambda store, s: store.close(s, status="abandoned", reason="aborted", now=NOW),
    ],
    ids=["set_message", "set_dm", "agree_abort", "set_auto_play", "close"],
)
async def test_a_failed_update_changes_nothing_and_the_next_move_works(env, monkeypatch, write):
    store, decks, observer = env
    s = await create(store, 10)
    before = await snapshot(observer)
    FailOnce(monkeypatch, store.db, "COMMIT")
    with pytest.raises(DiskError):
        await write(store, s)
    assert await snapshot(observer) == before
    await assert_next_actions_work(store, decks, observer)
    await move(store, await store.load(s.id))  # the game itself goes on too


async def test_a_failed_activation_leaves_the_challenge_pending(env, monkeypatch):
    store, decks, observer = env
    s = await create(store, 10, game=False)
    before = await snapshot(observer)
    FailOnce(monkeypatch, store.db, "COMMIT")
    with pytest.raises(DiskError):
        await store.activate(s, engines.get_game("knightfall").new(2, seed=1), NOW)
    assert await snapshot(observer) == before
    await assert_next_actions_work(store, decks, observer)
    assert (await store.activate(s, engines.get_game("knightfall").new(2, seed=1), NOW)).status


@pytest.mark.parametrize("failing", ["INSERT INTO decks", "COMMIT"])
async def test_a_failed_deck_save_changes_nothing(env, monkeypatch, failing):
    store, decks, observer = env
    await decks.save(9, "gondolin", "mine", ["a"], NOW, new=True)
    before = await snapshot(observer)
    FailOnce(monkeypatch, store.db, failing)
    with pytest.raises(DiskError):
        await decks.save(9, "gondolin", "mine", ["b"], NOW, new=False)
    assert await snapshot(observer) == before
    await assert_next_actions_work(store, decks, observer)
    assert await decks.get(9, "gondolin", "mine") == ["a"]


async def test_a_failed_deck_delete_keeps_the_deck(env, monkeypatch):
    store, decks, observer = env
    await decks.save(9, "gondolin", "mine", ["a"], NOW, new=True)
    before = await snapshot(observer)
    FailOnce(monkeypatch, store.db, "COMMIT")
    with pytest.raises(DiskError):
        await decks.delete(9, "gondolin", "mine")
    assert await snapshot(observer) == before
    await assert_next_actions_work(store, decks, observer)
    assert await decks.delete(9, "gondolin", "mine")
