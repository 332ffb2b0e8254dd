"""Bad input through Discord: a deck count too big for any deck is refused while the text is read
(nothing is built, nothing saved), and an over-long option gets a short, friendly answer that
Discord accepts instead of an "interaction failed"."""

import pytest

from discord_emulator import markdown
from discord_emulator.markdown import Mark
from engines.gondolin.catalogue import CATALOGUE as GONDOLIN
from engines.gondolin.decks import deck_code

pytestmark = pytest.mark.asyncio(loop_scope="module")

LONG = "Q" * 5980 + "END"  # near Discord's 6000-character option limit


def answer(ix) -> str:
    """The interaction's one answer: ephemeral, within Discord's limits (the emulator checked)."""
    assert ix.refusals == [], [str(r) for r in ix.refusals]
    message = ix.messages[-1]
    assert message.ephemeral
    return message.text()


async def import_text(world, who: str, name: str, text: str):
    ix = await world.slash(who, "guardians deck import", name=name)
    form = await world.emu.submit_modal(ix, {"deck_text": text})
    await form.done(timeout=2)  # answered at once: nothing of the deck's size was built
    await world.quiesce()
    return form


async def saved(world, game: str, who: str, name: str):
    store = world.bot.get_cog("GuardiansCog").decks
    return await store.get(world.people[who].id, game, name)


async def test_a_huge_count_in_a_guardians_deck_text_is_refused_unbuilt(world):
    text = "Guardian: Rak Nam\nStrongholds: Keep of Rak Nam\n9999999999 Swordsman\n"
    refusal = answer(await import_text(world, "alice", "huge", text))
    assert "Nothing imported" in refusal
    assert "Line 3 (“9999999999 Swordsman”)" in refusal and "at most 200 cards" in refusal
    assert await saved(world, "guardians", "alice", "huge") is None

    digits = "9" * 3900
    refusal = answer(await import_text(world, "alice", "huge", f"{digits} Swordsman"))
    assert f"Line 1 (“{'9' * 40}" in refusal and "…”)" in refusal and digits not in refusal
    assert "at most 200 cards" in refusal
    assert await saved(world, "guardians", "alice", "huge") is None


async def test_counts_adding_up_past_the_deck_limit_are_refused(world):
    text = "Guardian: Rak Nam\n" + "".join(f"150 {t}\n" for t in ("Woods", "Swamps"))
    refusal = answer(await import_text(world, "bob", "woods", text))
    assert "Nothing imported" in refusal
    assert "Line 3 (“150 Swamps”)" in refusal and "300 cards" in refusal
    assert "at most 200" in refusal
    assert await saved(world, "guardians", "bob", "woods") is None

    ok = "Guardian: Rak Nam\nStrongholds: Keep of Rak Nam\n200 Woods\n"
    assert "Imported **woods**: 200 cards" in answer(await import_text(world, "bob", "woods", ok))
    ix = await world.slash("bob", "guardians deck add", name="woods", card="Swamps", count=20)
    assert answer(ix) == "A deck holds at most 200 cards; this one would have 220."
    stored = await saved(world, "guardians", "bob", "woods")
    assert len(stored) == 202 and "swamps" not in stored


async def test_a_gondolin_code_for_more_cards_than_a_deck_holds_is_refused(world):
    code = deck_code([cid for cid in GONDOLIN.cards for _ in range(3)])
    ix = await world.slash("carol", "gondolin deck import", name="everything", code=code)
    refusal = answer(ix)
    assert f"holds {3 * len(GONDOLIN.cards)} cards" in refusal and "at most 100" in refusal
    assert await saved(world, "gondolin", "carol", "everything") is None


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("knightfall card", {"name": LONG}),
        ("galdor card", {"name": LONG}),
        ("gondolin card", {"name": LONG}),
        ("guardians card", {"name": LONG}),
        ("gondolin deck add", {"name": "mine", "card": LONG}),
        ("gondolin deck remove", {"name": "mine", "card": LONG}),
        ("gondor map", {"around": LONG}),
        ("guardians deck show", {"name": "starter:" + LONG}),
    ],
)
async def test_a_long_option_gets_a_short_friendly_answer(world, path, options):
    ix = await world.slash("dave", path, **options)
    text = answer(ix)
    assert len(text) < 400, text
    assert "QQQQQQQQQQ…'" in text and "END" not in text


async def test_typed_text_echoed_back_shows_as_typed_not_as_a_link_or_markdown(world):
    """A card name, a deck text's line and a deck's name come back as the member typed them."""
    link = "[Nitro](https://evil.example)"
    card = answer(await world.slash("dave", "knightfall card", name=link))
    text = f"Guardian: Rak Nam\n3 {link}\n"
    line = answer(await import_text(world, "dave", "links", text))
    made = answer(await world.slash("dave", "guardians deck new", name="__Big__"))
    shown = [markdown.render(t) for t in (card, line, made)]
    marks = [[m for m in s.marks if m.kind != "code"] for s in shown]  # the bot's `/commands`
    assert marks == [[], [], [Mark("strong", "__Big__")]]
    assert f"'{link}'" in shown[0].text and f"Line 2 (“3 {link}”)" in shown[1].text
    assert "Deck __Big__ made" in shown[2].text
    assert await saved(world, "guardians", "dave", "__Big__") == []


SPACED = "spaced" + " " * 3000 + "out"
"""A deck name the store keeps as ``spaced out``: its thousands of spaces are no 3,000-character
reply, whichever command names it."""


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("gondolin deck create", {}),
        ("gondolin deck add", {"card": "Spear-warden"}),
        ("gondolin deck show", {}),
        ("gondolin deck export", {}),
        ("gondolin deck delete", {}),
        ("guardians deck new", {}),
        ("guardians deck add", {"card": "Swordsman"}),
        ("guardians deck show", {}),
        ("guardians deck export", {}),
        ("guardians deck delete", {}),
    ],
)
async def test_a_deck_name_full_of_spaces_is_named_as_it_is_kept(world, path, options):
    ix = await world.slash("carol", path, name=SPACED, **options)
    text = answer(ix)
    assert "spaced out" in text and "something went wrong" not in text, text
    assert len(text) < 1000, text


async def test_a_deck_name_shows_as_typed_in_the_deck_s_title(world):
    await world.slash("alice", "guardians deck new", name="__Big__")
    ix = await world.slash("alice", "guardians deck show", name="__Big__")
    (title,) = [markdown.render(e["title"]) for e in ix.messages[-1].embeds]
    assert title.marks == [] and title.text.startswith("__Big__ — "), title
