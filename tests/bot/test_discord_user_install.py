"""Solo games where the app is installed to a member only: a group DM with friends.

The bot is not in such a channel: everything it shows goes through the game's interactions
(the start command's response, each click's own response, follow-ups), never a channel route,
which Discord (and the emulator) refuses there.
"""

import random
from datetime import timedelta

import discord
import pytest

import bot.flow.lobby
import engines.gondor.game
from discord_emulator import EmulatorError
from discord_emulator.models import USE_EXTERNAL_APPS
from engines.gondor import Gondor
from engines.gondor.data import GAME
from engines.guardians import Guardians
from tests.bot.gondor_players import Player
from tests.bot.gondor_table import page_buttons
from tests.bot.harness import assert_no_leak, hidden_labels, message_texts, move_controls
from tests.bot.test_discord_gondor import secret_truth
from tests.bot.test_discord_guardians import Knowledge, check_no_leaks, choose, code_of

pytestmark = pytest.mark.asyncio(loop_scope="module")
KNIGHTFALL_MOVES = 12
"""Alice's moves against the computer: enough for hands, tricks and the computer's answers."""
GUARDIANS_SEED = 159
"""The Guardians duel's seed: with ``choose`` and ``random.Random(GUARDIANS_SEED)`` its whole game
takes 43 clicks (other seeds: 40-700)."""
GONDOR_SEED = 132
GONDOR_ONE_TURN = GAME.model_copy(update={"turns": 1})
GONDOR_CLICKS = 300


@pytest.fixture
def group(world):
    """Alice installed the app to her account; a new group DM of alice, bob and carol."""
    alice, bob, carol = (world.people[name] for name in ("alice", "bob", "carol"))
    world.emu.install_app(alice)
    return world.emu.open_group_dm(alice, bob, carol)


def channel_routes(world, chan, since: int = 0) -> list[str]:
    """The bot-token requests the bot made on ``chan`` (none may be made there)."""
    return [
        f"{r.route} {r.status}"
        for r in world.emu.requests[since:]
        if f"/channels/{chan.id}" in r.path
    ]


def failed_requests(world, since: int = 0) -> list[str]:
    """The bot's requests Discord refused since ``since`` (none may be)."""
    return [
        f"{r.route} {r.status} {r.code} {r.message}"
        for r in world.emu.requests[since:]
        if r.status >= 400
    ]


async def accepted_by_bob(world, group, game: str):
    """Alice challenges bob to ``game`` there and bob, without the app, presses Accept."""
    await world.slash("alice", f"{game} challenge", chan=group, opponent=world.people["bob"])
    challenge = world.emu.channel_messages(group)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    return challenge


def board_in(world, chan, session):
    return next(m for m in world.emu.channel_messages(chan) if m.id == session.message_id)


async def play_out(world, chan, sid: str, seed: int) -> int:
    """Alice clicks random moves on the board until the game ends; how many she made."""
    rng = random.Random(seed)
    alice = world.people["alice"]
    for made in range(400):
        session = await world.bot.store.load(sid)
        if session.status != "active":
            return made
        board = board_in(world, chan, session)
        options = move_controls(board)
        assert options, "the player must always have a control on the board"
        await world.make_move(alice, board, rng.choice(options))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("galdor start", {}),
        ("gondolin start", {"story": "hidden_vale", "mode": "easy"}),
        ("galdor learn", {}),
    ],
)
async def test_a_whole_solo_game_in_a_group_dm_goes_through_interactions(
    world, group, path, options
):
    since = len(world.emu.requests)
    start = await world.slash("alice", path, chan=group, **options)
    assert start.messages and not start.late and not start.messages[-1].ephemeral
    session = await world.live(group)
    assert session is not None and session.via_interactions and session.guild_id == 0
    assert session.message_id == start.messages[0].id  # the start's response is the board

    moves = await play_out(world, group, session.id, seed=7)
    assert moves >= 3
    session = await world.bot.store.load(session.id)
    assert session.status == "finished"
    board = board_in(world, group, session)
    assert not move_controls(board)
    assert "Game over" in board.text() if session.lesson is None else session.end_reason == "lesson"
    result = world.emu.channel_messages(group)[-1]
    labels = {b.label for b in result.buttons()}
    assert result.interaction_id is not None and labels & {"Play again", "Start a game"}
    assert channel_routes(world, group, since) == []
    assert failed_requests(world, since) == []
    assert world.emu.dm_messages(world.people["alice"]) == []


