"""``/<game> learn``: each game's guided first game, played through the emulator.

Each test presses the one enabled move of every step, checks the step's text and that every
other move is greyed out with the lesson's reason, and at the end that "Lesson done" offers a
real game that starts with one click.
"""

from datetime import timedelta

import pytest

import engines
from engines.lessons import find, lesson_for
from engines.plugins import controls_in_channel
from tests.bot.harness import World, move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")

COMMANDS = {
    "knightfall": "knightfall",
    "galdors_grip": "galdor",
    "gondolin": "gondolin",
    "guardians": "guardians",
    "gondor": "gondor",
}


async def start(world: World, game_id: str, who: str = "alice", **options):
    await world.slash(who, f"{COMMANDS[game_id]} learn", **options)
    session = await world.live()
    assert session is not None and session.lesson is not None, "the lesson did not start"
    return session


def controls(world: World, session, who: str = "alice"):
    """The message that holds the learner's moves: the board, or their newest DM."""
    if controls_in_channel(session.game_id):
        return world.board(session)
    message = world.controls_message(world.people[who])
    assert message is not None, "the learner got no controls by DM"
    return message


async def play_step(world: World, session, number: int, who: str = "alice"):
    """Check step ``number`` (from 1) on the board and the controls, then make its move."""
    lesson = session.lesson
    step = lesson.steps[number - 1]
    expected = find(session.game, lesson.learner, step.move)
    assert expected is not None
    code = session.game_cls.encode(expected)
    header = f"Lesson, step {number} of {len(lesson.steps)}."
    message = controls(world, session, who)
    for shown in (world.board(session), message):  # every step shows the goal
        assert header in shown.text() and step.text in shown.text(), shown.text()[:400]
        assert "**Goal:**" in shown.text(), shown.text()[:400]
    enabled = move_controls(message)
    assert [c for _, c, _ in enabled] == [f"g1:{session.id}:{session.step}:{code}"], enabled
    others = len(session.game.legal_actions(lesson.learner)) - 1
    greyed = [b.label or "" for b in message.buttons() if b.disabled]
    if others:  # the lesson's greyed-out moves come first, each saying what to click
        assert greyed and all("In this lesson: click" in label for label in greyed[:others])
    await world.make_move(world.people[who], message, enabled[0])
    older = world.emu.dm_messages(world.people[who])[:-1]
    assert not [m.id for m in older if move_controls(m)], "an older DM still offers a move"
    return await world.bot.store.load(session.id)


async def finish(world: World, session, who: str = "alice"):
    """After the last step: the lesson is closed, and its button starts a real game."""
    assert session.status == "finished" and session.end_reason == "lesson"
    board = world.board(session)
    assert "Lesson done" in board.text() and not move_controls(board)
    done = next(m for m in reversed(world.emu.channel_messages(world.chan)) if m.buttons())
    two = len(session.seats) > 1
    assert ("now play the computer" if two else "now play a real game") in done.text()
    await world.click(who, done, done.find_button("Play the computer" if two else "Start a game"))
    game = await world.live()
    assert game is not None and game.status == "active" and game.lesson is None
    assert game.options.get("lesson") is None
    assert bool(game.computer_seats) == two
    await world.slash(who, "game resign")
    assert await world.live() is None
    return session


async def play_steps(world: World, game_id: str, session=None):
    session = session or await start(world, game_id)
    for number in range(1, len(session.lesson.steps) + 1):
        session = await play_step(world, session, number)
    return session


@pytest.mark.parametrize("game_id", list(COMMANDS))
async def test_a_lesson_played_start_to_end(world, game_id):
    assert game_id in engines.game_ids()
    await finish(world, await play_steps(world, game_id))


async def test_a_lesson_is_unrated_and_never_on_the_leaderboard(world):
    board = (await world.slash("alice", "leaderboard", game="knightfall")).messages[-1].text()
    session = await play_steps(world, "knightfall")
    rows = await world.bot.db.fetchall("SELECT * FROM results WHERE session_id=?", (session.id,))
    assert rows == []
    assert await world.bot.db.fetchall("SELECT * FROM ratings WHERE game='knightfall'") == []
    after = (await world.slash("alice", "leaderboard", game="knightfall")).messages[-1].text()
    assert after == board
    await finish(world, session)


async def test_other_moves_are_refused_kindly_and_help_still_works(world):
    session = await start(world, "galdors_grip")
    session = await play_step(world, session, 1)
    ix = await world.slash("alice", "game hint")
    assert "In this lesson, click **Rotate Sunlit Memory** (step 2 of 6)." in ix.messages[-1].text()
    board = world.board(session)
    ix = await world.click("alice", board, board.find_button("?"))
    assert "what now?" in ix.messages[-1].text()
    assert (await world.bot.store.load(session.id)).step == session.step  # nothing changed
    await world.slash("alice", "game resign")
    session = await world.bot.store.load(session.id)
    assert session.status == "finished"
    rows = await world.bot.db.fetchall("SELECT * FROM results WHERE session_id=?", (session.id,))
    assert rows == []  # a lesson given up counts nowhere either


