"""Every ending is announced to the players, what can't be undone is confirmed, via Discord."""

import random
from datetime import timedelta

import discord
import pytest

import bot.flow.lobby
from tests.bot.db_faults import fault
from tests.bot.harness import World, all_card_labels, assert_no_leak, move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")

DAY = timedelta(days=1)


def players(world: World, session) -> set[int]:
    return {world.user(session, s).id for s in range(len(session.seats))}


def channel_count(world: World) -> int:
    return len(world.emu.channel_messages(world.chan))


def assert_announced(world: World, session, words: str, since: int) -> None:
    """One new channel message announces the ending, notifying exactly the players."""
    new = world.emu.channel_messages(world.chan)[since:]
    ends = [m for m in new if "Game over" in m.text()]
    assert len(ends) == 1, [m.text() for m in new]
    assert words in ends[0].text()
    assert ends[0].mentions is not None and ends[0].mentions.notified == players(world, session)


def assert_dms_final(world: World, session, words: str) -> None:
    """Each player's DM shows the final position and the ending, with no move to make."""
    for seat in range(len(session.seats)):
        dm = world.emu.dm_messages(world.user(session, seat))[-1]
        assert words in dm.text() and "Game over" in dm.text()
        assert dm.attachments and move_controls(dm) == []


def yes_button(message) -> str:
    return message.find_button("Yes")


async def press_yes_twice(world: World, who: str, question, outcome: str) -> None:
    """A double click on a question's Yes: the question becomes ``outcome`` with its buttons
    disabled, and the second press adds only that nothing more was done."""
    _, second = await world.double_click(who, question, yes_button(question))
    assert outcome in question.text() and all(b.disabled for b in question.buttons())
    assert second.messages == [] and "nothing more was done" in question.text()


async def test_a_rated_resignation_is_confirmed_then_announced_to_both_players(world):
    session = await world.knightfall_duel()
    ix = await world.slash("alice", "game resign")
    question = ix.messages[-1]
    assert question.ephemeral and "Are you sure" in question.text()
    assert (await world.live()).status == "active"  # asking changed nothing

    # A Yes from before a move is refused: the game changed since the question.
    await world.play_one(session, 0, random.Random(1))
    ix = await world.click("alice", question, yes_button(question))
    assert ix.messages == [] and "moved on" in question.text()  # the question says it lapsed
    assert question.buttons() and all(b.disabled for b in question.buttons())
    assert (await world.live()).id == session.id

    since = channel_count(world)
    question = (await world.slash("alice", "game resign")).messages[-1]
    await press_yes_twice(world, "alice", question, "You resigned")
    ended = await world.bot.store.load(session.id)
    assert ended.status == "finished" and ended.end_reason == "resigned"
    assert_announced(world, ended, "Alice resigned", since)
    assert_dms_final(world, ended, "Alice resigned")


async def test_a_result_posted_while_a_start_meant_to_post_it_goes_out_once(world):
    """A start lists the results owed, then one of them goes out (this process ended the game
    while its shards came up): the start's post finds nothing owed and posts nothing."""
    session = await world.knightfall_duel()
    question = (await world.slash("alice", "game resign")).messages[-1]
    since = channel_count(world)
    await press_yes_twice(world, "alice", question, "You resigned")
    assert not await world.bot.store.owes_ending(session.id)
    world.bot.sessions.show_owed_endings([session.id])  # as listed before the post
    await world.quiesce()
    assert_announced(world, await world.bot.store.load(session.id), "Alice resigned", since)


async def test_a_result_posted_when_its_note_cannot_be_taken_out_still_ends_the_game(
    world, monkeypatch
):
    """The database fails as the posted result's note is taken out: the resignation is
    answered as done, and what follows a posted result (a tournament's round) still runs."""
    session = await world.knightfall_duel()
    ended: list[str] = []
    monkeypatch.setattr(world.bot.sessions, "on_end", [lambda s: ended.append(s.id)])

    async def fails(sid: str) -> None:
        raise fault(world.bot.store.db.dialect)

    monkeypatch.setattr(world.bot.store, "ending_announced", fails)
    question = (await world.slash("alice", "game resign")).messages[-1]
    since = channel_count(world)
    await world.click("alice", question, yes_button(question))
    assert "You resigned" in question.text()
    assert_announced(world, await world.bot.store.load(session.id), "Alice resigned", since)
    assert ended == [session.id]