async def test_a_game_carries_on_after_a_restart_with_the_next_click(world, group):
    since = len(world.emu.requests)
    await world.slash("alice", "galdor start", chan=group)
    session = await world.live(group)
    alice = world.people["alice"]
    board = board_in(world, group, session)
    await world.make_move(alice, board, move_controls(board)[0])
    session = await world.bot.store.load(session.id)
    assert session.step > 0

    await world.stop_bot()
    world.emu.advance(16 * 60)  # every token of the game has expired
    await world.start_bot()
    board = board_in(world, group, session)
    ix = await world.press(alice, board, move_controls(board)[0])
    await world.quiesce()
    after = await world.bot.store.load(session.id)
    assert after.step > session.step and after.via_interactions
    assert ix.response_type == 7 and after.message_id == board.id  # answered in place
    assert channel_routes(world, group, since) == []
    await world.resign("alice", chan=group)  # a member has a limit of live games


async def test_commands_outside_a_server_are_the_installing_members_own(world, group):
    bob, alice = world.people["bob"], world.people["alice"]
    with pytest.raises(EmulatorError, match="no install authorizes"):
        await world.emu.slash(bob, group, "galdor start")  # bob did not install the app
    with pytest.raises(EmulatorError, match=r"not registered|not available"):
        await world.emu.slash(alice, group, "leaderboard", game="galdors_grip")
    ix = await world.slash("alice", "gondolin scoreboard", chan=group, story="hidden_vale")
    assert ix.messages[-1].ephemeral and "/stats" in ix.messages[-1].text()

    ix = await world.slash("alice", "stats", chan=group, member=bob)
    assert ix.messages[-1].ephemeral and "only your own" in ix.messages[-1].text()
    ix = await world.slash("alice", "stats", chan=group)
    own = ix.messages[-1].text()
    assert "alice" in own.lower() and ("outside servers" in own or "No games yet" in own)
    rows = await world.bot.db.fetchall(
        "SELECT COUNT(*) FROM sessions s JOIN seats t ON t.session_id = s.id"
        " WHERE s.guild_id = 0 AND t.user_id = ? AND s.status = 'finished'"
        " AND COALESCE(s.end_reason, '') <> 'lesson'",  # a lesson counts nowhere
        (alice.id,),
    )
    finished = rows[0][0]
    assert (f"{finished} finished game" in own) if finished else "No games yet" in own, (
        finished,
        own,
    )
    ix = await world.slash("alice", "stats", member=alice)  # in the server: its games only
    assert "outside servers" not in ix.messages[-1].text()


async def test_knightfall_against_the_computer_in_a_group_dm_hides_the_hand(world, group):
    """Alice's cards reach her only through "My hand": nothing hidden shows in the channel."""
    since = len(world.emu.requests)
    alice = world.people["alice"]
    await world.slash("alice", "knightfall challenge", chan=group, level="easy")
    session = await world.live(group)
    assert session is not None and session.via_interactions and session.computer_seats
    seat = session.seat_of(alice.id)
    note = next(m for m in world.emu.channel_messages(group) if "My hand" in m.text())
    assert note.interaction_id is not None and alice.mention in note.text()
    rng = random.Random(5)
    for _ in range(KNIGHTFALL_MOVES):
        session = await world.bot.store.load(session.id)
        assert session.status == "active"
        assert seat in session.game.to_act(), "the computer answered every move"
        board = board_in(world, group, session)
        hand = await world.click("alice", board, board.find_button("My hand"))
        answer = hand.messages[-1]
        assert answer.ephemeral and answer.visible_to == alice.id
        await world.make_move(alice, answer, rng.choice(move_controls(answer)))
    session = await world.bot.store.load(session.id)
    moves = [s for s, _, _ in await world.bot.store.action_log(session.id)]
    assert moves.count(1 - seat) >= KNIGHTFALL_MOVES // 2, "the computer played its seat"
    game = session.game
    for message in world.emu.channel_messages(group):
        assert_no_leak(message_texts(message), hidden_labels(game, None))
    assert world.emu.dm_messages(alice) == []
    assert channel_routes(world, group, since) == []
    assert failed_requests(world, since) == []
    await world.resign("alice", chan=group)  # a member has a limit of live games
    assert await world.live(group) is None


