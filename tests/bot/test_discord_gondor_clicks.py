"""Gondor in fewer clicks, through the real bot and the local Discord emulator.

The siege's long lists of hurls open from links on one first page (no "More moves" to read
through), and a Movement Phase offers suggested moves, each one click.
"""

from __future__ import annotations

import pytest

from engines.gondor import Gondor
from engines.gondor.actions import EndPhase, March, StandardDeploy
from tests.bot.gondor_table import page_button, page_buttons, press, read_controls
from tests.bot.harness import World
from tests.engines.gondor.helpers import bare_hex_ids

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def make(world: World, sid: str, action) -> Gondor:
    """The player to act reads their DM's first page and makes ``action``; the game after."""
    session = await world.bot.store.load(sid)
    user = world.user(session, session.game.to_act()[0])
    seen = await read_controls(world, user, lambda label: False)
    assert seen is not None and Gondor.encode(action) in seen.offered
    await press(world, seen, Gondor.encode(action))
    return (await world.bot.store.load(sid)).game


async def test_siege_lists_open_from_one_page_and_marches_take_one_click(world):
    await world.slash("alice", "gondor challenge", opponent=world.people["bob"])
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    sid = (await world.live()).id
    game = await make(world, sid, StandardDeploy(done=True))
    game = await make(world, sid, StandardDeploy(done=True))
    while (game.state.phase, game.to_act()) != ("siege", [0]):
        game = await make(world, sid, EndPhase())
    alice = world.people["alice"]
    dm = world.controls_message(alice)
    assert dm is not None and page_button(dm, "More moves") is None
    links = {label: page for page, (_, label) in page_buttons(dm).items()}
    assert len(links) == 6 and all(" hurls " in label for label in links)
    assert dm.find_button("End phase")
    first = min(links.values())
    seen = await read_controls(world, alice, lambda label: links.get(label) == first)
    assert seen is not None and seen.turns == 1 and seen.page == first
    assert page_button(seen.message, "◀ All moves") is not None
    hurls = [a for p, controls in seen.book.items() if p == first for a in controls]
    assert len(hurls) > 25  # its whole list, in selects of 25, on its own page
    targets = [label for s in seen.message.selects() for label, _ in s.options]
    assert targets and all(" hurls " in t and not bare_hex_ids(t) for t in targets), targets[:3]
    await seen.turn_to(world, 0)
    assert seen.turns == 2 and world.controls_message(alice).find_button("End phase")

    game = await make(world, sid, EndPhase())
    while (game.state.phase, game.to_act()) != ("sauron-movement", [0]):
        game = await make(world, sid, EndPhase())
    march = next(a for a in game.legal_actions(0) if isinstance(a, March))
    dm = world.controls_message(alice)
    assert dm.selects()[0].options[0][1] == Gondor.encode(march)  # the first in the first list
    assert dm.find_button("End movement")
    steps = game.state.step
    game = await make(world, sid, march)
    assert game.state.step == steps + 1 and set(march.counters) <= set(game.state.moved)
    assert all(game.state.counters[i].hex == march.hex for i in march.counters)
