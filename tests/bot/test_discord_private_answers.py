"""One private answer at a time: "?", hints and questions replace each other; Yes is spent."""

import logging
import random
from dataclasses import dataclass

import pytest

import engines
from bot.surface.open_hands import OpenHands
from bot.surface.private_answers import PrivateAnswers
from tests.bot.harness import confirm_button, move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def finish(world, session):
    """Resign whatever game is left running, so the next test has the channel."""
    if (await world.live()) is not None:
        await world.resign(world.user(session, 0).name)


def answers_since(world, who: str, first_id: int):
    return [m for m in world.emu.ephemeral_messages(world.people[who]) if m.id > first_id]


def ask_before(monkeypatch, code: str) -> None:
    """Galdor's Grip asks to confirm the move ``code`` (and only it)."""
    cls = engines.get_game("galdors_grip")
    monkeypatch.setattr(
        cls,
        "confirm_text",
        lambda self, seat, action: "Really do that?" if cls.encode(action) == code else None,
    )


async def start(world):
    await world.slash("alice", "galdor start")
    session = await world.live()
    return session, world.board(session)


async def ask(world, board, custom_id: str):
    """Click a move that asks first; the question."""
    ix = await world.click("alice", board, custom_id)
    question = ix.messages[-1]
    assert question.ephemeral and confirm_button(question), question.text()
    return question


async def test_pressing_help_three_times_leaves_one_answer(world):
    session, board = await start(world)
    first_id = world.emu.all_messages()[-1].id
    for _ in range(3):
        await world.click("alice", board, board.find_button("?"))
    answers = answers_since(world, "alice", first_id)
    assert len(answers) == 1, [m.text()[:40] for m in answers]
    assert "what now?" in answers[0].text()
    await finish(world, session)


async def test_a_hint_replaces_the_help_and_a_question_replaces_the_hint(world, monkeypatch):
    session, board = await start(world)
    first_id = world.emu.all_messages()[-1].id
    await world.click("alice", board, board.find_button("?"))
    await world.slash("alice", "game hint")
    [hint] = answers_since(world, "alice", first_id)
    assert "Best move" in hint.text()
    _, custom_id, _ = move_controls(board)[0]
    ask_before(monkeypatch, custom_id.split(":", 3)[3])
    question = await ask(world, board, custom_id)
    assert [m.id for m in answers_since(world, "alice", first_id)] == [question.id]
    await finish(world, session)


async def test_a_confirmed_moves_question_ends_with_its_yes_disabled(world, monkeypatch):
    session, board = await start(world)
    _, custom_id, _ = move_controls(board)[0]
    ask_before(monkeypatch, custom_id.split(":", 3)[3])
    question = await ask(world, board, custom_id)
    first_id = world.emu.all_messages()[-1].id
    await world.click("alice", question, confirm_button(question))
    after = await world.bot.store.load(session.id)
    assert after.step > session.step
    assert question.text() == "Done."
    assert question.buttons() and all(b.disabled for b in question.buttons())
    assert answers_since(world, "alice", first_id) == []  # no new message for the answer

    # A client that had not refreshed presses the old Yes again: nothing more happens.
    old = question.history[0]
    assert confirm_button(old) and not old.buttons()[0].disabled
    await world.click("alice", old, confirm_button(old))
    assert (await world.bot.store.load(session.id)).step == after.step
    assert question.text().startswith("Done.") and "nothing more was done" in question.text()
    assert all(b.disabled for b in question.buttons())
    assert answers_since(world, "alice", first_id) == []
    await finish(world, after)


async def test_a_stale_yes_after_the_game_moved_is_disabled_and_says_so(world, monkeypatch):
    session, board = await start(world)
    (_, asked, _), (_, other, _), *_ = move_controls(board)
    ask_before(monkeypatch, asked.split(":", 3)[3])
    question = await ask(world, board, asked)
    await world.click("alice", board, other)  # another move: the question lapses
    moved = await world.bot.store.load(session.id)
    assert moved.step > session.step
    first_id = world.emu.all_messages()[-1].id
    await world.click("alice", question, confirm_button(question))
    assert (await world.bot.store.load(session.id)).step == moved.step
    assert "changed since" in question.text() and "did nothing" in question.text()
    assert question.buttons() and all(b.disabled for b in question.buttons())
    assert answers_since(world, "alice", first_id) == []
    await finish(world, moved)


