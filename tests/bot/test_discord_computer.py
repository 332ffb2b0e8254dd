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
import re
import threading
import time
from datetime import timedelta

import pytest

import ai
import bot.flow.sessions
from bot.flow.sessions import computer_to_act
from bot.flow.turn import forced_move
from bot.storage import database
from bot.storage.store import SessionStore
from bot.surface import controls
from bot.surface.workers import ThreadWorker
from engines.gondor import Gondor
from engines.gondor.actions import EndMovement, EndPhase
from engines.gondor.combat.actions import EndSegment
from tests.bot.gondor_table import press, read_controls
from tests.bot.harness import World, message_texts, move_controls

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
    ending = world.emu.channel_messages(world.chan)[-1].text()
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
    process_worker, computer.worker = computer.worker, ThreadWorker()
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
        computer.worker.close()
        computer.worker = process_worker
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


# ---- the coach: the computer's suggested move in a newcomer's DM ------------------------------

COACH_LINE = "Coach:**"
"""How the coach's line reads in a DM's text ("💡 **Coach:** <move> — <reason>")."""


def newcomer(world: World, name: str):
    """A member who never played here (their own games count, for the coach's default)."""
    user = world.emu.add_user(name)
    world.emu.add_member(world.guild, user)
    world.people[name] = user
    return user


async def coached_game(world: World, name: str, game: str = "knightfall", level: str = "easy"):
    """``name`` starts ``game`` against the computer in a channel of its own; session, channel."""
    chan = world.emu.add_text_channel(world.guild, f"coach-{name}")
    ix = await world.slash(name, f"{game} challenge", chan=chan, level=level)
    assert not ix.late
    session = await world.live(chan)
    assert session is not None and session.status == "active"
    return session, chan


def coach_move(message) -> str | None:
    """The custom id of the coach's move button in a message, if it shows one."""
    return next(
        (b.custom_id for b in message.buttons() if (b.custom_id or "").startswith("co1:")), None
    )


def switch_label(message) -> str:
    return next(b.label for b in message.buttons() if (b.label or "").startswith("Coach:"))


async def test_the_coach_suggests_a_move_after_the_dm_and_its_button_plays_it(world):
    erin = newcomer(world, "erin")
    session, chan = await coached_game(world, "erin")
    assert session.seats[1 - computer_seat(session)].coach, "on in a first game"
    dm = world.controls_message(erin)
    assert dm is not None and COACH_LINE in dm.text() and coach_move(dm)
    assert switch_label(dm) == "Coach: ON"
    first = (dm.history or [dm])[0]
    assert move_controls(first) and COACH_LINE not in first.text(), "the DM came first"
    seat = 1 - computer_seat(session)
    step = (await world.bot.store.load(session.id)).step
    custom_id = coach_move(dm)
    code = custom_id.split(":", 3)[3]
    await world.make_move(erin, dm, ("button", custom_id, None))
    rows = await world.bot.store.action_log(session.id)
    assert (seat, code) in [(s, c) for s, c, _ in rows[step:]], "the coach's move was played"
    # the suggestion reads only the player's DM: never the channel
    for message in world.emu.channel_messages(chan):
        assert all("Coach" not in text for text in message_texts(message))
    await world.slash("erin", "game abort", chan=chan)


async def test_the_coach_switch_turns_it_off_and_on_across_a_restart(world):
    fay = newcomer(world, "fay")
    session, chan = await coached_game(world, "fay", "guardians")
    dm = world.controls_message(fay)
    assert dm is not None and COACH_LINE in dm.text()
    await world.click("fay", dm, dm.find_button("Coach: ON"))
    dm = world.emu.dm_messages(fay)[-1]
    assert switch_label(dm) == "Coach: OFF" and COACH_LINE not in dm.text()
    assert coach_move(dm) is None and move_controls(dm), "the moves stay"
    seat = session.seat_of(fay.id)
    assert not (await world.bot.store.load(session.id)).seats[seat].coach

    await world.stop_bot()
    await world.start_bot()
    await world.quiesce()
    dm = world.emu.dm_messages(fay)[-1]
    assert switch_label(dm) == "Coach: OFF" and COACH_LINE not in dm.text()
    await world.click("fay", dm, dm.find_button("Coach: OFF"))
    dm = world.emu.dm_messages(fay)[-1]
    assert switch_label(dm) == "Coach: ON"
    assert COACH_LINE in dm.text() and coach_move(dm), "worked out again after the restart"
    await world.slash("fay", "game abort", chan=chan)


