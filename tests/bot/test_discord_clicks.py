"""Clicks that must not surprise: toggles set the state their button shows, stale buttons say
what to do (also after a restart, and when the clicked message is the newest one)."""

import asyncio
import random
import time

import discord
import pytest

import bot.flow.lobby
from bot.flow import catch_up
from bot.surface import controls
from tests.bot.db_faults import ReadFailsAfterCommit
from tests.bot.harness import move_controls, plain_move

pytestmark = pytest.mark.asyncio(loop_scope="module")

TOGGLE = "Pass for me when I have no power"  # Knightfall's auto-play option
DEFERRED_UPDATE = 6  # a click's silent deferral (its message edited after)


async def start_knightfall(world):
    await world.slash("alice", "knightfall challenge", opponent=world.people["bob"])
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    return await world.live()


async def finish(world, session):
    """Resign whatever game is left running, so the next test has the channel."""
    if (await world.live()) is not None:
        await world.resign(world.user(session, 0).name)


def versions(world, *, but) -> dict[int, int]:
    """How many times each message was edited, except ``but``; and which messages exist."""
    return {m.id: len(m.history) for m in world.emu.all_messages() if m.id != but.id}


def toggle_label(message) -> str:
    return next(b.label for b in message.buttons() if TOGGLE in (b.label or ""))


async def test_a_double_click_on_a_toggle_sets_it_once_and_edits_only_that_message(world):
    session = await start_knightfall(world)
    alice = world.people["alice"]
    seat = session.seat_of(alice.id)
    dm = world.controls_message(alice)
    moves = move_controls(dm)
    others = versions(world, but=dm)

    first, second = await world.double_click("alice", dm, dm.find_button(TOGGLE))
    assert (await world.bot.store.load(session.id)).seats[seat].auto_play
    assert toggle_label(dm) == f"{TOGGLE}: ON"
    assert first.response_type == 7, "answered in the interaction response itself"
    assert first.messages == second.messages == [], "no refusal, nothing new posted"
    assert move_controls(dm) == moves, "only the toggle changed"
    assert versions(world, but=dm) == others, "the board and Bob's DM were not touched"

    await world.double_click("alice", dm, dm.find_button(TOGGLE))
    assert not (await world.bot.store.load(session.id)).seats[seat].auto_play
    assert toggle_label(dm) == f"{TOGGLE}: OFF"
    assert versions(world, but=dm) == others
    assert (await world.bot.store.load(session.id)).step == session.step
    await finish(world, session)


async def test_a_toggle_posted_by_an_earlier_version_still_works_and_sets_it_once(world):
    session = await start_knightfall(world)
    alice = world.people["alice"]
    seat = session.seat_of(alice.id)
    dm = world.controls_message(alice)
    old = discord.ui.View(timeout=None)  # the toggle as earlier versions posted it
    old.add_item(discord.ui.Button(label=f"{TOGGLE}: OFF", custom_id=f"auto:{session.id}"))
    channel = world.bot.get_partial_messageable(dm.channel_id)
    await channel.get_partial_message(dm.id).edit(view=old)
    await world.quiesce()
    others = versions(world, but=dm)

    await world.double_click("alice", dm, f"auto:{session.id}")
    assert (await world.bot.store.load(session.id)).seats[seat].auto_play
    assert toggle_label(dm) == f"{TOGGLE}: ON"
    assert not any(b.custom_id == f"auto:{session.id}" for b in dm.buttons()), "new format now"
    assert versions(world, but=dm) == others
    await world.double_click("alice", dm, dm.find_button(TOGGLE))
    assert not (await world.bot.store.load(session.id)).seats[seat].auto_play
    await finish(world, session)


async def test_a_stale_click_on_the_newest_message_redraws_it_and_says_so(world):
    session = await start_knightfall(world)
    alice = world.people["alice"]
    dm = world.controls_message(alice)
    move = next(cid for kind, cid, _ in move_controls(dm) if kind == "button")
    first, second = await world.double_click("alice", dm, move)
    moved = await world.bot.store.load(session.id)
    assert moved.step == session.step + 1
    assert world.emu.dm_messages(alice)[-1].id == dm.id, "the clicked DM is still the newest"
    refusals = [m for m in first.messages + second.messages if m.ephemeral]
    assert len(refusals) == 1
    text = refusals[0].text()
    assert "did nothing" in text and "newest message" not in text, text
    steps = {int(cid.split(":")[2]) for _, cid, _ in move_controls(dm)}
    assert steps <= {moved.step}, "the DM shows the current position's moves"
    await finish(world, session)