async def test_a_knightfall_duel_in_a_group_dm_each_hand_only_to_its_player(world, group):
    """Bob, without the app, accepts alice's challenge there; each plays by My hand."""
    since = len(world.emu.requests)
    challenge = await accepted_by_bob(world, group, "knightfall")
    session = await world.live(group)
    assert session is not None and session.status == "active" and session.via_interactions
    assert session.message_id == challenge.id  # the challenge became the board
    rng = random.Random(8)
    for _ in range(KNIGHTFALL_MOVES):
        session = await world.bot.store.load(session.id)
        assert session.status == "active"
        seat = session.game.to_act()[0]
        player = world.user(session, seat)
        board = board_in(world, group, session)
        hand = (await world.click(player.name, board, board.find_button("My hand"))).messages[-1]
        assert hand.ephemeral and hand.visible_to == player.id
        await world.make_move(player, hand, rng.choice(move_controls(hand)))
    game = (await world.bot.store.load(session.id)).game
    for message in world.emu.channel_messages(group):
        assert_no_leak(message_texts(message), hidden_labels(game, None))
    for seat in range(2):
        for message in world.emu.ephemeral_messages(world.user(session, seat)):
            if message.channel_id == group.id:  # this game's: the group DM is the test's own
                assert_no_leak(message_texts(message), hidden_labels(game, seat))
    assert channel_routes(world, group, since) == []
    assert failed_requests(world, since) == []
    with pytest.raises(EmulatorError, match="no install authorizes"):
        await world.emu.slash(world.people["bob"], group, "game resign")  # bob may only click
    await world.resign("alice", chan=group)
    assert await world.live(group) is None


async def test_a_game_there_is_resigned_with_game_resign_and_the_servers_commands_refused(
    world, group
):
    since = len(world.emu.requests)
    await world.slash("alice", "galdor start", chan=group)
    session = await world.live(group)
    for path, options, refusal in (
        ("game settings", {}, "server's command"),
        ("game end", {}, "server's command"),
        ("game resign", {"session": session.id}, "leave `session` out"),
    ):
        ix = await world.slash("alice", path, chan=group, **options)
        assert ix.messages[-1].ephemeral and refusal in ix.messages[-1].text(), path
    assert (await world.bot.store.load(session.id)).status == "active"
    ix = await world.slash("alice", "game status", chan=group)
    assert ix.messages[-1].ephemeral and ix.messages[-1].attachments

    answer = await world.resign("alice", chan=group)
    assert "resign" in answer.lower()
    session = await world.bot.store.load(session.id)
    assert session.status == "finished" and await world.live(group) is None
    assert not move_controls(board_in(world, group, session))
    assert channel_routes(world, group, since) == []
    assert failed_requests(world, since) == []


def server_without_the_bot(world, name: str, member):
    """A new server that never added the bot, with ``member`` (who installed the app) in it;
    its one text channel."""
    world.emu.install_app(member)
    server = world.emu.add_guild(name, with_bot=False)
    chan = world.emu.add_text_channel(server, "general")
    world.emu.add_member(server, member)
    return chan


async def test_a_server_without_the_bot_is_played_through_interactions_too(world):
    """Alice's user install in a server that never added the bot: no server's game there."""
    alice = world.people["alice"]
    chan = server_without_the_bot(world, "Elsewhere", alice)
    since = len(world.emu.requests)
    await world.slash("alice", "galdor start", chan=chan)
    session = await world.live(chan)
    assert session is not None and session.via_interactions and session.guild_id == 0
    for _ in range(3):
        board = board_in(world, chan, session)
        await world.make_move(alice, board, move_controls(board)[0])
        session = await world.bot.store.load(session.id)
    await world.resign("alice", chan=chan)
    assert (await world.bot.store.load(session.id)).status == "finished"
    assert channel_routes(world, chan, since) == []
    assert failed_requests(world, since) == []


