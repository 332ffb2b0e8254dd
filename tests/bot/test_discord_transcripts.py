"""A seeded game of each kind produces the same messages, click after click.

Each test starts a game with a fixed seed and plays it with seeded choices through the real bot
(two people, or one against the computer at ``easy``, whose search is seeded too); after every
click it records each message the bot sent or changed: where it is, its content, embeds,
components (labels, custom ids, options) and attachments (name, alt text, a hash of the pixels:
how a picture is encoded is no part of what a player sees).
The record is compared with the stored one in ``tests/bot/transcripts/``: a change to how a
click is computed or delivered that changes what any player sees fails here.
``UPDATE_TRANSCRIPTS=1`` writes the stored records anew (only for an intended change).
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import random
import re
import threading
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

import bot.flow.lobby
import bot.flow.sessions
import engines
from bot.surface import heavy
from discord_emulator import Message
from engines.plugins import controls_in_channel
from tests.bot.harness import World, confirm_button, move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")

STORED = Path(__file__).parent / "transcripts"
SEED = 4242
SNOWFLAKE = re.compile(r"\d{15,}")
ORIGIN = re.compile(r"http://127\.0\.0\.1:\d+")  # the emulator's port: a picture's url
STAMP = re.compile(r"<t:\d+(:\w)?>")


@functools.cache
def pixels_hash(data: bytes) -> str:
    """A hash of a picture's pixels as RGB, its size with them (decoded once per picture)."""
    img = Image.open(io.BytesIO(data)).convert("RGB")
    return hashlib.sha256(repr(img.size).encode() + img.tobytes()).hexdigest()[:12]


class Transcript:
    """The versions of the bot's messages, as seen after each step, with ids normalised."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.first = max(world.emu.state.messages, default=0)
        self.seen: dict[int, str] = {}
        self.lines: list[str] = []
        self.names: dict[str, str] = {}
        self.keys: dict[int, str] = {}  # message id -> its name in the record, by first sight

    def normal(self, text: str) -> str:
        for raw, name in self.names.items():
            text = text.replace(raw, name)
        return ORIGIN.sub("<emulator>", STAMP.sub("<t>", SNOWFLAKE.sub("<id>", text)))

    def where(self, message: Message) -> str:
        world = self.world
        if message.ephemeral:
            who = next(u.name for u in world.people.values() if u.id == message.visible_to)
            return f"ephemeral:{who}"
        for name, user in world.people.items():
            if world.emu.state.dm_channel_of.get(user.id) == message.channel_id:
                return f"dm:{name}"
        channels = {world.chan.id: "#games", world.chan2.id: "#games-2"}
        return channels.get(message.channel_id, "thread")

    def shown(self, message: Message) -> dict[str, object]:
        embeds = [{k: v for k, v in e.items() if k != "timestamp"} for e in message.embeds]
        files = [[a.filename, a.description, pixels_hash(a.data)] for a in message.attachments]
        return {
            "content": message.content,
            "embeds": embeds,
            "components": message.components,
            "attachments": files,
            "deleted": message.deleted,
        }

    def step(self, label: str) -> None:
        """Record every bot message new or changed since the last step."""
        changed = []
        bot_id = self.world.emu.bot_user.id
        for message in self.world.emu.all_messages():
            if message.id <= self.first or message.author_id != bot_id:
                continue
            text = self.normal(json.dumps(self.shown(message), ensure_ascii=False, sort_keys=True))
            if self.seen.get(message.id) != text:
                self.seen[message.id] = text
                changed.append((message, text))
        for message, text in changed:
            key = self.keys.setdefault(message.id, f"m{len(self.keys)}")
            self.lines.append(f"{label} | {self.where(message)} {key} | {text}")

    def check(self, name: str) -> None:
        path = STORED / f"{name}.txt"
        text = "\n".join(self.lines) + "\n"
        if os.environ.get("UPDATE_TRANSCRIPTS") or not path.exists():
            STORED.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
        stored = path.read_text(encoding="utf-8").splitlines()
        for i, (want, got) in enumerate(zip(stored, self.lines, strict=False)):
            assert got == want, f"{name} line {i + 1} differs:\nwant {want}\ngot  {got}"
        assert len(self.lines) == len(stored), f"{name}: {len(self.lines)} lines, {len(stored)}"


async def play(
    world: World, game_id: str, start: str, limit: int, name: str = "", **options: object
) -> None:
    """Start ``game_id`` with ``start`` and play seeded choices for ``limit`` clicks at most;
    resign a game still running then; check the transcript."""
    record = Transcript(world)
    await world.slash("alice", start, **options)
    session = await world.live()
    assert session is not None and session.game_id == game_id
    if session.status == "pending":  # a challenge to bob: he accepts
        challenge = world.emu.channel_messages(world.chan)[-1]
        await world.click("bob", challenge, challenge.find_button("Accept"))
        session = await world.bot.store.load(session.id)
    record.names = {session.id: "SID"}
    record.names.update({str(u.id): f"@{n}" for n, u in world.people.items()})
    record.step("start")
    rng = random.Random(SEED)
    for click in range(limit):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        seat = next(s for s in session.game.to_act() if session.seats[s].computer is None)
        user = world.user(session, seat)
        if controls_in_channel(game_id):
            message = world.board(session)
        else:
            message = world.controls_message(user) or await world.hand(user.name, session)
            record.step(f"hand {click}")
        options_ = move_controls(message)
        assert options_, f"{user.name} must act but has no controls"
        await world.make_move(user, message, options_[rng.randrange(len(options_))])
        record.step(f"click {click}")
    if (await world.bot.store.load(session.id)).status == "active":
        await world.resign("alice")
        record.step("resign")
    record.check(name or game_id)


@pytest.fixture(autouse=True)
def _seeded(monkeypatch, world):
    """The same deal every run, and the computer's and coach's searches never cut short: on a
    loaded machine a search past its time limit plays (or suggests) a quicker move. Nor is a
    long run of the computer's moves shown midway (a Gondor phase on a loaded machine)."""
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: SEED)
    monkeypatch.setattr(bot.flow.sessions, "COMPUTER_SHOW_SECONDS", float("inf"))
    monkeypatch.setattr(world.bot.computer, "time_limit", 600.0)
    monkeypatch.setattr(world.bot.sessions.coach, "time_limit", 600.0)