async def test_a_stale_click_on_a_solo_board_redraws_it(world):
    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    game = session.game
    move = next(
        cid
        for kind, cid, _ in move_controls(board)
        if kind == "button" and game.confirm_text(0, game.decode(cid.split(":", 3)[3])) is None
    )
    first, second = await world.double_click("alice", board, move)
    assert (await world.bot.store.load(session.id)).step > session.step
    refusals = [m for m in first.messages + second.messages if m.ephemeral]
    assert len(refusals) == 1
    text = refusals[0].text()
    assert "did nothing" in text and "newest message" not in text, text
    assert "My hand" not in text, "a solo game on the board has no My hand to press"
    board = world.board(await world.bot.store.load(session.id))
    assert {int(cid.split(":")[2]) for _, cid, _ in move_controls(board)} == {board_step(board)}
    await finish(world, session)


def board_step(board) -> int:
    """The move the board's footer says it shows."""
    return int(board.text().rsplit("Move ", 1)[1].split()[0])


async def outdated_dm(world):
    """A running game and Alice's first DM as her client still shows it, its moves outdated."""
    session = await start_knightfall(world)
    alice = world.people["alice"]
    seat = session.seat_of(alice.id)
    old = world.controls_message(alice).snapshot()
    rng = random.Random(7)
    while (session := await world.bot.store.load(session.id)).seats[seat].prompt_step == 0:
        await world.play_one(session, rng.choice(session.game.to_act()), rng)
    move = next(cid for kind, cid, _ in move_controls(old) if kind == "button")
    return session, old, move


async def test_a_stale_click_is_answered_at_once_while_a_move_holds_the_game(world):
    session, old, move = await outdated_dm(world)
    async with world.bot.sessions.lock(session.id):  # e.g. the computer thinking for a while
        ix = await world.emu.click(world.people["alice"], old, move)
        await ix.done(timeout=10)
        await world.emu.wait_for(lambda: ix.messages, timeout=5)
    assert "My hand" in ix.messages[-1].text() and ix.messages[-1].ephemeral
    await world.quiesce()
    await finish(world, session)


async def test_a_click_waiting_for_another_move_is_acknowledged_at_once_then_made(world):
    """Another move holds the game (the computer thinking, say): the click is acknowledged at
    once, not when its own move is shown, and its move is made once the other is done."""
    await world.slash("alice", "gondolin start")
    session = await world.live()
    board = world.board(session)
    kind, custom_id, value = plain_move(session, board)
    alice = world.people["alice"]
    async with world.bot.sessions.lock(session.id):
        if kind == "button":
            ix = await world.emu.click(alice, board, custom_id)
        else:
            ix = await world.emu.select(alice, board, custom_id, [value])
        await ix.done(timeout=1.5)  # before the deadline's deferral (2 s)
        assert ix.response_type == DEFERRED_UPDATE and not ix.failed
        assert (await world.bot.store.load(session.id)).step == session.step
    await world.quiesce()
    moved = await world.bot.store.load(session.id)
    assert moved.step > session.step
    assert f"Move {moved.step}" in world.board(moved).text()
    await finish(world, moved)


async def test_a_click_waiting_for_its_game_while_discord_fails_answers_still_moves(world):
    """Discord fails interaction answers (discord.py retries them for up to 25 s) while a click
    waits for another move of its game: its deferral goes on in the background, and the move is
    made as soon as the game is free."""
    await world.slash("alice", "gondolin start")
    session = await world.live()
    board = world.board(session)
    kind, custom_id, value = plain_move(session, board)
    alice = world.people["alice"]
    world.emu.storm(503, ["POST /interactions/{id}/{token}/callback"], seconds=8)
    try:
        async with world.bot.sessions.lock(session.id):
            if kind == "button":
                await world.emu.click(alice, board, custom_id)
            else:
                await world.emu.select(alice, board, custom_id, [value])
            await asyncio.sleep(0.3)
        began = time.monotonic()
        while (await world.bot.store.load(session.id)).step == session.step:
            assert time.monotonic() - began < 5.0, "the move waited for Discord's answers"
            await asyncio.sleep(0.05)
    finally:
        world.emu.calm()
    await world.quiesce()
    await finish(world, await world.bot.store.load(session.id))