async def test_a_coach_switch_whose_redraw_is_slow_is_deferred_not_lost(world, monkeypatch):
    hal = newcomer(world, "hal")
    _, chan = await coached_game(world, "hal", "guardians")
    dm = world.controls_message(hal)
    assert dm is not None
    delivery = world.bot.sessions.delivery
    private = delivery.private

    async def slow(*args, **kwargs):  # cold render workers on a loaded machine
        await asyncio.sleep(3.2)
        return await private(*args, **kwargs)

    monkeypatch.setattr(delivery, "private", slow)
    await world.click("hal", dm, dm.find_button("Coach: ON"))
    monkeypatch.undo()
    dm = world.emu.dm_messages(hal)[-1]
    assert switch_label(dm) == "Coach: OFF", "past Discord's 3 s, the click was lost"
    await world.slash("hal", "game abort", chan=chan)


async def test_the_coach_is_off_by_default_after_three_games(world):
    gus = newcomer(world, "gus")
    async with world.bot.db.transaction():
        await world.bot.db.execute(
            "INSERT INTO member_records (guild_id, user_id, game, level, unrated, games, wins,"
            " losses, draws) VALUES (?, ?, 'knightfall', 'easy', 0, 3, 1, 2, 0)",
            (world.guild.id, gus.id),
        )
    session, chan = await coached_game(world, "gus")
    assert not session.seats[session.seat_of(gus.id)].coach
    dm = world.controls_message(gus)
    assert dm is not None and switch_label(dm) == "Coach: OFF"
    assert all(COACH_LINE not in text for text in message_texts(dm))
    await world.slash("gus", "game abort", chan=chan)


async def test_no_coach_between_members(world):
    hal, ida = newcomer(world, "hal"), newcomer(world, "ida")
    await world.knightfall_duel("hal", "ida")
    session = await world.live()
    await world.play_one(session, 0, random.Random(5))
    for user in (hal, ida):
        for message in world.emu.dm_messages(user):
            texts = message_texts(message)
            assert all("Coach" not in text for text in texts)
            assert all("Coach" not in (b.label or "") for b in message.buttons())
    await world.slash("hal", "game abort")
    await world.slash("ida", "game abort")


async def test_a_failing_or_slow_coach_leaves_the_dm_and_the_game_going(world, monkeypatch, caplog):
    jo = newcomer(world, "jo")
    coach = world.bot.sessions.coach

    async def broken(*args, **kwargs):
        raise RuntimeError("no coach today")

    monkeypatch.setattr(coach.computer, "suggest", broken)
    with caplog.at_level(logging.WARNING, logger="bot.flow.coach"):
        session, chan = await coached_game(world, "jo")
    dm = world.controls_message(jo)
    assert dm is not None and move_controls(dm) and switch_label(dm) == "Coach: ON"
    assert all(COACH_LINE not in text for text in message_texts(dm))
    assert any("suggestion failed" in r.getMessage() for r in caplog.records)
    monkeypatch.undo()
    monkeypatch.setattr(coach, "time_limit", 0.0)  # slow: past its limit, nothing is shown
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="bot.flow.coach"):
        await world.play_one(session, session.seat_of(jo.id), random.Random(3))
    session = await world.bot.store.load(session.id)
    if session.status == "active":
        dm = world.controls_message(jo)
        assert dm is not None and move_controls(dm)
        assert all(COACH_LINE not in text for text in message_texts(dm))
        assert any("time limit" in r.getMessage() for r in caplog.records)
        await world.slash("jo", "game abort", chan=chan)


async def test_the_coach_shows_in_an_open_my_hand(world):
    kim = newcomer(world, "kim")
    world.emu.set_dms_open(kim, False)
    try:
        session, chan = await coached_game(world, "kim")
        seat = session.seat_of(kim.id)
        board = next(m for m in world.emu.channel_messages(chan) if m.id == session.message_id)
        ix = await world.click("kim", board, board.find_button("My hand"))
        hand = ix.messages[-1]
        for _ in range(3):  # each move from it, the computer's reply, then the coach's move
            await world.make_move(kim, hand, move_controls(hand)[0])
            session = await world.bot.store.load(session.id)
            if session.status != "active":
                break
            assert seat in session.game.to_act()
            assert COACH_LINE in hand.text(), hand.text()[:400]
            custom_id = coach_move(hand)
            assert custom_id is not None and int(custom_id.split(":")[2]) == session.step
            assert hand.visible_to == kim.id
        for message in world.emu.channel_messages(chan):
            assert all("Coach" not in text for text in message_texts(message))
        await world.slash("kim", "game abort", chan=chan)
    finally:
        world.emu.set_dms_open(kim, True)


