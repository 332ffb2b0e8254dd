"""What a click costs in requests to Discord: the clicked message is the click's answer, an
unchanged message is not edited again, and a slow picture still answers within the deadline."""

import asyncio
import itertools
import random

import pytest
import pytest_asyncio

import bot.flow.lobby
import bot.surface.acknowledge
import bot.surface.presenter
from bot.surface.shown_pictures import ShownPictures
from tests.bot.harness import assert_v2, move_controls, v2_pictures, v2_texts

pytestmark = pytest.mark.asyncio(loop_scope="module")
CALLBACK = "POST /interactions/{id}/{token}/callback"
CHANNEL_EDIT = "PATCH /channels/{channel}/messages/{message}"
CHANNEL_POST = "POST /channels/{channel}/messages"
WEBHOOK_POST = "POST /webhooks/{app}/{token}"


@pytest_asyncio.fixture(loop_scope="module", autouse=True)
async def _channel_left_free(world):
    """A test that failed midway leaves no game running for the next (one game a channel)."""
    yield
    if await world.live() is not None:
        await world.end_game()


async def press(world, who, message, control):
    """Press a move's control; the interaction and the requests the bot made for it."""
    since = len(world.emu.requests)
    kind, custom_id, value = control
    user = world.people[who]
    if kind == "button":
        ix = await world.emu.click(user, message, custom_id)
    else:
        ix = await world.emu.select(user, message, custom_id, [value])
    await ix.done(timeout=10)
    await world.quiesce()
    return ix, world.emu.calls_by_route(since)


async def test_a_solo_click_is_answered_with_the_new_board_in_one_request(world):
    await world.slash("alice", "gondolin start")
    session = await world.live()
    board = world.board(session)
    picture = board.attachments[0].data
    ix, calls = await press(world, "alice", board, move_controls(board)[0])
    assert ix.response_type == 7 and not ix.late  # UPDATE_MESSAGE: the board itself
    assert calls == {CALLBACK: 1}, calls
    after = await world.bot.store.load(session.id)
    assert after.step > session.step
    assert board.attachments[0].data != picture  # the new picture came with the answer
    assert f"Move {after.step}" in board.text()
    await world.end_game()


async def test_a_duel_click_costs_its_answer_and_the_board_not_the_waiting_dm(world):
    session = await world.knightfall_duel()
    dm = world.controls_message(world.people["alice"])
    bob_dm = world.controls_message(world.people["bob"])
    ix, calls = await press(world, "alice", dm, move_controls(dm)[0])
    assert ix.response_type == 7 and not ix.late  # Alice's DM is the click's answer
    assert calls == {CALLBACK: 1, CHANNEL_EDIT: 1}, calls  # and the board
    assert bob_dm.history == [] and "as of move 0" in bob_dm.text()  # his own did not change
    assert f"<#{world.chan.id}>" in bob_dm.text()  # where the game as it is now is
    rng = random.Random(1)
    since, clicks = len(world.emu.requests), 0
    for _ in range(12):  # new DMs too: to the channel the last one went to, no user looked up
        session = await world.bot.store.load(session.id)
        user = world.user(session, rng.choice(session.game.to_act()))
        message = world.controls_message(user)
        await press(world, user.name, message, rng.choice(move_controls(message)))
        clicks += 1
    calls = world.emu.calls_by_route(since)
    assert calls[CHANNEL_POST] > 0 and calls[CALLBACK] == clicks, calls
    assert set(calls) == {CALLBACK, CHANNEL_EDIT, CHANNEL_POST}, calls
    assert sum(calls.values()) <= 2.5 * clicks, calls
    await world.end_game()


