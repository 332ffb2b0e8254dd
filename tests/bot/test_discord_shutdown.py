"""Stopping the bot while people click: a click under way is finished, a new one is refused.

Closing the database and the HTTP session under a click lost it after it was acknowledged, or
recorded it without redrawing the board, whose buttons then stayed stale after the restart.
"""

import asyncio
import logging
import random

import pytest

from bot.flow import catch_up, reshow
from bot.flow.sessions import SessionManager
from bot.flow.sessions import _busy as busy
from bot.storage import database
from bot.surface.delivery import Delivery
from bot.surface.inflight import RESTARTING
from tests.bot.harness import move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")


def steps_on(message) -> set[int]:
    """The game steps the move controls of ``message`` were drawn for."""
    return {int(custom_id.split(":")[2]) for _, custom_id, _ in move_controls(message)}


async def press(world, message, control):
    kind, custom_id, value = control
    alice = world.people["alice"]
    if kind == "button":
        return await world.emu.click(alice, message, custom_id)
    return await world.emu.select(alice, message, custom_id, [value])


async def test_a_click_under_way_when_the_bot_stops_is_finished(world):
    await world.slash("alice", "gondolin start")
    session = await world.live()
    board = world.board(session)
    assert steps_on(board) == {session.step}
    ix = await press(world, board, move_controls(board)[0])
    await ix.done(timeout=10)  # acknowledged: the player saw it accepted
    await world.stop_bot()
    await world.start_bot()
    after = await world.bot.store.load(session.id)
    assert after.step > session.step, "the acknowledged click was lost"
    assert steps_on(world.board(after)) == {after.step}, "the board was not redrawn"


async def test_a_click_arriving_while_the_bot_stops_is_refused_and_changes_nothing(world):
    session = await world.live()
    board = world.board(session)
    world.emu.delay_next("POST", "/callback", 1.0)  # the first click is still being shown
    first = await press(world, board, move_controls(board)[0])
    await first.done(timeout=10)
    stopping = asyncio.create_task(world.stop_bot())
    await world.emu.wait_for(lambda: world.bot is not None and world.bot.inflight.closing)
    board = world.board(session)  # redrawn for the first click, its answer not yet back
    second = await press(world, board, move_controls(board)[0])
    await second.done(timeout=10)
    assert [m.content for m in second.messages] == [RESTARTING]
    assert second.messages[0].ephemeral
    await stopping
    await world.start_bot()
    after = await world.bot.store.load(session.id)
    log = await world.bot.store.action_log(session.id)
    moves = [code for _, code, _ in log if not code.startswith("@")]
    assert after.step > session.step and steps_on(world.board(after)) == {after.step}
    assert len(moves) == 2, moves  # the first test's move and the first click: not the second


async def test_a_clean_restart_sends_nobody_a_dm_again(world, monkeypatch):
    """A bot that stopped with every move shown notes it; the restart takes the note and shows
    nothing again (after a kill it would: ``tests/bot/test_bot_killed_mid_move.py``), so the
    players of the games that just moved get no second "your move" DM."""
    running = await world.live()
    if running is not None:
        await world.resign(world.user(running, 0).name)
    session = await world.knightfall_duel("alice", "bob")
    await world.play_one(session, session.game.to_act()[0], random.Random(2))
    people = [world.people["alice"], world.people["bob"]]
    sent = [[m.id for m in world.emu.dm_messages(p)] for p in people]
    await world.stop_bot()
    rows = await world_rows(world, "SELECT shards FROM clean_stops")
    assert rows == [("all",)]
    shown_again: list[str] = []
    monkeypatch.setattr(SessionManager, "show_last_moved", lambda _, sids: shown_again.extend(sids))
    await world.start_bot()
    await world.quiesce()
    assert [[m.id for m in world.emu.dm_messages(p)] for p in people] == sent
    assert shown_again == []
    assert await world_rows(world, "SELECT shards FROM clean_stops") == []  # the note was taken
    await world.resign("alice")