async def resigned_with_its_result_owed(world):
    """A duel Alice resigned, its result noted as owed again (as if it had not gone out)."""
    session = await world.knightfall_duel()
    question = (await world.slash("alice", "game resign")).messages[-1]
    await press_yes_twice(world, "alice", question, "You resigned")
    await world.bot.store.db.execute(
        "INSERT INTO endings_owed (session_id, ended_at) VALUES (?, ?)",
        (session.id, discord.utils.utcnow().isoformat()),
    )
    return session


async def test_a_result_owed_to_a_channel_gone_is_dropped_not_tried_at_every_start(world):
    """Discord answers Unknown Channel to the owed result: there is nowhere to post it, so the
    note is dropped (a later start does not try again and log the failure each time)."""
    session = await resigned_with_its_result_owed(world)
    for method in ("PATCH", "POST"):
        world.emu.fail_next(
            method,
            f"/channels/{world.chan.id}/",
            status=404,
            code=10003,
            message="Unknown Channel",
            times=5,
        )
    try:
        world.bot.sessions.show_owed_endings([session.id])
        await world.quiesce()
    finally:
        world.emu.faults.rules.clear()  # the channel is back for the module's next tests
    assert not await world.bot.store.owes_ending(session.id)


async def test_a_result_refused_for_good_is_dropped_not_tried_at_every_tick(world):
    """Discord refuses the owed result itself (a 400: posting in an archived thread, say):
    trying again changes nothing, so it is not owed any more (each tick, for the hour, would
    otherwise edit the board and every DM again before failing the same way)."""
    session = await resigned_with_its_result_owed(world)
    world.emu.fail_next(
        "POST",
        f"/channels/{world.chan.id}/messages",
        status=400,
        code=50083,
        message="Thread is archived",
    )
    world.bot.sessions.show_owed_endings([session.id])
    await world.quiesce()
    assert not await world.bot.store.owes_ending(session.id)


async def test_a_result_discord_refused_is_posted_by_a_later_housekeeping_tick(world):
    """Discord answers 503 to a resignation's result: the resignation stands and its result
    stays owed. A tick soon after leaves it (its own post may be under way); a tick a while
    later posts it, pinging the players, and the next posts nothing more."""
    session = await world.knightfall_duel()
    question = (await world.slash("alice", "game resign")).messages[-1]
    since = channel_count(world)
    world.outage_on_next_post()  # Discord answers 503: the result is not posted
    await world.click("alice", question, yes_button(question))
    ended = await world.bot.store.load(session.id)
    assert ended.status == "finished" and ended.end_reason == "resigned"
    new = world.emu.channel_messages(world.chan)[since:]
    assert not [m for m in new if "Game over" in m.text()]
    assert await world.bot.store.owes_ending(session.id)

    await world.bot.housekeeping()
    await world.quiesce()
    assert await world.bot.store.owes_ending(session.id)

    a_while_ago = discord.utils.utcnow() - timedelta(minutes=2)
    await world.bot.store.db.execute(  # and its own post's claim on it lapsed
        "UPDATE endings_owed SET ended_at=?, claimed_until=? WHERE session_id=?",
        (a_while_ago.isoformat(), a_while_ago.isoformat(), session.id),
    )
    for _ in range(2):
        await world.bot.housekeeping()
        await world.quiesce()
        assert_announced(world, ended, "Alice resigned", since)
    assert not await world.bot.store.owes_ending(session.id)
    assert_dms_final(world, ended, "Alice resigned")


async def test_an_abort_request_shows_the_other_player_an_agree_button(world):
    session = await world.knightfall_duel()
    since = channel_count(world)
    ix = await world.slash("alice", "game abort")
    assert "Agree" in ix.messages[-1].text()
    request = world.emu.channel_messages(world.chan)[-1]
    assert request.mentions is not None and request.mentions.notified == {world.people["bob"].id}
    agree = request.find_button("Agree")

    ix = await world.click("dave", request, agree)
    assert "Only Bob" in ix.messages[-1].text()
    ix = await world.click("alice", request, agree)
    assert "waiting for Bob" in ix.messages[-1].text()
    assert (await world.live()).id == session.id

    await world.click("bob", request, agree)
    ended = await world.bot.store.load(session.id)
    assert ended.status == "abandoned" and ended.end_reason == "aborted"
    assert_announced(world, ended, "aborted", since)
    assert_dms_final(world, ended, "aborted")
    assert request.buttons() == []  # the request is answered


