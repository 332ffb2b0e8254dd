"""PostgreSQL stopped and started again under a running bot (an upgrade, a failover): the bot
reconnects by itself, a move pressed while the database is away changes nothing and says so,
and no move is lost or doubled."""

import pytest
import pytest_asyncio

from discord_emulator import loopback_only
from tests.bot.harness import World, move_controls
from tests.storage.postgres_server import started

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def server():
    """A PostgreSQL server of this module's own: the test stops it."""
    with started() as server:
        yield server


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(server):
    with loopback_only() as refused:
        world = await World.create(server.new_database())  # type: ignore[arg-type]
        await world.start_bot()
        yield world
        await world.close()
    assert refused == []


def plain_move(session, board) -> str:
    """A move button on the board that is made at once (no question first)."""
    game = session.game
    return next(
        cid
        for kind, cid, _ in move_controls(board)
        if kind == "button" and game.confirm_text(0, game.decode(cid.split(":", 3)[3])) is None
    )


async def test_a_database_restart_loses_no_move_and_needs_no_bot_restart(world, server):
    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    await world.click("alice", board, plain_move(session, board))
    session = await world.bot.store.load(session.id)
    assert session.step >= 1

    server.pause()
    try:
        ix = await world.click("alice", board, plain_move(session, board))
        assert not ix.late
        [answer] = [m.text() for m in ix.messages if m.ephemeral]
        assert "try again" in answer and "counts" not in answer
    finally:
        server.resume()

    after = await world.bot.store.load(session.id)
    assert after.step == session.step, "the press while the database was away changed nothing"
    await world.click("alice", board, plain_move(after, board))  # the same bot, reconnected
    moved = await world.bot.store.load(session.id)
    assert moved.step > session.step
    steps = [
        r["step"]
        for r in await world.bot.db.fetchall(
            "SELECT step FROM actions WHERE session_id=? ORDER BY step", (session.id,)
        )
    ]
    assert steps == list(range(1, moved.step + 1)), "every move once, none lost"
    assert f"Move {moved.step}" in board.text()
    await world.resign("alice")
