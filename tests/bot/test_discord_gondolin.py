"""Gondolin through the emulator: deck building commands, then a full game with the hand by DM."""

import json
import random

import pytest

from tests.bot.harness import World

pytestmark = pytest.mark.asyncio(loop_scope="module")


def last_text(ix) -> str:
    return ix.messages[-1].text()


async def test_deck_building_round_trip(world):
    ix = await world.slash("alice", "gondolin deck create", name="mine", copy="ready:vale_founders")
    assert "created" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck create", name="mine")
    assert "already have" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck validate", name="mine", story="hidden_vale")
    assert "Ready to play" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck add", name="mine", card="Spear-warden", count=3)
    assert "Added 3×" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck validate", name="mine", story="hidden_vale")
    assert "Not legal" in last_text(ix) and "•" in last_text(ix)
    ix = await world.slash(
        "alice", "gondolin deck remove", name="mine", card="spear_warden", count=3
    )
    assert "Removed 3×" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck add", name="mine", card="No Such Card")
    assert "No card called" in last_text(ix)
    ix = await world.slash("alice", "gondolin deck export", name="mine")
    code = last_text(ix).split("```")[1]
    ix = await world.slash("bob", "gondolin deck import", name="shared", code=code)
    assert "Imported" in last_text(ix)
    ix = await world.slash("bob", "gondolin deck import", name="junk", code="!!nope!!")
    assert ix.messages[-1].ephemeral and "Imported" not in last_text(ix)
    ix = await world.slash("bob", "gondolin deck show", name="shared", story="hidden_vale")
    shown = ix.messages[-1]
    assert "Ready to play" in shown.text() and shown.attachments
    assert shown.attachments[0].description
    ix = await world.slash("carol", "gondolin cards", kind="enemy")
    assert ix.messages[-1].attachments and "Page 1" in last_text(ix)


async def test_a_full_game_keeps_the_hand_out_of_the_channel(world):
    await world.slash("alice", "gondolin start", story="hidden_vale", deck="mine", mode="easy")
    session = await world.live()
    assert session is not None and session.game_id == "gondolin"
    rng = random.Random(4)
    for _ in range(300):
        session = await world.bot.store.load(session.id)
        if session.status != "active":
            break
        check_hand_stays_private(world, session)
        await world.play_one(session, 0, rng)
    session = await world.bot.store.load(session.id)
    assert session.status == "finished"
    assert "Game over" in world.board(session).text()
    ix = await world.slash("bob", "gondolin scoreboard", story="hidden_vale")
    assert str(world.people["alice"].id) in last_text(ix)


def check_hand_stays_private(world: World, session) -> None:
    """No card only in the hand is named in any channel message (or its alt text)."""
    game = session.game
    public = json.dumps(game.view(None), ensure_ascii=False)
    hand = {c["name"] for c in game.view(0).get("hand", [])}
    secret = {name for name in hand if name not in public}
    for message in world.emu.channel_messages(world.chan):
        for version in [*message.history, message]:
            text = version.text()
            assert not [n for n in secret if n in text], text[:300]
