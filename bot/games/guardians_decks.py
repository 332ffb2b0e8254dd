"""Deck helpers for the Guardians commands: stored form, names, starters, listings and verdicts."""

from __future__ import annotations

from discord import app_commands

from bot.errors import UserFacingError
from bot.storage.decks import DeckStore
from bot.surface.deck_choices import saved_deck_choices
from bot.surface.text_limits import OPTION_LABEL
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.decks import (
    KIND_HEADINGS,
    MAX_CARDS,
    DeckCheck,
    DeckList,
    check_deck,
    starter,
)
from engines.guardians.lookup import find
from engines.text import plural, quoted, shorten

GAME = "guardians"
STARTER = "starter:"
GUARDIAN_KEY = "guardian:"
STRONGHOLDS_KEY = "strongholds:"


# ---- the stored form: card ids, plus one entry each for the Guardian and the Stronghold set ----
def to_entries(deck: DeckList) -> list[str]:
    """The deck as DeckStore keeps it: "guardian:<id>", "strongholds:<id>", then card ids.

    A deck of more than ``MAX_CARDS`` cards is refused before its list is built.
    """
    total = sum(deck.cards.values())
    if total > MAX_CARDS:
        raise UserFacingError(
            f"A deck holds at most {MAX_CARDS} cards; this one would have {total}."
        )
    head = [GUARDIAN_KEY + deck.guardian] if deck.guardian else []
    head += [STRONGHOLDS_KEY + deck.strongholds] if deck.strongholds else []
    return head + deck.card_list()


def from_entries(entries: list[str]) -> DeckList:
    """The deck a stored list of entries describes (``to_entries`` read back)."""
    guardian = next(
        (e.removeprefix(GUARDIAN_KEY) for e in entries if e.startswith(GUARDIAN_KEY)), None
    )
    sets = next(
        (e.removeprefix(STRONGHOLDS_KEY) for e in entries if e.startswith(STRONGHOLDS_KEY)), None
    )
    cards = [e for e in entries if not e.startswith((GUARDIAN_KEY, STRONGHOLDS_KEY))]
    return DeckList.from_ids(cards, guardian, sets)


# ---- names -------------------------------------------------------------------------------------
def starter_id(name: str) -> str | None:
    """The starter deck called ``name`` ("starter:<id>", its id or its name), if any."""
    key = name.strip().removeprefix(STARTER).casefold()
    for deck in CATALOGUE.decks.values():
        if key in (deck.id, deck.name.casefold()):
            return deck.id
    return None


async def resolve(store: DeckStore, user_id: int, name: str) -> tuple[DeckList, str | None]:
    """The player's deck of that name, else a starter; also the starter's id (None: their own)."""
    if not name.startswith(STARTER):
        entries = await store.get(user_id, GAME, name)
        if entries is not None:
            return from_entries(entries), None
    sid = starter_id(name)
    if sid is None:
        raise UserFacingError(
            f"You have no deck called {quoted(name)}. See `/guardians deck list`."
        )
    return starter(sid), sid


async def own(store: DeckStore, user_id: int, name: str) -> DeckList:
    """One of the player's saved decks (starters are not theirs to change)."""
    entries = await store.get(user_id, GAME, name)
    if entries is None:
        raise UserFacingError(
            f"You have no deck called {quoted(name)}. Make one with `/guardians deck new`, "
            "or see `/guardians deck list`."
        )
    return from_entries(entries)


def starter_choices(current: str) -> list[app_commands.Choice[str]]:
    """The starter decks matching what was typed."""
    key = current.strip().casefold()
    return [
        app_commands.Choice(name=shorten(f"Starter: {d.name}", OPTION_LABEL), value=STARTER + d.id)
        for d in CATALOGUE.decks.values()
        if key in d.name.casefold() or key in d.id
    ]


async def deck_choices(
    store: DeckStore, user_id: int, current: str
) -> list[app_commands.Choice[str]]:
    """The player's own decks first, then the starters."""
    own = await saved_deck_choices(store, user_id, GAME, current)
    return (own + starter_choices(current))[:25]


def opponent_starter(deck: DeckList) -> str:
    """The starter the opponent plays against a saved deck: the first with another Guardian."""
    others = [d.id for d in CATALOGUE.decks.values() if d.guardian != deck.guardian]
    return (others or list(CATALOGUE.decks))[0]


# ---- changing a deck ---------------------------------------------------------------------------
def change(deck: DeckList, name: str, count: int) -> str:
    """Add (count > 0) or remove copies of a card, or set/clear the Guardian or Stronghold set.

    Returns what was done, as a sentence.
    """
    item = find(name)
    if item.id in CATALOGUE.cards:
        have = deck.cards.get(item.id, 0)
        if have + count < 0:
            raise UserFacingError(f"The deck has {have}× {item.name}; it can't lose {-count}.")
        deck.cards[item.id] = have + count
        if not deck.cards[item.id]:
            del deck.cards[item.id]
        verb = "Added" if count > 0 else "Removed"
        return f"{verb} {abs(count)}× {item.name} ({have + count} in the deck now)."
    key, label = (
        ("guardian", "Guardian")
        if item.id in CATALOGUE.guardians
        else ("strongholds", "Stronghold set")
    )
    if count > 0:
        setattr(deck, key, item.id)
        return f"{label}: {item.name}."
    if getattr(deck, key) != item.id:
        raise UserFacingError(f"{item.name} is not this deck's {label}.")
    setattr(deck, key, None)
    return f"Took out {item.name}; the deck has no {label} now."


# ---- showing a deck ----------------------------------------------------------------------------
def describe(deck: DeckList) -> str:
    """The deck as Markdown: Guardian, Stronghold set, then the cards by kind with counts."""
    cat = CATALOGUE
    guardian = cat.guardians[deck.guardian].name if deck.guardian in cat.guardians else "none yet"
    sets = (
        cat.strongholds[deck.strongholds].name
        if deck.strongholds in cat.strongholds
        else "none yet"
    )
    lines = [f"**Guardian:** {guardian}", f"**Strongholds:** {sets}"]
    for kind, heading in KIND_HEADINGS.items():
        entries = sorted(
            (cat.cards[c].name, n)
            for c, n in deck.cards.items()
            if c in cat.cards and cat.cards[c].kind == kind
        )
        if entries:
            total = sum(n for _, n in entries)
            lines.append(f"**{heading} ({total})**: " + ", ".join(f"{n}× {c}" for c, n in entries))
    return "\n".join(lines)


def verdict(check: DeckCheck) -> str:
    """Say "ready to play", or list every broken rule as a bullet; the advice after either."""
    if check.ok:
        text = "✅ Ready to play."
    else:
        text = "❌ Not playable yet:\n" + "\n".join(f"• {e}" for e in check.errors)
    if check.warnings:
        text += "\n" + "\n".join(f"⚠️ {w}" for w in check.warnings)
    return text


def summary(deck: DeckList) -> str:
    """One line: the card count and whether the deck is playable."""
    check = check_deck(deck)
    total = sum(deck.cards.values())
    if check.ok:
        return f"{total} cards, ready to play."
    broken = plural(len(check.errors), "rule")
    return f"{total} cards; {broken} broken (see `/guardians deck show`)."