async def test_a_page_button_of_an_earlier_position_redraws_its_message(world, monkeypatch):
    monkeypatch.setattr(controls, "MAX_ROWS", 2)  # a row of moves a page, two moves a list:
    monkeypatch.setattr(controls, "PER_SELECT", 2)  # "More moves ▶" shows
    session = await start_knightfall(world)
    alice = world.people["alice"]
    seat = session.seat_of(alice.id)
    old = world.controls_message(alice).snapshot()  # as her client still shows it
    more = next(b.custom_id for b in old.buttons() if (b.label or "").startswith("More moves"))
    rng = random.Random(7)
    while (session := await world.bot.store.load(session.id)).seats[seat].prompt_step == 0:
        await world.play_one(session, rng.choice(session.game.to_act()), rng)
    prompt = session.seats[seat].prompt_step
    ix = await world.click("alice", old, more)
    assert not ix.late and "shows the game as it stands" in ix.messages[-1].text()
    assert (await world.bot.store.load(session.id)).step == session.step, "nothing changed"
    [redrawn] = [m for m in world.emu.dm_messages(alice) if m.id == old.id]
    assert f"as of move {session.step}" in redrawn.text()
    steps = [int(custom_id.split(":")[2]) for _, custom_id, _ in move_controls(redrawn)]
    assert steps and all(step >= prompt for step in steps), "its moves as the game stands"
    await finish(world, session)


async def test_a_page_button_of_an_earlier_board_redraws_the_board(world, monkeypatch):
    monkeypatch.setattr(controls, "MAX_ROWS", 2)
    monkeypatch.setattr(controls, "PER_SELECT", 2)
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: 1)  # a deal whose moves page soon
    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    alice = world.people["alice"]
    for _ in range(8):  # until its moves span pages
        more = [b.custom_id for b in board.buttons() if (b.label or "").startswith("More moves")]
        if more:
            break
        await world.make_move(alice, board, move_controls(board)[-1])
    assert more, "the deal's moves never needed a second page"
    session = await world.bot.store.load(session.id)
    old = board.snapshot()  # as her client still shows it
    await world.make_move(alice, board, move_controls(board)[0])
    moved = await world.bot.store.load(session.id)
    assert moved.seats[0].prompt_step > session.step
    ix = await world.click("alice", old, more[0])
    assert "shows the game as it stands" in ix.messages[-1].text()
    assert (await world.bot.store.load(session.id)).step == moved.step, "nothing changed"
    steps = [int(custom_id.split(":")[2]) for _, custom_id, _ in move_controls(board)]
    assert steps and min(steps) >= moved.seats[0].prompt_step
    ix = await world.click("dave", old, more[0])  # not in the game: refused as before
    assert "not playing in this game" in ix.messages[-1].text()
    await world.resign("alice")


async def test_an_old_dm_button_clicked_after_a_restart_is_answered_with_what_to_do(world):
    session, old, move = await outdated_dm(world)
    alice = world.people["alice"]
    step = session.step
    await world.stop_bot()
    await world.start_bot()

    ix = await world.click("alice", old, move)
    assert not ix.late and ix.messages, "the click is answered visibly"
    answer = ix.messages[-1]
    assert answer.ephemeral and answer.visible_to == alice.id
    assert "did nothing" in answer.text() and "newest message" not in answer.text()
    assert (await world.bot.store.load(session.id)).step == step, "nothing changed"
    dm = world.emu.dm_messages(alice)[-1]
    assert dm.id == old.id and move not in {c for _, c, _ in move_controls(dm)}
    await finish(world, session)


async def test_a_fault_after_a_saved_move_is_shown_at_the_next_press_of_anyone(world, monkeypatch):
    monkeypatch.setattr(catch_up, "RETRY_SECONDS", (60.0,))  # the press comes first
    session = await start_knightfall(world)
    alice = world.people["alice"]
    dm = world.controls_message(alice)
    move = next(cid for kind, cid, _ in move_controls(dm) if kind == "button")
    failing = ReadFailsAfterCommit(monkeypatch, world.bot.db)
    ix = await world.click("alice", dm, move)
    assert failing.fired
    [told] = [m.text() for m in ix.messages if m.ephemeral]
    assert "Your move counts" in told
    moved = await world.bot.store.load(session.id)
    board = world.board(moved)
    assert moved.step > session.step and f"Move {moved.step}" not in board.text()

    await world.hand("bob", moved)  # the next interaction in the game, by anyone
    assert f"Move {moved.step}" in board.text(), "the board shows the saved move"
    assert move not in {c for _, c, _ in move_controls(world.emu.dm_messages(alice)[-1])}
    await finish(world, moved)


