"""Watching a finished game: ``/game replay``'s step-through and its animation, for real.

The games are played by random legal moves in the engine and stored the way the bot stores
them (a whole Knightfall game through the buttons would take minutes); everything after that
goes through the discord.py client and the emulator.
"""

from __future__ import annotations

import io
import logging
import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image

import engines
from bot.flow.heavy_budget import HeavyBudget
from bot.flow.turn import split_events
from bot.storage import history
from bot.surface.animation import MAX_FRAMES, UPLOAD_LIMIT
from discord_emulator import Message
from tests.bot.harness import (
    World,
    all_card_labels,
    assert_no_leak,
    hidden_labels,
    move_controls,
    v2_pictures,
    v2_texts,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

SEED = 11


async def store_finished(world: World, game_id: str, seats: int, seed: int = SEED):
    """A game played to its end by random moves, stored as the bot stores one in #games-2."""
    cls = engines.get_game(game_id)
    game = cls.new(seats, seed=seed, options={})
    rng = random.Random(seed)
    rows: list[tuple[int | None, str, list[str]]] = []
    while not game.is_over:
        seat = min(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        public, _ = split_events(game.apply(seat, action))
        rows.append((seat, cls.encode(action), public))
    names = ["alice", "bob"][:seats]
    session = await world.bot.store.create(
        game_id=game_id,
        guild_id=world.guild.id,
        channel_id=world.chan2.id,
        players=[(world.people[n].id, n) for n in names],
        seed=seed,
        options={},
        game=cls.new(seats, seed=seed, options={}),
        now=datetime.now(UTC),
    )
    await world.bot.store.record_actions(
        session, rows, game=game, now=datetime.now(UTC), result=game.result
    )
    return await world.bot.store.load(session.id), [(seat, code) for seat, code, _ in rows]


def current(world: World, message: Message) -> Message:
    """The message as it is now in #games-2 (the emulator edits it in place)."""
    return next(m for m in world.emu.channel_messages(world.chan2) if m.id == message.id)


def footer(message: Message) -> str:
    return v2_texts(message)[-1]


def stop(message: Message) -> tuple[int, int]:
    """(the position shown, counted from 1; how many), read from the step buttons' targets."""
    buttons = {b.label: b for b in message.buttons()}
    last = int(buttons["⏭"].custom_id.split(":")[2])
    back = buttons["◀"]
    return (1 if back.disabled else int(back.custom_id.split(":")[2]) + 2), last + 1


def disabled(message: Message, label: str) -> bool:
    return next(b.disabled for b in message.buttons() if b.label == label)


def picture(message: Message) -> bytes:
    (shown,) = v2_pictures(message)  # in the message's media gallery, its only attachment
    assert message.attachments == [shown]
    return shown.data


async def replay(world: World, who: str, sid: str) -> Message:
    ix = await world.slash(who, "game replay", chan=world.chan2, session=sid)
    answer = ix.messages[-1]
    assert not answer.ephemeral, answer.text()
    return current(world, answer)


async def press(world: World, who: str, message: Message, label: str) -> Message:
    await world.click(who, message, message.find_button(label))
    return current(world, message)


async def test_stepping_through_a_knightfall_game_reveals_cards_only_as_the_game_did(world):
    session, log = await store_finished(world, "knightfall", 2)
    message = await replay(world, "carol", session.id)
    verdict = v2_texts(message)[0]
    assert "the same final state" in verdict
    assert "Before the first move" in message.text() and "Round 1" in message.text()
    assert "position" not in footer(message), "one counter: the move"
    assert stop(message)[0] == 1
    first = picture(message)

    moves = history.moves_to_replay(log)
    seen: set[str] = set()
    hidden_at_start = hidden_labels(session.game_cls.new(2, seed=SEED, options={}), None)
    pictures = [first]
    while not disabled(message, "▶"):
        message = await press(world, "dave", message, "▶")  # anyone in the channel may step
        text = message.text()
        done = int(re.search(r"Move (\d+) of (\d+)", text).group(1))
        then = history.rebuild(session.game_cls, 2, SEED, {}, log[:done])
        assert then.chapter() in text
        assert_no_leak([text], hidden_labels(then, None))  # embed and the image's alt text
        seen |= {label for label in all_card_labels() if label in text}
        pictures.append(picture(message))
    assert f"Move {len(moves)} of {len(moves)}" in message.text()
    assert "Game over" in message.text()
    assert seen & hidden_at_start, "cards hidden at the start show once the game revealed them"
    assert len(set(pictures)) > len(pictures) // 2, "the picture follows the position"

    back = await press(world, "carol", message, "◀")
    assert picture(back) == pictures[-2]
    start = await press(world, "carol", back, "⏮")
    assert picture(start) == first and stop(start)[0] == 1
    assert v2_texts(start)[0] == verdict, "the replay's verdict stays above the board"


async def test_the_animation_is_an_animated_gif_under_the_upload_limit(world, caplog):
    caplog.set_level(logging.INFO)
    session, _ = await store_finished(world, "gondolin", 1)
    message = await replay(world, "alice", session.id)
    positions = stop(message)[1]
    world.bot.replays.cooldown = timedelta(seconds=30)
    try:
        ix = await world.click("bob", message, message.find_button("Animated replay"))
        posted = ix.messages[-1]
        assert not posted.ephemeral and session.id in posted.text()
        (gif,) = v2_pictures(posted)
        assert gif.filename.endswith(".gif") and gif.size <= UPLOAD_LIMIT
        image = Image.open(io.BytesIO(gif.data))
        assert image.format == "GIF" and image.n_frames == min(positions, MAX_FRAMES) > 1

        again = await world.click("bob", message, message.find_button("Animated replay"))
        assert again.messages[-1].ephemeral
        assert "you can ask for another in" in again.messages[-1].text()
        other = await world.click("carol", message, message.find_button("Animated replay"))
        assert other.messages[-1].attachments[0].data == gif.data
        drawn = [r for r in caplog.records if f"animated session={session.id}" in r.getMessage()]
        assert len(drawn) == 1, "the animation of a finished game is drawn once"
    finally:
        world.bot.replays.cooldown = timedelta(0)


async def test_a_running_game_is_not_replayed(world):
    await world.slash("alice", "galdor start")
    session = await world.live()
    ix = await world.slash("dave", "game replay", session=session.id)
    answer = ix.messages[-1]
    assert answer.ephemeral and "still being played" in answer.text()
    assert not answer.attachments
    await world.resign("alice")


async def test_the_buttons_still_work_after_a_restart(world, caplog):
    caplog.set_level(logging.INFO)
    session, _ = await store_finished(world, "galdors_grip", 1)
    message = await replay(world, "alice", session.id)
    forward = await press(world, "alice", message, "▶")
    assert stop(forward)[0] == 2
    before = picture(forward)

    await world.stop_bot()
    await world.start_bot()
    caplog.clear()
    later = await press(world, "bob", forward, "▶")
    assert stop(later)[0] == 3
    assert picture(later) != before
    assert any(f"replayed session={session.id}" in r.getMessage() for r in caplog.records)
    end = await press(world, "bob", later, "⏭")
    now, count = stop(end)
    assert now == count and disabled(end, "▶") and disabled(end, "⏭")


def spent_at_once(world: World, monkeypatch) -> HeavyBudget:
    """A heavy budget that one rebuild spends: the member's next heavy request is refused."""
    budget = HeavyBudget(0.001)
    monkeypatch.setattr(world.bot, "heavy", budget)
    monkeypatch.setattr(world.bot.replays, "budget", budget)
    return budget


async def test_every_heavy_request_of_a_member_draws_on_one_budget(world, monkeypatch):
    games = [(await store_finished(world, "galdors_grip", 1, seed=s))[0] for s in range(3)]
    shown = [await replay(world, "carol", g.id) for g in games]
    world.bot.replays._timelines.clear()  # none kept, as after a restart
    await world.slash("dave", "galdor start")
    board = world.board(await world.live())
    await world.make_move(world.people["dave"], board, move_controls(board)[0])  # Undo shows
    budget = spent_at_once(world, monkeypatch)

    first = await press(world, "dave", shown[0], "▶")  # a rebuild: dave's budget is spent
    assert stop(first)[0] == 2
    refusals = [await world.click("dave", shown[1], shown[1].find_button("▶"))]  # a rebuild
    assert stop(current(world, shown[1]))[0] == 1, "nothing was rebuilt"
    again = await press(world, "dave", first, "▶")  # kept: cheap, never refused
    assert stop(again)[0] == 3
    refusals.append(await world.click("dave", shown[1], shown[1].find_button("Animated replay")))
    refusals.append(await world.slash("dave", "game review", session=games[2].id))
    refusals.append(await world.slash("dave", "game replay", chan=world.chan2, session=games[2].id))
    refusals.append(await world.slash("dave", "game hint"))
    board = world.board(await world.live())
    refusals.append(await world.click("dave", board, board.find_button("Undo")))
    for ix in refusals:
        (answer,) = ix.messages
        assert answer.ephemeral and not answer.attachments, answer.text()
        assert re.search(r"heavy work in the last minute .* try again in \d+ s\.$", answer.text())
        assert ix.response_type == 4, "refused in the first answer, before anything is done"
    assert budget.refused == len(refusals)
    await world.resign("dave")


async def test_a_member_waits_behind_one_heavy_request_at_most(world):
    games = [(await store_finished(world, "galdors_grip", 1, seed=s))[0] for s in range(3, 6)]
    shown = [await replay(world, "carol", g.id) for g in games]
    world.bot.replays._timelines.clear()
    dave = world.people["dave"]
    waiting = []
    async with world.bot.replays._one_at_a_time:  # another member's rebuild holds the worker
        for message in shown[:2]:  # the first runs (and waits for the worker), one waits
            waiting.append(await world.emu.click(dave, message, message.find_button("▶")))
            await waiting[-1].done(timeout=5)
        third = await world.emu.click(dave, shown[2], shown[2].find_button("▶"))
        await third.done(timeout=5)
        (refused,) = third.messages
        assert refused.ephemeral and "still under way" in refused.text()
    await world.quiesce()
    assert all(stop(current(world, m))[0] == 2 for m in shown[:2])
    assert stop(current(world, shown[2]))[0] == 1