async def test_a_board_no_token_could_edit_is_redrawn_by_the_next_my_hand(
    world, group, monkeypatch
):
    """The board's edits after a move need a token that may edit it, alive: without one the
    board stays behind, and the next press of My hand, made on it, redraws it."""
    alice = world.people["alice"]
    await world.slash("alice", "knightfall challenge", chan=group, level="easy")
    session = await world.live(group)
    board = board_in(world, group, session)
    hand = (await world.click("alice", board, board.find_button("My hand"))).messages[-1]
    before = board.text()
    # Every token too old (below zero: the restart test moved the emulator's clock, so its
    # interactions may look younger than none to the bot's clock).
    monkeypatch.setattr("bot.surface.reach.TOKEN_LIFE", timedelta(hours=-1))
    await world.make_move(alice, hand, move_controls(hand)[0])
    assert board_in(world, group, session).text() == before  # no token could edit it
    monkeypatch.undo()
    await world.click("alice", board, board.find_button("My hand"))
    assert board_in(world, group, session).text() != before
    await world.resign("alice", chan=group)


async def test_a_daily_deal_in_a_group_dm_counts_under_no_server_and_links_there(world, group):
    since = len(world.emu.requests)
    daily = world.bot.daily
    noon = discord.utils.utcnow().replace(hour=12)
    daily.clock = lambda: noon  # one day throughout, even run at midnight
    await world.slash("alice", "galdor daily", chan=group)
    session = await world.live(group)
    assert session is not None and session.via_interactions
    attempt = await daily.days.attempt(world.people["alice"].id, "galdors_grip", daily.today())
    assert attempt is not None and attempt.session_id == session.id
    assert attempt.guild_id is None  # no server's daily board

    again = await world.slash("alice", "galdor daily", chan=group)
    text = again.messages[-1].text()
    link = f"https://discord.com/channels/@me/{group.id}/{session.message_id}"
    assert again.messages[-1].ephemeral and link in text

    boards = await world.slash("alice", "galdor daily", chan=group, action="board")
    shown = "\n".join(m.text() for m in boards.messages)
    assert "This server" not in shown and "All servers" in shown
    assert channel_routes(world, group, since) == []
    await world.resign("alice", chan=group)


async def test_help_answers_outside_a_server_and_turns_its_pages_there(world, group):
    since = len(world.emu.requests)
    pages = await world.help_pages("alice", chan=group)
    assert len(pages) > 1 and any("Start here" in text for text in pages[0])
    assert channel_routes(world, group, since) == []


async def test_a_whole_guardians_duel_in_a_group_dm_each_hand_only_to_its_player(
    world, group, monkeypatch
):
    """Bob, without the app, accepts; both play the whole game by My hand, nothing leaks."""
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: GUARDIANS_SEED)
    since = len(world.emu.requests)
    first = max(world.emu.state.messages, default=0)
    await accepted_by_bob(world, group, "guardians")
    session = await world.live(group)
    assert session is not None and session.via_interactions and session.guild_id == 0
    rng = random.Random(GUARDIANS_SEED)
    for _ in range(700):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        seat = rng.choice(session.game.to_act())
        player = world.user(session, seat)
        board = board_in(world, group, session)
        hand = (await world.click(player.name, board, board.find_button("My hand"))).messages[-1]
        assert hand.ephemeral and hand.visible_to == player.id
        controls = move_controls(hand)
        assert {code_of(c) for c in controls} == {
            Guardians.encode(a) for a in session.game.legal_actions(seat)
        }
        await world.make_move(player, hand, choose(rng, controls))
    session = await world.bot.store.load(session.id)
    assert session.status == "finished" and session.game.result.winners
    rows = await world.bot.store.action_log(session.id)
    replayed = Guardians.new(2, seed=GUARDIANS_SEED, options=session.options)
    check_no_leaks(world, session, Knowledge.of(replayed, rows), first, chan=group)
    assert world.emu.dm_messages(world.people["bob"]) == []
    assert channel_routes(world, group, since) == []
    assert failed_requests(world, since) == []
    assert "Game over" in world.emu.channel_messages(group)[-1].text()