async def test_resign_and_end_questions_replace_the_last_answer_and_are_replaced(world):
    session = await world.knightfall_duel()
    board = world.board(session)
    first_id = world.emu.all_messages()[-1].id
    await world.click("alice", board, board.find_button("?"))
    await world.slash("alice", "game resign")
    [question] = answers_since(world, "alice", first_id)
    assert question.find_button("Yes, resign"), question.text()
    await world.click("alice", board, board.find_button("?"))
    [help_answer] = answers_since(world, "alice", first_id)
    assert "what now?" in help_answer.text()

    await world.slash("carol", "game end")
    await world.slash("carol", "game end")
    [question] = answers_since(world, "carol", first_id)
    assert question.find_button("Yes, end it"), question.text()
    await world.click("carol", board, board.find_button("?"))
    [help_answer] = answers_since(world, "carol", first_id)
    assert "what now?" in help_answer.text()
    assert (await world.live()).status == "active"  # questions only: nothing ended
    await finish(world, session)


@dataclass
class Member:
    id: int


@dataclass
class Asked:
    """What :class:`PrivateAnswers` reads of an interaction (and of a message: ``id``)."""

    user: Member
    id: int
    application_id: int = 1
    token: str = "t"


async def test_the_answers_kept_are_bounded_in_number_and_age():
    now = [0.0]
    answers = PrivateAnswers(None, size=3, max_age=60, clock=lambda: now[0])  # type: ignore[arg-type]
    for n in range(5):
        await answers.replace(Asked(Member(n), n), "s1", Asked(Member(n), 100 + n))  # type: ignore[arg-type]
    assert len(answers) == 3
    now[0] = 61.0
    await answers.replace(Asked(Member(9), 9), "s1", Asked(Member(9), 109))  # type: ignore[arg-type]
    assert len(answers) == 1


def ask_in(monkeypatch, game_id: str) -> None:
    """The game asks to confirm every move."""
    monkeypatch.setattr(
        engines.get_game(game_id), "confirm_text", lambda self, seat, action: "Really do that?"
    )


def older_dms_with_moves(world, who: str) -> list:
    """The player's DMs, but the newest, that still offer a move."""
    return [m for m in world.emu.dm_messages(world.people[who])[:-1] if move_controls(m)]


async def test_a_confirmed_move_updates_the_dm_it_was_pressed_in(world, monkeypatch):
    ask_in(monkeypatch, "knightfall")
    session = await world.knightfall_duel()
    for _ in range(6):  # moves until one leaves its player a new decision
        session = await world.bot.store.load(session.id)
        seat = session.game.to_act()[0]
        who = world.user(session, seat).name
        dm = world.controls_message(world.people[who])
        assert dm is not None
        ix = await world.press(world.people[who], dm, move_controls(dm)[0])
        question = next(m for m in ix.messages if confirm_button(m))
        await world.click(who, question, confirm_button(question))
        assert question.text() == "Done."
        assert world.emu.dm_messages(world.people[who])[-1].id == dm.id  # the same DM, updated
        assert not older_dms_with_moves(world, who)
    await finish(world, session)


async def test_a_move_confirmed_from_my_hand_updates_that_answer(world, monkeypatch):
    ask_in(monkeypatch, "knightfall")
    bob = world.people["bob"]
    world.emu.set_dms_open(bob, False)
    try:
        session = await world.knightfall_duel()
        asked = 0
        while asked < 3:
            session = await world.bot.store.load(session.id)
            seat = session.game.to_act()[0]
            user = world.user(session, seat)
            if user.name == "alice":
                dm = world.controls_message(user)
                await world.make_move(user, dm, move_controls(dm)[0])
                continue
            hand = await world.hand("bob", session)
            assert await world.make_move(bob, hand, move_controls(hand)[0]) == 2
            asked += 1
            prompt = (await world.bot.store.load(session.id)).seats[seat].prompt_step
            steps = [int(custom_id.split(":")[2]) for _, custom_id, _ in move_controls(hand)]
            assert hand.history and all(step >= prompt for step in steps), "moves of the past"
    finally:
        world.emu.set_dms_open(bob, True)
    await finish(world, session)


# ---- an open My hand follows the game ----------------------------------------------------------


def move_steps(message) -> list[int]:
    """The steps the message's moves were issued at."""
    return [int(custom_id.split(":")[2]) for _, custom_id, _ in move_controls(message)]


async def bobs_turn_from_hand(world, session, hand, rng) -> object:
    """Alice moves from her DM until Bob must act (his DMs closed, his My hand left open)."""
    seat = session.seat_of(world.people["bob"].id)
    while seat not in (session := await world.bot.store.load(session.id)).game.to_act():
        assert session.status == "active"
        await world.play_one(session, 1 - seat, rng)
    return session


