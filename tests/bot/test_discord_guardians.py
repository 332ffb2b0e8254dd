"""Guardians played for real: the discord.py client against the local Discord emulator.

The players choose among the controls the bot gives them (DM, or My hand), weighted towards
moves that make a game end sooner (fly, fight, auto-place) so a whole game fits a test run.
"""

from __future__ import annotations

import json
import logging
import random
import re
import time
from dataclasses import dataclass, field

import pytest

import bot.flow.lobby
from bot.flow.turn import forced_move
from bot.storage.history import FORCED
from bot.surface.rules import how_to_play
from engines.guardians import Guardians
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.game import PUBLIC_MOVES
from engines.guardians.state import GuardiansState
from render import render_png
from tests.bot.harness import World, message_texts, move_controls, v2_pictures, v2_texts
from tests.engines.guardians.scenario import movement_game, shield, take, terrain

pytestmark = pytest.mark.asyncio(loop_scope="module")

SEED = 266
"""The game's seed. With ``WEIGHTS`` and ``random.Random(SEED)`` choosing, this game takes 79
clicks and reaches bribery, channeling and a win (other seeds: 40-700 clicks; the shortest one
that reaches all three was chosen, by playing the engine alone)."""
WEIGHTS = {
    "place": 0.05,
    "auto": 5,
    "stay": 0.2,
    "reinforce": 0.2,
    "unload": 0.3,
    "load": 0.5,
    "step": 3,
    "fly": 8,
    "cbribe": 5,
    "cchan": 3,
    "facedown": 0.3,
    "drop": 0.3,
    "destroy": 0.5,
    "challenge": 5,
    "decline": 0.1,
}
MAX_CLICKS = 700
MOVE = re.compile(r"Move (\d+)")
NAME = re.compile(r'"name": "((?:[^"\\]|\\.)*)"')
GENERIC = {"Woods", "Swamps", "Spirit Mountain", "Rivers and Lakes", "The Dry Heaps"}
"""Card names that are also the board's words for a terrain type (a Deep Woods is "Woods")."""
DECK_NAMES = {CATALOGUE.cards[c].name for d in CATALOGUE.decks.values() for c in d.cards} - GENERIC
CHANNELING = {"cchan", "cstone", "chan"}


def code_of(control: tuple[str, str, str | None]) -> str:
    """The action code behind a button (``g1:sid:step:code``) or a select option."""
    kind, custom_id, value = control
    return custom_id.split(":", 3)[3] if kind == "button" else str(value)


def choose(rng: random.Random, controls: list) -> tuple[str, str, str | None]:
    """A weighted random control, independent of how the bot laid the controls out."""
    ordered = sorted(controls, key=code_of)
    weights = [WEIGHTS.get(code_of(c).split(".")[0], 1) for c in ordered]
    return rng.choices(ordered, weights)[0]


async def controls_of(world: World, session, seat: int):
    """The seat's message with its move controls: the newest DM, else My hand."""
    user = world.user(session, seat)
    return user, world.controls_message(user) or await world.hand(user.name, session)


# ---- what each reader may know, step by step ---------------------------------------------------
def names_in(view: dict) -> set[str]:
    """Every card name a view shows (its log lines excluded)."""
    view = {k: v for k, v in view.items() if k != "recent"}
    return {json.loads(f'"{n}"') for n in NAME.findall(json.dumps(view, ensure_ascii=False))}


def secret_uids(game: Guardians, viewer: int | None) -> set[str]:
    """Cards in another seat's hand, pen, Strongholds, stacks or face-down terrain, unshown."""
    s = game.state
    out: set[str] = set()
    for seat, p in enumerate(s.seats):
        if seat == viewer:
            continue
        out |= set(p.drawn + p.storage + p.pen + [x.uid for x in p.plan])
        out |= {u for h in p.holds for u in h.on + h.under}
        out |= {u for st in s.stacks if st.owner == seat for u in st.cards}
        out |= {x.uid for x in s.lands.values() if x.face_down and x.owner == seat}
    shown = set(re.findall(r'"([ab][0-9]{2,3})"', json.dumps(game.view(viewer))))
    return out - shown


