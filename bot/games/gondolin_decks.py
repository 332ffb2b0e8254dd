"""Deck helpers for the Gondolin commands: resolving names, cards and ready-made decks."""

from __future__ import annotations

from collections import Counter

from discord import app_commands

from bot.errors import UserFacingError
from bot.storage.decks import DeckStore
from bot.surface.deck_choices import saved_deck_choices
from bot.surface.text_limits import OPTION_LABEL
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.decks import ready_decks
from engines.text import quoted, shorten

GAME = "gondolin"
READY = "ready:"
TYPES = ("location", "defender", "achievement", "occurrence", "continuous", "enemy")


def card_id(text: str) -> str:
    """A card id from an id or a name (case-insensitive), or a friendly refusal."""
    key = text.strip().lower()
    for card in CATALOGUE.cards.values():
        if key in (card.id, card.name.lower()):
            return card.id
    raise UserFacingError(f"No card called {quoted(text)}. Try `/gondolin cards` to browse them.")


def card_choices(current: str) -> list[app_commands.Choice[str]]:
    """Up to 25 cards whose name contains what was typed."""
    key = current.strip().lower()
    hits = [c for c in CATALOGUE.cards.values() if key in c.name.lower()]
    return [
        app_commands.Choice(name=shorten(f"{c.name} ({c.type})", OPTION_LABEL), value=c.id)
        for c in hits[:25]
    ]


def ready_choices(current: str) -> list[app_commands.Choice[str]]:
    """Ready-made decks matching what was typed."""
    key = current.strip().lower()
    return [
        app_commands.Choice(name=shorten(f"Ready-made: {d.name}", OPTION_LABEL), value=READY + d.id)
        for d in ready_decks()
        if key in d.name.lower() or key in d.id
    ][:25]


async def deck_choices(
    store: DeckStore, user_id: int, current: str
) -> list[app_commands.Choice[str]]:
    """The player's own decks first, then ready-made ones."""
    own = await saved_deck_choices(store, user_id, GAME, current)
    return (own + ready_choices(current))[:25]


async def resolve_deck(store: DeckStore, user_id: int, name: str) -> list[str]:
    """A deck by the player's name for it, or a ready-made deck ("ready:<id>" or its name)."""
    if name.startswith(READY):
        deck = CATALOGUE.decks.get(name.removeprefix(READY))
        if deck is None:
            raise UserFacingError("No ready-made deck by that name.")
        return deck.card_list()
    cards = await store.get(user_id, GAME, name)
    if cards is not None:
        return cards
    for deck in ready_decks():
        if name.strip().lower() in (deck.id, deck.name.lower()):
            return deck.card_list()
    raise UserFacingError(f"You have no deck called {quoted(name)}. See `/gondolin deck list`.")


def describe(cards: list[str]) -> str:
    """The deck as a list grouped by type: "Defenders (9): 3× Spear-warden, …"."""
    counts = Counter(cards)
    lines = []
    for kind in TYPES:
        of_kind = [
            (CATALOGUE.card(c).name, n) for c, n in counts.items() if CATALOGUE.card(c).type == kind
        ]
        if of_kind:
            total = sum(n for _, n in of_kind)
            names = ", ".join(f"{n}× {name}" if n > 1 else name for name, n in sorted(of_kind))
            lines.append(f"**{kind.title()}s ({total})**: {names}")
    return "\n".join(lines) or "The deck is empty."
