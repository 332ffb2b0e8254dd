"""Resign, abort, expiry, idleness, stale buttons and the shared /game commands, via Discord."""

import random
from datetime import timedelta

import discord
import pytest

from tests.bot.harness import World, move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_resigning_gives_the_opponent_the_win_on_the_leaderboard(world):
    session = await world.knightfall_duel()
    assert "not playing" in await world.resign("dave")
    assert "resigned" in await world.resign("alice")
    ended = await world.bot.store.load(session.id)
    assert ended.status == "finished"
    board = world.board(ended)
    assert "resigned" in board.text() and board.buttons() == []
    assert world.controls_message(world.people["alice"]) is None
    ix = await world.slash("carol", "leaderboard", game="knightfall")
    text = ix.messages[-1].text()
    assert text.index(str(world.people["bob"].id)) < text.index(str(world.people["alice"].id))
    assert "1W 0L" in text and "0W 1L" in text
    assert "±" in text and "± is the rating's uncertainty" in text  # explained where shown


async def test_abort_needs_both_players_or_a_moderator_and_does_not_count(world):
    session = await world.knightfall_duel()
    ix = await world.slash("dave", "game abort")
    assert "Manage Server" in ix.messages[-1].text()
    ix = await world.slash("alice", "game abort")
    assert "once" in ix.messages[-1].text()
    assert (await world.live()).id == session.id
    await world.slash("bob", "game abort")
    assert await world.live() is None
    assert (await world.bot.store.load(session.id)).status == "abandoned"

    session = await world.knightfall_duel()
    await world.slash("carol", "game abort")
    assert (await world.bot.store.load(session.id)).end_reason == "aborted"
    assert "aborted" in world.board(await world.bot.store.load(session.id)).text()


async def test_asking_again_to_abort_points_to_the_open_request_and_pings_nobody(world):
    session = await world.knightfall_duel()
    bob = world.people["bob"]
    pinged = len([m for m, said in world.emu.pings() if bob.id in said.notified])
    since = len(world.emu.channel_messages(world.chan))
    answers = [(await world.slash("alice", "game abort")).messages[-1] for _ in range(5)]
    posted = world.emu.channel_messages(world.chan)[since:]
    requests = [m for m in posted if "asks to abort" in m.text()]
    assert len(requests) == 1, "one open request per game"
    assert len([m for m, said in world.emu.pings() if bob.id in said.notified]) == pinged + 1
    link = f"/{world.chan.id}/{requests[0].id}"
    for again in answers[1:]:
        assert again.ephemeral and "already open" in again.text() and link in again.text()
    await world.click("bob", requests[0], requests[0].find_button("Agree"))
    assert (await world.bot.store.load(session.id)).end_reason == "aborted"


async def test_status_and_log_show_only_public_information(world):
    session = await world.knightfall_duel()
    ix = await world.slash("dave", "game status")
    status = ix.messages[-1]
    assert status.ephemeral and status.attachments and status.attachments[0].description
    ix = await world.slash("dave", "game log")
    assert ix.messages[-1].ephemeral
    ix = await world.slash("dave", "game replay", session="nosuchgame")
    assert "No finished game" in ix.messages[-1].text()
    await world.slash("carol", "game abort")
    assert (await world.bot.store.load(session.id)).status == "abandoned"


async def test_an_old_hand_message_pressed_is_redrawn_and_changes_nothing(world):
    world.emu.set_dms_open(world.people["bob"], False)
    session = await world.knightfall_duel()
    old_hand = await world.hand("bob", session)
    new_hand = await world.hand("bob", session)
    old_button = next(cid for kind, cid, _ in move_controls(old_hand) if kind == "button")
    await world.click("bob", new_hand, old_button)
    moved = await world.bot.store.load(session.id)
    assert moved.step == session.step + 1
    stale = await world.click("bob", old_hand, old_button)
    assert "board changed" in stale.messages[-1].text()
    assert (await world.bot.store.load(session.id)).step == moved.step
    assert f"as of move {moved.step}" in old_hand.text(), "redrawn as the game stands"
    assert old_button not in {cid for _, cid, _ in move_controls(old_hand)}
    await world.slash("carol", "game abort")
    world.emu.set_dms_open(world.people["bob"], True)