@dataclass
class Knowledge:
    """For each step: the card names each reader must not see (None: the channel)."""

    hidden: list[dict[int | None, set[str]]] = field(default_factory=list)

    @classmethod
    def of(cls, game: Guardians, rows: list) -> Knowledge:
        """Replay the log; a name once shown to a reader (or discarded) is theirs from then on."""
        out = cls()
        seen: dict[int | None, set[str]] = {None: set(), 0: set(), 1: set()}

        def note() -> None:
            s = game.state
            discards = {name(game, u) for p in s.seats for u in p.discard}
            if s.challenge is not None and s.challenge.creature:  # it fights in the open
                discards.add(name(game, s.challenge.creature))
            # a channeler used this turn was revealed by name (a Guardian challenge's "reveals")
            discards |= {name(game, u) for p in s.seats for u in p.channel_used}
            if s.combat is not None:  # cards played in a combat (a bribe) are public at once
                discards |= {name(game, u) for u in s.combat.used}
            step: dict[int | None, set[str]] = {}
            for viewer in (None, 0, 1):
                seen[viewer] |= names_in(game.view(viewer)) | discards | seen[None]
                secret = {name(game, u) for u in secret_uids(game, viewer)}
                step[viewer] = secret - seen[viewer] - GENERIC
            out.hidden.append(step)

        note()
        for seat, code, _ in rows:
            if not code.startswith("!"):
                game.apply(seat, Guardians.decode(code.removeprefix(FORCED)))
            note()
        return out

    def never_shown(self, reader: int | None) -> set[str]:
        """Names the reader never saw at any step."""
        return set.intersection(*(step[reader] for step in self.hidden))


def name(game: Guardians, uid: str) -> str:
    return CATALOGUE.cards[game.state.cards[uid]].name


def leaks(text: str, hidden: set[str], shown: set[str]) -> list[str]:
    """Hidden names in ``text`` as whole words, after blanking the names it may show."""
    for known in sorted(shown, key=len, reverse=True):
        text = text.replace(known, "#")
    return [n for n in hidden if re.search(rf"(?<![\w']){re.escape(n)}(?![\w'])", text)]


def check_no_leaks(
    world: World,
    session,
    knowledge: Knowledge,
    first_id: int,
    chan: int | None = None,
    minimum: int = 100,
) -> None:
    """No channel message, alt text or DM, in any version, names a card its reader can't see.

    ``first_id``: the challenge message (or the last message before the game); the messages
    and the players' ephemeral answers since then count. ``chan``: the game's channel.
    """
    last = len(knowledge.hidden) - 1
    since = [m for m in world.emu.channel_messages(chan or world.chan) if m.id > first_id]
    readers: list[tuple[int | None, list]] = [(None, since)]
    for seat in (0, 1):
        if session.seats[seat].computer is not None:
            continue  # the computer gets no messages (checked by the computer tests)
        user = world.user(session, seat)
        answers = [m for m in world.emu.ephemeral_messages(user) if m.id > first_id]
        dms = [m for m in world.emu.dm_messages(user) if m.id > first_id]
        readers.append((seat, dms + answers))
    checked = 0
    for reader, messages in readers:
        for message in messages:
            for text in message_texts(message):
                found = MOVE.search(text)
                if found:  # a board or hand at that move
                    hidden = knowledge.hidden[int(found.group(1))][reader]
                elif "seed" in text:  # the final board
                    hidden = knowledge.hidden[last][reader]
                else:  # any other message
                    hidden = knowledge.never_shown(reader)
                leaked = leaks(text, hidden, DECK_NAMES - hidden)
                assert not leaked, f"{leaked} shown to {reader}: {text[:400]!r}"
                checked += 1
    assert checked > minimum, "too few texts were checked: the leak check is weak"


