"""Gondor through the real bot and the local Discord emulator: challenge, deployment, orders.

Alice challenges Bob as Westernesse (so Bob is Sauron, seat 0). Both deploy by "Place the rest
at random, then adjust", then Bob moves a group by ``/gondor move`` (autocomplete called as
Discord would), refused orders change nothing, and a restart leaves the DM controls working.
"""

from __future__ import annotations

import json
import logging
import re
from types import SimpleNamespace

import pytest

from bot.surface.rules import how_to_play
from discord_emulator.models import walk_components
from engines.gondor import Gondor
from engines.gondor.actions import (
    AutoDeploy,
    Move,
    Place,
    Select,
    SetupDone,
    StandardDeploy,
    TakeBack,
)
from engines.gondor.places import place
from tests.bot.gondor_table import actions, page_button, page_buttons, read_controls
from tests.bot.gondor_table import press as press_code
from tests.bot.harness import World, message_texts, move_controls, v2_pictures, v2_texts

pytestmark = pytest.mark.asyncio(loop_scope="module")

TRUTH = re.compile(r"\b(dummy|real)\b", re.IGNORECASE)


def secret_truth(text: str) -> re.Match | None:
    """Words telling real oil from dummy (no public text ever has them, 16.71)."""
    return TRUTH.search(text)


def asker(world: World, who: str, **namespace: str) -> SimpleNamespace:
    """What an autocomplete callback reads from its interaction."""
    command = SimpleNamespace(name=namespace.pop("command", "move"))
    return SimpleNamespace(
        user=world.people[who],
        channel_id=world.chan.id,
        namespace=SimpleNamespace(**namespace),
        command=command,
    )


def cog(world: World):
    return world.bot.get_cog("GondorCog")


async def press(world: World, session, seat: int, label: str) -> None:
    """The seat's player presses a button of their newest DM (or of My hand)."""
    user = world.user(session, seat)
    message = world.controls_message(user) or await world.hand(user.name, session)
    ix = await world.click(user.name, message, message.find_button(label))
    assert not ix.late


async def deploy(world: World, session, seat: int) -> None:
    """Place the rest at random, then Done unless the bot already played it (the only move)."""
    seen = await read_controls(world, world.user(session, seat), lambda label: "Other" in label)
    assert seen is not None
    await press_code(world, seen, Gondor.encode(AutoDeploy()))
    session = await world.bot.store.load(session.id)
    if session.game.state.phase == "setup" and seat in session.game.to_act():
        await press(world, session, seat, "Done")


async def ephemeral_answer(world: World, who: str, path: str, **options) -> str:
    ix = await world.slash(who, path, **options)
    assert ix.messages and all(m.ephemeral for m in ix.messages)
    return ix.messages[-1].text()


async def test_rules_and_help(world):
    ix = await world.slash("alice", "gondor rules")
    assert ix.messages and all(m.ephemeral for m in ix.messages)
    pages = [v2_texts(m) for m in ix.messages]  # the longest rules: two pages, within limits
    assert [p[0] for p in pages] == ["## Gondor: how to play (1/2)", "## Gondor: how to play (2/2)"]
    assert all(sum(map(len, p)) <= 4000 for p in pages)
    shown = "\n\n".join("\n\n".join(p[1:]) for p in pages)
    assert shown.split() == how_to_play("gondor").split()
    assert "/gondor move" in "".join(t for p in await world.help_pages("bob") for t in p)
    no_game = await ephemeral_answer(world, "carol", "gondor map")
    assert "No game of Gondor is running" in no_game


async def test_the_legend_is_a_key_for_anyone_that_fits_a_phone(world):
    ix = await world.slash("carol", "gondor legend")  # no game in the channel: still there
    answer = ix.messages[-1]
    assert answer.ephemeral and "the key to the map" in answer.text()
    image = answer.attachments[0]
    assert image.description.startswith("Gondor legend")
    assert "1917 Main Gate" in image.description and "1903 Citadel" in image.description
    assert "1918 East road" in image.description and "2124 East road" in image.description
    assert image.width == 1000 and image.height <= image.width


def with_reach(view):
    """Gondor.view as the engine will give it: a selected group's focus and reachable hexes."""

    def view_with_reach(game, seat):
        out = view(game, seat)
        if game.state.selected and "focus" not in out:
            moves = [a.hex for a in game.legal_actions(game.to_act()[0]) if isinstance(a, Move)]
            where = [game.state.counters[i].hex for i in game.state.selected]
            out |= {"focus": [h for h in where if h][:1] or moves[:1], "highlight": moves}
        return out

    return view_with_reach