async def test_expired_challenges_and_idle_games_are_closed_and_lose_their_buttons(world):
    await world.slash("alice", "knightfall challenge", opponent=world.people["bob"])
    challenge_session = await world.live()
    later = discord.utils.utcnow() + timedelta(minutes=20)
    assert await world.bot.lifecycle.sweep(later) == 1
    await world.quiesce()
    assert "expired" in world.board(challenge_session).text()
    assert world.board(challenge_session).buttons() == []

    session = await world.knightfall_duel()
    assert await world.bot.lifecycle.sweep(discord.utils.utcnow() + timedelta(days=1)) == 0
    assert await world.bot.lifecycle.sweep(discord.utils.utcnow() + timedelta(days=8)) == 1
    await world.quiesce()
    closed = await world.bot.store.load(session.id)
    assert closed.status == "abandoned" and closed.end_reason == "idle"
    assert world.board(closed).buttons() == []
    # Both players owed a muster decision: nobody is at fault, so there is no result.
    assert "without a result" in world.board(closed).text()
    assert world.controls_message(world.people["alice"]) is None


# ---- lifecycle ---------------------------------------------------------------------------
DAY = timedelta(days=1)


async def play_moves(world: World, session, moves: int, rng: random.Random):
    """Whoever the game waits for makes ``moves`` moves (counted by the stored step)."""
    target = session.step + moves
    while session.step < target:
        await world.play_one(session, session.game.to_act()[0], rng)
        session = await world.bot.store.load(session.id)
    return session


async def until_one_waits(world: World, session, rng: random.Random):
    """Play until the game waits for exactly one player."""
    while len(session.game.to_act()) != 1:
        session = await play_moves(world, session, 1, rng)
    return session


async def test_a_failed_solo_start_frees_the_channel_and_a_fresh_solo_game_can_be_aborted(world):
    world.emu.fail_next("POST", "/webhooks/", status=403, code=50013, message="Missing Permissions")
    ix = await world.slash("alice", "galdor start")
    assert "not started" in ix.messages[-1].text()
    assert await world.live() is None  # the channel is not blocked

    await world.slash("alice", "galdor start")
    session = await world.live()
    assert session is not None and session.step == 0
    ix = await world.slash("alice", "game abort")
    assert "aborted" in ix.messages[-1].text()
    ended = await world.bot.store.load(session.id)
    assert ended.status == "abandoned" and ended.end_reason == "aborted"

    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    for button in board.buttons():  # make one move
        if session.step == 0 and button.custom_id:
            await world.click("alice", board, button.custom_id)
            session = await world.bot.store.load(session.id)
    assert session.step > 0
    ix = await world.slash("alice", "game abort")
    assert "resign" in ix.messages[-1].text()
    assert (await world.live()).id == session.id
    await world.resign("alice")


async def test_an_abort_agreement_lapses_with_the_next_move(world):
    session = await world.knightfall_duel()
    ix = await world.slash("alice", "game abort")
    assert "lapses" in ix.messages[-1].text()
    session = await play_moves(world, session, 12, random.Random(4))
    ix = await world.slash("bob", "game abort")
    assert "once Alice also uses" in ix.messages[-1].text()
    assert (await world.live()).id == session.id  # alice's old consent does not count
    await world.slash("alice", "game abort")
    ended = await world.bot.store.load(session.id)
    assert ended.status == "abandoned" and ended.end_reason == "aborted"


