"""Loads and cross-checks the card data in ``data/gondolin`` once, at import."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable

from pydantic import TypeAdapter

from engines.gondolin.cards import (
    Card,
    DefenderCard,
    EnemyCard,
    LocationCard,
    ReadyDeck,
    Story,
)
from engines.resources import data_path

DATA_DIR = data_path("gondolin")
CARD_FILES = ("locations", "defenders", "achievements", "events", "enemies")
_CARDS = TypeAdapter(list[Card])


class Catalogue:
    """All cards, stories and ready-made decks, keyed by id (iteration in ``num`` order)."""

    def __init__(
        self, cards: Iterable[Card], stories: Iterable[Story], decks: Iterable[ReadyDeck]
    ) -> None:
        self.cards: dict[str, Card] = {}
        for card in sorted(cards, key=lambda c: c.num):
            if card.id in self.cards:
                raise ValueError(f"duplicate card id {card.id!r}")
            self.cards[card.id] = card
        nums = [c.num for c in self.cards.values()]
        if len(set(nums)) != len(nums):
            raise ValueError("duplicate card numbers")
        self.stories: dict[str, Story] = {s.id: s for s in stories}
        self.decks: dict[str, ReadyDeck] = {d.id: d for d in decks}
        self.by_num: dict[int, Card] = {c.num: c for c in self.cards.values()}
        self._check_references()

    def _check_references(self) -> None:
        for story in self.stories.values():
            refs = [*story.deck.required]
            refs += [e.card for ev in story.events for e in ev.effects if e.card]
            self._check_ids(refs, f"story {story.id}")
        for card in self.cards.values():
            self._check_ids([e.card for e in card.effects if e.card], f"card {card.id}")
        for deck in self.decks.values():
            if deck.story not in self.stories:
                raise ValueError(f"deck {deck.id}: unknown story {deck.story!r}")
            self._check_ids(deck.cards, f"deck {deck.id}")

    def _check_ids(self, ids: Iterable[str], where: str) -> None:
        unknown = sorted(set(ids) - set(self.cards))
        if unknown:
            raise ValueError(f"{where}: unknown card ids {unknown}")

    def card(self, card_id: str) -> Card:
        """The card with this id (KeyError if none)."""
        return self.cards[card_id]

    def defender(self, card_id: str) -> DefenderCard:
        """A Defender card by id."""
        card = self.cards[card_id]
        assert isinstance(card, DefenderCard)
        return card

    def enemy(self, card_id: str) -> EnemyCard:
        """An Enemy card by id."""
        card = self.cards[card_id]
        assert isinstance(card, EnemyCard)
        return card

    def location(self, card_id: str) -> LocationCard:
        """A Location card by id."""
        card = self.cards[card_id]
        assert isinstance(card, LocationCard)
        return card


def _read(name: str) -> dict[str, list[dict[str, object]]]:
    with (DATA_DIR / f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)


def load_catalogue() -> Catalogue:
    """Read and validate every data file."""
    cards = [c for name in CARD_FILES for c in _CARDS.validate_python(_read(name)["card"])]
    stories = [Story.model_validate(s) for s in _read("stories")["story"]]
    decks = [ReadyDeck.model_validate(d) for d in _read("decks")["deck"]]
    return Catalogue(cards, stories, decks)


CATALOGUE = load_catalogue()