async def test_a_side_chosen_deployment_orders_and_a_restart(world, caplog, monkeypatch):
    caplog.set_level(logging.INFO)
    monkeypatch.setattr(Gondor, "view", with_reach(Gondor.view))
    emu = world.emu
    await world.slash("alice", "gondor challenge", opponent=world.people["bob"], side="westernesse")
    challenge = emu.channel_messages(world.chan)[-1]
    assert "plays **Westernesse**" in challenge.text() and "plays **Sauron**" in challenge.text()
    ix = await world.click("alice", challenge, challenge.find_button("Accept"))
    assert "Waiting for Bob to accept" in ix.messages[-1].text()
    await world.click("bob", challenge, challenge.find_button("Accept"))
    session = await world.live()
    assert [s.user_id for s in session.seats] == [world.people["bob"].id, world.people["alice"].id]
    assert "challenger_seat" not in session.game.to_json()  # a bot option, not the engine's
    assert "Waiting for: **Bob**" in world.board(session).text()

    # ---- deployment: Sauron (Bob) first, then Westernesse (Alice) ---------------------------
    await deploy(world, session, 0)
    await deploy(world, session, 1)
    session = await world.bot.store.load(session.id)
    assert session.game.state.phase != "setup"
    check_cauldrons_stay_secret(world, session, caplog)

    # ---- the map, for a spectator and a player ----------------------------------------------
    ix = await world.slash("carol", "gondor map")
    answer = ix.messages[-1]
    assert answer.ephemeral and "what the table sees" in answer.text()
    assert answer.attachments[0].description.startswith("Gondor map")
    assert not TRUTH.search(answer.attachments[0].description)
    ix = await world.slash("bob", "gondor map", around="1903")
    answer = ix.messages[-1]
    assert "around 1903 (your view)" in answer.text()
    assert answer.attachments[0].description.startswith("Gondor, close-up of 1903")
    assert answer.attachments[0].size < 2_000_000
    bad = await ephemeral_answer(world, "bob", "gondor map", around="9999")
    assert "no hex '9999'" in bad and "1903" in bad

    # ---- magic (phase A): Westernesse casts by a typed order, then both end the phases --------
    session = await world.bot.store.load(session.id)
    assert session.game.state.phase.startswith("magic") and session.game.to_act() == [1]
    actors = await cog(world)._order_unit(asker(world, "alice", command="cast"), "")
    assert actors and await cog(world)._order_unit(asker(world, "bob", command="cast"), "") == []
    unit = actors[0].value
    ask = asker(world, "alice", command="cast", unit=unit)
    targets = await cog(world)._order_target(ask, "")
    legal = [a for a in session.game.legal_actions(1) if getattr(a, "command", "") == "cast"]
    assert {t.value for t in targets} == {Gondor.encode(a) for a in legal if a.actor() == unit}
    answer = await ephemeral_answer(
        world, "alice", "gondor cast", unit=unit, target=targets[-1].value
    )
    assert answer.startswith("Done:")
    rows = await world.bot.store.action_log(session.id)
    assert [c for _, c, _ in rows if not c.startswith("@")][-1] == targets[-1].value
    for _ in range(8):
        await world.quiesce()  # the typed order's moves played for the seats, DMs redrawn
        session = await world.bot.store.load(session.id)
        if session.game.state.phase == "sauron-movement":
            break
        await press(world, session, session.game.to_act()[0], "End phase")

    # ---- Sauron's movement phase --------------------------------------------------------------
    session = await world.bot.store.load(session.id)
    game = session.game
    assert session.game.to_act() == [0] and game.state.phase == "sauron-movement"
    legal = game.legal_actions(0)
    selects = [a for a in legal if isinstance(a, Select)]
    units = await cog(world)._move_unit(asker(world, "bob"), "")
    assert [c.value for c in units] == [type(game).encode(s) for s in selects][:25]
    assert await cog(world)._move_unit(asker(world, "alice"), "") == []  # not her turn
    assert await cog(world)._move_unit(asker(world, "carol"), "") == []  # a spectator
    chosen = next(c for c in units if "(" in c.name and "to enter" not in c.name)
    before = game.to_json()
    dests = await cog(world)._move_to(asker(world, "bob", unit=chosen.value), "")
    trial = type(game).from_json(before)
    trial.apply(0, type(game).decode(chosen.value))
    moves = [a for a in trial.legal_actions(0) if isinstance(a, Move)]
    assert [c.value for c in dests] == [m.hex for m in moves][:25]
    assert all(c.name.startswith(f"{c.value}, {place(c.value)} (") for c in dests)  # named
    assert (await world.bot.store.load(session.id)).game.to_json() == before  # untouched
    target = dests[-1].value

    # ---- refused orders change nothing ---------------------------------------------------------
    step = session.step
    refusals = {
        "alice": "not your turn",
        "carol": "You are not playing in this game",
    }
    for who, text in refusals.items():
        answer = await ephemeral_answer(world, who, "gondor move", unit=chosen.value, to=target)
        assert text in answer
    answer = await ephemeral_answer(world, "bob", "gondor move", unit=chosen.value, to="0101")
    assert "can't reach '0101'" in answer
    answer = await ephemeral_answer(world, "bob", "gondor move", unit="Nobody 9", to=target)
    assert "No group 'Nobody 9' can move now. The groups that can: " in answer
    assert chosen.name in answer
    answer = await ephemeral_answer(world, "bob", "gondor fire", unit="Orc Archers 1", target="x")
    assert answer == "No fire orders are possible now."
    assert (await world.bot.store.load(session.id)).step == step

    # ---- the order: Select then Move, one move, one board render ----------------------------
    board = world.board(session)
    versions = len(board.history)
    answer = await ephemeral_answer(world, "bob", "gondor move", unit=chosen.value, to=target)
    assert answer.startswith("Done: Select") and f"Move to {target}" in answer
    after = await world.bot.store.load(session.id)
    rows = await world.bot.store.action_log(session.id)
    assert after.step == step + 2
    assert [c.split(".")[0] for _, c, _ in rows[-2:]] == ["select", "move"]
    assert len(world.board(after).history) == versions + 1
    assert f"to {target}" in world.board(after).text()
    whole, close = world.board(after).attachments  # the map, and a close-up of the move
    assert "close-up" not in whole.description and close.description.startswith("Gondor, close-up")
    assert target in close.description and len(v2_pictures(world.board(after))) == 2
    for image in (whole, close):  # Discord's preview box is wider than tall: so are they
        assert image.width is not None and image.height <= image.width
    stale = await ephemeral_answer(world, "bob", "gondor move", unit=chosen.value, to=target)
    assert "can move now" in stale or "no longer possible" in stale
    assert (await world.bot.store.load(session.id)).step == after.step

    # ---- a restart: the DM's controls still work ----------------------------------------------
    await world.stop_bot()
    await world.start_bot()
    bob = world.people["bob"]
    message = world.controls_message(bob)
    controls = move_controls(message)
    assert controls
    select = next(c for c in controls if c[0] == "select" and c[2].startswith("select."))
    await world.make_move(bob, message, select)
    resumed = await world.bot.store.load(session.id)
    assert resumed.step == after.step + 1 and resumed.game.state.selected
    dm = world.controls_message(bob)
    start = resumed.game.state.counters[resumed.game.state.selected[0]].hex
    zoomed = dm.attachments[0].description
    assert zoomed.startswith(f"Gondor, close-up of {start}. ") and "Can reach" in zoomed
    options = [o for select in dm.selects() for o in select.options]
    options += [(b.label or "", (b.custom_id or "").split(":", 3)[-1]) for b in dm.buttons()]
    moves = [label for label, code in options if code.startswith("move.")]
    assert moves and all(re.match(r"Move to \d{4}, [A-Za-z]", label) for label in moves)
    assert "close-up" not in world.board(resumed).attachments[0].description
    assert len(world.board(resumed).attachments) == 1  # a selection changes nothing on the map

    # ---- the "?" says the goal in places and explains the words of the board -----------------
    board = world.board(resumed)
    ix = await world.click("alice", board, board.find_button("?"))
    helped = ix.messages[-1].text()
    goal = next(line for line in helped.splitlines() if line.startswith("**Goal:**"))
    assert "East road" in goal and "Main Gate" in goal and not re.search(r"\d{4}", goal)
    assert "• East road: " in helped and "• Losses/limit: " in helped