async def test_an_idle_player_is_warned_then_loses_by_resignation(world):
    session = await until_one_waits(world, await world.knightfall_duel(), random.Random(5))
    idle_seat = session.game.to_act()[0]
    idler, other = world.user(session, idle_seat), world.user(session, 1 - idle_seat)
    dms = {u.name: len(world.emu.dm_messages(u)) for u in (idler, other)}
    now = discord.utils.utcnow()
    assert await world.bot.lifecycle.sweep(now + 3 * DAY) == 0
    await world.quiesce()
    assert len(world.emu.dm_messages(idler)) == dms[idler.name]  # not yet
    await world.bot.lifecycle.sweep(now + 4 * DAY)
    await world.bot.lifecycle.sweep(now + 5 * DAY)  # one warning per wait
    await world.quiesce()
    warnings = world.emu.dm_messages(idler)[dms[idler.name] :]
    assert len(warnings) == 1 and "counts as your resignation" in warnings[0].text()
    assert len(world.emu.dm_messages(other)) == dms[other.name]  # not waited for

    assert await world.bot.lifecycle.sweep(now + 8 * DAY) >= 1
    await world.quiesce()
    ended = await world.bot.store.load(session.id)
    assert ended.status == "finished" and ended.end_reason == "timeout"
    assert "counts as resigning" in world.board(ended).text()
    ix = await world.slash("carol", "leaderboard", game="knightfall")
    text = ix.messages[-1].text()
    assert text.index(str(other.id)) < text.index(str(idler.id))  # rated: the idler lost


async def test_an_idle_player_with_closed_dms_is_pinged_in_the_channel(world):
    session = await until_one_waits(world, await world.knightfall_duel(), random.Random(6))
    idler = world.user(session, session.game.to_act()[0])
    world.emu.set_dms_open(idler, False)
    try:
        await world.bot.lifecycle.sweep(discord.utils.utcnow() + 4 * DAY)
        await world.quiesce()
        ping = world.emu.channel_messages(world.chan)[-1]
        assert f"<@{idler.id}>" in ping.content and "resignation" in ping.content
    finally:
        world.emu.set_dms_open(idler, True)
    await world.slash("carol", "game abort")


async def test_when_the_game_waits_for_everyone_all_are_warned_and_nobody_loses(world):
    session = await world.knightfall_duel()
    assert len(session.game.to_act()) == 2  # both muster at once
    before = {s: len(world.emu.dm_messages(world.user(session, s))) for s in (0, 1)}
    now = discord.utils.utcnow()
    await world.bot.lifecycle.sweep(now + 4 * DAY)
    await world.quiesce()
    for seat in (0, 1):
        new = world.emu.dm_messages(world.user(session, seat))[before[seat] :]
        assert len(new) == 1 and "without a result" in new[0].text()
    await world.bot.lifecycle.sweep(now + 8 * DAY)
    ended = await world.bot.store.load(session.id)
    assert ended.status == "abandoned" and ended.end_reason == "idle"


async def test_an_idle_solo_game_is_closed_without_a_warning(world):
    await world.slash("alice", "galdor start")
    session = await world.live()
    texts = len(world.emu.all_texts())
    now = discord.utils.utcnow()
    await world.bot.lifecycle.sweep(now + 4 * DAY)
    await world.quiesce()
    assert len(world.emu.all_texts()) == texts  # no warning, nothing changed
    await world.bot.lifecycle.sweep(now + 8 * DAY)
    await world.quiesce()
    ended = await world.bot.store.load(session.id)
    assert ended.status == "abandoned" and ended.end_reason == "idle"
    assert "abandoned" in world.board(ended).text()


async def test_one_failing_game_does_not_stop_the_sweep(world):
    bob = world.people["bob"]
    await world.slash("alice", "knightfall challenge", chan=world.chan2, opponent=bob)
    challenge = world.emu.channel_messages(world.chan2)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    broken = await world.live(world.chan2)
    session = await world.knightfall_duel("carol", "dave")
    unreadable = "UPDATE sessions SET state_json=? WHERE id=?"
    await world.bot.db.execute(unreadable, ('{"not": "a game"}', broken.id))
    assert await world.bot.lifecycle.sweep(discord.utils.utcnow() + 8 * DAY) == 1
    await world.quiesce()
    ended = await world.bot.store.load(session.id)
    assert ended.status == "abandoned" and world.board(ended).buttons() == []
    assert (await world.bot.store.load(broken.id)).status == "active"
    await world.bot.db.execute(unreadable, (broken.state_json, broken.id))
    await world.end_game(chan=world.chan2)