async def test_knightfall_between_two_people(world):
    await play(world, "knightfall", "knightfall challenge", 400, opponent=world.people["bob"])


async def test_galdors_grip_alone(world):
    await play(world, "galdors_grip", "galdor start", 400, threshold=9)


async def test_gondolin_alone(world):
    await play(world, "gondolin", "gondolin start", 300, story="hidden_vale", mode="easy")


async def test_guardians_against_the_computer(world):
    await play(world, "guardians", "guardians challenge", 30, level="easy")


async def test_gondor_against_the_computer(world):
    await play(world, "gondor", "gondor challenge", 20, side="westernesse", level="easy")


async def test_a_knightfall_lesson(world):
    await play(world, "knightfall", "knightfall learn", 100, name="knightfall_lesson")


async def test_a_guardians_lesson(world):
    await play(world, "guardians", "guardians learn", 100, name="guardians_lesson")


class Counts:
    """What one click asks of the database, the rules thread and the engine.

    The engine's ``view`` and ``legal_actions`` are counted per position and seat, only where
    the bot asks (a call the engine makes inside another counted one is its own business).
    """

    def __init__(self, world: World, cls: type, monkeypatch) -> None:
        self.loads = self.writes = self.trips = 0
        self.asked: Counter[tuple[str, str, int | None]] = Counter()
        self.on = False
        store = world.bot.store
        self._wrap(monkeypatch, store, "load", "loads")
        self._wrap(monkeypatch, store, "write_actions", "writes")
        self._wrap(monkeypatch, heavy, "run", "trips")
        depth = threading.local()
        for name in ("view", "legal_actions"):
            original = getattr(cls, name)

            def counted(game, seat, *, _name=name, _original=original):
                outer = not getattr(depth, "n", 0)
                if outer and self.on:
                    self.asked[(_name, game.to_json(), seat)] += 1
                depth.n = getattr(depth, "n", 0) + 1
                try:
                    return _original(game, seat)
                finally:
                    depth.n -= 1

            monkeypatch.setattr(cls, name, counted)

    def _wrap(self, monkeypatch, owner, name: str, counter: str) -> None:
        original = getattr(owner, name)

        async def counted(*args, **kwargs):
            if self.on:
                setattr(self, counter, getattr(self, counter) + 1)
            return await original(*args, **kwargs)

        monkeypatch.setattr(owner, name, counted)

    def again(self) -> list[str]:
        """The engine answers asked more than once for one position and seat."""
        return [f"{name}({seat}) x{n}" for (name, _, seat), n in self.asked.items() if n > 1]


async def counted_click(
    world: World,
    counts: Counts,
    user,
    message: Message,
    rng: random.Random,
    said: str,
    *,
    asks: bool = True,
) -> list[str]:
    """Press a seeded move of ``message`` (and its question's Yes), counted; what was wrong.

    A question's Yes is the click that moves: it is held to what an ordinary click is.
    ``asks``: the engine's answers are counted too (a lesson's script asks the engine itself).
    """

    async def press(message: Message, control: tuple[str, str, str | None]):
        counts.loads = counts.writes = counts.trips = 0
        counts.asked.clear()
        counts.on = True
        ix = await world.press(user, message, control)
        await world.quiesce()
        counts.on = False
        return ix

    ix = await press(message, rng.choice(move_controls(message)))
    question = next((m for m in ix.messages if m.ephemeral and confirm_button(m)), None)
    if question is not None:
        said = f"{said} (confirmed)"
        await press(question, ("button", confirm_button(question) or "", None))
    wrong = []
    if counts.loads > 1:
        wrong.append(f"{said}: {counts.loads} reads of the session")
    if counts.writes != 1:
        wrong.append(f"{said}: {counts.writes} writes")
    if counts.trips != 1:
        wrong.append(f"{said}: {counts.trips} passes of the rules (heavy.run)")
    if asks and counts.again():
        wrong.append(f"{said}: asked again: {counts.again()}")
    return wrong