async def test_a_switch_pressed_on_an_outdated_copy_keeps_the_newest_text(world):
    """A client still showing the DM as first sent (before the coach's line was added) presses
    the auto-play toggle: the switch changes, and the coach's line stays in the DM."""
    hal = newcomer(world, "hal")
    session, chan = await coached_game(world, "hal")
    dm = world.controls_message(hal)
    assert dm is not None and COACH_LINE in dm.text()
    outdated = dm.history[0]
    assert COACH_LINE not in outdated.text() and move_controls(outdated)
    toggle = next(b for b in outdated.buttons() if "Pass for me" in (b.label or ""))
    ix = await world.emu.click(hal, outdated, toggle.custom_id)
    await ix.done(timeout=10)
    await world.quiesce()
    seat = session.seat_of(hal.id)
    assert (await world.bot.store.load(session.id)).seats[seat].auto_play
    assert COACH_LINE in dm.text() and coach_move(dm), "the newest text and coach's move stay"
    assert any((b.label or "").endswith(": ON") and "Pass for me" in b.label for b in dm.buttons())
    await world.slash("hal", "game abort", chan=chan)


async def test_a_switch_pressed_after_a_page_turn_keeps_that_page(world, monkeypatch):
    monkeypatch.setattr(controls, "MAX_ROWS", 2)  # a row of moves a page, two moves a list:
    monkeypatch.setattr(controls, "PER_SELECT", 2)  # "More moves ▶" shows
    ida = newcomer(world, "ida")
    _, chan = await coached_game(world, "ida")
    dm = world.controls_message(ida)
    more = next(b.custom_id for b in dm.buttons() if (b.label or "").startswith("More moves"))
    await world.click("ida", dm, more)
    turned = move_controls(dm)
    toggle = next(b for b in dm.buttons() if "Pass for me" in (b.label or ""))
    await world.click("ida", dm, toggle.custom_id)
    assert "Pass for me when I have no power: ON" in [b.label for b in dm.buttons()]
    assert move_controls(dm) == turned, "still the page she turned to"
    await world.slash("ida", "game abort", chan=chan)


async def test_a_page_turn_whose_reading_is_slow_is_deferred_not_lost(world, monkeypatch):
    monkeypatch.setattr(controls, "MAX_ROWS", 3)  # the extras, the page buttons, moves
    monkeypatch.setattr(controls, "PER_SELECT", 2)
    jo = newcomer(world, "jo")
    _, chan = await coached_game(world, "jo")
    dm = world.controls_message(jo)
    before = move_controls(dm)
    more = next(b.custom_id for b in dm.buttons() if (b.label or "").startswith("More moves"))
    store = world.bot.sessions.store
    load = store.load

    async def slow(*args, **kwargs):  # a loaded machine
        await asyncio.sleep(3.2)
        return await load(*args, **kwargs)

    monkeypatch.setattr(store, "load", slow)
    ix = await world.click("jo", dm, more)
    monkeypatch.undo()
    assert not ix.failed and ix.response_type == 6, "past Discord's 3 s, the click was lost"
    await world.quiesce()
    assert move_controls(dm) and move_controls(dm) != before, "the next page is shown"
    await world.slash("jo", "game abort", chan=chan)


async def test_the_coachs_suggestion_keeps_the_page_she_turned_to(world, monkeypatch):
    """A suggestion arriving while she reads page 2 of her moves leaves her on page 2, and the
    coach's move stays beside whichever page she turns to."""
    monkeypatch.setattr(controls, "MAX_ROWS", 3)  # the extras, the page buttons and a row of
    monkeypatch.setattr(controls, "PER_SELECT", 2)  # moves a page, two moves a list
    coach = world.bot.sessions.coach
    suggest = coach.computer.suggest

    async def late(*args, **kwargs):
        raise TimeoutError  # none yet: it comes after her page turn

    monkeypatch.setattr(coach.computer, "suggest", late)
    liv = newcomer(world, "liv")
    session, chan = await coached_game(world, "liv")
    dm = world.controls_message(liv)
    assert dm is not None and COACH_LINE not in dm.text(), "no suggestion yet"
    more = next(b.custom_id for b in dm.buttons() if (b.label or "").startswith("More moves"))
    await world.click("liv", dm, more)
    first = move_controls(dm.history[-1])
    monkeypatch.setattr(coach.computer, "suggest", suggest)
    coach.after_shown(await world.bot.store.load(session.id))  # the suggestion arrives
    await world.quiesce()
    assert COACH_LINE in dm.text() and coach_move(dm), "the suggestion is shown"
    back = [b.custom_id for b in dm.buttons() if (b.label or "").startswith("◀ Previous")]
    assert back and move_controls(dm) != first, "still on the page she turned to"
    await world.click("liv", dm, back[0])
    assert coach_move(dm), "the coach's move stays beside every page"
    await world.slash("liv", "game abort", chan=chan)


