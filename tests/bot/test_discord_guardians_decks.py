"""Guardians deck building through the emulator: new, add, remove, show, list, delete, export,
import, an invalid deck's message, and a saved deck played in a challenge."""

from types import SimpleNamespace

import discord
import pytest

from bot.games.guardians_decks import from_entries, to_entries
from bot.storage.decks import max_cards
from bot.storage.refusals import Refused
from bot.surface.refusals import refusal_text
from engines.guardians.decks import starter

pytestmark = pytest.mark.asyncio(loop_scope="module")


def last(ix) -> str:
    """The newest message's text (content and embeds), checked to be ephemeral."""
    message = ix.messages[-1]
    assert message.ephemeral
    return message.text()


def asker(world, who: str) -> SimpleNamespace:
    """What an autocomplete callback reads from its interaction."""
    return SimpleNamespace(user=world.people[who])


async def test_stored_form_round_trip():
    deck = starter("starter_2")
    entries = to_entries(deck)
    assert entries[:2] == ["guardian:gaar", "strongholds:" + deck.strongholds]
    assert len(entries) == 2 + sum(deck.cards.values())
    assert from_entries(entries) == deck


async def test_a_guardians_deck_may_be_longer_than_a_gondolin_one(world):
    """The text sets no maximum; the store's cap for Guardians only bounds what is kept."""
    store = world.bot.get_cog("GuardiansCog").decks
    now = discord.utils.utcnow()
    await store.save(1, "guardians", "big", ["swordsman"] * max_cards("guardians"), now, new=True)
    assert max_cards("guardians") > max_cards("gondolin") == 100
    with pytest.raises(Refused) as longer:
        await store.save(1, "guardians", "big", ["swordsman"] * 203, now, new=False)
    assert refusal_text(longer.value) == "A deck holds at most 202 cards; this one has 203."


async def test_an_import_whose_name_was_taken_meanwhile_is_refused_in_words(world):
    """The form checks the name when it opens; the save refuses a deck made since, in words."""
    ix = await world.slash("dave", "guardians deck import", name="twice")
    await world.slash("dave", "guardians deck new", name="twice")
    form = await world.emu.submit_modal(ix, {"deck_text": "Guardian: Rak Nam\n3 Swordsman"})
    await form.done(timeout=10)
    await world.quiesce()
    assert last(form) == "You already have a deck called 'twice'."
    ix = await world.slash("dave", "guardians deck delete", name="twice")
    assert "Deleted **twice**." in last(ix)