async def test_a_fault_after_a_saved_move_is_shown_by_itself_soon_after(world, monkeypatch):
    session = await start_knightfall(world)
    alice = world.people["alice"]
    dm = world.controls_message(alice)
    move = next(cid for kind, cid, _ in move_controls(dm) if kind == "button")
    ReadFailsAfterCommit(monkeypatch, world.bot.db)
    await world.click("alice", dm, move)
    moved = await world.bot.store.load(session.id)
    board = world.board(moved)
    await world.emu.wait_for(lambda: f"Move {moved.step}" in board.text(), timeout=10)
    await world.emu.wait_for(
        lambda: move not in {c for _, c, _ in move_controls(world.emu.dm_messages(alice)[-1])},
        timeout=10,
    )
    await finish(world, moved)


ONLY_MOVES = "Play my only moves for me"  # the solo games' switch, on the board


async def test_a_switch_pressed_on_the_board_from_earlier_moves_redraws_it_as_it_is_now(world):
    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    await world.click("alice", board, board.find_button(ONLY_MOVES))  # off
    earlier = board.snapshot()  # as a client that has not refreshed shows it: OFF
    await world.click("alice", board, board.find_button(ONLY_MOVES))  # on again
    game = session.game
    move = next(
        control
        for control in move_controls(board)
        if game.confirm_text(0, game.decode(control[1].split(":", 3)[3])) is None
    )
    await world.make_move(world.people["alice"], board, move)
    now = move_controls(board)
    assert now != move_controls(earlier), "the earlier version's moves lapsed"

    ix = await world.click("alice", earlier, earlier.find_button(ONLY_MOVES))  # sets ON: in force
    session = await world.bot.store.load(session.id)
    assert session.seats[0].auto_play
    assert not ix.late and ix.response_type == 7, "answered in the click itself"
    assert move_controls(board) == now, "the board shows the moves of now, not the earlier ones"
    assert board.find_button(f"{ONLY_MOVES}: ON") and session.message_id == board.id
    await finish(world, session)


async def test_a_click_on_a_dm_a_newer_one_replaced_keeps_the_newer_one_current(world):
    """A DM sent again at the same position (after a restart: ``reshow``) retires the older
    one in the background; a press on the older one before that lands is refused and points to
    the newer one, which keeps the player's moves: applied, it made the older DM current again
    and left the newest one with buttons the bot then refused forever."""
    session = await start_knightfall(world)
    seat = next(iter(session.game.to_act()))
    user = world.user(session, seat)
    older = world.emu.dm_messages(user)[-1]
    _, custom_id, _ = move_controls(older)[0]
    await world.bot.sessions.delivery.dm(session, seat, [])  # the same position again
    newer = world.emu.dm_messages(user)[-1]
    assert newer.id != older.id and move_controls(newer)
    ix = await world.emu.click(user, older, custom_id)  # before the older one is retired
    await ix.done(timeout=10)
    await world.quiesce()
    now = await world.bot.store.load(session.id)
    assert now.step == session.step, "the press on the replaced DM did nothing"
    assert "newest message" in ix.messages[-1].text()
    assert world.emu.dm_messages(user)[-1].id == newer.id == now.seats[seat].dm_message_id
    assert {int(c.split(":")[2]) for _, c, _ in move_controls(newer)} == {session.step}
    await finish(world, session)


async def test_discord_py_keeps_no_view_of_the_boards_and_dms_sent(world):
    """The bot answers its controls through dynamic items: a view kept per message sent would
    only grow with every board and DM and dispatch each click a second time, to nothing."""
    session = await start_knightfall(world)
    mover = world.user(session, session.game.to_act()[0])
    dm = world.controls_message(mover)
    await world.make_move(mover, dm, move_controls(dm)[0])  # answered in the DM's interaction
    assert (await world.bot.store.load(session.id)).step > session.step
    newest = world.emu.dm_messages(mover)[-1]
    await world.click(mover.name, newest, newest.find_button(TOGGLE))  # its own buttons, edited
    assert toggle_label(world.emu.dm_messages(mover)[-1]) == f"{TOGGLE}: ON"
    kept = [
        item.custom_id
        for view in world.bot.persistent_views
        for item in view.walk_children()
        if isinstance(item, discord.ui.Button | discord.ui.Select)
    ]
    assert not [c for c in kept if session.id in c]
    await finish(world, session)
