"""Nothing heavy on the event loop: moves, replays, Undo and the log leave it free for others.

``CallbackWatch`` (tests/bot/loop_watch.py) times each callback the loop runs while the bot
answers; above 50 ms every other game of the process waits, and a few seconds miss Discord's
3 s deadline. The budget is in the loop thread's CPU time, and for the bot's own callbacks
only: the bot, the emulator and the test share the loop, and on a loaded 2-core machine the
wall time of a callback grows with the other processes' load (CPU time does not), while the
emulator's and the test's own work (building a gateway event, reading a game to drive it) is
not the bot's to answer for. Work the bot does in its threads and workers is not the loop's.
"""

from __future__ import annotations

import json
import logging
import random
import re
from datetime import UTC, datetime, timedelta

import pytest

from bot.surface import heavy
from engines.gondor import Gondor
from tests.bot.harness import World, move_controls
from tests.bot.loop_watch import LIMIT, CallbackWatch

pytestmark = pytest.mark.asyncio(loop_scope="module")

SEED = 5


HEAVY_SEED, HEAVY_STEP = 1, 988
HEAVY_ORDER = {"unit": "select.32.2722", "to": "2624"}
"""A heavy typed order in a random Gondor game (seed 1): Cataphracted Cavalry with 73 hexes in
reach. Its rules are the group's reach, the order checked on a copy, then applied with both
sides' legal moves over the whole map before and after."""