async def test_a_whole_gondor_game_against_the_computer_in_a_group_dm(world, group, monkeypatch):
    """Alice (Westernesse) gives every order from My hand; the computer plays Sauron; the game
    is shortened to one Game-Turn (its end is the same as after the sixteenth)."""
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: GONDOR_SEED)
    monkeypatch.setattr(engines.gondor.game, "GAME", GONDOR_ONE_TURN)
    since = len(world.emu.requests)
    first = max(world.emu.state.messages, default=0)
    alice = world.people["alice"]
    await world.slash("alice", "gondor challenge", chan=group, side="westernesse", level="easy")
    session = await world.live(group)
    assert session is not None and session.via_interactions and list(session.computer_seats) == [0]
    player = Player("westernesse")
    coached = False
    for _ in range(GONDOR_CLICKS):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        assert session.game.to_act() == [1], "the computer answered every order"
        board = board_in(world, group, session)
        hand = (await world.click("alice", board, board.find_button("My hand"))).messages[-1]
        assert hand.ephemeral and hand.visible_to == alice.id
        coached |= any((b.custom_id or "").startswith("coach:") for b in hand.buttons())
        controls = {code_of(c): c for c in move_controls(hand)}
        action = player.choose(session.game.view(1), [Gondor.decode(code) for code in controls])
        await world.make_move(alice, hand, controls[Gondor.encode(action)])
    session = await world.bot.store.load(session.id)
    assert session.status == "finished" and session.game.is_over
    moves = [seat for seat, _, _ in await world.bot.store.action_log(session.id)]
    assert moves.count(0) >= 30 and moves.count(1) >= 5, "both sides played the Game-Turn"
    assert coached, "the coach's switch comes with My hand"
    assert "Game over" in world.emu.channel_messages(group)[-1].text()
    channel = [m for m in world.emu.channel_messages(group) if m.id > first]
    texts = [t for m in channel for t in message_texts(m)]
    texts += [a.description or "" for m in channel for v in [*m.history, m] for a in v.attachments]
    assert not any(secret_truth(t) for t in texts), "the cauldrons' truth stays Westernesse's"
    assert world.emu.dm_messages(alice) == []
    assert channel_routes(world, group, since) == []
    assert failed_requests(world, since) == []


async def test_a_gondor_duel_in_a_group_dm_starts_and_is_played_from_my_hand(world, group):
    """Bob, without the app, accepts; each side's orders come by My hand, pages included."""
    since = len(world.emu.requests)
    await accepted_by_bob(world, group, "gondor")
    session = await world.live(group)
    assert session is not None and session.status == "active" and session.via_interactions
    rng = random.Random(3)
    paged = False
    for _ in range(8):
        session = await world.bot.store.load(session.id)
        seat = session.game.to_act()[0]
        player = world.user(session, seat)
        board = board_in(world, group, session)
        hand = (await world.click(player.name, board, board.find_button("My hand"))).messages[-1]
        assert hand.ephemeral and hand.visible_to == player.id
        pages = page_buttons(hand)  # "More moves ▶", or a link to a long list of its own
        more = pages[min(pages)][0] if pages else None
        if more is not None and not paged:  # another page of orders, in the same answer
            turned = await world.click(player.name, hand, more)
            assert turned.response_type == 7
            hand = next(m for m in world.emu.ephemeral_messages(player) if m.id == hand.id)
            paged = True
        await world.make_move(player, hand, rng.choice(move_controls(hand)))
    assert paged, "a page of orders was turned"
    assert (await world.bot.store.load(session.id)).step >= 8
    assert world.emu.dm_messages(world.people["bob"]) == []
    assert channel_routes(world, group, since) == []
    assert failed_requests(world, since) == []
    await world.resign("alice", chan=group)
    assert await world.live(group) is None


