"""Playing against the computer through the real bot and the local Discord emulator.

The computer's moves come from ``ai.choose`` (today a random stand-in); these tests are about
the flow: a challenge without an opponent starts at once, the computer moves off the event
loop, its seat gets no messages, the game is unrated and recorded against the level, and a
restart in the middle lets the computer take the turn it owed.
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

import ai
import bot.flow.sessions
from bot.flow.sessions import computer_to_act, forced_move
from bot.storage import database
from bot.storage.store import SessionStore
from tests.bot.harness import World

pytestmark = pytest.mark.asyncio(loop_scope="module")

MAX_MOVES = 400
SHORT_MOVES = 4
"""Alice's moves against each level: the computer answers every one."""


async def computer_game(world: World, level: str, **options) -> object:
    """Alice starts Knightfall against the computer; the running session."""
    ix = await world.slash("alice", "knightfall challenge", level=level, **options)
    assert not ix.late
    session = await world.live()
    assert session is not None and session.status == "active"
    return session


def computer_seat(session) -> int:
    (seat,) = session.computer_seats
    return seat


def move_that_hands_over(session) -> str | None:
    """A move of alice's after which the game waits for the computer (its code), if any."""
    seat = 1 - computer_seat(session)
    cls = session.game_cls
    for action in session.game.legal_actions(seat):
        trial = cls.from_json(session.game.to_json())
        trial.apply(seat, action)
        if not trial.is_over and computer_seat(session) in trial.to_act():
            return cls.encode(action)
    return None


async def save_move_while_stopped(world: World, sid: str, code: str) -> int:
    """With the bot down, alice's move is saved as if the bot died right after persisting it."""
    db = await database.connect(world.db_path)
    try:
        store = SessionStore(db)
        session = await store.load(sid)
        seat = 1 - computer_seat(session)
        game = session.game
        game.apply(seat, type(game).decode(code))
        await store.record_action(
            session,
            seat=seat,
            code=code,
            game=game,
            public_events=[],
            now=session.updated_at,
            prompted=frozenset({0, 1}),
        )
        return session.step + 1
    finally:
        await db.close()


async def resumed_turn(world: World, sid: str, timeout: float = 20.0) -> object:
    """The session once the computer, resumed after the start, has made its owed moves."""
    deadline = time.monotonic() + timeout
    while computer_to_act(session := await world.bot.store.load(sid)) is not None:
        assert time.monotonic() < deadline, "the computer did not resume its turn"
        await asyncio.sleep(0.05)
    await world.quiesce()
    return session


async def play_out(world: World, session, rng: random.Random, restart_at: int | None) -> object:
    """Alice plays random offered moves until the end; the computer answers each time."""
    computer = computer_seat(session)
    alice = 1 - computer
    moves = 0
    while (session := await world.bot.store.load(session.id)).status == "active":
        assert moves < MAX_MOVES
        assert computer_to_act(session) is None, "the computer owes a move after a reply"
        assert forced_move(session) is None
        code = move_that_hands_over(session) if restart_at is not None else None
        if restart_at is not None and moves >= restart_at and code is not None:
            await world.stop_bot()
            step = await save_move_while_stopped(world, session.id, code)
            await world.start_bot()
            resumed = await resumed_turn(world, session.id)
            assert resumed.step > step or resumed.status == "finished", "the computer resumed"
            restart_at = None
            continue
        assert alice in session.game.to_act()
        await world.play_one(session, alice, rng)
        moves += 1
    assert restart_at is None, "the game ended before the restart"
    return session


@pytest.mark.parametrize("level", ai.LEVELS)
async def test_each_level_answers_by_its_name_and_gets_no_dm(world, level):
    """A few moves against each level (a whole game per level: ``bench.computer_games``)."""
    options = {"opponent": world.emu.bot_user} if level == "hard" else {}
    session = await computer_game(world, level, **options)
    computer = computer_seat(session)
    assert session.seats[computer].computer == level
    assert session.names[computer] == f"Computer ({level})"
    assert session.seats[computer].user_id == world.emu.bot_user.id
    rng = random.Random(level)
    for _ in range(SHORT_MOVES):
        session = await world.bot.store.load(session.id)
        assert computer_to_act(session) is None, "the computer owes a move after a reply"
        await world.play_one(session, 1 - computer, rng)
    rows = await world.bot.store.action_log(session.id)
    assert any(seat == computer for seat, _, _ in rows), "the computer's moves are logged"
    # the computer gets no DM, and its seat never had one
    assert world.emu.state.dm_channel_of.get(world.emu.bot_user.id) is None
    assert (await world.bot.store.load(session.id)).seats[computer].dm_message_id is None
    await world.slash("alice", "game abort")
    assert (await world.bot.store.load(session.id)).status != "active"


