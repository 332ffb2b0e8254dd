"""The saved state of a Knightfall game (pydantic, JSON round-trippable)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engines.knightfall.camp import LAYOUT
from engines.knightfall.cards import Card

SCHEMA_VERSION = 1

Stage = Literal["muster", "draw", "coins", "battle", "powers", "knight", "over"]
Status = Literal["strong", "weak"]
Coin = Literal["attack", "defend"]
PowerName = Literal["archer", "mage"]


class SlotCard(BaseModel):
    """A card standing in a slot, with its status."""

    card: Card
    status: Status = "strong"


class DrawChoice(BaseModel):
    """A stage-2 decision, kept hidden until both players have decided."""

    kind: Literal["place", "exchange", "discard", "replace"]
    slot: str | None = None
    other: str | None = None


def empty_slots() -> dict[str, SlotCard | None]:
    """Every slot of the layout, all empty."""
    return dict.fromkeys(LAYOUT.ids)


class PlayerState(BaseModel):
    """One player's camp and this round's hidden choices."""

    slots: dict[str, SlotCard | None] = Field(default_factory=empty_slots)
    hand: list[Card] = Field(default_factory=list)
    """Muster: the cards still to place (in draw order). Draw stage: the card drawn."""
    knight_chosen: bool = False
    draw_choice: DrawChoice | None = None
    coin: Coin | None = None
    battle_slot: str | None = None
    acted: bool = False
    """Stage 5: has used a power or passed this round."""

    def troop(self) -> list[tuple[str, SlotCard]]:
        """Occupied slots in display order."""
        return [(sid, sc) for sid, sc in self.slots.items() if sc is not None]

    def free_slots(self) -> list[str]:
        """Empty slots in display order."""
        return [sid for sid, sc in self.slots.items() if sc is None]

    def score(self) -> int:
        """Total power of the troop, STRONG and WEAK."""
        return sum(sc.card.power for _, sc in self.troop())

    def strong_count(self) -> int:
        """Number of STRONG cards in the troop."""
        return sum(sc.status == "strong" for _, sc in self.troop())


class Fighter(BaseModel):
    """A card in this round's battle; ``power`` includes the Knight's +1."""

    seat: int
    slot: str
    card: Card
    power: int


class BattleRecord(BaseModel):
    """The coins and battle of one round, once revealed."""

    round: int
    coins: list[Coin]
    cards: list[Fighter] = Field(default_factory=list)
    outcome: str = ""
    winner: Fighter | None = None
    loser: Fighter | None = None
    """The current (after reversals) winning and losing cards of a decisive battle."""
    first_winner: int | None = None
    """Seat that won before any reversal (None: no decisive battle); fixes stage-5 order."""
    reversed_by: list[int] = Field(default_factory=list)


class PowerUse(BaseModel):
    """A special power used this round."""

    seat: int
    power: PowerName
    paid: list[Card]
    slots: list[str]
    target: str | None = None


class KnightfallState(BaseModel):
    """Everything about one game; the deck order is secret and never reaches a view."""

    schema_version: int = SCHEMA_VERSION
    round: int = 1
    stage: Stage = "muster"
    deck: list[Card]
    discard: list[Card] = Field(default_factory=list)
    players: list[PlayerState]
    battle: BattleRecord | None = None
    """The last revealed coins and battle (kept until the next coins are revealed)."""
    powers: list[PowerUse] = Field(default_factory=list)
    order: list[int] = Field(default_factory=list)
    """Stage 5: who acts first, then second."""
    shooting: int | None = None
    """Stage 5: seat that paid for an Archer power and must now choose its target."""