async def test_an_agree_button_from_before_a_move_is_refused_kindly(world):
    session = await world.knightfall_duel()
    await world.slash("alice", "game abort")
    request = world.emu.channel_messages(world.chan)[-1]
    await world.play_one(session, 1, random.Random(2))
    ix = await world.click("bob", request, request.find_button("Agree"))
    assert "moved on" in ix.messages[-1].text()
    assert (await world.live()).status == "active"
    await end_game(world)


async def end_game(world: World, who: str = "carol", **options):
    """``/game end`` and its confirmation; returns the question and the answer to Yes."""
    question = (await world.slash(who, "game end", **options)).messages[-1]
    return question, await world.click(who, question, yes_button(question))


async def test_game_end_asks_the_moderator_then_announces_to_the_players_only(world):
    session = await world.knightfall_duel()
    since = channel_count(world)
    ix = await world.slash("carol", "game end")
    question = ix.messages[-1]
    assert question.ephemeral and "Are you sure" in question.text()
    assert (await world.live()).id == session.id

    await press_yes_twice(world, "carol", question, "Ended session")
    ended = await world.bot.store.load(session.id)
    assert ended.status == "abandoned" and ended.end_reason == "aborted"
    assert_announced(world, ended, "moderator ended", since)
    assert_dms_final(world, ended, "moderator ended")


async def test_an_idle_game_nobody_is_blamed_for_is_announced(world):
    session = await world.knightfall_duel()
    since = channel_count(world)
    assert await world.bot.lifecycle.sweep(discord.utils.utcnow() + 8 * DAY) == 1
    await world.quiesce()
    ended = await world.bot.store.load(session.id)
    assert ended.end_reason == "idle"
    assert_announced(world, ended, "without a result", since)
    assert_dms_final(world, ended, "without a result")


async def test_an_idle_player_loses_and_both_see_it_in_their_dms(world):
    session = await world.knightfall_duel()
    rng = random.Random(5)
    while len(session.game.to_act()) != 1:
        await world.play_one(session, session.game.to_act()[0], rng)
        session = await world.bot.store.load(session.id)
    since = channel_count(world)
    assert await world.bot.lifecycle.sweep(discord.utils.utcnow() + 8 * DAY) == 1
    await world.quiesce()
    ended = await world.bot.store.load(session.id)
    assert ended.end_reason == "timeout"
    assert_announced(world, ended, "counts as resigning", since)
    assert_dms_final(world, ended, "counts as resigning")


def announcement(world: World, since: int):
    return next(
        m for m in world.emu.channel_messages(world.chan)[since:] if "Game over" in m.text()
    )


async def test_play_again_challenges_the_other_player_with_seats_swapped(world):
    session = await world.knightfall_duel()
    alice, bob = world.people["alice"], world.people["bob"]
    since = channel_count(world)
    await world.resign("alice")
    over = announcement(world, since)
    assert "Ratings: Alice" in over.text()
    assert "leaderboard: Alice #" in over.text() and "Bob #1" in over.text()  # bob leads

    ix = await world.click("dave", over, over.find_button("Play again"))
    assert "Only the players" in ix.messages[-1].text()
    assert await world.live() is None

    await world.click("bob", over, over.find_button("Play again"))
    again = await world.live()
    assert again.status == "pending" and again.game_id == session.game_id
    assert [s.user_id for s in again.seats] == [bob.id, alice.id]  # bob sat second before
    challenge = world.emu.channel_messages(world.chan)[-1]
    assert challenge.mentions.notified == {alice.id}
    ix = await world.click("alice", over, over.find_button("Play again"))  # channel busy
    assert ix.messages[-1].ephemeral and (await world.live()).id == again.id
    await world.click("alice", challenge, challenge.find_button("Accept"))
    assert (await world.live()).status == "active"
    await world.end_game()


async def test_play_again_against_the_computer_starts_at_once_at_the_same_level(world):
    await world.slash("alice", "knightfall challenge", level="easy")
    session = await world.live()
    (computer,) = session.computer_seats  # who leads is drawn at random
    assert session.computer_seats == {computer: "easy"}
    since = channel_count(world)
    await world.resign("alice")  # unrated: no question
    over = announcement(world, since)
    await world.click("alice", over, over.find_button("Play again"))
    again = await world.live()
    assert again.status == "active" and again.computer_seats == {1 - computer: "easy"}
    assert again.seats[computer].user_id == world.people["alice"].id
    await world.resign("alice")