# ---- the tests ----------------------------------------------------------------------------------
async def test_commands_rules_and_card_lookup(world):
    commands = {c["name"]: c for c in world.emu.registered_commands()}  # global: user installs
    challenge = next(o for o in commands["guardians"]["options"] if o["name"] == "challenge")
    deck = next(o for o in challenge["options"] if o["name"] == "deck")
    assert not deck.get("required") and "default: Knights of the Keep" in deck["description"]
    assert deck["autocomplete"] and not deck.get("choices")

    ix = await world.slash("alice", "guardians rules")
    assert ix.messages and all(m.ephemeral for m in ix.messages)
    shown = "\n\n".join("\n\n".join(v2_texts(m)[1:]) for m in ix.messages)
    assert shown.split() == how_to_play("guardians").split()

    ix = await world.slash("carol", "guardians card", name="Valkyrie Spirit")
    answer = ix.messages[-1]
    (picture,) = v2_pictures(answer)
    assert answer.ephemeral and picture.description.startswith("Guardians card")
    heading, text = v2_texts(answer)
    assert heading == "## Valkyrie Spirit" and "only to Knights" in text
    ix = await world.slash("carol", "guardians card", name="Keep of Rak Nam")
    assert "defence +7" in v2_texts(ix.messages[-1])[1]
    ix = await world.slash("carol", "guardians card", name="Nobody")
    assert ix.messages[-1].ephemeral and "No Guardians card" in ix.messages[-1].text()
    assert "/guardians challenge" in "".join(t for p in await world.help_pages("bob") for t in p)
    cog = world.bot.get_cog("GuardiansCog")
    names = [c.name for c in await cog._card_names(None, "rak nam")]
    assert names == ["Rak Nam", "Keep of Rak Nam"]