async def test_building_showing_and_sharing_a_deck(world):
    cog = world.bot.get_cog("GuardiansCog")
    ix = await world.slash("alice", "guardians deck new", name="knights", copy="starter:starter_1")
    assert "Deck **knights** made: 64 cards, ready to play." in last(ix)
    ix = await world.slash("alice", "guardians deck new", name="knights")
    assert "already have a deck called 'knights'" in last(ix)
    ix = await world.slash("alice", "guardians deck new", name="scratch")
    assert "0 cards; 3 rules broken" in last(ix)

    own = [c.value for c in await cog._own_deck(asker(world, "alice"), "")]
    assert own == ["knights", "scratch"]
    names = [c.value for c in await cog._any_deck(asker(world, "alice"), "kn")]
    assert names == ["knights", "starter:starter_1"]
    cards = [c.value for c in await cog._deck_card(asker(world, "alice"), "swords")]
    assert "Swordsman" in cards

    # "At most 5 of a card except terrain and shields": a sixth Swordsman breaks the rule.
    ix = await world.slash("alice", "guardians deck add", name="knights", card="Swordsman", count=3)
    assert "Added 3× Swordsman (6 in the deck now)." in last(ix) and "1 rule broken" in last(ix)
    ix = await world.slash("alice", "guardians deck show", name="knights")
    shown = last(ix)
    assert "knights — 67 cards" in shown and "6× Swordsman" in shown
    assert "❌ Not playable yet" in shown
    assert "At most 5 copies of a card (terrain and shields excepted): Swordsman has 6." in shown
    ix = await world.slash(
        "alice", "guardians deck remove", name="knights", card="swordsman", count=3
    )
    assert "Removed 3× Swordsman (3 in the deck now)." in last(ix) and "ready to play" in last(ix)
    ix = await world.slash(
        "alice", "guardians deck remove", name="knights", card="Marshal", count=4
    )
    assert "has 1× Marshal; it can't lose 4" in last(ix)
    ix = await world.slash("alice", "guardians deck add", name="knights", card="Swordsmn")
    assert "No Guardians card called 'Swordsmn'" in last(ix)
    ix = await world.slash("alice", "guardians deck add", name="starter:starter_1", card="Marshal")
    assert "Deck names are" in last(ix)

    # An empty deck gets its Guardian and Stronghold set through add, like cards.
    await world.slash("alice", "guardians deck add", name="scratch", card="Gaar")
    ix = await world.slash("alice", "guardians deck add", name="scratch", card="Swordsman", count=5)
    ix = await world.slash("alice", "guardians deck show", name="scratch")
    shown = last(ix)
    assert "**Guardian:** Gaar" in shown and "**Strongholds:** none yet" in shown
    assert "Choose a Stronghold set" in shown
    assert "The deck has 5 cards; it needs at least 55 (50 more)." in shown
    assert "⚠️ The deck has 0 shields; 6 to 10 are advised" in shown
    ix = await world.slash("alice", "guardians deck show", name="starter:starter_2")
    assert "Hordes of Kabod — 64 cards" in last(ix) and "✅ Ready to play." in last(ix)
    ix = await world.slash("alice", "guardians deck list")
    listed = last(ix)
    assert "**knights** — 64 cards, ready to play." in listed
    assert "**scratch** — 5 cards; 2 rules broken" in listed and "`starter:starter_2`" in listed

    ix = await world.slash("alice", "guardians deck export", name="knights")
    text = last(ix).split("```")[1].strip()
    assert text.startswith("Guardian: Rak Nam\nStrongholds: Keep of Rak Nam\n# Creatures")
    ix = await world.slash("bob", "guardians deck import", name="from alice")
    assert ix.modal is not None
    form = await world.emu.submit_modal(ix, {"deck_text": text})
    await form.done(timeout=10)
    await world.quiesce()
    assert "Imported **from alice**: 64 cards, ready to play." in last(form)
    mine = from_entries(await cog.decks.get(world.people["alice"].id, "guardians", "knights"))
    theirs = from_entries(await cog.decks.get(world.people["bob"].id, "guardians", "from alice"))
    assert mine == theirs == starter("starter_1")

    ix = await world.slash("bob", "guardians deck import", name="junk")
    form = await world.emu.submit_modal(ix, {"deck_text": "Guardian: Rak Nam\n3 Swordsmen\nfoo"})
    await form.done(timeout=10)
    await world.quiesce()
    refusal = last(form)
    assert "Nothing imported" in refusal and "Line 2 (“3 Swordsmen”)" in refusal
    assert "did you mean Swordsman?" in refusal and "Line 3 (“foo”)" in refusal
    assert await cog.decks.get(world.people["bob"].id, "guardians", "junk") is None

    ix = await world.slash("alice", "guardians deck delete", name="scratch")
    assert "Deleted **scratch**." in last(ix)
    ix = await world.slash("alice", "guardians deck delete", name="scratch")
    assert "no deck called 'scratch'" in last(ix)


async def test_a_saved_deck_in_a_challenge(world):
    cog = world.bot.get_cog("GuardiansCog")
    offered = [c.value for c in await cog._challenge_deck(asker(world, "bob"), "")]
    assert offered == ["starter:starter_1", "starter:starter_2", "from alice"]

    await world.slash("bob", "guardians deck new", name="short", copy="from alice")
    for card, count in [("Swordsman", 3), ("Axeman", 2), ("Corporal", 2), ("Archer", 2)]:
        await world.slash("bob", "guardians deck remove", name="short", card=card, count=count)
    await world.slash("bob", "guardians deck remove", name="short", card="Snogwart", count=2)
    before = len(world.emu.channel_messages(world.chan))
    ix = await world.slash(
        "bob", "guardians challenge", opponent=world.people["carol"], deck="short"
    )
    refusal = last(ix)
    assert refusal.startswith("**short** can't be played yet:\n• The deck has 53 cards")
    assert "it needs at least 55 (2 more)" in refusal
    assert len(world.emu.channel_messages(world.chan)) == before, "no challenge is posted"

    # Rak Nam's deck meets the other starter's Guardian, Gaar.
    await world.slash(
        "bob", "guardians challenge", opponent=world.people["carol"], deck="from alice"
    )
    challenge = world.emu.channel_messages(world.chan)[-1]
    await world.click("carol", challenge, challenge.find_button("Accept"))
    session = await world.live()
    knights, hordes = starter("starter_1"), starter("starter_2")
    options = session.options
    assert [sorted(x) for x in options["deck_lists"]] == [
        sorted(knights.card_list()),
        sorted(hordes.card_list()),
    ]
    assert options["guardians"] == ["rak_nam", "gaar"]
    assert options["strongholds"] == [knights.strongholds, hordes.strongholds]
    seats = session.game.state.seats
    assert [s.guardian for s in seats] == ["rak_nam", "gaar"]
    dealt = session.game.state.cards
    assert sorted(c for u, c in dealt.items() if u[0] == "a") == sorted(knights.card_list())
