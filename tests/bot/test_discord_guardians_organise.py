"""Guardians' Draw & Organize list through the emulator: placements grouped by where a card
goes, under their heading, with the 30-point limit said in words."""

from __future__ import annotations

import pytest

import bot.flow.lobby
from discord_emulator.models import walk_components
from engines.guardians import Guardians
from tests.bot.harness import move_controls

pytestmark = pytest.mark.asyncio(loop_scope="module")

TARGETS = {  # heading -> the placements it may hold, by target
    "On a Stronghold (no Shield yet)": {"L", "C", "R"},
    "Under a Stronghold (to channel)": {"uL", "uC", "uR"},
    "Beside a Stronghold (upgrade)": {"xL", "xR"},
}


async def test_the_organise_list_is_grouped_by_destination_with_the_limit_in_words(
    world, monkeypatch
):
    monkeypatch.setattr(bot.flow.lobby, "new_seed", lambda: 132)
    await world.slash("alice", "guardians challenge", opponent=world.people["bob"])
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click("bob", challenge, challenge.find_button("Accept"))
    session = await world.live()
    try:
        user = world.user(session, 0)
        message = world.controls_message(user) or await world.hand(user.name, session)
        # the switch says what it covers: the bot plays forced moves on the open board anyway
        labels = [b.label or "" for b in message.buttons()]
        assert "Also play my only card choices for me: OFF" in labels, labels
        selects = [c for c in walk_components(message.components) if c.get("type") == 3]
        headings = {s["placeholder"].split("…")[0] for s in selects}
        assert "On a Stronghold (no Shield yet)" in headings, headings
        for select in selects:
            heading = select["placeholder"].split("…")[0]  # then "(list 1 of 2: …)"
            for option in select["options"]:
                action = Guardians.decode(option["value"])
                assert action.kind == "place" and action.target in TARGETS[heading]
                if heading != "Beside a Stronghold (upgrade)":
                    assert "holds at most 30 points of creatures" in option["description"]
                    assert "/30 after this" in option["description"]
        offered = {
            cid.split(":", 3)[3] if kind == "button" else value
            for kind, cid, value in move_controls(message)
        }
        legal = session.game.legal_actions(0)
        assert offered == {Guardians.encode(a) for a in legal}, "every legal move is offered"
    finally:
        question = (await world.slash("alice", "game resign")).messages[-1]
        await world.click("alice", question, question.find_button("Yes"))
