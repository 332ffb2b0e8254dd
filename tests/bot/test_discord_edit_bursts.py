"""Moves faster than Discord lets a board be edited: the board skips to the newest position.

Discord allows about 5 message edits per 5 s in a channel and discord.py waits out the limit
before each edit beyond it. Here the emulator enforces a tighter limit, so a burst of moves
(a player's clicks back to back, each answered by the computer) outruns it: the board must
end on the newest position in fewer edits than moves, never going back to an older one.
Spaced moves still cost one edit each, sent at once. In Discord's storms (5xx, 429 of a route
or of the global limit: ``emu.storm``) a duel's moves all count once and its board and DMs
catch up by themselves once the storm passes.
"""

import asyncio
import random
import re

import pytest
import pytest_asyncio

from discord_emulator import MESSAGE_EDITS, RateLimit
from tests.bot.harness import move_controls
from tests.bot.shown_now import caught_up, players_moves

pytestmark = pytest.mark.asyncio(loop_scope="module")
CHANNEL_EDIT = "PATCH /channels/{channel}/messages/{message}"
CALLBACK = "POST /interactions/{id}/{token}/callback"
CHANNEL_POST = "POST /channels/{channel}/messages"


def steps_of(message) -> set[int]:
    """The steps a message's move controls carry (its buttons'; a select's are in its id)."""
    return {int(cid.split(":")[2]) for _, cid, _ in move_controls(message)}


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
    found = re.search(r"^-# Move (\d+)", message.text(), re.MULTILINE)
    return int(found.group(1)) if found else 0


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


async def send(world, user, message, control):
    """Press a move's button or pick its option, without waiting for the answer."""
    kind, custom_id, value = control
    if kind == "button":
        return await world.emu.click(user, message, custom_id)
    return await world.emu.select(user, message, custom_id, [value])


def code_of(control) -> str:
    kind, custom_id, value = control
    return value if kind == "select" else custom_id.split(":", 3)[3]


def prompting(session, seat: int, controls: list) -> list:
    """The controls whose move gives the other player new moves to make (a new DM)."""
    game, other = session.game, 1 - seat
    found = []
    for control in controls:
        after = game.copy()
        after.apply(seat, game.decode(code_of(control)))
        if other in after.to_act() and after.legal_actions(other) != game.legal_actions(other):
            found.append(control)
    return found


async def test_a_duel_in_a_storm_keeps_every_move_once_and_every_message_catches_up(world):
    """Discord answers 5xx and 429 while Alice and Bob play Knightfall by DM: every move counts
    once (a double click, a press again after "This interaction failed"), a player whose message
    could not be shown is told so, and once the storm passes the board and both DMs show the
    game as it is, with no click: the "your move" DM Discord refused is sent then."""
    session = await world.knightfall_duel()
    emu, rng, chosen, told = world.emu, random.Random(5), [], []
    emu.storm(503, [CHANNEL_EDIT, CHANNEL_POST], share=0.5, failures=3, seed=2)  # raised at once
    emu.storm(429, CALLBACK, failures=2, retry_after=0.1)  # waited out
    emu.storm(429, failures=2, retry_after=0.1, global_limit=True)
    for turn in range(10):
        session = await world.bot.store.load(session.id)
        seat = rng.choice(session.game.to_act())
        user = world.user(session, seat)
        message = world.controls_message(user)
        if message is None or steps_of(message) != {session.seats[seat].prompt_step}:
            message = await world.hand(user.name, session)  # as NOT_SHOWN asks
        controls = move_controls(message)
        new_dm = prompting(session, seat, controls)
        last = turn >= 4 and (new_dm or turn == 9)
        if last:  # its board edit and the other's new DM fail once: only a catch-up shows them
            controls = new_dm or controls
            other = world.user(session, 1 - seat)
            dms = len(emu.dm_messages(other))
            emu.storm(503, [CHANNEL_EDIT, CHANNEL_POST], failures=1)
        kind, custom_id, _ = control = rng.choice(controls)
        chosen.append((seat, code_of(control)))
        if turn == 1 and kind == "button":
            first, second = await world.double_click(user.name, message, custom_id)
            answers = [*first.messages, *second.messages]
        elif turn == 3:  # the answer fails past Discord's 3 s: "This interaction failed"
            emu.calm()
            emu.storm(503, CALLBACK, failures=1)
            seen = message.snapshot()  # what the player's client still shows
            ix = await send(world, user, message, control)
            await emu.wait_for(lambda ix=ix: ix.refusals)
            emu.advance(3.0)  # before discord.py's second try, 1 s later
            assert (await ix.done()).failed
            await world.quiesce()
            again = await world.press(user, seen, control)  # pressed again: the DM is redrawn
            await world.quiesce()  # and a note follows
            answers = again.messages
            assert "did nothing" in answers[-1].text(), answers[-1].text()
        else:
            answers = (await world.press(user, message, control)).messages
            await world.quiesce()
        told += [m.text() for m in answers if m.ephemeral and "Your move counts" in m.text()]
        if last:
            break
    assert told, "a player whose message could not be updated is told"
    session = await caught_up(world, session.id)
    assert await players_moves(world, session.id) == chosen, "each move once, none lost"
    if new_dm:
        assert len(emu.dm_messages(other)) == dms + 1, "the refused 'your move' DM was sent"
    await world.end_game()
