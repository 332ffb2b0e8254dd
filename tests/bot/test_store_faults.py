"""Every write path of the stores survives a failure mid-write: nothing half-written, no
transaction left open, and the next action (in any channel) works. On a real SQLite file."""

import sqlite3
from datetime import UTC, datetime

import pytest

import engines
from bot import database
from bot.decks import DeckStore
from bot.store import SessionStore

NOW = datetime(2026, 11, 22, tzinfo=UTC)
TABLES = ("sessions", "seats", "actions", "results", "ratings", "decks")


class DiskError:
    """Makes the connection fail once, like a disk error, on a statement containing ``sql``."""

    def __init__(self, monkeypatch, db, sql: str) -> None:
        self.sql, self.fired = sql, False
        for name in ("execute", "executemany"):
            monkeypatch.setattr(db, name, self._guard(getattr(db, name)))
        real_commit = db.commit

        async def commit():
            self._check("COMMIT")
            await real_commit()

        monkeypatch.setattr(db, "commit", commit)

    def _check(self, sql: str) -> None:
        if not self.fired and self.sql in sql:
            self.fired = True
            raise sqlite3.OperationalError("disk I/O error")

    def _guard(self, real):
        def call(sql, *args):
            self._check(sql)
            return real(sql, *args)

        return call


def snapshot(path) -> dict[str, list[tuple]]:
    """Every committed row, read through a connection of its own."""
    with sqlite3.connect(path) as con:
        return {t: sorted(con.execute(f"SELECT * FROM {t}").fetchall()) for t in TABLES}


@pytest.fixture
async def env(tmp_path):
    path = tmp_path / "f.sqlite3"
    db = await database.connect(path)
    store = SessionStore(db)
    yield store, DeckStore(db, store.write_lock), path
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


async def assert_next_actions_work(store, decks, path):
    """After a failure: no open transaction, and writes in other channels and tables succeed."""
    assert not store.db.in_transaction
    other = await create(store, 77)
    other = await move(store, other)
    await store.set_message(other.id, 5)
    await decks.save(9, "gondolin", "after", ["x"], NOW, new=True)
    rows = snapshot(path)
    assert all(any(seat[0] == sid for seat in rows["seats"]) for sid, *_ in rows["sessions"]), (
        "a session without seats was committed"
    )
    assert (await store.load(other.id)).step == 1


async def test_a_failed_seat_insert_leaves_nothing_and_the_next_move_works(env, monkeypatch):
    store, decks, path = env
    before = snapshot(path)
    DiskError(monkeypatch, store.db, "INSERT INTO seats")
    with pytest.raises(sqlite3.OperationalError):
        await create(store, 10)
    assert snapshot(path) == before
    await assert_next_actions_work(store, decks, path)
    assert await store.live_in_channel(10) is None


@pytest.mark.parametrize("failing", ["INSERT INTO actions", "INSERT INTO results", "COMMIT"])
async def test_a_failed_action_write_leaves_the_game_as_it_was(env, monkeypatch, failing):
    store, decks, path = env
    s = await move(store, await create(store, 10))
    game = s.game
    while not game.is_over:  # play to the end so that results and ratings are written too
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    before = snapshot(path)
    DiskError(monkeypatch, store.db, failing)
    with pytest.raises(sqlite3.OperationalError):
        await store.record_action(
            s, seat=0, code="x", game=game, public_events=[], now=NOW, result=game.result
        )
    assert snapshot(path) == before
    await assert_next_actions_work(store, decks, path)


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
    store, decks, path = env
    s = await create(store, 10)
    before = snapshot(path)
    DiskError(monkeypatch, store.db, "COMMIT")
    with pytest.raises(sqlite3.OperationalError):
        await write(store, s)
    assert snapshot(path) == before
    await assert_next_actions_work(store, decks, path)
    await move(store, await store.load(s.id))  # the game itself goes on too


async def test_a_failed_activation_leaves_the_challenge_pending(env, monkeypatch):
    store, decks, path = env
    s = await create(store, 10, game=False)
    before = snapshot(path)
    DiskError(monkeypatch, store.db, "COMMIT")
    with pytest.raises(sqlite3.OperationalError):
        await store.activate(s, engines.get_game("knightfall").new(2, seed=1), NOW)
    assert snapshot(path) == before
    await assert_next_actions_work(store, decks, path)
    assert (await store.activate(s, engines.get_game("knightfall").new(2, seed=1), NOW)).status


@pytest.mark.parametrize("failing", ["INSERT INTO decks", "COMMIT"])
async def test_a_failed_deck_save_changes_nothing(env, monkeypatch, failing):
    store, decks, path = env
    await decks.save(9, "gondolin", "mine", ["a"], NOW, new=True)
    before = snapshot(path)
    DiskError(monkeypatch, store.db, failing)
    with pytest.raises(sqlite3.OperationalError):
        await decks.save(9, "gondolin", "mine", ["b"], NOW, new=False)
    assert snapshot(path) == before
    await assert_next_actions_work(store, decks, path)
    assert await decks.get(9, "gondolin", "mine") == ["a"]


async def test_a_failed_deck_delete_keeps_the_deck(env, monkeypatch):
    store, decks, path = env
    await decks.save(9, "gondolin", "mine", ["a"], NOW, new=True)
    before = snapshot(path)
    DiskError(monkeypatch, store.db, "COMMIT")
    with pytest.raises(sqlite3.OperationalError):
        await decks.delete(9, "gondolin", "mine")
    assert snapshot(path) == before
    await assert_next_actions_work(store, decks, path)
    assert await decks.delete(9, "gondolin", "mine")