async def test_a_full_knightfall_game_against_the_computer_survives_a_restart(world):
    level = "normal"
    session = await computer_game(world, level)
    computer = computer_seat(session)
    session = await play_out(world, session, random.Random(level), restart_at=12)

    assert session.status == "finished"
    # unrated, recorded against the level
    async with world.bot.store.reading():
        rows = await world.bot.db.fetchall(
            "SELECT user_id, outcome, vs_computer FROM results WHERE session_id=?", (session.id,)
        )
        results = [tuple(r) for r in rows]
        assert (await world.bot.db.fetchone("SELECT COUNT(*) FROM ratings"))[0] == 0
    alice = world.people["alice"]
    assert [(uid, vs) for uid, _, vs in results] == [(alice.id, level)]
    ending = world.emu.channel_messages(world.chan)[-1].content
    assert "Game over" in ending and "unrated" in ending and "Ratings:" not in ending
    assert alice.mention in ending and world.emu.bot_user.mention not in ending
    assert session.seats[computer].dm_message_id is None

    board = await world.slash("dave", "leaderboard", game="knightfall")
    text = board.messages[-1].text()
    assert "Against the computer" in text and f"<@{alice.id}> vs {level} — " in text
    assert "No rated games yet" in text, "the rated standings hold people's games only"


async def test_a_gondor_game_against_the_computer_for_a_few_phases(world):
    ix = await world.slash(
        "alice", "gondor challenge", chan=world.chan2, side="westernesse", level="easy"
    )
    assert not ix.late
    session = await world.live(world.chan2)
    assert session.computer_seats == {0: "easy"}  # Sauron, who deploys and moves first
    rows = await world.bot.store.action_log(session.id)
    assert rows and {seat for seat, _, _ in rows} == {0}, "Sauron deployed by itself"
    board = next(m for m in world.emu.channel_messages(world.chan2) if m.id == session.message_id)
    assert "Computer (easy)" in board.text()
    rng = random.Random(13)
    for _ in range(6):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        assert computer_to_act(session) is None
        assert 1 in session.game.to_act()
        await world.play_one(session, 1, rng)
    session = await world.bot.store.load(session.id)
    seats = {seat for seat, _, _ in await world.bot.store.action_log(session.id)}
    assert seats == {0, 1}
    ix = await world.slash("alice", "game resign", chan=world.chan2)
    assert "resigned" in ix.messages[-1].text()
    assert await world.live(world.chan2) is None


async def test_a_computer_that_cannot_reach_a_human_turn_stops_and_says_so(
    world, monkeypatch, caplog
):
    """A bug that lets the computer move for ever must not hold the game's lock for ever: after
    MAX_COMPUTER_RUN moves in a row it stops, logs it and tells the players what they can do."""
    caplog.set_level(logging.INFO)
    monkeypatch.setattr(bot.flow.sessions, "MAX_COMPUTER_RUN", 5)  # Sauron deploys ~80 counters
    first = max(world.emu.state.messages, default=0)
    ix = await world.slash(
        "alice", "gondor challenge", chan=world.chan2, side="westernesse", level="easy"
    )
    assert not ix.late
    session = await world.live(world.chan2)
    assert computer_to_act(session) == 0 and session.step == 5
    said = [m.text() for m in world.emu.channel_messages(world.chan2) if m.id > first]
    assert any("The computer stopped after 5 moves in a row" in t for t in said), said
    assert [r.levelname for r in caplog.records if "the computer cycled" in r.getMessage()] == [
        "ERROR"
    ]
    ix = await world.slash("alice", "game resign", chan=world.chan2)
    assert "resigned" in ix.messages[-1].text()
    assert await world.live(world.chan2) is None


async def test_the_event_loop_answers_while_the_computer_thinks(world, monkeypatch):
    thinking = threading.Event()
    choose = ai.choose

    def slow_choose(game, seat, level, seed):
        thinking.set()
        time.sleep(2.0)
        return choose(game, seat, level, seed)

    monkeypatch.setattr(ai, "choose", slow_choose)
    computer = world.bot.computer
    process_pool, computer.executor = computer.executor, ThreadPoolExecutor(max_workers=1)
    try:
        start = await world.emu.slash(
            world.people["alice"], world.chan2, "knightfall challenge", level="easy"
        )
        await asyncio.to_thread(thinking.wait, 10)  # both seats choose first: it thinks now
        session = await world.live(world.chan2)
        board = next(
            m for m in world.emu.channel_messages(world.chan2) if m.id == session.message_id
        )
        assert "(thinking…)" in board.text()
        began = time.monotonic()
        ix = await world.emu.slash(world.people["carol"], world.chan, "help")
        await ix.done(timeout=10)
        assert not ix.late and ix.messages
        assert time.monotonic() - began < 1.5, "a command waited for the computer"
        await start.done(timeout=10)
        await world.quiesce()
        session = await world.bot.store.load(session.id)
        assert computer_to_act(session) is None
    finally:
        computer.executor.shutdown(wait=True)
        computer.executor = process_pool
    await world.resign("alice", chan=world.chan2)