async def test_resigning_when_the_board_cannot_be_edited_still_confirms_the_result(world):
    session = await world.knightfall_duel()
    path = f"/channels/{world.chan.id}/messages/{session.message_id}"
    world.emu.fail_next("PATCH", path, status=403, code=50001, message="Missing Access")
    world.emu.fail_next("POST", f"/channels/{world.chan.id}/messages", code=50001)  # nor anew
    text = await world.resign("alice")
    assert "resigned" in text and "could not be updated" in text and "try again" not in text
    assert (await world.bot.store.load(session.id)).status == "finished"


async def test_a_fast_accept_waits_for_the_challenge_and_posts_no_second_board(world):
    before = len(world.emu.channel_messages(world.chan))
    world.emu.delay_next("GET", "/messages/@original", 1.0)
    alice, bob = world.people["alice"], world.people["bob"]
    ix = await world.emu.slash(alice, world.chan, "knightfall challenge", opponent=bob)
    await world.emu.wait_for(lambda: len(world.emu.channel_messages(world.chan)) > before)
    challenge = world.emu.channel_messages(world.chan)[-1]
    click = await world.emu.click(bob, challenge, challenge.find_button("Accept"))
    await ix.done(timeout=10)
    await click.done(timeout=10)
    await world.quiesce()
    session = await world.live()
    assert session is not None and session.status == "active"
    assert len(world.emu.channel_messages(world.chan)) == before + 1  # one message: the board
    assert session.message_id == challenge.id and world.board(session).attachments
    await world.slash("carol", "game abort")


async def test_a_game_whose_moves_broke_later_rules_is_not_replayed_and_says_why(world):
    session = await world.knightfall_duel()
    await world.play_one(session, session.game.to_act()[0], random.Random(1))
    await world.resign("alice")
    rows = await world.bot.db.fetchall(
        "SELECT step FROM actions WHERE session_id = ? AND code NOT LIKE '!%' ORDER BY step",
        (session.id,),
    )
    await world.bot.db.execute(  # as if a later version of the rules refused that move
        "UPDATE actions SET code = 'attack' WHERE session_id = ? AND step = ?",
        (session.id, rows[0]["step"]),
    )
    ix = await world.slash("dave", "game replay", session=session.id)
    text = ix.messages[-1].text()
    assert "earlier version of the game's rules" in text and "result stands" in text


# ---- naming a game by its session; a player who left the server ---------------------------
async def test_resign_and_abort_name_a_game_by_session_from_anywhere_in_the_server(world):
    session = await world.knightfall_duel()
    elsewhere = world.chan2
    choices = await world.emu.autocomplete(
        world.people["alice"], elsewhere, "game resign", "session", "bob"
    )
    await choices.done(timeout=10)
    assert [c["value"] for c in choices.choices] == [session.id]
    assert choices.choices[0]["name"].startswith("Knightfall")

    ix = await world.slash("dave", "game resign", chan=elsewhere, session=session.id)
    assert ix.messages[-1].text() == "You are not playing in this game."
    ix = await world.slash("dave", "game abort", chan=elsewhere, session=session.id)
    assert "Only the players" in ix.messages[-1].text()
    ix = await world.slash("alice", "game abort", chan=elsewhere, session="nosuchgame")
    assert ix.messages[-1].text() == "No game with that id in this server."
    assert (await world.live()).id == session.id  # nothing changed

    ix = await world.slash("alice", "game abort", chan=elsewhere, session=session.id)
    assert "once Bob also uses" in ix.messages[-1].text()
    await world.slash("bob", "game abort", chan=elsewhere, session=session.id.upper())
    assert (await world.bot.store.load(session.id)).end_reason == "aborted"
    ix = await world.slash("bob", "game resign", chan=elsewhere, session=session.id)
    assert ix.messages[-1].text() == f"Session `{session.id}` has already ended."

    session = await world.knightfall_duel()
    ix = await world.slash("bob", "game resign", chan=elsewhere, session=session.id)
    assert "Are you sure" in ix.messages[-1].text()  # the same question as in the channel
    assert "You resigned" in await world._confirmed("bob", ix)
    ended = await world.bot.store.load(session.id)
    assert ended.status == "finished" and ended.end_reason == "resigned"


