"""Mentions notify only the players of that game: never @everyone, a role, or a bystander.

The emulator works out whom each message's content notifies under its ``allowed_mentions`` as
Discord does (discord_emulator/mentions.py); members here carry nicknames that are mentions.
"""

import random
from datetime import timedelta

import pytest

from tests.bot.harness import World

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def role(world: World):
    """A role that carol and dave hold; alice is "@everyone" and bob is that role's mention."""
    raiders = world.emu.add_role(world.guild, "Raiders")
    for name in ("carol", "dave"):
        world.guild.members[world.people[name].id].role_ids.append(raiders.id)
    world.emu.set_nick(world.guild, world.people["alice"], "@everyone")
    world.emu.set_nick(world.guild, world.people["bob"], f"<@&{raiders.id}>")
    return raiders


async def duel(world: World, chan) -> object:
    await world.slash("alice", "knightfall challenge", chan=chan, opponent=world.people["bob"])
    challenge = world.emu.channel_messages(chan)[-1]
    assert challenge.mentions.notified == {world.people["bob"].id}
    await world.click("bob", challenge, challenge.find_button("Accept"))
    return await world.live(chan)


def ids(world: World, *names: str) -> set[int]:
    return {world.people[n].id for n in names}


async def test_a_player_named_everyone_resigns_and_only_the_two_players_are_notified(world, role):
    session = await duel(world, world.chan)
    assert session.names[0] == "@\u200beveryone", "a display name can't mention anyone"
    await world.resign("alice")
    over = next(m for m in world.emu.channel_messages(world.chan) if "Game over" in m.content)
    assert "@\u200beveryone resigned" in over.content
    assert not over.mentions.everyone and not over.mentions.role_ids
    assert over.mentions.notified == ids(world, "alice", "bob")


async def test_the_idle_ping_and_the_takeover_offer_notify_only_whom_they_name(world, role):
    session = await duel(world, world.chan2)
    rng = random.Random(5)
    while session.game.to_act() != [1]:
        await world.play_one(session, 0, rng)
        session = await world.bot.store.load(session.id)
    before = len(world.emu.channel_messages(world.chan2))
    world.emu.set_dms_open(world.people["bob"], False)
    try:
        await world.bot.lifecycle.sweep(session.updated_at + timedelta(days=4))
        await world.quiesce()
    finally:
        world.emu.set_dms_open(world.people["bob"], True)
    new = world.emu.channel_messages(world.chan2)[before:]
    offer = next(m for m in new if "has not moved" in m.content)
    reminder = next(m for m in new if "resignation" in m.content and m is not offer)
    assert reminder.mentions.notified == ids(world, "bob")
    assert offer.mentions.notified == ids(world, "alice"), "the offer pings the one who waits"
    assert f"<@\u200b&{role.id}>" in offer.content and not offer.mentions.role_ids
    await world.resign("alice", chan=world.chan2)


async def test_no_message_notified_anyone_but_the_players_of_its_channel(world, role):
    """Whatever the tests above sent (every bot test module checks this when it ends)."""
    assert world.emu.pings(), "the tests above ping the players"
    await world.assert_pings_reach_only_players()