async def test_a_start_after_a_crash_shows_many_games_again_a_few_at_a_time(world, monkeypatch):
    """Every game that moved before a crash is shown again, at most ``reshow.AT_ONCE`` at a
    time (all at once, hundreds of them starved the clicks and the shows' own reads); one whose
    show fails is caught up soon after, its player prompted again."""
    running = await world.live()
    if running is not None:
        await world.resign(world.user(running, 0).name)
    channels = [world.emu.add_text_channel(world.guild, f"table-{n}") for n in range(10)]
    players = [("alice", "bob", "carol", "dave")[n % 4] for n in range(10)]  # 3 games each at most
    for chan, who in zip(channels, players, strict=True):
        await world.slash(who, "gondolin start", chan=chan)
    sids = [(await world.live(chan)).id for chan in channels]
    await stopped_as_if_killed(world)
    monkeypatch.setattr(catch_up, "RETRY_SECONDS", (0.5,))
    show, now, most, shown, failed = SessionManager.show, set(), [0], [], set()

    async def counted_show(self, session, *args, **kwargs):
        first = session.id not in failed  # the start's re-show (later: the catch-up's)
        if first:
            failed.add(session.id)
            if len(failed) == 1:  # the first game's re-show fails
                raise RuntimeError("Discord is down")
            now.add(session.id)
            most[0] = max(most[0], len(now))
        try:
            await asyncio.sleep(0.05)  # a show takes a moment: drawing, posting
            await show(self, session, *args, **kwargs)
        except BaseException:
            now.discard(session.id)
            raise
        shown.append(session.id)

    async def counted_all_sent(self, session):
        await asyncio.sleep(0.05)  # its edits take a moment to go out: still its re-show's
        await all_sent(self, session)
        now.discard(session.id)

    all_sent = Delivery.all_sent
    monkeypatch.setattr(SessionManager, "show", counted_show)
    monkeypatch.setattr(Delivery, "all_sent", counted_all_sent)
    await world.start_bot()
    await world.emu.wait_for(lambda: set(shown) == set(sids), timeout=30)
    assert most[0] <= reshow.AT_ONCE, f"{most[0]} games were shown again at once"
    monkeypatch.undo()
    await world.quiesce()
    for chan, who in zip(channels, players, strict=True):
        await world.resign(who, chan=chan)


async def test_a_reshow_that_fails_at_the_start_prompts_the_player_to_act_soon_after(
    world, monkeypatch
):
    """The start's re-show of a duel fails before it knows whom to prompt (its read refused,
    say): the catch-up shows the game soon after and sends the player to act their new DM."""
    running = await world.live()
    if running is not None:
        await world.resign(world.user(running, 0).name)
    session = await world.knightfall_duel("alice", "bob")
    await world.play_one(session, session.game.to_act()[0], random.Random(2))
    session = await world.live()
    to_act = [world.user(session, s) for s in session.game.to_act()]
    await stopped_as_if_killed(world)
    sent = {u.name: len(world.emu.dm_messages(u)) for u in to_act}
    monkeypatch.setattr(catch_up, "RETRY_SECONDS", (0.3,))
    prompted_last, tries = reshow.prompted_last, []

    def fails_once(*args):
        tries.append(args)
        if len(tries) == 1:
            raise RuntimeError("the database is busy")
        return prompted_last(*args)

    monkeypatch.setattr(reshow, "prompted_last", fails_once)
    await world.start_bot()
    await world.emu.wait_for(
        lambda: any(len(world.emu.dm_messages(u)) > sent[u.name] for u in to_act), timeout=10
    )
    monkeypatch.undo()
    await world.quiesce()
    assert not world.bot.sessions.behind()
    await world.resign("alice")


async def test_a_move_made_before_the_start_s_re_show_is_not_prompted_twice(world, monkeypatch):
    """After a crash, the start's re-show of a duel waits for the game (busy), and bob moves
    first: his move's showing prompts alice. The re-show then finds the game changed since the
    start and prompts nobody again: alice gets one "your move" DM, not two."""
    running = await world.live()
    if running is not None:
        await world.resign(world.user(running, 0).name)
    session = await world.knightfall_duel("alice", "bob")
    rng = random.Random(2)
    while (handing_over := bobs_move_to_alice(world, session)) is None:
        await world.play_one(session, session.game.to_act()[0], rng)
        session = await world.live()
    await stopped_as_if_killed(world)
    alice, bob = world.people["alice"], world.people["bob"]
    before = len(world.emu.dm_messages(alice))
    held, release = hold_at_start(monkeypatch, session.id)
    await world.start_bot()
    await asyncio.wait_for(held.wait(), 10)
    bob_moves = asyncio.create_task(world.make_move(bob, *handing_over))
    await asyncio.sleep(0.3)  # bob's click waits for the game too
    release.set()
    await bob_moves
    await asyncio.sleep(0.5)  # the re-show, after bob's move, has shown the game
    monkeypatch.undo()
    await world.quiesce()
    assert (await world.live()).step == session.step + 1
    assert len(world.emu.dm_messages(alice)) == before + 1
    await world.resign("alice")


