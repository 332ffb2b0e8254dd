"""Cards of the standard 52-card deck: power, colour and a short label.

Rulebook, Setup: "'A' equals 1, 2-10 equals 2-10, J equals 11, Q equals 12, K equals 13", and
"only numbers and colors matter". We keep the suit so two cards of one power can be told apart.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Suit = Literal["C", "D", "H", "S"]
Colour = Literal["red", "black"]

SUITS: tuple[Suit, ...] = ("C", "D", "H", "S")
SUIT_SYMBOLS: dict[str, str] = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_NAMES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RED_SUITS = frozenset({"D", "H"})

CardId = Annotated[int, Field(ge=0, le=51)]
"""A card as an action parameter: ``suit index * 13 + power - 1``."""


class Card(BaseModel):
    """One card; ``rank`` is its power (A=1 ... K=13)."""

    model_config = ConfigDict(frozen=True)

    rank: int = Field(ge=1, le=13)
    suit: Suit

    @property
    def power(self) -> int:
        """Power value (A=1, J=11, Q=12, K=13)."""
        return self.rank

    @property
    def colour(self) -> Colour:
        """Hearts and diamonds are red, clubs and spades black."""
        return "red" if self.suit in RED_SUITS else "black"

    @property
    def rank_name(self) -> str:
        """Rank text: A, 2 ... 10, J, Q or K."""
        return RANK_NAMES[self.rank - 1]

    @property
    def label(self) -> str:
        """Short text such as ``"10♦"`` or ``"Q♠"``."""
        return f"{self.rank_name}{SUIT_SYMBOLS[self.suit]}"

    @property
    def id(self) -> int:
        """Compact id used in action parameters."""
        return SUITS.index(self.suit) * 13 + self.rank - 1

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """Inverse of ``id``."""
        if not 0 <= card_id < 52:
            raise ValueError(f"no card with id {card_id}")
        return cls(rank=card_id % 13 + 1, suit=SUITS[card_id // 13])

    def __str__(self) -> str:
        return self.label


def full_deck() -> list[Card]:
    """The 52 cards in a fixed order (shuffle with ``engines.rng``)."""
    return [Card.from_id(i) for i in range(52)]


def card_label(card_id: int) -> str:
    """Label of a card id, tolerant of ids outside the deck (used by action labels)."""
    try:
        return Card.from_id(card_id).label
    except ValueError:
        return "?"
