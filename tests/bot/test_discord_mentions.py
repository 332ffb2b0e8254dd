"""A member's name in the bot's voice: it notifies no one, shows as typed, reorders nothing.

Mentions notify only the players of that game: never @everyone, a role, or a bystander. The
emulator works out whom each message's content notifies under its ``allowed_mentions`` as
Discord does (discord_emulator/mentions.py), and what a player reads where Discord reads
markdown (discord_emulator/markdown.py); members here carry nicknames that are mentions, masked
links, markdown, a right-to-left override and right-to-left letters.
"""

import random
from datetime import timedelta

import pytest
import pytest_asyncio

from discord_emulator import markdown
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
    over = next(m for m in world.emu.channel_messages(world.chan) if m.text().startswith("🏁"))
    assert "@\u200beveryone resigned" in over.text()
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
    assert f"<@\u200b&{role.id}>" in markdown.render(offer.content).text, "shown as typed"
    assert not offer.mentions.role_ids
    await world.resign("alice", chan=world.chan2)


async def test_no_message_notified_anyone_but_the_players_of_its_channel(world, role):
    """Whatever the tests above sent (every bot test module checks this when it ends)."""
    assert world.emu.pings(), "the tests above ping the players"
    await world.assert_pings_reach_only_players()


NITRO = "[Nitro](https://evil.example)"
ADMIN = "**Admin** ||x|| עדי"
"""Markdown, and right-to-left letters that would reorder the words around them."""
RLO = "\u202e"
FSI, PDI = "\u2068", "\u2069"
BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def named_game(world: World):
    """carol (a masked link) and dave (markdown, an override, Hebrew) play Knightfall to its end.

    A start, moves, their DMs, the idle reminder and takeover offer (a button naming dave), an
    abort request, the log, a resignation and its result, a replay, a review and dave's stats.
    """
    carol, dave = world.people["carol"], world.people["dave"]
    world.emu.set_nick(world.guild, carol, NITRO)
    world.emu.set_nick(world.guild, dave, RLO + ADMIN)
    try:
        await world.slash("carol", "knightfall challenge", opponent=dave)
        challenge = world.emu.channel_messages(world.chan)[-1]
        await world.click("dave", challenge, challenge.find_button("Accept"))
        session = await world.live()
        rng = random.Random(3)
        while session.game.to_act() != [1]:
            await world.play_one(session, session.game.to_act()[0], rng)
            session = await world.bot.store.load(session.id)
        await world.bot.lifecycle.sweep(session.updated_at + timedelta(days=4))
        await world.quiesce()
        await world.slash("dave", "game abort")
        await world.slash("carol", "game log")
        await world.resign("carol")
        await world.slash("carol", "game replay", session=session.id)
        await world.slash("carol", "game review", session=session.id)
        await world.slash("carol", "stats", member=dave)
    finally:
        world.emu.set_nick(world.guild, carol, None)
        world.emu.set_nick(world.guild, dave, None)
    return [m for m in world.emu.all_messages() if "Nitro" in m.text() or "Admin" in m.text()]


def where(message, text: str) -> list[str]:
    """The kinds of places of ``message``'s versions that hold ``text`` (as sent)."""
    found = []
    for version in (*message.history, message):
        found += [
            "markdown" if is_markdown else "plain"
            for sent, is_markdown in markdown.texts(version)
            if text in sent
        ]
        found += ["alt text"] * sum(text in (a.description or "") for a in version.attachments)
        found += ["label"] * sum(text in (b.label or "") for b in version.buttons())
    return found


async def test_a_name_shows_as_typed_never_as_a_link_bold_or_a_spoiler(named_game):
    places = {p for m in named_game for name in ("Nitro", "Admin") for p in where(m, name)}
    assert {"markdown", "plain", "alt text", "label"} <= places, "the scenario shows names"
    for message in named_game:
        for shown in markdown.shown(message):
            assert not [m for m in shown.marks if m.url and "evil" in m.url], (message, shown)
            assert "spoiler" not in shown.kinds(), (message, shown)
            for mark in shown.marks:  # the bot may bold a whole name, never a part of one
                if "Nitro" in mark.text or "Admin" in mark.text:
                    assert NITRO in mark.text or ADMIN in mark.text, (message, mark)
            if "Nitro" in shown.text:
                assert NITRO in shown.text, (message, shown.text)
            if "Admin" in shown.text:
                assert ADMIN in shown.text, (message, shown.text)


async def test_a_name_cannot_reverse_or_reorder_the_text_around_it(named_game):
    for message in named_game:
        for shown in markdown.shown(message):
            depth = 0
            for c in shown.text:
                assert c not in BIDI - {FSI, PDI}, (message, shown.text)
                depth += (c == FSI) - (c == PDI)
                assert depth >= 0, (message, shown.text)
            assert depth == 0, (message, shown.text)
            if "Admin" in shown.text:
                assert f"{FSI}{ADMIN}{PDI}" in shown.text, (message, shown.text)
