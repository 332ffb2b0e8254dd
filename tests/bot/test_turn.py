"""The turn core (``bot/flow/turn.py``) against a real store: what it builds is what is stored.

A click's session is not read back after its write: the one the core built in memory must be
the one a read would give, move after move, to the end of the game.
"""

import random
from dataclasses import asdict
from datetime import UTC, datetime, timedelta

import pytest

import engines
from bot.flow import turn
from bot.storage import database
from bot.storage.models import LESSON, LESSON_DONE, Seat, Session
from bot.storage.store import SessionStore
from bot.surface import presenter
from engines.lessons import find, lesson_for, script

START = datetime(2026, 11, 22, tzinfo=UTC)


@pytest.fixture
async def store(tmp_path):
    db = await database.connect(tmp_path / "t.sqlite3")
    yield SessionStore(db)
    await db.close()


async def save(store, before, outcome, now) -> None:
    """Write a turn's rows as the bot does (``SessionManager._play``)."""
    assert outcome.session.state_json is not None
    await store.write_actions(
        before,
        outcome.rows,
        state=outcome.session.state_json,
        now=now,
        prompted=outcome.prompted,
        result=outcome.result,
    )


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("knightfall", [(101, "ann"), (102, "bob")], {}),
        ("galdors_grip", [(101, "ann")], {"threshold": 9}),
        ("gondolin", [(101, "ann")], {"story": "hidden_vale", "mode": "easy"}),
    ],
)
async def test_the_session_after_a_turn_is_the_one_a_read_gives(store, game_id, players, options):
    cls = engines.get_game(game_id)
    game = cls.new(len(players), seed=7, options=options)
    session = await store.create(
        game_id=game_id,
        guild_id=1,
        channel_id=10,
        players=players,
        seed=7,
        options=options,
        game=game,
        now=START,
    )
    rng = random.Random(3)
    forced = 0
    for n in range(1, 400):
        if session.status != "active":
            break
        seat = rng.choice(session.game.to_act())
        action = rng.choice(session.game.legal_actions(seat))
        now = START + timedelta(seconds=n)
        before = session
        outcome = turn.play(session, seat, [(action, cls.encode(action))], now)
        forced += len(outcome.rows) - 1
        await save(store, before, outcome, now)
        session = outcome.session
        assert asdict(session) == asdict(await store.load(session.id)), f"move {n}"
        assert turn.automatic_move(session) is None, "every automatic move was played"
        assert presenter.BOARD in session.position.parts, "the board's parts are worked out"
    assert session.status == "finished", "the game ended"
    assert forced, "some moves were played for a player"


async def test_a_lesson_played_through_is_closed_as_a_read_gives(store):
    """The turn that plays the script through closes the lesson in memory, as stored."""
    lesson = lesson_for("knightfall", 1)
    assert lesson is not None
    cls = engines.get_game("knightfall")
    session = await store.create(
        game_id="knightfall",
        guild_id=1,
        channel_id=10,
        players=[(101, "ann"), (102, "Teacher")],
        seed=lesson.seed,
        options={**lesson.options, LESSON: 1},
        game=cls.new(lesson.seats, seed=lesson.seed, options=dict(lesson.options)),
        now=START,
        computers={lesson.opponent: "normal"},
    )
    seat: int | None = None
    moves: list = []
    for n in range(1, 100):
        now = START + timedelta(seconds=n)
        outcome = turn.play(session, seat, moves, now)
        await save(store, session, outcome, now)
        session = outcome.session
        if outcome.lesson_done:
            assert await store.close(session, status="finished", reason=LESSON_DONE, now=now)
            break
        assert session.status == "active"
        entry = script(lesson)[session.step]
        seat = entry.seat
        action = find(session.game, seat, entry.move)
        assert action is not None
        moves = [(action, cls.encode(action))]
    assert (session.status, session.end_reason) == ("finished", LESSON_DONE)
    assert asdict(session) == asdict(await store.load(session.id))
    assert presenter.BOARD in session.position.parts, "the closed board's parts are worked out"


@pytest.mark.parametrize("game_id", ["knightfall", "gondor"])
def test_a_turn_moves_the_game_it_was_given_in_place(game_id):
    """The session's game is read for the click, so the turn applies its moves to that state:
    no copy of it per move to roll back to (a Gondor state's copy costs about 0.25 ms)."""
    cls = engines.get_game(game_id)
    session = Session(
        id="s",
        game_id=game_id,
        guild_id=1,
        channel_id=10,
        message_id=None,
        status="active",
        end_reason=None,
        step=0,
        seed=7,
        options={},
        state_json=cls.new(2, seed=7).to_json(),
        created_at=START,
        updated_at=START,
        seats=[Seat(0, 101, "ann"), Seat(1, 102, "bob")],
    )
    rng = random.Random(7)
    for _ in range(30):
        seat = rng.choice(session.game.to_act())
        action = rng.choice(session.position.legal(seat))
        before = session.game.state
        outcome = turn.play(session, seat, [(action, cls.encode(action))], START)
        assert outcome.session.game.state is before
        session = outcome.session