async def count_clicks(
    world: World,
    monkeypatch,
    game_id: str,
    start: str,
    clicks: int = 0,
    asks: bool = True,
    **options,
) -> int:
    """Play seeded clicks of a new game (``clicks``, else ``CLICKS``), each counted; resign it.

    How many were counted."""
    await world.slash("alice", start, **options)
    session = await world.live()
    if session.status == "pending":
        challenge = world.emu.channel_messages(world.chan)[-1]
        await world.click("bob", challenge, challenge.find_button("Accept"))
    counts = Counts(world, engines.get_game(game_id), monkeypatch)
    rng = random.Random(SEED)
    counted, wrong = 0, []
    for click in range(clicks or CLICKS):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        seat = next(s for s in session.game.to_act() if session.seats[s].computer is None)
        user = world.user(session, seat)
        if controls_in_channel(game_id):
            message = world.board(session)
        else:
            message = world.controls_message(user) or await world.hand(user.name, session)
        said = f"{game_id} click {click}"
        wrong += await counted_click(world, counts, user, message, rng, said, asks=asks)
        counted += 1
    if (await world.bot.store.load(session.id)).status == "active":
        await world.resign("alice")
    assert not wrong, "\n".join(wrong)
    return counted


CLICKS = 12


@pytest.mark.parametrize(
    ("game_id", "start", "options"),
    [
        ("knightfall", "knightfall challenge", {"opponent": "bob"}),
        ("galdors_grip", "galdor start", {"threshold": 9}),
        ("gondolin", "gondolin start", {"story": "hidden_vale", "mode": "easy"}),
        ("guardians", "guardians challenge", {"opponent": "bob"}),
        ("gondor", "gondor challenge", {"opponent": "bob"}),
    ],
)
async def test_a_click_reads_writes_and_computes_each_thing_once(
    world, monkeypatch, game_id, start, options
):
    options = {k: world.people[v] if k == "opponent" else v for k, v in options.items()}
    assert await count_clicks(world, monkeypatch, game_id, start, **options) >= CLICKS // 2


async def test_a_lessons_last_click_reads_the_session_once(world, monkeypatch):
    """Played through to "Lesson done": the click that closes the lesson is one pass too."""
    counted = await count_clicks(
        world, monkeypatch, "knightfall", "knightfall learn", clicks=100, asks=False
    )
    assert 0 < counted < 100
    assert await world.live() is None
    assert any("**Lesson done**" in m.text() for m in world.emu.channel_messages(world.chan))


async def test_my_hand_reads_the_session_once(world, monkeypatch):
    """The **My hand** button: one read, one trip off the loop, each view asked once."""
    session = await world.knightfall_duel()
    counts = Counts(world, engines.get_game("knightfall"), monkeypatch)
    seat = session.game.to_act()[0]
    user = world.user(session, seat)
    counts.on = True
    hand = await world.hand(user.name, session)
    await world.quiesce()
    counts.on = False
    assert move_controls(hand)
    assert (counts.loads, counts.writes, counts.trips) == (1, 0, 1)
    assert not counts.again()
    await world.resign("alice")


async def test_a_yes_from_my_hand_and_a_take_back_read_the_session_once(world, monkeypatch):
    """Bob (DMs closed) confirms each move in **My hand**; Alice's seat is the computer's
    before each of her clicks, which takes it back: each such click reads the session once."""
    cls = engines.get_game("knightfall")
    monkeypatch.setattr(cls, "confirm_text", lambda self, seat, a: "Sure?" if seat else None)
    bob = world.people["bob"]
    world.emu.set_dms_open(bob, False)
    try:
        session = await world.knightfall_duel()
        counts = Counts(world, cls, monkeypatch)
        rng = random.Random(SEED)
        wrong, taken_back = [], 0
        for click in range(8):
            session = await world.bot.store.load(session.id)
            seat = session.game.to_act()[0]
            user = world.user(session, seat)
            if user == bob:
                message = await world.hand("bob", session)
            else:
                await world.bot.store.set_computer(session.id, seat, "easy")
                message = world.controls_message(user)
                taken_back += 1
            said = f"{user.name} click {click}"
            wrong += await counted_click(world, counts, user, message, rng, said)
            assert (await world.bot.store.load(session.id)).seats[seat].computer is None
        assert taken_back and taken_back < 8
        assert not wrong, "\n".join(wrong)
    finally:
        world.emu.set_dms_open(bob, True)
    await world.resign("alice")
