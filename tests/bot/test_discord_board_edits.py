"""A board Discord would not edit: the games whose moves are on the board never leave live
buttons for a position that has moved on.

A click is answered with the new board itself; only when that answer is refused (the click
expired: Discord's 10062) is the board edited through the channel, which may be refused too.
In Discord's storms (``emu.storm``) no board is posted anew: the board catches up by itself.
"""

import pytest

from bot.flow import catch_up
from bot.surface import acknowledge
from tests.bot.db_faults import ReadFailsAfterCommit
from tests.bot.harness import assert_v2, move_controls, plain_move, v2_pictures
from tests.bot.shown_now import caught_up, players_moves

pytestmark = pytest.mark.asyncio(loop_scope="module")

START = {"galdors_grip": "galdor start", "gondolin": "gondolin start"}
CALLBACK = "POST /interactions/{id}/{token}/callback"
CHANNEL_EDIT = "PATCH /channels/{channel}/messages/{message}"
CHANNEL_POST = "POST /channels/{channel}/messages"


async def start(world, game_id: str = "galdors_grip"):
    if (left := await world.live()) is not None:  # an earlier test failed midway
        await finish(world, left)
    await world.slash("alice", START[game_id])
    session = await world.live()
    assert session is not None and session.game_id == game_id
    return session, world.board(session)


async def press(world, board, control):
    """Alice presses a move's button or picks its option on ``board``."""
    kind, cid, value = control
    alice = world.people["alice"]
    if kind == "button":
        ix = await world.emu.click(alice, board, cid)
    else:
        ix = await world.emu.select(alice, board, cid, [value])
    await ix.done(timeout=10)
    await world.quiesce()
    return ix


@pytest.fixture(autouse=True)
def no_early_deferral(monkeypatch):
    """The refused answer below must be the click's own, not a deferral a slow picture
    (a loaded machine) would send first."""
    monkeypatch.setattr(acknowledge, "ACK_BUDGET_SECONDS", 10.0)


def refuse_edits(world, board, times: int) -> None:
    """The next click's answer, then the next ``times`` edits of ``board`` through the channel,
    are refused."""
    world.emu.fail_next("POST", "/callback", status=404, code=10062, message="Unknown interaction")
    path = f"/channels/{world.chan.id}/messages/{board.id}"
    world.emu.fail_next("PATCH", path, code=50001, message="Missing Access", times=times)


def steps_on(message) -> set[int]:
    return {int(cid.split(":")[2]) for _, cid, _ in move_controls(message)}


async def finish(world, session):
    """Resign whatever game is left running, so the next test has the channel."""
    if (await world.live()) is not None:
        await world.resign(world.user(session, 0).name)


@pytest.mark.parametrize("game_id", ["galdors_grip", "gondolin"])
async def test_a_refused_board_edit_posts_a_fresh_board_and_strips_the_old_one(world, game_id):
    session, board = await start(world, game_id)
    refuse_edits(world, board, times=1)
    ix = await press(world, board, plain_move(session, board))
    moved = await world.bot.store.load(session.id)
    assert moved.step > session.step
    assert moved.message_id != board.id
    fresh = world.board(moved)
    assert steps_on(fresh) == {moved.step}
    assert board.buttons() == [], "the old board's moves are gone"
    assert_v2(board)  # its text and picture stay, as they were
    assert v2_pictures(board) and f"Move {session.step}" in board.text()
    assert not [m for m in ix.messages if m.ephemeral], [m.text() for m in ix.messages]
    await finish(world, moved)


async def test_a_click_on_a_board_left_behind_says_where_the_current_one_is(world):
    session, board = await start(world)
    refuse_edits(world, board, times=2)  # the edit, then removing its buttons
    await press(world, board, plain_move(session, board))
    moved = await world.bot.store.load(session.id)
    assert moved.message_id != board.id and move_controls(board)

    ix = await press(world, board, plain_move(session, board))
    assert (await world.bot.store.load(session.id)).step == moved.step
    [answer] = [m for m in ix.messages if m.ephemeral]
    assert "out of date" in answer.text() and f"/{moved.message_id}" in answer.text()
    assert move_controls(board) == [], "the clicked old board lost its moves"
    assert_v2(board)
    assert v2_pictures(board) and f"Move {session.step}" in board.text()
    assert steps_on(world.board(moved)) == {moved.step}
    await finish(world, moved)