async def results_of(world: World, sid: str) -> dict[int, str]:
    rows = await world.bot.db.fetchall(
        "SELECT user_id, outcome FROM results WHERE session_id=?", (sid,)
    )
    return {r["user_id"]: r["outcome"] for r in rows}


async def test_a_player_who_left_the_server_loses_when_found_gone(world):
    emu = world.emu
    alice, bob = world.people["alice"], world.people["bob"]
    # Found at the idle reminder: nobody is reminded, the one who left loses.
    session = await world.knightfall_duel()
    since = len(emu.channel_messages(world.chan))
    dms = len(emu.dm_messages(alice))
    emu.remove_member(world.guild, bob)  # no event reaches the bot: it has no members intent
    try:
        assert await world.bot.lifecycle.sweep(discord.utils.utcnow() + 4 * DAY) == 1
        await world.quiesce()
        ended = await world.bot.store.load(session.id)
        assert (ended.status, ended.end_reason) == ("finished", "left")
        assert await results_of(world, session.id) == {alice.id: "win", bob.id: "loss"}
        (over,) = [m for m in emu.channel_messages(world.chan)[since:] if "Game over" in m.text()]
        assert "Bob left the server" in over.text()
        assert over.mentions.notified == {alice.id}  # Bob is no longer there to be pinged
        assert not [m for m in emu.dm_messages(alice)[dms:] if "waiting" in m.text()]

        # Found when the other player asks to abort.
        emu.add_member(world.guild, bob)
        session = await world.knightfall_duel()
        emu.remove_member(world.guild, bob)
        ix = await world.slash("alice", "game abort")
        assert ix.messages[-1].text() == "Bob left this server; that counts as resigning."
        ended = await world.bot.store.load(session.id)
        assert (ended.status, ended.end_reason) == ("finished", "left")
    finally:
        if bob.id not in world.guild.members:
            emu.add_member(world.guild, bob)


async def test_an_aborted_game_against_the_computer_is_said_not_to_count_once(world):
    await world.slash("alice", "knightfall challenge", level="easy")
    assert (await world.live()).computer_seats
    await world.slash("alice", "game abort")  # the computer always agrees
    assert await world.live() is None
    over = next(m for m in reversed(world.emu.channel_messages(world.chan)) if "🏁" in m.text())
    assert "It does not count on the leaderboard." in over.text()
    assert "counts" not in over.text().replace("does not count", ""), over.text()


async def test_a_press_on_an_outdated_version_of_an_ended_board_leaves_the_ending_shown(world):
    """A client still showing the board as it was presses one of its moves after the game
    ended: the board keeps the ending (its buttons taken off), not the older text."""
    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    control = move_controls(board)[0]
    assert "resigned" in await world.resign("alice")
    await world.quiesce()
    ended_text = board.text()
    assert "resigned" in ended_text
    outdated = [v for v in [*board.history, board] if move_controls(v)][-1]
    ix = await world.emu.click(world.people["alice"], outdated, control[1])
    await ix.done(timeout=10)
    await world.quiesce()
    assert ix.messages[-1].text() == "This game has ended."
    assert board.text() == ended_text and move_controls(board) == []