async def test_a_new_dm_leaves_the_old_ones_buttons_and_a_press_there_links_the_newest(world):
    session = await world.knightfall_duel()
    players = [world.people["alice"], world.people["bob"]]
    first = {u.id: len(world.emu.dm_messages(u)) - 1 for u in players}  # this game's first DM
    rng = random.Random(1)
    older = []
    for _ in range(30):
        session = await world.bot.store.load(session.id)
        user = world.user(session, rng.choice(session.game.to_act()))
        message = world.controls_message(user)
        _, calls = await press(world, user.name, message, rng.choice(move_controls(message)))
        older = [(u, m) for u in players for m in world.emu.dm_messages(u)[first[u.id] : -1]]
        if older:  # the first new DM: the click's answer, the board, the DM; no other edit
            assert calls == {CALLBACK: 1, CHANNEL_EDIT: 1, CHANNEL_POST: 1}, calls
            break
    [(user, old)] = older
    assert old.buttons(), "the old DM keeps its buttons"
    session = await world.bot.store.load(session.id)
    newest = world.emu.dm_messages(user)[-1]
    seen = next(v for v in reversed(old.history) if move_controls(v))  # a client not refreshed
    ix, calls = await press(world, user.name, seen, move_controls(seen)[0])
    assert calls == {CALLBACK: 1, WEBHOOK_POST: 1}, calls  # its buttons off, then why
    assert (await world.bot.store.load(session.id)).step == session.step
    assert old.buttons() == [] and move_controls(newest)
    [answer] = [m for m in ix.messages if m.ephemeral]
    assert "older" in answer.text() and f"/{newest.channel_id}/{newest.id}" in answer.text()
    await world.end_game()


async def test_a_new_dm_takes_the_moves_off_an_older_one_that_still_offers_them(world):
    session = await world.knightfall_duel()
    seat = session.game.to_act()[0]
    user = world.user(session, seat)
    old = world.controls_message(user)
    assert move_controls(old)
    since = len(world.emu.requests)
    await world.bot.sessions.delivery.dm(session, seat, [])  # as for a decision changed under it
    await world.quiesce()
    newest = world.emu.dm_messages(user)[-1]
    assert newest.id != old.id and move_controls(newest)
    assert not move_controls(old) and old.buttons() == []
    assert "decision is over" in old.text() and f"/{newest.channel_id}/{newest.id}" in old.text()
    assert v2_pictures(old) and "Your view" in old.text()  # picture and text stay: moves go
    assert world.emu.calls_by_route(since) == {CHANNEL_POST: 1, CHANNEL_EDIT: 1}
    await world.end_game()


async def test_an_older_dm_the_bot_no_longer_knows_becomes_a_link_to_the_newest(world):
    session = await world.knightfall_duel()
    seat = session.game.to_act()[0]
    user = world.user(session, seat)
    old = world.controls_message(user)
    world.bot.sessions.delivery.pictures = ShownPictures()  # as after a restart
    await world.bot.sessions.delivery.dm(session, seat, [])
    await world.quiesce()
    newest = world.emu.dm_messages(user)[-1]
    assert newest.id != old.id and move_controls(newest)
    assert_v2(old)  # no moves, no picture left hidden: the text and the link
    assert old.buttons() == [] and old.attachments == []
    assert "decision is over" in old.text() and f"/{newest.channel_id}/{newest.id}" in old.text()
    await world.end_game()


async def test_showing_a_game_nothing_changed_in_edits_nothing(world):
    session = await world.knightfall_duel()
    dm = world.controls_message(world.people["alice"])
    await press(world, "alice", dm, move_controls(dm)[0])
    session = await world.bot.store.load(session.id)
    board, bob_dm = world.board(session), world.controls_message(world.people["bob"])
    edits = len(board.history), len(bob_dm.history)
    await world.bot.sessions.show(session, None, None, [], {})  # Alice's notes of her move go
    await world.quiesce()
    assert (len(board.history), len(bob_dm.history)) == edits  # the same board, Bob's DM too
    since = len(world.emu.requests)
    await world.bot.sessions.show(session, None, None, [], {})  # board and both DMs, again
    await world.quiesce()
    assert world.emu.calls_by_route(since) == {}
    await world.end_game()


async def test_a_slow_picture_is_deferred_within_the_deadline_then_shown(world, monkeypatch):
    await world.slash("alice", "gondolin start")
    session = await world.live()
    board = world.board(session)
    draw = bot.surface.presenter.render_pool.picture

    async def slow(game_id, view):
        await asyncio.sleep(1.5)
        return await draw(game_id, view)

    # A budget a picture drawn on a loaded machine still meets, the slow one does not, and
    # Discord's 3 s deadline leaves room to defer at.
    monkeypatch.setattr(bot.surface.acknowledge, "ACK_BUDGET_SECONDS", 1.0)
    ix, _ = await press(world, "alice", board, move_controls(board)[0])
    assert ix.response_type == 7  # drawn within the budget: the board is the answer
    monkeypatch.setattr(bot.surface.presenter.render_pool, "picture", slow)
    session = await world.bot.store.load(session.id)
    ix, calls = await press(world, "alice", board, move_controls(board)[0])
    assert ix.response_type == 6 and not ix.late  # deferred at the budget
    assert calls == {CALLBACK: 1, CHANNEL_EDIT: 1}, calls
    after = await world.bot.store.load(session.id)
    assert f"Move {after.step}" in board.text()
    await world.end_game()