async def test_the_coach_plays_the_rest_of_a_gondor_movement_phase_in_one_click(world):
    """Sauron's movement is dozens of clicks: with the coach on, one button plays the rest of
    the phase as the coach would; phases whose choices are searched do not offer it."""
    jon = newcomer(world, "jon")
    chan = world.emu.add_text_channel(world.guild, "coach-jon")
    await world.slash("jon", "gondor challenge", chan=chan, side="sauron", level="easy")
    session = await world.live(chan)
    sid = session.id
    while (session := await world.bot.store.load(sid)).game.state.phase != "sauron-movement":
        dm = world.controls_message(jon)
        offered = rest_button(dm)
        assert (offered is not None) == (session.game.state.phase == "setup"), "routine only"
        if offered is not None:  # on the first page, beside the one "... and finish" button
            assert [b.label for b in dm.buttons() if (b.custom_id or "").startswith("g1:")] == [
                "Place the rest near the Main Gate and finish"
            ]
            await world.click("jon", dm, offered)  # the coach deploys the host
            continue
        seen = await read_controls(world, jon, lambda label: False)  # "End …" is on page one
        assert seen is not None
        legal = session.game.legal_actions(0)
        end = next(a for a in legal if isinstance(a, EndMovement | EndSegment | EndPhase))
        await press(world, seen, Gondor.encode(end))
    before = len(await world.bot.store.action_log(sid))
    dm = world.controls_message(jon)
    ix = await world.click("jon", dm, rest_button(dm))
    [said] = [m.text() for m in ix.messages if m.ephemeral]  # what it did; no refusal
    made = re.fullmatch(r"⏩ The coach made (\d+) moves for you, to the end of that phase\.", said)
    assert not ix.late and made is not None, said
    session = await world.bot.store.load(sid)
    rows = await world.bot.store.action_log(sid)
    mine = [r for r in rows[before:] if r[0] == 0]
    assert len(mine) >= int(made[1]) > 20, "the whole phase in one click"
    game = session.game
    assert game.state.phase != "sauron-movement" or game.to_act() != [0]
    dm = world.controls_message(jon)
    assert dm is None or rest_button(dm) is None or ai.routine_now(game, 0)
    await world.slash("jon", "game abort", chan=chan)


def rest_button(message) -> str | None:
    """The custom id of the coach's "play the rest of this phase" button, if shown."""
    return next(
        (b.custom_id for b in message.buttons() if (b.custom_id or "").startswith("co2:")), None
    )


async def test_a_redraw_at_the_same_position_keeps_what_just_happened(world):
    """The coach's suggestion redraws the DM moments after a move: the player's private notes
    of that move (an only move played for them) stay until the game moves on."""
    kim = newcomer(world, "kim")
    session, chan = await coached_game(world, "kim")
    seat = session.seat_of(kim.id)
    delivery = world.bot.sessions.delivery
    note = "Your only possible move was played for you: Pass."
    shown = await delivery.private(session, seat, [note])
    again = await delivery.private(session, seat, [])  # as the coach's redraw asks for it
    assert note in str(shown.embed.to_dict()) and note in str(again.embed.to_dict())
    session.step += 1  # the game moved on: the note is about an earlier move
    assert note not in str((await delivery.private(session, seat, [])).embed.to_dict())
    await world.slash("kim", "game abort", chan=chan)


async def test_a_computer_turn_that_failed_on_resuming_is_tried_again(world, monkeypatch):
    """After a restart the computer resumes the move it owes, and its first try fails (here:
    the database busy past its bound): the game does not wait until the next restart, the
    turn is tried again shortly."""
    from bot.flow import computer as flow_computer
    from bot.flow import sessions as flow_sessions
    from bot.storage.refusals import StorageBusy

    monkeypatch.setattr(flow_sessions, "COMPUTER_RETRY_SECONDS", 0.2)
    session = await resumed_turn(world, (await computer_game(world, "easy")).id)
    rng = random.Random(5)
    alice = 1 - computer_seat(session)
    while (code := move_that_hands_over(session)) is None:
        await world.play_one(session, alice, rng)
        session = await resumed_turn(world, session.id)
    await world.stop_bot()
    step = await save_move_while_stopped(world, session.id, code)
    failures = []
    choose = flow_computer.Computer.choose

    async def failing_once(self, *args, **kwargs):
        if not failures:
            failures.append(1)
            raise StorageBusy()
        return await choose(self, *args, **kwargs)

    monkeypatch.setattr(flow_computer.Computer, "choose", failing_once)
    await world.start_bot()
    resumed = await resumed_turn(world, session.id)
    assert failures == [1]
    assert resumed.step > step or resumed.status == "finished", "the turn was not tried again"
    await world.resign("alice")