def random_gondor(seed: int, moves: int | None = None) -> tuple[Gondor, list[tuple[int, str]]]:
    """A game of Gondor played by random moves (to the end, or ``moves`` of them), and its log."""
    game = Gondor.new(2, seed=seed, options={})
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    while not game.is_over and len(log) != moves:
        seat = min(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        log.append((seat, Gondor.encode(action)))
        game.apply_unchecked(seat, action)
    return game, log


@pytest.fixture(scope="module")
def gondor_game() -> tuple[Gondor, list[tuple[int, str]]]:
    """A whole game of Gondor played by random moves (about 1,700 of them), and its log."""
    return random_gondor(SEED)


def longest(watch: CallbackWatch) -> str:
    return f"a callback of the bot held the event loop for {watch.longest()}"


async def store_finished(world: World, game: Gondor, log: list[tuple[int, str]]) -> str:
    """The game, stored as the bot stores a game Alice and Bob played to the end in #games-2."""
    store = world.bot.store
    alice, bob = world.people["alice"], world.people["bob"]
    now = datetime.now(UTC)
    session = await store.create(
        game_id="gondor",
        guild_id=world.guild.id,
        channel_id=world.chan2.id,
        players=[(alice.id, "alice"), (bob.id, "bob")],
        seed=SEED,
        options={},
        game=Gondor.new(2, seed=SEED, options={}),
        now=now,
    )
    moves = [(seat, code, []) for seat, code in log]
    moves[-1] = (*log[-1], [game.result.summary])
    await store.record_actions(session, moves, game=game, now=now, result=game.result)
    return session.id


def rebuilds(caplog: pytest.LogCaptureFixture, sid: str) -> int:
    return sum(f"replayed session={sid} " in r.getMessage() for r in caplog.records)


async def test_a_replay_of_a_whole_gondor_game_and_an_undo_leave_the_loop_free(
    world, gondor_game, caplog
):
    caplog.set_level(logging.INFO)
    sid = await store_finished(world, *gondor_game)
    with CallbackWatch() as watch:
        ix = await world.slash("dave", "game replay", session=sid)
        log = await world.slash("dave", "game log", chan=world.chan2, which="last")
    assert watch.longest().cpu < LIMIT, longest(watch)
    answer = ix.messages[-1].text()
    assert f"and {len(gondor_game[1])} moves: the same final state" in answer
    assert rebuilds(caplog, sid) == 1
    assert gondor_game[0].result.summary in log.messages[-1].embeds[0]["description"]

    await world.slash("alice", "galdor start")
    session = await world.live()
    board = world.board(session)
    action = next(b.custom_id for b in board.buttons() if b.custom_id.startswith("g1:"))
    await world.click("alice", board, action)
    with CallbackWatch() as watch:
        await world.click("alice", board, board.find_button("Undo last move"))
    undone = await world.bot.store.load(session.id)
    assert json.loads(undone.state_json) == json.loads(session.state_json)
    assert watch.longest().cpu < LIMIT, longest(watch)
    await world.resign("alice")


async def test_a_heavy_gondor_order_leaves_the_loop_free(world):
    """The order's rules (its plan, the check on a copy, apply, both sides' legal moves, the
    views, controls and what each player's DM shows) run beside the loop; it is saved as ever."""
    game, log = random_gondor(HEAVY_SEED, HEAVY_STEP)
    alice, bob = world.people["alice"], world.people["bob"]
    store, now = world.bot.store, datetime.now(UTC)
    session = await store.create(
        game_id="gondor",
        guild_id=world.guild.id,
        channel_id=world.chan.id,
        players=[(alice.id, "alice"), (bob.id, "bob")],
        seed=HEAVY_SEED,
        options={},
        game=Gondor.new(2, seed=HEAVY_SEED, options={}),
        now=now,
    )
    moves = [(seat, code, []) for seat, code in log]
    session = await store.record_actions(session, moves, game=game, now=now)
    async with world.bot.sessions.lock(session.id):
        await world.bot.sessions.begin(session)
    await world.quiesce()
    player = world.user(session, min(game.to_act())).name

    with CallbackWatch() as watch:
        ix = await world.slash(player, "gondor move", **HEAVY_ORDER)
    assert ix.messages[-1].text().startswith("Done: "), ix.messages[-1].text()
    assert (await store.load(session.id)).step > HEAVY_STEP
    assert watch.longest().cpu < LIMIT, longest(watch)
    await world.end_game()


async def test_a_replay_is_kept_and_each_member_waits_between_replays(world, caplog):
    caplog.set_level(logging.INFO)
    await world.slash("bob", "galdor start")
    session = await world.live()
    board = world.board(session)
    action = next(b.custom_id for b in board.buttons() if b.custom_id.startswith("g1:"))
    await world.click("bob", board, action)
    await world.resign("bob")
    world.bot.replays.cooldown = timedelta(seconds=30)
    try:
        first = await world.slash("alice", "game replay")
        assert f"Replayed session `{session.id}`" in first.messages[-1].text()
        assert rebuilds(caplog, session.id) == 1

        again = await world.slash("alice", "game replay")
        refusal = again.messages[-1]
        assert refusal.ephemeral
        wait = re.search(r"you can ask for another in (\d+) s", refusal.text())
        assert wait is not None and 0 < int(wait[1]) <= 30, refusal.text()  # less when slow

        other = await world.slash("carol", "game replay")  # another member: not held back
        assert other.messages[-1].text() == first.messages[-1].text()
        assert rebuilds(caplog, session.id) == 1, "the finished game was not rebuilt again"

        world.emu.advance(31)
        later = await world.slash("alice", "game replay")
        assert later.messages[-1].text() == first.messages[-1].text()
        assert rebuilds(caplog, session.id) == 1
    finally:
        world.bot.replays.cooldown = timedelta(0)


@pytest.mark.parametrize(
    ("start", "options"),
    [("gondolin start", {"story": "hidden_vale", "mode": "easy"}), ("galdor start", {})],
)
async def test_a_light_games_turns_on_the_loop_leave_it_free(world, start, options, monkeypatch):
    """A solo game's turn runs on the loop (``heavy.run``'s light work): each stays short."""
    monkeypatch.setattr(heavy, "_slow_runs", {})
    await world.slash("alice", start, **options)
    session = await world.live()
    rng = random.Random(SEED)
    with CallbackWatch() as watch:
        for _ in range(20):
            session = await world.bot.store.load(session.id)
            if session.status != "active":
                break
            board = world.board(session)
            await world.make_move(world.people["alice"], board, rng.choice(move_controls(board)))
    assert watch.longest().cpu < LIMIT, longest(watch)
    slow = {kind: sum(runs) for kind, runs in heavy._slow_runs.items() if any(runs)}
    assert not slow, f"light turns over {heavy.SLOW * 1000:.0f} ms of the loop's CPU: {slow}"
    if (await world.bot.store.load(session.id)).status == "active":
        await world.resign("alice")