def check_cauldrons_stay_secret(world: World, session, caplog) -> None:
    """No channel message, alt text, embed or log line tells a cauldron's truth; her DM does."""
    channel = [t for m in world.emu.channel_messages(world.chan) for t in message_texts(m)]
    alts = [
        a.description or ""
        for m in world.emu.channel_messages(world.chan)
        for v in [*m.history, m]
        for a in v.attachments
    ]
    logs = [r.getMessage() for r in caplog.records]
    for text in channel + alts + logs:
        assert not TRUTH.search(text), text[:300]
    sauron = world.user(session, 0)
    for m in world.emu.dm_messages(sauron):
        for text in message_texts(m):
            assert not TRUTH.search(text), text[:300]
    westernesse = world.user(session, 1)
    dm = "\n".join(t for m in world.emu.dm_messages(westernesse) for t in message_texts(m))
    dm_alts = [
        a.description or "" for m in world.emu.dm_messages(westernesse) for a in m.attachments
    ]
    assert TRUTH.search(dm + "\n".join(dm_alts)), "Westernesse is told which cauldrons are real"
    assert json.dumps(session.game.view(None)).count('"truth": "?"') > 0


async def test_discord_refuses_a_select_of_26_options(world):
    import discord
    from discord.http import Route

    options = [{"label": f"o{i}", "value": f"v{i}"} for i in range(26)]
    payload = {
        "content": "x",
        "components": [
            {"type": 1, "components": [{"type": 3, "custom_id": "s", "options": options}]}
        ],
    }
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=world.chan2.id)
    with pytest.raises(discord.HTTPException) as refused:
        await world.bot.http.request(route, json=payload)
    assert refused.value.status == 400 and "25" in str(refused.value)