async def knightfall_duel_in(world, group):
    """Alice challenges bob (who never installed the app) there, and bob accepts."""
    await accepted_by_bob(world, group, "knightfall")
    session = await world.live(group)
    assert session is not None and session.status == "active"
    return session


async def help_answer(world, who: str, group, session):
    """The "?" answer ``who`` gets on the game's board."""
    board = board_in(world, group, session)
    return (await world.click(who, board, board.find_button("?"))).messages[-1]


async def test_a_friend_without_the_app_resigns_and_asks_to_abort_by_buttons(world, group):
    """Bob can't run /game resign or /game abort there: the "?" answer gives him both."""
    since = len(world.emu.requests)
    session = await knightfall_duel_in(world, group)
    watching = await help_answer(world, "carol", group, session)
    assert not [b for b in watching.buttons() if b.label in ("Resign…", "Ask to abort")]
    asked = await help_answer(world, "bob", group, session)
    assert asked.ephemeral and asked.visible_to == world.people["bob"].id
    ix = await world.click("bob", asked, asked.find_button("Ask to abort"))
    assert "once Alice also" in ix.messages[-1].text()
    request = world.emu.channel_messages(group)[-1]
    assert "asks to abort" in request.text() and request.interaction_id is not None
    await world.click("alice", request, request.find_button("Agree"))
    aborted = await world.bot.store.load(session.id)
    assert (aborted.status, aborted.end_reason) == ("abandoned", "aborted")

    session = await knightfall_duel_in(world, group)
    asked = await help_answer(world, "bob", group, session)
    question = (await world.click("bob", asked, asked.find_button("Resign…"))).messages[-1]
    assert question.ephemeral and "Are you sure?" in question.text()
    assert (await world.bot.store.load(session.id)).status == "active"  # not before Yes
    await world.click("bob", question, question.find_button("Yes, resign"))
    session = await world.bot.store.load(session.id)
    assert session.status == "finished" and session.end_reason == "resigned"
    rows = await world.bot.db.fetchall(
        "SELECT user_id, outcome FROM results WHERE session_id=?", (session.id,)
    )
    assert {uid: outcome for uid, outcome in rows}[world.people["bob"].id] == "loss"
    assert "Game over" in world.emu.channel_messages(group)[-1].text()
    assert channel_routes(world, group, since) == []


async def test_in_a_server_the_help_answer_has_no_resign_button(world):
    session = await world.knightfall_duel()
    board = world.board(session)
    answer = (await world.click("bob", board, board.find_button("?"))).messages[-1]
    assert not [b for b in answer.buttons() if b.label in ("Resign…", "Ask to abort")]
    await world.resign("alice")


async def test_a_server_without_use_external_apps_refuses_a_game_for_two(world):
    """Discord makes a user install's answers ephemeral there: no board both could see."""
    alice, bob = world.people["alice"], world.people["bob"]
    world.emu.install_app(alice)
    closed = world.emu.add_guild("No external apps", with_bot=False)
    chan = world.emu.add_text_channel(closed, "general")
    for person in (alice, bob):
        world.emu.add_member(closed, person)
    everyone = closed.roles[closed.id]
    world.emu.set_channel_permissions(chan, everyone, deny=USE_EXTERNAL_APPS)
    ix = await world.slash("alice", "knightfall challenge", chan=chan, opponent=bob)
    assert ix.messages[-1].ephemeral and "Use External Apps" in ix.messages[-1].text()
    assert await world.live(chan) is None

    await world.slash("alice", "galdor start", chan=chan)  # a solo game: seen by alice alone
    session = await world.live(chan)
    board = next(m for m in world.emu.ephemeral_messages(alice) if m.id == session.message_id)
    assert board.ephemeral and board.visible_to == alice.id
    await world.make_move(alice, board, move_controls(board)[0])
    assert (await world.bot.store.load(session.id)).step > 0
    await world.resign("alice", chan=chan)