def kept_and_uploaded(world, first: int) -> tuple[int, set[int]]:
    """Over the bot's messages since id ``first``: edits that kept a picture, and every upload.

    A picture shown again under the same name in the next version of a message must be the
    same attachment (kept by id), never the same PNG uploaded anew.
    """
    kept, uploaded = 0, set()
    for message in world.emu.state.messages.values():
        if message.id <= first:
            continue
        versions = [*message.history, message]
        uploaded |= {a.id for v in versions for a in v.attachments}
        for before, after in itertools.pairwise(versions):
            shown = {a.filename: a for a in before.attachments}
            for a in after.attachments:
                old = shown.get(a.filename)
                if old is not None and old.data == a.data:
                    assert a.id == old.id, f"{a.filename} uploaded again unchanged"
                    kept += 1
    return kept, uploaded


async def test_an_unchanged_picture_is_kept_not_uploaded_again(world, monkeypatch):
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: 132)
    first, uploads = max(world.emu.state.messages, default=0), world.emu.state.uploads
    await world.slash("alice", "guardians challenge", opponent=world.people["bob"])
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    session = await world.live()
    board = world.board(session)
    posted = board.attachments[0]
    session = await world.bot.store.load(session.id)
    await world.play_one(session, session.game.to_act()[0], random.Random(3))
    assert len(board.history) >= 2 and board.attachments[0].data == posted.data
    assert board.attachments[0].id == posted.id  # its picture unchanged: kept, not uploaded
    rng = random.Random(3)
    for _ in range(10):  # the organising: one player's choice leaves the table's picture as it was
        session = await world.bot.store.load(session.id)
        await world.play_one(session, rng.choice(session.game.to_act()), rng)
    await world.quiesce()
    kept, uploaded = kept_and_uploaded(world, first)
    assert kept > 0
    assert world.emu.state.uploads - uploads == len(uploaded)  # each picture uploaded once
    board = world.board(session)
    assert [a.filename for a in v2_pictures(board)] == ["board.png"]  # kept, and shown
    assert [a.filename for a in board.attachments] == ["board.png"]
    await world.end_game()


async def test_a_note_in_a_dm_edits_its_text_and_keeps_its_picture(world):
    session = await world.knightfall_duel()
    bob = world.people["bob"]
    seat = next(s.seat for s in session.seats if s.user_id == bob.id)
    dm = world.emu.dm_messages(bob)[-1]
    picture, uploads = dm.attachments[0], world.emu.state.uploads
    await world.bot.sessions.show(session, None, None, [], {seat: ["Alice resigned a card."]})
    await world.quiesce()
    assert "Alice resigned a card." in dm.text() and len(dm.history) == 1
    assert dm.attachments[0].id == picture.id and world.emu.state.uploads == uploads
    await world.end_game()


def _legacy_kwargs(self, *, edit=False, kept=None):
    """What a board or DM was before it was v2: embeds, the files, a legacy view."""
    embeds = [self.embed, *(e for e, _ in self.extra)]
    if edit:
        kept = kept or {}
        files = [kept.get(f.filename, f) for f in self.files]
        return {"content": None, "embeds": embeds, "view": self.view, "attachments": files}
    return {"embeds": embeds, "files": self.files, "view": self.view}


async def test_a_game_started_with_embed_boards_goes_on_in_v2_messages(world, monkeypatch):
    with monkeypatch.context() as before:  # the game starts before boards were v2
        before.setattr(bot.surface.presenter.Message, "kwargs", _legacy_kwargs)
        session = await world.knightfall_duel()
    board = world.board(session)
    mover = world.user(session, session.game.to_act()[0])
    dm = world.controls_message(mover)
    assert board.embeds and dm.embeds and not board.flags & (1 << 15)
    name = next(n for n, u in world.people.items() if u.id == mover.id)
    ix, _ = await press(world, name, dm, move_controls(dm)[0])  # a move on the old DM
    assert ix.response_type == 7 and not ix.late
    for message in (board, dm):  # each edited in place into one container
        assert_v2(message)
        assert message.history[0].embeds and v2_pictures(message)
        assert v2_texts(message)[0].startswith("## ")
    session = await world.bot.store.load(session.id)
    assert f"Move {session.step}" in board.text() and board.id == session.message_id
    await world.end_game()
