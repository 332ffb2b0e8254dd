"""The shared click flow: confirmations, greyed-out moves, forced moves and the opt-in toggle."""

import random

import pytest

import engines
from bot.storage.history import FORCED
from engines import Alert, Unavailable
from tests.bot.harness import move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def finish(world, session):
    """Resign whatever game is left running, so the next test has the channel."""
    if (await world.live()) is not None:
        await world.resign(world.user(session, 0).name)


async def test_a_costly_move_asks_first_and_only_yes_makes_it(world, monkeypatch):
    cls = engines.get_game("galdors_grip")
    monkeypatch.setattr(cls, "confirm_text", lambda self, seat, action: "Really do that?")
    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    _, custom_id, _ = move_controls(board)[0]
    ix = await world.click("alice", board, custom_id)
    question = ix.messages[-1]
    assert question.ephemeral and "Really do that?" in question.text()
    assert (await world.bot.store.load(session.id)).step == session.step  # nothing happened yet
    refused = await world.click("dave", board, custom_id)
    assert "not playing" in refused.messages[-1].text()
    await world.click("alice", question, question.find_button("Yes"))
    after = await world.bot.store.load(session.id)
    assert after.step > session.step
    assert question.text() == "Done." and all(b.disabled for b in question.buttons())
    await finish(world, after)


async def test_moves_you_cannot_make_are_greyed_out_with_the_reason(world, monkeypatch):
    cls = engines.get_game("galdors_grip")
    monkeypatch.setattr(
        cls,
        "unavailable_actions",
        lambda self, seat: [Unavailable(label="Tarnil", reason="needs R6, you have R1")],
    )
    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    greyed = [b for b in board.buttons() if b.disabled]
    assert [b.label for b in greyed] == ["Tarnil: needs R6, you have R1"]
    assert move_controls(board), "the real moves are still there"
    await finish(world, session)


async def test_a_revealing_forced_move_waits_unless_the_player_opts_in(world, monkeypatch):
    cls = engines.get_game("knightfall")
    monkeypatch.setattr(cls, "auto_play_reveals", lambda self, seat: True)
    monkeypatch.setattr(cls, "auto_play_option", "Play my only move for me")
    await world.slash("alice", "knightfall challenge", opponent=world.people["bob"])
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    session = await world.live()
    rng = random.Random(5)
    for _ in range(300):  # play until someone is left with exactly one move
        session = await world.bot.store.load(session.id)
        single = [s for s in session.game.to_act() if len(session.game.legal_actions(s)) == 1]
        if single:
            break
        await world.play_one(session, rng.choice(session.game.to_act()), rng)
    else:
        pytest.fail("no single-choice decision came up")
    seat = single[0]
    user = world.user(session, seat)
    dm = world.controls_message(user)
    assert len(move_controls(dm)) == 1, "the bot waits for the click"
    await world.click(user.name, dm, dm.find_button("Play my only move for me: OFF"))
    after = await world.bot.store.load(session.id)
    assert after.step > session.step and after.seats[seat].auto_play
    rows = await world.bot.store.action_log(session.id)
    played = [code for s, code, _ in rows[session.step :] if s == seat]
    assert played and played[0].startswith(FORCED)
    events = [t for _, _, texts in rows[session.step :] for t in texts]
    assert any("had only one possible move" in t for t in events)
    await finish(world, after)


async def test_a_warning_reaches_a_player_whose_moves_are_on_the_board(world, monkeypatch):
    cls = engines.get_game("galdors_grip")
    fades = Alert(short="Your last Sun fades: play it", text="Your last Sun fades next turn.")
    monkeypatch.setattr(cls, "warnings", lambda self, seat: [fades])
    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    assert "⚠️ **Warning:** Your last Sun fades next turn." in board.text()
    assert move_controls(board), "the moves it concerns are on the same board"
    await finish(world, session)
