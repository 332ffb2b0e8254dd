"""Gondolin through the emulator: deck building commands, then a game played on the board."""

import random

import pytest

from bot.flow.turn import forced_move, played_for_you
from bot.storage.history import FORCED
from tests.bot.harness import move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")
SEED = 3  # a game whose last move, on random clicks, is the player's only move


def last_text(ix) -> str:
    return ix.messages[-1].text()


async def test_deck_building_round_trip(world):
    ix = await world.slash("alice", "gondolin deck create", name="mine", copy="ready:vale_founders")
    assert "created" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck create", name="mine")
    assert "already have" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck validate", name="mine", story="hidden_vale")
    assert "Ready to play" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck add", name="mine", card="Spear-warden", count=3)
    assert "Added 3×" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck validate", name="mine", story="hidden_vale")
    assert "Not legal" in last_text(ix) and "•" in last_text(ix)
    ix = await world.slash(
        "alice", "gondolin deck remove", name="mine", card="spear_warden", count=3
    )
    assert "Removed 3×" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck add", name="mine", card="No Such Card")
    assert "No card called" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck export", name="mine")
    code = last_text(ix).split("```")[1]
    ix = await world.slash("bob", "gondolin deck import", name="shared", code=code)
    assert "Imported" in last_text(ix)
    ix = await world.slash("bob", "gondolin deck import", name="junk", code="!!nope!!")
    assert ix.messages[-1].ephemeral and "Imported" not in last_text(ix)
    ix = await world.slash("bob", "gondolin deck show", name="shared", story="hidden_vale")
    shown = ix.messages[-1]
    assert "Ready to play" in shown.text() and shown.attachments
    assert shown.attachments[0].description
    ix = await world.slash("carol", "gondolin cards", kind="enemy")
    assert ix.messages[-1].attachments and "Page 1" in last_text(ix)


async def test_a_full_game_is_played_on_the_board_without_direct_messages(world, monkeypatch):
    monkeypatch.setattr(world.bot.settings, "game_seed", {"gondolin": SEED})  # GAME_SEED
    await world.slash("alice", "gondolin start", story="hidden_vale", deck="mine", mode="easy")
    session = await world.live()
    assert session is not None and session.game_id == "gondolin" and session.seed == SEED
    rng = random.Random(4)
    for _ in range(300):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        board = world.board(session)
        assert board.find_button("?")
        if session.game.view(0) != session.game.view(None):
            hand = await world.hand("alice", session)
            assert hand.ephemeral and hand.attachments
            assert move_controls(hand) == [], "the moves are on the board, never gone stale here"
        options = move_controls(board)
        assert options, "the player must always have a control on the board"
        await world.make_move(world.people["alice"], board, rng.choice(options))
    session = await world.bot.store.load(session.id)
    assert session.status == "finished"
    assert "Game over" in world.board(session).text()
    assert world.emu.dm_messages(world.people["alice"]) == []  # no DMs for a solo game
    rows = await world.bot.store.action_log(session.id)
    assert not rows[-1][1].startswith(FORCED), "the move that ends the game waits for her click"
    ix = await world.slash("bob", "gondolin scoreboard", story="hidden_vale")
    assert str(world.people["alice"].id) in last_text(ix)


async def test_only_moves_played_in_a_row_are_summed_up_in_one_line():
    assert played_for_you(["End turn"]) == "Your only possible move was played for you: End turn."
    assert played_for_you(["End turn", "End turn", "End turn", "End defence"]) == (
        "Your only possible moves were played for you, one after another: "
        "End turn (3 times); End defence."
    )


async def test_the_only_moves_switch_is_on_the_board_and_off_lets_her_click_each(world):
    await world.slash("alice", "gondolin start", story="hidden_vale", mode="easy")
    session = await world.live()
    board = world.board(session)
    switch = board.find_button("Play my only moves for me: ON")
    assert switch and session.seats[0].auto_play, "a solo game starts with the switch on"
    await world.click("alice", board, switch)
    session = await world.bot.store.load(session.id)
    assert not session.seats[0].auto_play
    assert world.board(session).find_button("Play my only moves for me: OFF")
    rng = random.Random(7)
    for _ in range(200):
        session = await world.bot.store.load(session.id)
        assert session.status == "active", "no single-move position came up"
        if len(session.game.legal_actions(0)) == 1:
            break
        board = world.board(session)
        await world.make_move(world.people["alice"], board, rng.choice(move_controls(board)))
    assert forced_move(session) is None, "with the switch off, her only move waits for her"
    assert len(move_controls(world.board(session))) == 1
    await world.slash("alice", "game resign")