def bobs_move_to_alice(world, session) -> tuple | None:
    """Bob's DM and a move on it after which alice is to act, if he is to act and has one."""
    game = session.game
    if [world.user(session, s).name for s in game.to_act()] != ["bob"]:
        return None
    seat = game.to_act()[0]
    message = world.controls_message(world.people["bob"])
    for control in move_controls(message):
        kind, custom_id, value = control
        code = value if kind == "select" else custom_id.rsplit(":", 1)[-1]
        trial = type(game).from_json(game.to_json())
        trial.apply(seat, type(game).decode(code))
        if not trial.is_over and trial.to_act() == [1 - seat]:
            return message, control
    return None


def hold_at_start(monkeypatch, sid: str) -> tuple[asyncio.Event, asyncio.Event]:
    """At the next start, game ``sid`` is busy (its lock held, as by its computer thinking)
    from before the re-shows begin until the second event is set; the first says it is."""
    held, release = asyncio.Event(), asyncio.Event()
    start = SessionManager.show_last_moved

    def busy_first(self, sids):
        async def hold():
            async with self.lock(sid):
                held.set()
                await release.wait()

        asyncio.get_running_loop().create_task(hold())
        start(self, [sid, *(s for s in sids if s != sid)])

    monkeypatch.setattr(SessionManager, "show_last_moved", busy_first)
    return held, release


async def test_a_game_busy_at_the_start_holds_no_slot_of_the_re_shows(world, monkeypatch):
    """A game whose lock is held at the start (its computer thinking) waits for it without one
    of the ``reshow.AT_ONCE`` slots: the other games are shown meanwhile."""
    running = await world.live()
    if running is not None:
        await world.resign(world.user(running, 0).name)
    channels = [world.emu.add_text_channel(world.guild, f"busy-{n}") for n in range(3)]
    for chan, who in zip(channels, ("alice", "bob", "carol"), strict=True):
        await world.slash(who, "gondolin start", chan=chan)
    busy, *others = [(await world.live(chan)).id for chan in channels]
    await stopped_as_if_killed(world)
    monkeypatch.setattr(reshow, "AT_ONCE", 1)
    shown: list[str] = []
    show = SessionManager.show

    async def noted_show(self, session, *args, **kwargs):
        await show(self, session, *args, **kwargs)
        shown.append(session.id)

    monkeypatch.setattr(SessionManager, "show", noted_show)
    held, release = hold_at_start(monkeypatch, busy)
    await world.start_bot()
    await world.emu.wait_for(lambda: held.is_set() and set(others) <= set(shown), timeout=10)
    assert busy not in shown
    release.set()
    await world.emu.wait_for(lambda: busy in shown, timeout=10)
    monkeypatch.undo()
    await world.quiesce()
    for chan, who in zip(channels, ("alice", "bob", "carol"), strict=True):
        await world.resign(who, chan=chan)


async def stopped_as_if_killed(world) -> None:
    """Stop the bot, then take out its clean-stop note: the next start is as after a kill."""
    await world.stop_bot()
    db = await database.connect(world.db_path)
    try:
        await db.execute("DELETE FROM clean_stops")
    finally:
        await db.close()


async def world_rows(world, sql: str) -> list[tuple]:
    """Rows of the world's database, read apart from the bot (which may be stopped)."""
    db = await database.connect(world.db_path)
    try:
        return [tuple(r) for r in await db.fetchall(sql)]
    finally:
        await db.close()


async def test_a_stop_right_after_a_start_logs_no_error(world, caplog):
    """Stopped while its start-up's writes (the clean-stop note, the housekeeping tick) are
    under way, the bot cancels them without leaving a transaction open for the next writer.

    On SQLite only: asyncpg's pool resets a connection a cancelled query left in a transaction
    itself, and logs that it did (as an error), which a stop may still do.
    """
    if world.bot.store.db.dialect != "sqlite":
        pytest.skip("SQLite's write connection; asyncpg's pool resets its own")
    caplog.set_level(logging.ERROR)
    for _ in range(2):
        await world.stop_bot()
        await world.start_bot()
    await world.quiesce()
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []


async def test_a_game_whose_lock_was_just_handed_on_counts_as_busy():
    """Released to a waiter not yet run, a lock is not held, yet taking it would wait: a
    re-show must not take a slot then (``_reshow_slot``)."""
    lock = asyncio.Lock()
    await lock.acquire()
    waiter = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    assert busy(lock)
    lock.release()  # handed to the waiter, which has not run yet
    assert not lock.locked() and busy(lock)
    await waiter
    lock.release()
    assert not busy(lock)