async def test_an_open_my_hand_follows_the_opponents_moves_and_the_end(world):
    bob = world.people["bob"]
    world.emu.set_dms_open(bob, False)
    try:
        session = await world.knightfall_duel()
        seat = session.seat_of(bob.id)
        hand = await world.hand("bob", session)
        rng = random.Random(11)
        for _ in range(3):  # Bob never presses My hand again
            session = await bobs_turn_from_hand(world, session, hand, rng)
            prompt = session.seats[seat].prompt_step
            assert move_steps(hand) and min(move_steps(hand)) >= prompt, "My hand is behind"
            assert f"as of move {session.step}" in hand.text()
            await world.make_move(bob, hand, rng.choice(move_controls(hand)))
            assert (await world.bot.store.load(session.id)).step > session.step, "refused"
        assert len(world.bot.sessions.delivery.hands) >= 1
        await world.resign("alice")
        assert "resign" in hand.text().lower() and not move_controls(hand), hand.text()[:300]
        assert hand.buttons() == [], "an ended game's hand keeps no buttons"
        assert hand.visible_to == bob.id
    finally:
        world.emu.set_dms_open(bob, True)


async def test_a_my_hand_past_its_token_is_left_alone_and_a_press_redraws_it(world, monkeypatch):
    monkeypatch.setattr(world.bot.sessions.delivery.hands, "max_age", -1.0)  # always too old
    bob = world.people["bob"]
    world.emu.set_dms_open(bob, False)
    try:
        session = await world.knightfall_duel()
        seat = session.seat_of(bob.id)
        rng = random.Random(5)
        session = await bobs_turn_from_hand(world, session, None, rng)
        old = await world.hand("bob", session)  # opened on his turn: its moves are live
        newer = await world.hand("bob", session)
        await world.make_move(bob, newer, rng.choice(move_controls(newer)))
        shown = newer.text()
        session = await bobs_turn_from_hand(world, session, newer, rng)
        assert newer.text() == shown, "its token is (nearly) expired: left alone"
        assert min(move_steps(old)) < session.seats[seat].prompt_step
        ix = await world.press(bob, old, move_controls(old)[0])
        await world.quiesce()
        assert "shows the game as it stands" in ix.messages[-1].text()
        assert (await world.bot.store.load(session.id)).step == session.step, "it did nothing"
        assert min(move_steps(old)) >= session.seats[seat].prompt_step, "redrawn as it stands"
        await world.make_move(bob, old, move_controls(old)[0])
        assert (await world.bot.store.load(session.id)).step > session.step
    finally:
        world.emu.set_dms_open(bob, True)
    await finish(world, session)


async def test_the_open_hands_kept_are_bounded_in_number_and_age():
    now = [0.0]
    hands = OpenHands(size=3, max_age=60, clock=lambda: now[0])
    for n in range(5):
        hands.note(Asked(Member(n), n), "s1", 100 + n, None)  # type: ignore[arg-type]
    assert len(hands) == 3 and hands.get(0, "s1") is None and hands.get(4, "s1") is not None
    kept = hands.get(4, "s1")
    assert kept is not None
    hands.shown(4, "s1", kept, "its view now")
    hands.forget(4, "s1", kept)  # the same answer, whatever it shows since
    assert hands.get(4, "s1") is None
    now[0] = 61.0
    assert hands.get(3, "s1") is None and len(hands) == 0


async def test_a_my_hand_whose_token_expired_is_forgotten_quietly(world, caplog):
    bob = world.people["bob"]
    world.emu.set_dms_open(bob, False)
    try:
        session = await world.knightfall_duel()
        rng = random.Random(9)
        session = await bobs_turn_from_hand(world, session, None, rng)
        hand = await world.hand("bob", session)
        await world.make_move(bob, hand, rng.choice(move_controls(hand)))
        world.emu.advance(15 * 60 + 1)  # Discord refuses that token from now on
        with caplog.at_level(logging.DEBUG, logger="bot.surface.delivery"):
            session = await bobs_turn_from_hand(world, session, hand, rng)
        lines = [r.getMessage() for r in caplog.records]
        [line] = [text for text in lines if "My hand not refreshed" in text]
        assert line.endswith("code=50027"), line
        assert world.bot.sessions.delivery.hands.get(bob.id, session.id) is None
        assert all(r.levelno < logging.WARNING for r in caplog.records if "hand" in r.getMessage())
    finally:
        world.emu.set_dms_open(bob, True)
    await finish(world, session)
