"""The card lookup page every game sends to its renderer: a card, its name and its full text."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel

CardT = TypeVar("CardT", bound=BaseModel)


class LookupSection(BaseModel):
    """A heading and its lines on a lookup page."""

    heading: str
    lines: list[str]


class CardLookup(BaseModel, Generic[CardT]):
    """One card and its text; ``card`` is the game's own picture of it."""

    title: str
    subtitle: str
    card: CardT
    sections: list[LookupSection]