async def test_the_standard_set_up_in_one_click_or_edited_before_done(world):
    """Sauron deploys the standard set-up, moves one counter, Done; Westernesse in one click."""
    await world.slash("carol", "gondor challenge", chan=world.chan2, opponent=world.people["dave"])
    challenge = world.emu.channel_messages(world.chan2)[-1]
    await world.click("dave", challenge, challenge.find_button("Accept"))
    session = await world.live(world.chan2)
    carol, dave = world.people["carol"], world.people["dave"]  # Sauron, Westernesse
    clicks = 0

    async def make(user, pick) -> Gondor:
        nonlocal clicks
        seen = await read_controls(world, user)
        assert seen is not None
        action = next(a for a in actions(seen) if pick(a))
        clicks += await press_code(world, seen, Gondor.encode(action))
        return (await world.bot.store.load(session.id)).game

    def switch(user) -> list[str]:
        """The only-moves switch on the user's newest DM: Westernesse's oil and cauldrons."""
        labels = [b.label or "" for b in world.emu.dm_messages(user)[-1].buttons()]
        return [label for label in labels if "oil and cauldron" in label]

    assert not switch(carol)  # Sauron holds no secret: a switch there would do nothing
    # one "do it for me" button; placing one counter, and the other ways, a page away each
    first = world.controls_message(carol)
    assert [b.label for b in first.buttons() if (b.custom_id or "").startswith("g1:")] == [
        "Place the rest near the Main Gate and finish"
    ]
    links = [label for _, label in page_buttons(first).values()]
    assert (
        links[0].startswith("Place ")
        and " on… (" in links[0]
        and links[1:] == ["Other ways to place the rest… (2)"]
    )
    await world.click("carol", first, page_button(first, "Other ways"))
    other = world.controls_message(carol)
    menus = [c for c in walk_components(other.components) if c.get("type") == 3]
    assert [(o["label"], o["description"]) for m in menus for o in m["options"]] == [
        (a.label(), a.detail()) for a in (StandardDeploy(), AutoDeploy())
    ]
    game = await make(carol, lambda a: a == StandardDeploy())
    taken = next(a for a in game.legal_actions(0) if isinstance(a, TakeBack))
    game = await make(carol, lambda a: a == taken)
    assert game.state.counters[taken.counter].hex is None
    game = await make(carol, lambda a: isinstance(a, Place) and a.hex != taken.hex)
    moved_to = game.state.counters[taken.counter].hex
    assert moved_to not in (None, taken.hex)
    game = await make(carol, lambda a: a == SetupDone())
    assert clicks == 4 and game.to_act() == [1]
    assert switch(dave) == ["Play my only oil and cauldron moves for me: OFF"]
    game = await make(dave, lambda a: a == StandardDeploy(done=True))
    assert clicks == 5 and (game.state.turn, game.state.phase) == (1, "magic-1")
    assert game.state.counters[taken.counter].hex == moved_to