@pytest.mark.parametrize("button", ["My hand", "?"])
async def test_a_game_ended_by_housekeeping_without_a_live_token_shows_at_the_next_click(
    world, group, monkeypatch, button
):
    """Idle for days: the idle rules end it with no live token to show it. The result is saved;
    the next click (a fresh token) shows the ending on the board, and /stats counts it."""
    alice = world.people["alice"]
    await world.slash("alice", "knightfall challenge", chan=group, level="easy")
    session = await world.live(group)
    board = board_in(world, group, session)
    before = board.text()
    monkeypatch.setattr("bot.surface.reach.TOKEN_LIFE", timedelta(hours=-1))
    later = discord.utils.utcnow() + timedelta(days=30)
    assert await world.bot.lifecycle.sweep(later) >= 1
    ended = await world.bot.store.load(session.id)
    assert ended.status == "finished" and ended.end_reason == "timeout"
    assert board_in(world, group, session).text() == before  # no token could show it
    monkeypatch.undo()
    ix = await world.click("alice", board, board.find_button(button))
    assert ix.messages[0].ephemeral and "ended" in ix.messages[0].text()
    shown = board_in(world, group, session)
    assert "Game over" in shown.text() and not shown.buttons()
    result = world.emu.channel_messages(group)[-1]
    assert not result.ephemeral and "Game over" in result.text()
    assert alice.mention in result.text()
    ix = await world.slash("alice", "stats", chan=group)
    assert "outside servers" in ix.messages[-1].text()


async def test_game_abort_there_asks_the_other_player_in_public(world, group):
    """The request to agree is a public follow-up, not the filling of alice's "thinking…"."""
    session = await knightfall_duel_in(world, group)
    ix = await world.slash("alice", "game abort", chan=group)
    (answer,) = ix.messages
    assert answer.ephemeral and "once Bob also" in answer.text()
    request = world.emu.channel_messages(group)[-1]
    assert not request.ephemeral and "asks to abort" in request.text()
    await world.click("bob", request, request.find_button("Agree"))
    aborted = await world.bot.store.load(session.id)
    assert (aborted.status, aborted.end_reason) == ("abandoned", "aborted")


async def test_guardians_saved_decks_are_the_members_own_anywhere(world, group):
    """A deck saved in a group DM is the same member's deck in a server, and the other way."""
    ix = await world.slash("alice", "guardians deck new", chan=group, name="Trip", copy="starter_2")
    assert ix.messages[-1].ephemeral and "Trip" in ix.messages[-1].text()
    ix = await world.slash("alice", "guardians deck list")  # in the server
    assert "Trip" in ix.messages[-1].text()
    await world.slash("alice", "guardians challenge", chan=group, deck="Trip", level="easy")
    session = await world.live(group)
    assert session is not None and session.via_interactions and "deck_lists" in session.options
    await world.resign("alice", chan=group)
    await world.slash("alice", "guardians deck delete", name="Trip")


async def test_a_daily_deal_in_a_server_without_the_bot_is_shown_there_only_if_chosen(world):
    """Where the app is only the member's, the bot has no DM to deal in: the member chooses."""
    bob = world.people["bob"]
    chan = server_without_the_bot(world, "Daily elsewhere", bob)
    daily = world.bot.daily
    noon = discord.utils.utcnow().replace(hour=12)
    daily.clock = lambda: noon
    asked = (await world.slash("bob", "galdor daily", chan=chan)).messages[-1]
    assert asked.ephemeral and "Run `/galdor daily` in your DM with me" in asked.text()
    assert await world.live(chan) is None
    assert await daily.days.attempt(bob.id, "galdors_grip", daily.today()) is None
    here = asked.find_button("Play it here (everyone in this channel sees the deal)")
    await world.click("bob", asked, here)
    session = await world.live(chan)
    assert session is not None and session.via_interactions
    assert not board_in(world, chan, session).ephemeral
    attempt = await daily.days.attempt(bob.id, "galdors_grip", daily.today())
    assert attempt.session_id == session.id and attempt.guild_id is None
    await world.resign("bob", chan=chan)
