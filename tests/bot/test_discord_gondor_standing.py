"""Gondor's standing choices through the real bot: switched on in a DM, kept over a restart.

"Pass my magic phases" and "My catapults hurl nothing" pass a phase for the player who switched
them on, with a public line, until they switch them off.
"""

from __future__ import annotations

import json

import pytest

from engines.gondor import Gondor
from engines.gondor.actions import EndMovement, EndPhase, StandardDeploy
from engines.gondor.combat.actions import EndSegment
from tests.bot.gondor_table import press, read_controls, switches
from tests.bot.harness import World
from tests.engines.gondor.play import deployed

pytestmark = pytest.mark.asyncio(loop_scope="module")
PASSED = "Westernesse passes its magic phase (standing choice)."


async def make(world: World, sid: str, action=None) -> Gondor:
    """The player to act makes ``action`` from their DM (None: ends what they are doing)."""
    session = await world.bot.store.load(sid)
    seat = session.game.to_act()[0]
    if action is None:
        legal = session.game.legal_actions(seat)
        action = next((a for a in legal if isinstance(a, EndMovement | EndSegment)), EndPhase())
    seen = await read_controls(world, world.user(session, seat), lambda label: False)
    assert seen is not None and Gondor.encode(action) in seen.offered
    await press(world, seen, Gondor.encode(action))
    return (await world.bot.store.load(sid)).game


async def flip(world: World, who: str, label: str, on: bool) -> None:
    """Press the switch ``label`` on the player's newest DM; it must show the other setting."""
    dm = world.emu.dm_messages(world.people[who])[-1]
    custom_id, shown = switches(dm)[label]
    assert shown is not on
    await world.click(who, dm, custom_id)


async def test_standing_choices_pass_phases_with_a_line_and_survive_a_restart(world):
    await world.slash("alice", "gondor challenge", opponent=world.people["bob"])
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    sid = (await world.live()).id
    await make(world, sid, StandardDeploy(done=True))
    game = await make(world, sid, StandardDeploy(done=True))
    assert (game.state.turn, game.state.phase, game.to_act()) == (1, "magic-1", [1])

    # offered in Westernesse's first magic phase, with what it does; nothing else offered yet
    bob = world.people["bob"]
    dm = world.controls_message(bob)
    assert dm is not None and list(switches(dm)) == ["Pass my magic phases"]
    offer = "**Pass my magic phases** (below): your magic leader neither moves nor casts"
    assert offer in dm.text()
    await flip(world, "bob", "Pass my magic phases", on=True)
    session = await world.bot.store.load(sid)
    assert session.seats[1].standing == {"magic"}
    assert (session.game.state.phase, session.game.to_act()) == ("magic-1", [0])  # passed
    assert await said(world, sid, PASSED) == ["@end_phase"]  # logged as the bot's move
    alice_dm = world.controls_message(world.people["alice"])
    assert alice_dm is not None and list(switches(alice_dm)) == ["Pass my magic phases"]

    # Sauron ends his part; in the Siege Phase Westernesse is offered its catapults' choice
    game = await make(world, sid)
    while (game.state.phase, game.to_act()) != ("siege", [1]):
        game = await make(world, sid)
    dm = world.controls_message(bob)
    assert dm is not None
    assert {k: on for k, (_, on) in switches(dm).items()} == {
        "Pass my magic phases": True,  # on: always shown, to switch off at any time
        "My catapults hurl nothing": False,
    }
    await flip(world, "bob", "My catapults hurl nothing", on=True)
    game = (await world.bot.store.load(sid)).game
    assert game.state.phase == "sauron-movement"
    hurl = "Westernesse's catapults hurl nothing this Siege Phase (standing choice)."
    assert await said(world, sid, hurl) == ["@end_phase"]

    # a restart: the choices are kept with the game
    await world.stop_bot()
    await world.start_bot()
    while game.state.phase != "magic-2":
        game = await make(world, sid)
    game = await make(world, sid)  # Sauron first in phase E; Westernesse's is passed
    assert game.state.phase == "westernesse-movement"
    assert len(await said(world, sid, PASSED)) == 2

    # switched off from any DM that shows it: the next magic phase is asked again
    await flip(world, "bob", "Pass my magic phases", on=False)
    session = await world.bot.store.load(sid)
    assert session.seats[1].standing == {"nohurl"}
    while (session.game.state.phase, session.game.to_act()) != ("magic-1", [1]):
        session.game = await make(world, sid)
    assert session.game.state.turn == 2 and len(await said(world, sid, PASSED)) == 2


async def said(world: World, sid: str, line: str) -> list[str]:
    """The codes of the session's logged actions whose public events include ``line``."""
    rows = await world.bot.store.db.fetchall(
        "SELECT code, events_json FROM actions WHERE session_id=? ORDER BY step", (sid,)
    )
    return [r["code"] for r in rows if line in json.loads(r["events_json"])]


async def test_the_turn_before_the_end_westernesse_is_warned_in_its_dm(world, monkeypatch):
    """Game-Turn 15: were the siege over, Sauron would win; Westernesse's DM says how to stop it."""
    game = deployed()
    game.state.turn, game.state.totals["garrison"] = 15, 60
    game.state.visit("sauron", ["1918", "2124"])
    state = game.state
    new_state = classmethod(lambda cls, n, seed, options: state.model_copy(deep=True))
    monkeypatch.setattr(Gondor, "initial_state", new_state)
    await world.slash("carol", "gondor challenge", world.chan2, opponent=world.people["dave"])
    challenge = world.emu.channel_messages(world.chan2)[-1]
    await world.click("dave", challenge, challenge.find_button("Accept"))
    session = await world.live(world.chan2)
    westernesse = world.user(session, 1)
    dm = world.controls_message(westernesse)
    assert dm is not None
    text = dm.text()
    assert "⚠️ **Warning:** If the siege ended now, Sauron would win" in text
    assert "move a unit onto the East road by the Main Gate (1918)" in text
    headline = "Warning: You lose if the siege ends now: take the East road."
    assert any(headline in (a.description or "") for a in dm.attachments), "in her picture"
    board = next(m for m in world.emu.channel_messages(world.chan2) if m.id == session.message_id)
    assert "Warning" not in board.text()  # nor in the board's pictures