async def waiting_for_bob(world: World, chan: int) -> object:
    """Bob accepts alice's Knightfall challenge; alice moves until the game waits for bob."""
    await world.slash("alice", "knightfall challenge", chan=chan, opponent=world.people["bob"])
    challenge = world.emu.channel_messages(chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    session = await world.live(chan)
    rng = random.Random(5)
    while session.game.to_act() != [1]:
        await world.play_one(session, next(s for s in session.game.to_act() if s == 0), rng)
        session = await world.bot.store.load(session.id)
    return session


async def test_the_waiting_player_hands_an_absent_seat_to_the_computer(world):
    shown = await world.slash("bob", "game settings")
    assert "seat: **on** (the bot's default)" in shown.messages[-1].text()
    refused = await world.slash("bob", "game settings", level="easy")
    assert "Only members with Manage Server" in refused.messages[-1].text()
    chosen = await world.slash("carol", "game settings", level="hard")
    assert "over: **hard** (set on this server)" in chosen.messages[-1].text()
    session = await waiting_for_bob(world, world.chan)
    await world.bot.lifecycle.sweep(session.updated_at + timedelta(days=4))
    await world.quiesce()
    offer = next(m for m in world.emu.channel_messages(world.chan) if "has not moved" in m.content)
    assert world.people["alice"].mention in offer.content and "unrated" in offer.content
    assert "let the computer (hard) play on" in offer.content
    button = offer.find_button("Let the computer play Bob's seat")
    refused = await world.click("bob", offer, button)
    assert "Only the player waiting for Bob" in refused.messages[-1].text()
    await world.click("alice", offer, button)
    session = await world.bot.store.load(session.id)
    assert session.seats[1].computer == "hard" and not session.rated
    assert computer_to_act(session) is None and 0 in session.game.to_act()
    assert any(seat == 1 for seat, _, _ in (await world.bot.store.action_log(session.id))[-3:])

    await world.hand("bob", session)  # bob's next click: his seat is his again
    session = await world.bot.store.load(session.id)
    assert session.seats[1].computer is None and not session.rated
    await world.resign("alice")
    ratings = await world.bot.db.fetchone("SELECT COUNT(*) FROM ratings")
    assert ratings[0] == 0, "a game the computer played in is unrated"
    ix = await world.slash("dave", "leaderboard", game="knightfall")
    assert "No rated games yet" in ix.messages[-1].text()


async def test_a_server_that_turned_takeover_off_gets_no_offer_and_refuses_old_ones(world):
    session = await waiting_for_bob(world, world.chan)
    await world.bot.lifecycle.sweep(session.updated_at + timedelta(days=4))
    await world.quiesce()
    offer = world.emu.channel_messages(world.chan)[-1]
    button = offer.find_button("Let the computer play Bob's seat")
    shown = await world.slash("carol", "game settings", takeover="off")
    assert "seat: **off** (set on this server)" in shown.messages[-1].text()
    refused = await world.click("alice", offer, button)
    assert "turned off on this server" in refused.messages[-1].text()
    assert (await world.bot.store.load(session.id)).seats[1].computer is None

    rng = random.Random(6)
    await world.play_one(session, 1, rng)
    while (session := await world.bot.store.load(session.id)).game.to_act() != [1]:
        await world.play_one(session, 0, rng)
    before = len(world.emu.channel_messages(world.chan))
    await world.bot.lifecycle.sweep(session.updated_at + timedelta(days=4))
    await world.quiesce()
    assert "waiting for your move" in world.emu.dm_messages(world.people["bob"])[-1].text()
    assert world.emu.channel_messages(world.chan)[before:] == [], "no takeover offered"
    await world.slash("carol", "game settings", takeover="default")
    await world.resign("alice")


async def test_guardians_against_the_computer_starts_at_once(world):
    ix = await world.slash("alice", "guardians challenge", chan=world.chan2, level="hard")
    assert not ix.late
    session = await world.live(world.chan2)
    assert session.computer_seats == {1: "hard"} and session.status == "active"
    assert computer_to_act(session) is None and 0 in session.game.to_act()
    assert world.controls_message(world.people["alice"]) is not None
    await world.resign("alice", chan=world.chan2)


async def test_challenging_yourself_says_how_to_play_the_computer(world):
    before = len(world.emu.channel_messages(world.chan))
    ix = await world.slash("alice", "knightfall challenge", opponent=world.people["alice"])
    text = ix.messages[-1].text()
    assert "can't challenge yourself" in text and "leave `opponent` empty" in text
    assert len(world.emu.channel_messages(world.chan)) == before, "a refused challenge posted"
