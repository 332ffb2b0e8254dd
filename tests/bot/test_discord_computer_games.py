"""Guardians and Gondor against the computer, through the real bot.

Alice plays one seat with the controls the bot gives her (Guardians: the control of the game's
own quick policy, as a sensible player; Gondor: the scripted player of tests/bot/gondor_players.py);
the computer plays the other at ``LEVEL``, off the event loop, until each side has made
``PARTIAL`` moves; then Alice resigns. The game is unrated and recorded against the level, the
computer's seat gets no message, and nothing the computer's seat hides reaches the channel,
Alice's DMs or the log. Whole games against the computer are played in the browser from each
game's lesson (tests/playground/test_browser_first_games.py, the default level) and, at every
level, by ``python -m bench.computer_games``; the other levels differ only in the search budget,
whose strength ``bench.ai_strength`` measures.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import AsyncIterator

import pytest

import bot.flow.lobby
from bot.flow.sessions import computer_to_act
from bot.flow.turn import forced_move
from bot.storage.store import Session
from engines.gondor import Gondor
from engines.guardians import Guardians
from tests.bot.gondor_players import Player
from tests.bot.gondor_table import actions, press, read_controls
from tests.bot.harness import World, message_texts, move_controls
from tests.bot.test_discord_gondor import secret_truth
from tests.bot.test_discord_guardians import Knowledge, check_no_leaks, choose, code_of

pytestmark = pytest.mark.asyncio(loop_scope="module")

SEED = 132
MAX_MOVES = {"guardians": 100, "gondor": 100}
PARTIAL = 16
"""The moves each side makes before Alice resigns."""
LEVEL = "normal"
"""The computer's level: the default, which a lesson's "Play the computer" starts."""


async def alice_turns(
    world: World, sid: str, alice: int, limit: int, chan: int
) -> AsyncIterator[Session]:
    """The session each time it waits for Alice (the computer answered), until each side made
    ``PARTIAL`` moves: then Alice resigns."""
    for _ in range(limit):
        session = await world.bot.store.load(sid)
        if session.status != "active":
            return
        assert computer_to_act(session) is None, "the computer owes a move after a reply"
        assert forced_move(session) is None
        assert alice in session.game.to_act()
        if min(await moves_by_seat(world, session)) >= PARTIAL:
            await world.resign("alice", chan=chan)
            return
        yield session
    raise AssertionError(f"no {PARTIAL} moves each after {limit} of Alice's turns")


async def moves_by_seat(world: World, session: Session) -> list[int]:
    """How many moves each seat has made (forced moves included)."""
    seats = [seat for seat, _, _ in await world.bot.store.action_log(session.id)]
    return [seats.count(s) for s in range(len(session.seats))]


def last_id(world: World) -> int:
    """The newest message id anywhere so far: messages after it belong to the next game."""
    messages = world.emu.state.messages
    return max(messages) if messages else 0


async def results_of(world: World, sid: str) -> list[tuple[int, str, str | None]]:
    """(user, outcome, level) rows of the game's results."""
    rows = await world.bot.db.fetchall(
        "SELECT user_id, outcome, vs_computer FROM results WHERE session_id=?", (sid,)
    )
    return [tuple(r) for r in rows]


async def check_the_end(world: World, session, level: str, chan: int) -> None:
    """Finished, the computer's moves logged, no DM to it, unrated, recorded against ``level``."""
    assert session.status == "finished"
    assert session.game.is_over or session.end_reason == "resigned"
    (computer,) = session.computer_seats
    rows = await world.bot.store.action_log(session.id)
    assert sum(seat == computer for seat, _, _ in rows) >= 10, "the computer played its seat"
    assert world.emu.state.dm_channel_of.get(world.emu.bot_user.id) is None
    alice = world.people["alice"]
    assert [(uid, vs) for uid, _, vs in await results_of(world, session.id)] == [(alice.id, level)]
    ending = world.emu.channel_messages(chan)[-1].text()
    assert "Game over" in ending and "unrated" in ending