async def test_a_typed_order_in_a_lesson_gets_the_lesson_s_step(world):
    session = await start(world, "gondor")
    for number in range(1, 6):
        session = await play_step(world, session, number)
    ix = await world.slash("alice", "gondor move", unit="Orc Infantry 3", to="1120")
    text = ix.messages[-1].text()
    button = "Select Orc Infantry 4 (0523, Pelennor fields)"
    assert f"In this lesson, click **{button}** (step 6 of 8)." in text
    assert (await world.bot.store.load(session.id)).step == session.step  # nothing changed
    await world.slash("alice", "game resign")
    assert await world.live() is None


async def test_a_restart_mid_lesson_resumes_at_the_same_step(world):
    session = await start(world, "knightfall")
    session = await play_step(world, session, 1)
    session = await play_step(world, session, 2)
    await world.stop_bot()
    await world.start_bot()
    session = await world.bot.store.load(session.id)
    assert session.status == "active"
    for number in range(3, len(lesson_for("knightfall").steps) + 1):
        session = await play_step(world, session, number)
    await finish(world, session)


async def test_lesson_done_offers_the_next_part_which_plays_to_its_end(world):
    first = await play_steps(world, "guardians")
    done = next(m for m in reversed(world.emu.channel_messages(world.chan)) if m.buttons())
    title = lesson_for("guardians", 2).title
    assert f"Next lesson: {title}" in done.text()
    await world.click("bob", done, done.find_button(f"Next lesson: {title}"))
    assert await world.live() is None  # only the learner goes on
    await world.click("alice", done, done.find_button(f"Next lesson: {title}"))
    session = await world.live()
    assert session is not None and session.id != first.id and session.lesson_part == 2
    board = world.board(session)
    assert "Lesson, step 1 of 11." in board.text() and "five enemy Shields" in board.text()
    assert session.game.view(None)["turn"] == 5  # four turns were played for the learner
    session = await play_steps(world, "guardians", session)
    last = next(m for m in reversed(world.emu.channel_messages(world.chan)) if m.buttons())
    assert "Next lesson" not in last.text()  # the last part offers only a real game
    await finish(world, session)


async def test_a_lesson_s_next_game_does_not_wait_for_the_start_cooldown(world):
    lesson = await start(world, "galdors_grip")
    world.bot.lobby.cooldown = timedelta(minutes=10)  # far longer than a lesson
    try:
        lesson = await play_steps(world, "galdors_grip", lesson)
        done = next(m for m in reversed(world.emu.channel_messages(world.chan)) if m.buttons())
        pressed = await world.click("alice", done, done.find_button("Start a game"))
        game = await world.live()
        assert game is not None and game.lesson is None, pressed.messages[-1].text()[:300]
        await world.slash("alice", "game resign")
        again = await world.click("alice", done, done.find_button("Start a game"))
        assert "you can start another in" in again.messages[-1].text()  # set again by the game
        assert await world.live() is None and lesson.status == "finished"
    finally:
        world.bot.lobby.cooldown = timedelta(0)


async def test_a_later_part_is_chosen_with_the_learn_command_and_played_to_its_end(world):
    session = await start(world, "gondor", part=2)
    assert session.lesson_part == 2 and session.lesson.title == lesson_for("gondor", 2).title
    assert session.game.view(None)["turn"] == 6  # five Game-Turns were played for the learner
    session = await play_steps(world, "gondor", session)
    last = next(m for m in reversed(world.emu.channel_messages(world.chan)) if m.buttons())
    assert "Next lesson" in last.text()
    await finish(world, session)


async def test_the_westernesse_lesson_is_played_from_the_defenders_seat(world):
    """Part 3 seats the learner as Westernesse (seat 1); the real game after it too."""
    title = lesson_for("gondor", 3).title
    session = await start(world, "gondor", part=3)
    alice = world.people["alice"].id
    assert session.seat_of(alice) == 1 and list(session.computer_seats) == [0]
    assert session.lesson.title == title
    session = await play_steps(world, "gondor", session)
    assert session.game.view(None)["road_control"]["1918"] == "westernesse"
    done = next(m for m in reversed(world.emu.channel_messages(world.chan)) if m.buttons())
    assert f"<@{alice}>" in done.text() and "Next lesson" not in done.text()
    await world.click("bob", done, done.find_button("Play the computer"))
    assert await world.live() is None  # only the learner plays it
    await world.click("alice", done, done.find_button("Play the computer"))
    game = await world.live()
    assert game is not None and game.lesson is None and game.seat_of(alice) == 1
    await world.slash("alice", "game resign")
    assert await world.live() is None