async def test_a_full_game_by_direct_messages(world, caplog, monkeypatch):
    caplog.set_level(logging.INFO)
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: SEED)
    emu = world.emu
    await world.slash("alice", "guardians challenge", opponent=world.people["bob"])
    challenge = emu.channel_messages(world.chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    session = await world.live()
    assert session.options == {"decks": ["starter_1", "starter_2"]}
    assert "Waiting for: **Alice**, **Bob**" in world.board(session).text()
    for user in (world.people["alice"], world.people["bob"]):  # the key to their cards' labels
        assert "Key: def +" in world.emu.dm_messages(user)[-1].text()
    assert "Key:" not in world.board(session).text()

    rng = random.Random(SEED)
    clicks = single = 0
    started = time.monotonic()
    organise_checked = done_checked = double_clicked = restarted = False
    while (session := await world.bot.store.load(session.id)).status == "active":
        assert clicks < MAX_CLICKS
        game = session.game
        seat = rng.choice(game.to_act())
        user, message = await controls_of(world, session, seat)
        controls = move_controls(message)
        assert {code_of(c) for c in controls} == {
            Guardians.encode(a) for a in game.legal_actions(seat)
        }, "every legal move is offered"
        control = choose(rng, controls)
        single += len(controls) == 1
        kind = code_of(control).split(".")[0]
        board_alt = world.board(session).attachments[0].description
        if clicks == 5:
            await double_click(world, user, message, control, session)
            double_clicked = True
        else:
            await world.make_move(user, message, control)
        clicks += 1
        after = await world.bot.store.load(session.id)
        assert forced_move(after) is None, "a forced move waits"
        if after.game.state.phase == "organize" and game.state.phase == "organize":
            board = world.board(after)
            if kind in ("place", "auto") and len(game.to_act()) == 2:
                # the other player is still deciding: the channel learns nothing new
                assert board.attachments[0].description == board_alt
                organise_checked = True
            if kind == "done":
                waiting = board.text().split("Waiting for:")[1].split("\n")[0]
                assert session.names[seat] not in waiting
                assert session.names[1 - seat] in waiting
                done_checked = True
        if clicks == 40:
            await world.stop_bot()
            await world.start_bot()
            restarted = True
    elapsed = time.monotonic() - started
    assert organise_checked and done_checked and double_clicked and restarted

    session = await world.bot.store.load(session.id)
    assert session.status == "finished" and session.game.result.winners
    rows = await world.bot.store.action_log(session.id)
    assert sum(not c.startswith((FORCED, "!")) for _, c, _ in rows) == clicks
    reached = events_reached(rows, session.game)
    print(
        f"\nGuardians full game: {clicks} clicks ({single} on a single move), {len(rows)} moves,"
        f" {elapsed:.1f} s; reached {sorted(reached)}"
    )
    assert {"bribery", "channeling", "win"} <= reached
    check_only_moves_named_where_public(rows)

    replayed = Guardians.new(2, seed=SEED, options=session.options)
    check_no_leaks(world, session, Knowledge.of(replayed, rows), challenge.id)
    for message in emu.channel_messages(world.chan):
        for text in message_texts(message):
            assert not re.search(r"\b(seat|Player) [12]\b", text), text[:300]
    log_text = "\n".join(r.getMessage() for r in caplog.records)
    assert "action session=" in log_text
    assert not leaks(log_text, DECK_NAMES, set()), "logs never name a card"

    ending = emu.channel_messages(world.chan)[-1]
    assert "Game over" in ending.text() and "Ratings: Alice 1500 → " in ending.text()
    ix = await world.slash("carol", "game replay")
    assert "same final state" in ix.messages[-1].text()
    ix = await world.slash("carol", "game log", which="last")
    log = ix.messages[-1].text()
    assert "(ended)" in log and "Alice" in log and not re.search(r"\b(seat|Player) [12]\b", log)
    ix = await world.slash("dave", "leaderboard", game="guardians")
    text = ix.messages[-1].text()
    assert "rating" in text and str(world.people["alice"].id) in text


def check_only_moves_named_where_public(rows: list) -> None:
    """The channel names a move the bot played for a player where the board shows it all (a
    Shield's turn or step), never a card choice; the leak check above covers every text."""
    lines = [
        (Guardians.decode(code.removeprefix(FORCED)), text)
        for _, code, texts in rows
        if code.startswith(FORCED)
        for text in texts
        if "had only one possible move" in text
    ]
    assert any(isinstance(a, PUBLIC_MOVES) for a, _ in lines)
    for action, text in lines:
        public = isinstance(action, PUBLIC_MOVES)
        assert text.endswith(f"so the bot played it: {action.label()}." if public else "it."), text


async def double_click(world: World, user, message, control, session) -> None:
    """Two quick clicks on one move: it is made once, the second click is refused."""
    kind, custom_id, value = control
    before = await world.bot.store.action_log(session.id)
    if kind == "button":
        first = await world.emu.click(user, message, custom_id)
        second = await world.emu.click(user, message, custom_id)
    else:
        first = await world.emu.select(user, message, custom_id, [value])
        second = await world.emu.select(user, message, custom_id, [value])
    await first.done(timeout=10)
    await second.done(timeout=10)
    await world.quiesce()
    after = await world.bot.store.action_log(session.id)
    chosen = [c for _, c, _ in after[len(before) :] if not c.startswith(FORCED)]
    assert chosen == [code_of(control)]
    refusals = [m.text() for m in first.messages + second.messages if m.ephemeral]
    assert any("board changed" in t for t in refusals), refusals


def events_reached(rows: list, game: Guardians) -> set[str]:
    """Which of the issue's named events the logged game went through."""
    kinds = {code.removeprefix(FORCED).split(".")[0] for _, code, _ in rows}
    texts = " ".join(t for _, _, events in rows for t in events)
    reached = {"flight"} if "fly" in kinds else set()
    reached |= {"bribery"} if "cbribe" in kinds else set()
    reached |= {"channeling"} if kinds & CHANNELING else set()
    reached |= {"rubble"} if "is rubbled" in texts else set()
    reached |= {"win"} if game.result and game.result.winners else set()
    return reached


def siege_state() -> GuardiansState:
    """Carol's fliers next to Dave's centre Stronghold, guarded by one bribable Swordsman."""
    game = movement_game(seed=5)
    shield(game, 0, "C1", ["glimmer_fairy", "bramble_fairy"])
    game.state.seats[0].storage.append(take(game, 0, "gold"))
    game.state.seats[1].holds[1].on.append(take(game, 1, "swordsman"))
    game.state.seats[1].vitality = 3
    return game.state


SIEGE = [
    "fly.C3.C2.siege",
    "cplay",
    "cbribe",
    "cstone",
    "challenge",
    "chan",
    "strike",
    "stand",
    "csec",
]
"""What the players prefer in the siege, in this order (the rest: the first control)."""


async def test_a_flight_bribery_rubble_channeling_and_a_slain_guardian(world, monkeypatch):
    state = siege_state()
    new_state = classmethod(lambda cls, n, seed, options: state.model_copy(deep=True))
    monkeypatch.setattr(Guardians, "initial_state", new_state)
    await world.slash("carol", "guardians challenge", opponent=world.people["dave"])
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click("dave", challenge, challenge.find_button("Accept"))
    session = await world.live()
    for _ in range(40):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        seat = session.game.to_act()[0]
        user, message = await controls_of(world, session, seat)
        controls = sorted(move_controls(message), key=code_of)
        ranked = [c for p in SIEGE for c in controls if code_of(c).startswith(p)]
        await world.make_move(user, message, (ranked or controls)[0])
    assert session.status == "finished"
    rows = await world.bot.store.action_log(session.id)
    reached = events_reached(rows, session.game)
    assert reached == {"flight", "bribery", "channeling", "rubble", "win"}, reached
    assert "Tes Let is dead" in session.game.result.summary
    board = world.board(session)
    assert "Carol wins" in board.text()


def lands_state() -> GuardiansState:
    """Dave holds five lands, his Shield on R2 a step from Carol's last; hers is still home."""
    game = movement_game(seed=5)
    terrain(game, 1, "L1", "woods")
    terrain(game, 1, "C1", "swamps")
    shield(game, 0, "L0", ["swordsman"])
    shield(game, 1, "R2", ["swordsman"])
    return game.state


async def test_a_loss_still_preventable_is_warned_in_the_dm_until_prevented(world, monkeypatch):
    state = lands_state()
    new_state = classmethod(lambda cls, n, seed, options: state.model_copy(deep=True))
    monkeypatch.setattr(Guardians, "initial_state", new_state)
    dave = world.people["dave"]
    before = len(world.emu.dm_messages(dave))
    await world.slash("carol", "guardians challenge", opponent=dave)
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click("dave", challenge, challenge.find_button("Accept"))
    session = await world.live()
    user, message = await controls_of(world, session, 0)  # her only Shield turn: played for her
    warning = (
        "⚠️ **Warning:** Dave holds 5 of the six lands (one Shield can reach R1 this turn) and no "
        "Shield of yours stands on a land"
    )
    assert warning in message.text()
    assert "move one of your Shields onto a land this turn (L1, C1 or R1)" in message.text()
    (picture,) = message.attachments  # her picture carries the headline; its alt text says it
    headline = "All six lands could be theirs: put a Shield on a land"
    assert f"Warning: {headline}." in (picture.description or "")
    assert not any("Warning" in m.text() for m in world.emu.dm_messages(dave)[before:])
    assert "Warning" not in world.board(session).text()  # the board's alt text too
    now = await world.bot.store.load(session.id)
    unwarned = {**now.game.view(0), "seat_names": now.plain_names}
    drawn = render_png("guardians", {**unwarned, "warnings": [headline]})
    assert picture.data == drawn != render_png("guardians", unwarned)
    ix = await world.click(user.name, message, message.find_button("?"))
    answer = ix.messages[-1].text()  # the key to the picture's short labels
    assert "def +5: the Stronghold's defence" in answer and "OCB +2: off-colour bonus" in answer

    step = next(c for c in move_controls(message) if code_of(c).startswith("step.L1"))
    await world.make_move(user, message, step)
    assert "Warning" not in world.emu.dm_messages(user)[-1].text()
    await world.end_game()


async def test_a_player_with_closed_dms_sees_the_warning_in_my_hand_and_nothing_hidden(
    world, monkeypatch
):
    state = lands_state()
    dave = state.seats[1]
    dave.pen, dave.deck = dave.deck[:6], dave.deck[6:]  # cards Carol must not learn
    new_state = classmethod(lambda cls, n, seed, options: state.model_copy(deep=True))
    monkeypatch.setattr(Guardians, "initial_state", new_state)
    carol = world.people["carol"]
    world.emu.set_dms_open(carol, False)
    try:
        await world.slash("carol", "guardians challenge", opponent=world.people["dave"])
        challenge = world.emu.channel_messages(world.chan)[-1]
        await world.click("dave", challenge, challenge.find_button("Accept"))
        session = await world.live()
        hand = await world.hand("carol", session)
        warned = [line for line in hand.text().splitlines() if "Warning" in line]
        assert warned and "Dave holds 5 of the six lands" in warned[0], hand.text()[:600]
        (picture,) = hand.attachments  # the picture of My hand shows its headline too
        assert "Warning: All six lands could be theirs" in (picture.description or "")
        game = session.game
        hidden = {name(game, u) for u in secret_uids(game, 0)} - names_in(game.view(0))
        assert hidden and not leaks("\n".join(warned), hidden, set())

        step = next(c for c in move_controls(hand) if code_of(c).startswith("step.L1"))
        await world.make_move(carol, hand, step)
        assert "Warning" not in hand.text()  # the answer she pressed in, edited in place
    finally:
        world.emu.set_dms_open(carol, True)
    await world.end_game()
