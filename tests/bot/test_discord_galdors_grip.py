"""Galdor's Grip played for real through the emulator: controls on the board, one player."""

import random

import pytest

from tests.bot.harness import move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_a_solo_game_is_played_on_the_board_and_reaches_the_leaderboard(world):
    ix = await world.slash("alice", "galdor start", threshold=9)
    session = await world.live()
    assert session is not None and session.game_id == "galdors_grip"
    board = world.board(session)
    assert board.attachments and board.attachments[0].description
    first = move_controls(board)[0][1]
    refused = await world.click("dave", board, first)
    assert "not playing" in refused.messages[-1].text()
    assert (await world.bot.store.load(session.id)).step == 0
    assert not ix.late

    rng = random.Random(9)
    for _ in range(400):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        board = world.board(session)
        options = move_controls(board)
        assert options, "the player must always have a control on the board"
        await world.make_move(world.people["alice"], board, rng.choice(options))
    session = await world.bot.store.load(session.id)
    assert session.status == "finished"
    board = world.board(session)
    assert "Game over" in board.text() and board.buttons() == []
    assert world.emu.dm_messages(world.people["alice"]) == []

    ix = await world.slash("bob", "leaderboard", game="galdors_grip")
    text = ix.messages[-1].text()
    assert str(world.people["alice"].id) in text and "best" in text and "games won" in text
