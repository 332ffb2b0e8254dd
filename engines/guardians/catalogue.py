"""Loads and cross-checks the Guardians card pool in ``data/guardians`` once, at import."""

from __future__ import annotations

import tomllib
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.guardians.cards import DeckCard, Guardian, StrongholdSet
from engines.resources import data_path

DATA_DIR = data_path("guardians")
CARD_FILES = ("creatures", "spells", "items", "bribery", "terrain", "shields", "upgrades")
_CARDS = TypeAdapter(list[DeckCard])
T = TypeVar("T", bound=BaseModel)


class StarterDeck(BaseModel):
    """A ready-made deck: its Guardian, its Stronghold set and its cards (ids with counts)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    guardian: str
    strongholds: str
    cards: dict[str, int] = Field(min_length=1)

    def card_list(self) -> list[str]:
        """Every card id as often as it is in the deck, in a stable order."""
        return [cid for cid, n in self.cards.items() for _ in range(n)]


class Catalogue:
    """Every deck card, Guardian, Stronghold set and starter deck, keyed by id."""

    def __init__(
        self,
        cards: list[DeckCard],
        guardians: list[Guardian],
        strongholds: list[StrongholdSet],
        decks: list[StarterDeck],
    ) -> None:
        self.cards: dict[str, DeckCard] = _by_id(cards, "card")
        self.guardians: dict[str, Guardian] = _by_id(guardians, "guardian")
        self.strongholds: dict[str, StrongholdSet] = _by_id(strongholds, "stronghold set")
        self.decks: dict[str, StarterDeck] = _by_id(decks, "deck")
        for deck in self.decks.values():
            unknown = sorted(set(deck.cards) - set(self.cards))
            if unknown:
                raise ValueError(f"deck {deck.id}: unknown card ids {unknown}")
            if deck.guardian not in self.guardians:
                raise ValueError(f"deck {deck.id}: unknown Guardian {deck.guardian!r}")
            if deck.strongholds not in self.strongholds:
                raise ValueError(f"deck {deck.id}: unknown Stronghold set {deck.strongholds!r}")


def _by_id(items: list[T], what: str) -> dict[str, T]:
    out: dict[str, T] = {}
    for item in items:
        key = item.id  # type: ignore[attr-defined]
        if key in out:
            raise ValueError(f"duplicate {what} id {key!r}")
        out[key] = item
    return out


def _toml(name: str) -> dict[str, object]:
    path = DATA_DIR / f"{name}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def load_catalogue() -> Catalogue:
    """Read every data file (missing card files count as empty) and validate them."""
    cards: list[DeckCard] = []
    for name in CARD_FILES:
        cards += _CARDS.validate_python(_toml(name).get("card", []))
    return Catalogue(
        cards,
        TypeAdapter(list[Guardian]).validate_python(_toml("guardians").get("guardian", [])),
        TypeAdapter(list[StrongholdSet]).validate_python(_toml("strongholds").get("set", [])),
        TypeAdapter(list[StarterDeck]).validate_python(_toml("decks").get("deck", [])),
    )


CATALOGUE = load_catalogue()
