"""/game review through the real bot and the local Discord emulator."""

from __future__ import annotations

import io
import json
import random
import re
from datetime import UTC, datetime

import pytest
from PIL import Image

from bot.storage.history import moves_to_replay
from engines.gondor import Gondor
from tests.bot.harness import (
    all_card_labels,
    assert_no_leak,
    message_texts,
    move_controls,
    v2_pictures,
    v2_texts,
)
from tests.bot.loop_watch import LIMIT, CallbackWatch

pytestmark = pytest.mark.asyncio(loop_scope="module")

STILL_ON = "The game is still on; a review comes after its end."

TURN = re.compile(r"^\d\. Move (\d+): (.+?) (played (.+?)|made a secret move); the computer")


@pytest.fixture(autouse=True)
def small_budget(world, monkeypatch):
    """Two simulations per judged move: a whole review in a second or two."""
    monkeypatch.setattr(world.bot.settings, "review_simulations", 2)


async def ask_review(world, who: str, chan=None, **options):
    ix = await world.slash(who, "game review", chan=chan, **options)
    assert not ix.late
    return ix


def the_review(ix):
    """The message holding the review's image (never the progress message)."""
    (shown,) = [m for m in ix.messages if m.attachments and not m.deleted]
    return shown


def text_of(message) -> str:
    """The review's text: a v2 message's one text display, above its picture."""
    (text,) = v2_texts(message)
    return text


def assert_landscape_image_with_words(message) -> str:
    (image,) = v2_pictures(message)
    assert message.attachments == [image]
    with Image.open(io.BytesIO(image.data)) as img:
        assert img.width >= img.height and img.width == 1000
    assert image.description and len(image.description) <= 1024
    return image.description


async def logged_moves(world, sid: str) -> list[tuple[int, str]]:
    return moves_to_replay(await world.bot.store.moves(sid))


async def test_a_solo_game_is_refused_while_on_then_reviewed_with_progress(world, monkeypatch):
    monkeypatch.setattr("bot.flow.lobby.new_seed", lambda: 3)
    monkeypatch.setattr("bot.flow.review.PROGRESS_SECONDS", 0.0)
    await world.slash("alice", "gondolin start")
    session = await world.live()
    for who, options in (("alice", {}), ("bob", {"session": session.id})):
        refused = (await ask_review(world, who, **options)).messages[-1]
        assert refused.ephemeral and refused.text() == STILL_ON
    rng = random.Random(4)
    for _ in range(300):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        board = world.board(session)
        await world.make_move(world.people["alice"], board, rng.choice(move_controls(board)))
    assert session.status == "finished" and session.game.is_over

    ix = await ask_review(world, "alice")
    shown = the_review(ix)
    assert not shown.ephemeral
    alt = assert_landscape_image_with_words(shown)
    assert alt.startswith("Review: Gondolin") and "Alice" in alt
    assert session.id in text_of(shown) and "chance to survive" in text_of(shown)
    progress = [m for m in ix.messages if m is not shown]
    assert progress and progress[0].deleted, "the progress message gave way to the review"
    assert any(t.startswith("Reviewing… ") for t in message_texts(progress[0]))
    # a solo game hides nothing from anyone: each turning point names the move played
    cls, moves = session.game_cls, await logged_moves(world, session.id)
    turns = [TURN.match(line) for line in text_of(shown).splitlines() if TURN.match(line)]
    for turn in turns:
        assert turn.group(4) == cls.decode(moves[int(turn.group(1)) - 1][1]).label()

    again = the_review(await ask_review(world, "bob", session=session.id))
    assert again.attachments[0].data == shown.attachments[0].data  # kept, not judged again


def labels_in(view: dict) -> set[str]:
    text = json.dumps(view, ensure_ascii=False)
    return {label for label in all_card_labels() if f'"label": "{label}"' in text}


async def test_a_game_against_the_computer_names_no_card_hidden_then(world):
    chan = world.chan2
    await world.slash("alice", "knightfall challenge", chan=chan, level="easy")
    session = await world.live(chan)
    alice = session.seat_of(world.people["alice"].id)
    rng = random.Random(7)
    for _ in range(14):
        session = await world.bot.store.load(session.id)
        if session.status != "active" or alice not in session.game.to_act():
            break
        await world.play_one(session, alice, rng)
    await world.resign("alice", chan=chan)
    session = await world.bot.store.load(session.id)
    assert session.status == "finished"

    shown = the_review(await ask_review(world, "alice", chan=chan))
    alt = assert_landscape_image_with_words(shown)
    assert "Each line is judged from that player's own knowledge" in alt
    # every position of the game: what the opponent could not see then, what the table saw
    cls, moves = session.game_cls, await logged_moves(world, session.id)
    game = cls.new(2, seed=session.seed, options={})
    hidden_from_opponent, public = [], []
    for seat, code in moves:
        everything = set(all_card_labels())
        hidden_from_opponent.append(everything - labels_in(game.view(1 - seat)))
        public.append(labels_in(game.view(None)))
        game.apply(seat, cls.decode(code))
    public.append(labels_in(game.view(None)))
    never_public = set(all_card_labels()) - set().union(*public)
    assert_no_leak([text_of(shown), alt], never_public)
    turns = [(TURN.match(line), line) for line in text_of(shown).splitlines() if TURN.match(line)]
    assert turns, "random moves cost her something"
    for turn, line in turns:
        index = int(turn.group(1)) - 1
        assert moves[index][0] == alice, "only the player's moves are turning points"
        revealed_later = set().union(*public[index + 1 :])
        assert_no_leak([line], hidden_from_opponent[index] - revealed_later)


async def test_a_review_waits_behind_the_members_heavy_requests_and_only_of_finished_games(world):
    alice, heavy = world.people["alice"], world.bot.heavy
    sid = await stored_gondor_game(world, 10)
    with heavy.admit(alice.id), heavy.admit(alice.id):  # one under way, one waiting
        refused = (await ask_review(world, "alice", session=sid)).messages[-1]
    assert refused.ephemeral and "still under way" in refused.text()
    refused = (await ask_review(world, "alice", session="nosuchgame")).messages[-1]
    assert refused.ephemeral and refused.text() == "No game with that id in this server."


async def stored_gondor_game(world, moves: int) -> str:
    """Alice and Bob's game of Gondor in #games-2, ``moves`` random moves in, then resigned."""
    game = Gondor.new(2, seed=5, options={})
    rng = random.Random(5)
    log: list[tuple[int | None, str, list[str]]] = []
    for _ in range(moves):
        seat = min(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        log.append((seat, Gondor.encode(action), []))
        game.apply_unchecked(seat, action)
    alice, bob = world.people["alice"], world.people["bob"]
    now = datetime.now(UTC)
    store = world.bot.store
    session = await store.create(
        game_id="gondor",
        guild_id=world.guild.id,
        channel_id=world.chan2.id,
        players=[(alice.id, "alice"), (bob.id, "bob")],
        seed=5,
        options={},
        game=Gondor.new(2, seed=5, options={}),
        now=now,
    )
    session = await store.record_actions(session, log, game=game, now=now)
    assert await store.close(session, status="finished", reason="resigned", now=now)
    return session.id


async def test_a_review_of_a_long_game_leaves_the_event_loop_free(world):
    sid = await stored_gondor_game(world, 400)
    with CallbackWatch() as watch:
        ix = await ask_review(world, "carol", session=sid)
    longest = watch.longest()
    assert longest.cpu < LIMIT, f"the review held the event loop for {longest}"
    assert_landscape_image_with_words(the_review(ix))
