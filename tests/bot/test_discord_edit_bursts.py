"""Moves faster than Discord lets a board be edited: the board skips to the newest position.

Discord allows about 5 message edits per 5 s in a channel and discord.py waits out the limit
before each edit beyond it. Here the emulator enforces a tighter limit, so a burst of moves
(a player's clicks back to back, each answered by the computer) outruns it: the board must
end on the newest position in fewer edits than moves, never going back to an older one.
Spaced moves still cost one edit each, sent at once.
"""

import asyncio
import random
import re

import pytest
import pytest_asyncio

from discord_emulator import MESSAGE_EDITS, RateLimit
from tests.bot.harness import move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")
CHANNEL_EDIT = "PATCH /channels/{channel}/messages/{message}"
CALLBACK = "POST /interactions/{id}/{token}/callback"


@pytest_asyncio.fixture(loop_scope="module")
async def limited(world):
    """Edits limited for this test only (the module's other tests are not slowed), in a
    channel no game an earlier test left running holds."""
    if await world.live() is not None:
        await world.end_game()
    yield world.emu.limit_edits
    world.emu.limit_edits(None)


def shown_move(message) -> int:
    """The move a running game's board version shows (its footer's "Move N"; 0 at the start)."""
    footers = [(e.get("footer") or {}).get("text") or "" for e in message.embeds]
    steps = [int(m.group(1)) for f in footers if (m := re.search(r"Move (\d+)", f))]
    return steps[0] if steps else 0


def board_edits(world, since: int, board) -> int:
    path = f"/channels/{world.chan.id}/messages/{board.id}"
    return sum(
        1 for r in world.emu.requests[since:] if r.method == "PATCH" and r.path.endswith(path)
    )


async def handled(world) -> None:
    """Wait for the bot's click handlers (the computer's reply included), not for its edits."""
    while busy := [
        t
        for t in asyncio.all_tasks()
        if t.get_name().startswith(("discord-ui-", "computer-")) and not t.done()
    ]:
        await asyncio.wait(busy, timeout=30)


async def test_a_burst_of_moves_skips_to_the_newest_board(world, limited):
    await world.slash("alice", "knightfall challenge", level="easy")
    session = await world.live()
    assert session is not None and session.computer_seats
    board = world.board(session)
    alice, rng = world.people["alice"], random.Random(7)
    limited(RateLimit(1, 1.0))  # one edit a second: every click outruns it
    since, first_step, clicks = len(world.emu.requests), session.step, 0
    while clicks < 6:
        message = world.controls_message(alice)
        if message is None or (await world.bot.store.load(session.id)).status != "active":
            break
        await world.press(alice, message, rng.choice(move_controls(message)))
        clicks += 1
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        await handled(world)  # the computer answered: click again at once
    await world.quiesce()
    session = await world.bot.store.load(session.id)
    moves = session.step - first_step
    assert clicks >= 3 and moves > clicks, (clicks, moves)  # the computer answers each
    edits = board_edits(world, since, board)
    shown = [shown_move(version) for version in [*board.history, board]]
    assert shown[-1] == session.step, "the board ends on the newest position"
    assert shown == sorted(shown), f"an older board came after a newer one: {shown}"
    assert len(set(shown[-edits:])) == edits, f"a position was sent twice: {shown}"
    assert edits < moves / 2, f"{edits} edits for {moves} moves"
    await world.end_game()


async def test_spaced_moves_edit_the_board_once_each_at_once(world, limited):
    session = await world.knightfall_duel()
    board = world.board(session)
    limited(MESSAGE_EDITS)  # Discord's own limit, which four spaced clicks stay under
    rng = random.Random(3)
    for _ in range(4):
        session = await world.bot.store.load(session.id)
        user = world.user(session, rng.choice(session.game.to_act()))
        message = world.controls_message(user)
        since = len(world.emu.requests)
        await world.press(user, message, rng.choice(move_controls(message)))
        await world.quiesce()
        calls = world.emu.calls_by_route(since)
        assert calls[CHANNEL_EDIT] == 1 and calls[CALLBACK] == 1, calls
        after = await world.bot.store.load(session.id)
        assert shown_move(board) == after.step, "the board shows the move once it is made"
    assert not [r for r in world.emu.requests if r.status == 429]
    await world.end_game()