def searched(caplog, sid: str, level: str) -> int:
    """How many computer moves the log shows for this game at ``level``."""
    return sum(
        f"session={sid}" in r.getMessage() and f"level={LEVEL}" in r.getMessage()
        for r in caplog.records
        if r.getMessage().startswith("computer action")
    )


async def test_a_guardians_game_against_the_computer(world, caplog, monkeypatch):
    caplog.set_level(logging.INFO)
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: SEED)
    first = last_id(world)
    ix = await world.slash("alice", "guardians challenge", chan=world.chan2, level=LEVEL)
    assert not ix.late
    session = await world.live(world.chan2)
    (computer,) = session.computer_seats
    alice = 1 - computer
    rng = random.Random(LEVEL)
    moves = 0
    started = time.monotonic()
    sid = session.id
    async for session in alice_turns(world, sid, alice, MAX_MOVES["guardians"], world.chan2):
        user = world.user(session, alice)
        message = world.controls_message(user) or await world.hand(user.name, session)
        controls = move_controls(message)
        assert {code_of(c) for c in controls} == {
            Guardians.encode(a) for a in session.game.legal_actions(alice)
        }
        # Alice plays the game's own policy (on what she can see), by the control naming it.
        game = session.game
        wanted = Guardians.encode(game.resample(alice, rng).rollout_action(alice, rng))
        control = next((c for c in controls if code_of(c) == wanted), None)
        await world.make_move(user, message, control or choose(rng, controls))
        moves += 1
    print(f"\nGuardians vs {LEVEL}: {moves} clicks, {time.monotonic() - started:.1f} s")
    session = await world.bot.store.load(sid)
    await check_the_end(world, session, LEVEL, world.chan2)
    assert searched(caplog, session.id, LEVEL) >= 10
    rows = await world.bot.store.action_log(session.id)
    replayed = Guardians.new(2, seed=SEED, options=session.options)
    check_no_leaks(
        world, session, Knowledge.of(replayed, rows), first, chan=world.chan2, minimum=20
    )


async def test_a_gondor_game_against_the_computer(world, caplog, monkeypatch):
    caplog.set_level(logging.INFO)
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: SEED)  # the same dice every run
    side = "westernesse"  # the computer plays Sauron, who cannot see the cauldrons' truth
    first = last_id(world)
    ix = await world.slash("alice", "gondor challenge", side=side, level=LEVEL)
    assert not ix.late
    session = await world.live()
    (computer,) = session.computer_seats
    alice = 1 - computer
    assert (alice == 1) == (side == "westernesse")
    player = Player(side)
    moves = 0
    started = time.monotonic()
    sid = session.id
    async for session in alice_turns(world, sid, alice, MAX_MOVES["gondor"], world.chan):
        game = session.game
        seen = await read_controls(world, world.user(session, alice))
        assert seen is not None, "alice must act but her newest DM has no controls"
        action = player.choose(game.view(alice), actions(seen))
        await press(world, seen, Gondor.encode(action))
        moves += 1
    print(f"\nGondor vs {LEVEL} ({side}): {moves} clicks, {time.monotonic() - started:.1f} s")
    session = await world.bot.store.load(sid)
    await check_the_end(world, session, LEVEL, world.chan)
    assert searched(caplog, session.id, LEVEL) >= 10
    # The cauldrons' truth is Westernesse's: never in the channel or the log; in alice's DMs
    # only when she is Westernesse.
    channel = [m for m in world.emu.channel_messages(world.chan) if m.id > first]
    texts = [t for m in channel for t in message_texts(m)]
    texts += [a.description or "" for m in channel for v in [*m.history, m] for a in v.attachments]
    texts += [r.getMessage() for r in caplog.records]
    for text in texts:
        assert not secret_truth(text), text[:300]
    dms = [m for m in world.emu.dm_messages(world.user(session, alice)) if m.id > first]
    told = [t for m in dms for t in message_texts(m)]
    assert any(secret_truth(t) for t in told) == (side == "westernesse")