async def test_play_again_in_a_solo_game_keeps_the_options_and_a_lost_best_is_plain(
    world, monkeypatch
):
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: 4)  # lost with a score, at random
    await world.slash("alice", "galdor start", threshold=5, method="a")
    session = await world.live()
    since = channel_count(world)
    rng = random.Random(3)
    while session.status == "active":
        board = world.board(session)
        await world.make_move(world.people["alice"], board, rng.choice(move_controls(board)))
        session = await world.bot.store.load(session.id)
    over = announcement(world, since)
    score, won = session.game.result.scores[0], session.game.result.winners == [0]
    if score > 0 and won:  # the seed is secret and random: a game may end with no score at all
        assert f"🎉 Alice: {score:g} points, a new best!" in over.text()
    else:  # a lost game is never congratulated
        assert "new best" not in over.text() and "🎉" not in over.text()
    if score > 0 and not won:
        assert f"Alice: {score:g} points, your first score in this game." in over.text()
    assert "leaderboard: Alice #1" in over.text()

    ix = await world.click("bob", over, over.find_button("Play again"))
    assert "Only the players" in ix.messages[-1].text()
    await world.click("alice", over, over.find_button("Play again"))
    again = await world.live()
    assert again.status == "active" and again.id != session.id
    assert again.game_id == "galdors_grip" and again.seats[0].user_id == world.people["alice"].id
    assert again.options == session.options
    await world.resign("alice")


# ---- a game whose channel is gone -------------------------------------------------------------
def notices(world: World, user, since: int) -> list:
    """The DMs ``user`` got since their ``since``-th saying a game or challenge ended."""
    return [
        m
        for m in world.emu.dm_messages(user)[since:]
        if "was deleted" in m.content and not m.attachments
    ]


async def test_a_deleted_channel_ends_its_duel_and_each_player_is_told_once_by_dm(world):
    emu = world.emu
    alice, bob = world.people["alice"], world.people["bob"]
    doomed = emu.add_text_channel(world.guild, "doomed")
    await emu.wait_for(lambda: world.bot.get_channel(doomed.id))
    await world.slash("alice", "knightfall challenge", chan=doomed, opponent=bob)
    challenge = emu.channel_messages(doomed)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    session = await world.live(doomed)
    slots = await world.bot.store.live_count(world.guild.id, alice.id)
    dms = {u.id: len(emu.dm_messages(u)) for u in (alice, bob)}

    emu.delete_channel(doomed)
    ended = await world.until_ended(session.id)
    assert (ended.status, ended.end_reason) == ("abandoned", "deleted")
    assert await world.bot.store.live_count(world.guild.id, alice.id) == slots - 1
    for user in (alice, bob):
        (notice,) = notices(world, user, dms[user.id])
        assert "Knightfall" in notice.content and "Alice vs Bob" in notice.content
        assert session.id in notice.content and "without a result" in notice.content
        assert not notice.mentions.notified and not notice.buttons()
        assert_no_leak([notice.text()], set(all_card_labels()))
        seat = ended.seats[session.seat_of(user.id)]
        game_dm = emu.state.messages[seat.dm_message_id]
        assert "was deleted" in game_dm.text() and move_controls(game_dm) == []

    # Another process that found the channel gone (404 10003) ends nothing more, tells no one.
    assert await world.bot.orphans.end_games_in(doomed.id) == 0
    await world.quiesce()
    assert all(len(notices(world, u, dms[u.id])) == 1 for u in (alice, bob))


async def test_a_board_edit_answered_unknown_channel_ends_the_game_and_missing_access_not(world):
    session = await world.knightfall_duel()
    emu, rng = world.emu, random.Random(7)
    alice, bob = world.people["alice"], world.people["bob"]
    board = f"/channels/{world.chan.id}/messages/{session.message_id}"
    posts = f"/channels/{world.chan.id}/messages"
    emu.fail_next("PATCH", board, status=403, code=50001, message="Missing Access")
    emu.fail_next("POST", posts, status=403, code=50001, message="Missing Access")
    await world.play_one(session, session.game.to_act()[0], rng)
    session = await world.bot.store.load(session.id)
    assert session.status == "active"  # a permission can be granted again: the game goes on

    dms = {u.id: len(emu.dm_messages(u)) for u in (alice, bob)}
    emu.fail_next("PATCH", board, status=404, code=10003, message="Unknown Channel")
    await world.play_one(session, session.game.to_act()[0], rng)  # a move the bot saves
    ended = await world.until_ended(session.id)
    assert (ended.status, ended.end_reason) == ("abandoned", "deleted")
    assert ended.step > session.step  # the move counts
    assert all(len(notices(world, u, dms[u.id])) == 1 for u in (alice, bob))
