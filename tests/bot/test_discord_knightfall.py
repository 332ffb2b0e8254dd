"""Knightfall played for real: the discord.py client against the local Discord emulator."""

import logging
import random

import pytest

from bot.flow.turn import forced_move
from bot.storage.history import FORCED
from bot.surface import presenter
from tests.bot.harness import (
    World,
    all_card_labels,
    assert_no_leak,
    assert_v2,
    first_versions_without_controls,
    hidden_labels,
    message_texts,
    move_controls,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

MAX_MOVES = 600


def check_no_leaks(world: World, session) -> None:
    """Channel messages never show a card the public cannot see; DMs only their reader's."""
    game = session.game
    public_hidden = hidden_labels(game, None)
    for message in world.emu.channel_messages(world.chan):
        assert_no_leak(message_texts(message), public_hidden)
    for seat in range(2):
        user = world.user(session, seat)
        for message in world.emu.dm_messages(user):
            assert_no_leak(message_texts(message), hidden_labels(game, seat))


async def test_commands_are_registered(world):
    names = {c["name"] for c in world.emu.registered_commands(world.guild)}
    assert {"leaderboard", "tournament"} <= names
    anywhere = {c["name"]: c for c in world.emu.registered_commands()}  # global: user installs
    games = {"knightfall", "galdor", "gondolin", "guardians", "gondor"}  # every game's group
    assert games | {"game", "stats", "help"} <= set(anywhere)
    assert not names & set(anywhere)
    for game in games:
        assert sorted(anywhere[game]["integration_types"]) == [0, 1], game
        assert sorted(anywhere[game]["contexts"]) == [0, 1, 2], game


async def test_challenge_can_be_declined_and_only_the_opponent_accepts(world):
    await world.slash("alice", "knightfall challenge", opponent=world.people["bob"])
    challenge = world.emu.channel_messages(world.chan)[-1]
    accept = challenge.find_button("Accept")
    ix = await world.click("dave", challenge, accept)
    assert "not playing" in ix.messages[-1].text()
    ix = await world.click("alice", challenge, accept)
    assert "waiting for bob" in ix.messages[-1].text().lower()
    busy = await world.slash("carol", "knightfall challenge", opponent=world.people["dave"])
    assert "already running" in busy.messages[-1].text()
    await world.click("bob", challenge, challenge.find_button("Decline"))
    assert "declined" in world.emu.channel_messages(world.chan)[-1].text()
    assert await world.live() is None


async def test_a_full_game_with_closed_dms_stale_clicks_and_a_restart(world, caplog):
    caplog.set_level(logging.INFO)
    emu = world.emu
    emu.set_dms_open(world.people["bob"], False)
    await world.slash("alice", "knightfall challenge", opponent=world.people["bob"])
    challenge = emu.channel_messages(world.chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    session = await world.live()
    assert session.status == "active"
    board = world.board(session)
    assert "SHA-256" not in board.text() and str(session.seed) not in board.text()
    status = (await world.slash("dave", "game status")).messages[-1].text()
    assert presenter.seed_hash(session.seed) in status and str(session.seed) not in status
    assert any(
        "can't send you direct messages" in m.text() for m in emu.channel_messages(world.chan)
    )
    assert world.controls_message(world.people["alice"]) is not None

    # a non-player pressing My hand is refused politely
    ix = await world.click("dave", board, board.find_button("My hand"))
    assert "not playing" in ix.messages[-1].text()

    rng = random.Random(2026)
    moves = 0
    restarted = double_clicked = False
    while (session := await world.bot.store.load(session.id)).status == "active":
        assert moves < MAX_MOVES
        seat = rng.choice(session.game.to_act())
        if not double_clicked and seat == 0 and moves > 3:
            await double_click(world, session)
            double_clicked = True
            continue
        await world.play_one(session, seat, rng)
        moves += 1
        assert forced_move(await world.bot.store.load(session.id)) is None, "a forced move waits"
        if moves % 15 == 0:
            check_no_leaks(world, await world.bot.store.load(session.id))
        if moves == 40 and not restarted:
            await world.stop_bot()
            await world.start_bot()
            restarted = True
    assert restarted and double_clicked
    session = await world.bot.store.load(session.id)
    assert session.status == "finished"
    board = world.board(session)
    assert "Game over" in board.text() and str(session.seed) in board.text()
    assert board.buttons() == []
    check_no_leaks(world, session)
    # a new DM only when its reader had a move to make; otherwise the current DM was edited
    assert first_versions_without_controls(emu.dm_messages(world.people["alice"])) == []
    rows = await world.bot.store.action_log(session.id)
    assert any(code.startswith(FORCED) for _, code, _ in rows), "forced moves are played"
    ending = emu.channel_messages(world.chan)[-1]
    for person in ("alice", "bob"):
        assert world.people[person].mention in ending.text()
    assert "Game over" in ending.text() and "Ratings: Alice 1500 → " in ending.text()
    # the challenge that became the board, each of its versions, every DM, the result: all v2
    dms = emu.dm_messages(world.people["alice"]) + emu.dm_messages(world.people["bob"])
    for message in [*board.history, board, *dms, ending]:
        assert_v2(message)
    assert "a challenge!" in board.history[0].text() and ending.find_button("Play again")
    assert ending.mentions.user_ids == {world.people[p].id for p in ("alice", "bob")}
    log_text = "\n".join(r.getMessage() for r in caplog.records)
    assert "action session=" in log_text
    assert_no_leak([log_text], set(all_card_labels()))  # logs never name a card

    ix = await world.slash("carol", "game replay")
    assert "same final state" in ix.messages[-1].text()
    assert "Player 1" not in ix.messages[-1].text() and "Player 2" not in ix.messages[-1].text()
    ix = await world.slash("carol", "game log", which="last")
    log = ix.messages[-1].text()
    assert "(ended)" in log and "Alice" in log and "Bob" in log
    assert "Player 1" not in log and "Player 2" not in log
    ix = await world.slash("dave", "leaderboard", game="knightfall")
    text = ix.messages[-1].text()
    assert "rating" in text and str(world.people["alice"].id) in text


async def double_click(world: World, session) -> None:
    """Two quick clicks on the same button: one move is made, the other is refused."""
    user = world.user(session, 0)
    message = world.controls_message(user)
    custom_id = next(cid for kind, cid, _ in move_controls(message) if kind == "button")
    first = await world.emu.click(user, message, custom_id)
    second = await world.emu.click(user, message, custom_id)
    await first.done(timeout=10)
    await second.done(timeout=10)
    await world.quiesce()
    after = await world.bot.store.load(session.id)
    assert after.step == session.step + 1
    refusals = [m.text() for m in second.messages + first.messages if m.ephemeral]
    assert any("board changed" in t for t in refusals), refusals


async def test_a_click_on_the_recorded_dm_writes_no_dm_again(world, monkeypatch):
    """Each click is one write: the DM clicked is stored already, so it is not stored again."""
    emu = world.emu
    await world.slash("carol", "knightfall challenge", opponent=world.people["dave"])
    challenge = emu.channel_messages(world.chan)[-1]
    await world.click("dave", challenge, challenge.find_button("Accept"))
    session = await world.live()
    store = world.bot.store
    stored = store.set_dm
    repeated = []

    async def set_dm(sid, seat, *, closed, channel_id, message_id):
        before = (await store.load(sid)).seats[seat]
        if (before.dm_closed, before.dm_channel_id, before.dm_message_id) == (
            closed,
            channel_id,
            message_id,
        ):
            repeated.append((seat, message_id))
        await stored(sid, seat, closed=closed, channel_id=channel_id, message_id=message_id)

    monkeypatch.setattr(store, "set_dm", set_dm)
    rng = random.Random(7)
    for _ in range(12):
        session = await store.load(session.id)
        if session.status != "active":
            break
        await world.play_one(session, rng.choice(session.game.to_act()), rng)
    assert repeated == []
    session = await store.load(session.id)
    for seat in range(2):  # each seat's newest DM is the one stored
        newest = emu.dm_messages(world.user(session, seat))[-1]
        assert session.seats[seat].dm_message_id == newest.id