async def test_a_board_that_could_not_be_updated_is_brought_up_to_date_by_a_click(world):
    session, board = await start(world)
    refuse_edits(world, board, times=1)
    world.emu.fail_next("POST", f"/channels/{world.chan.id}/messages", times=1)
    ix = await press(world, board, plain_move(session, board))
    moved = await world.bot.store.load(session.id)
    assert moved.step > session.step and moved.message_id == board.id
    assert "Your move counts" in ix.messages[-1].text()
    assert "My hand" not in ix.messages[-1].text(), "Galdor's Grip has no My hand"
    assert steps_on(board) == {session.step}, "the board still shows the old position"

    ix = await press(world, board, plain_move(session, board))
    assert (await world.bot.store.load(session.id)).step == moved.step
    [answer] = [m for m in ix.messages if m.ephemeral]
    assert "did nothing" in answer.text()
    assert steps_on(board) == {moved.step}, "the board shows the current position again"
    assert f"Move {moved.step}" in board.text()

    await press(world, board, plain_move(moved, board))  # and its moves work
    assert (await world.bot.store.load(session.id)).step > moved.step
    await finish(world, moved)


async def test_a_fault_after_a_saved_move_leaves_no_board_behind(world, monkeypatch):
    monkeypatch.setattr(catch_up, "RETRY_SECONDS", (60.0,))  # the press comes first
    session, board = await start(world, "gondolin")
    failing = ReadFailsAfterCommit(monkeypatch, world.bot.db)
    ix = await press(world, board, plain_move(session, board))
    assert failing.fired
    moved = await world.bot.store.load(session.id)
    assert moved.step > session.step, "the move was saved"
    [told] = [m.text() for m in ix.messages if m.ephemeral]
    assert "Your move counts" in told and "try again" not in told
    assert steps_on(board) == {session.step}, "the board still shows the old position"

    ix = await press(world, board, plain_move(session, board))  # a button of the old position
    now = await world.bot.store.load(session.id)
    assert now.step == moved.step, "that press did nothing else"
    [answer] = [m.text() for m in ix.messages if m.ephemeral]
    assert "did nothing" in answer and "Your last move counted" in answer
    assert steps_on(board) == {now.step}, "the board shows the current position again"

    await press(world, board, plain_move(now, board))  # and its moves work
    assert (await world.bot.store.load(session.id)).step > now.step
    await finish(world, now)


async def test_a_board_behind_the_database_is_redrawn_by_its_next_click(world):
    """After a restart nothing in memory says the board is behind: its button's step does."""
    session, board = await start(world, "gondolin")
    stale = plain_move(session, board)
    refuse_edits(world, board, times=1)
    world.emu.fail_next("POST", f"/channels/{world.chan.id}/messages", times=1)
    await press(world, board, stale)
    await world.stop_bot()  # what the bot knew of the board is gone with it
    await world.start_bot()
    moved = await world.bot.store.load(session.id)
    assert moved.step > session.step and steps_on(board) == {session.step}

    ix = await press(world, board, stale)
    assert (await world.bot.store.load(session.id)).step == moved.step
    [answer] = [m.text() for m in ix.messages if m.ephemeral]
    assert "did nothing" in answer and "board changed" in answer
    assert steps_on(board) == {moved.step}
    await finish(world, moved)


async def test_moves_in_a_storm_count_once_and_the_board_catches_up_by_itself(world):
    """Discord answers 5xx and 429 while Alice plays Galdor's Grip on the board: each move is
    saved once (a double click too), she is told when the board could not be updated, and once
    the storm passes the board shows the game as it is, without a click."""
    session, board = await start(world)
    emu, chosen, told = world.emu, [], []
    emu.storm(429, failures=2, retry_after=0.1, global_limit=True)
    for turn in range(3):
        session = await world.bot.store.load(session.id)
        board = world.board(session)
        if turn == 0:
            emu.storm(500, CALLBACK, failures=1)  # sent again after 1 s, in time
        if turn == 2:  # the answer fails 5 times over, then its edit: told, caught up later
            emu.storm(429, CALLBACK, failures=5, retry_after=0.05)
            emu.storm(503, [CHANNEL_EDIT, CHANNEL_POST], failures=1)
        kind, cid, value = control = plain_move(session, board)
        chosen.append((0, value if kind == "select" else cid.split(":", 3)[3]))
        if turn == 1 and kind == "button":
            first, second = await world.double_click("alice", board, cid)
            answers = [*first.messages, *second.messages]
        else:
            answers = (await press(world, board, control)).messages
        told += [m.text() for m in answers if m.ephemeral and "Your move counts" in m.text()]
    assert told, "the player whose board could not be updated is told"
    session = await caught_up(world, session.id)
    assert session.message_id == board.id, "no board posted anew for Discord's trouble"
    assert await players_moves(world, session.id) == chosen, "each move once, none lost"
    await finish(world, session)
