"""Knightfall actions: small frozen models with a button label.

Labels are shown only to the acting player, so they may name that player's own cards.
Card parameters are card ids (see ``cards.Card.id``); slots are layout ids such as ``"A2"``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engines.base import Action
from engines.knightfall.camp import LAYOUT
from engines.knightfall.cards import CardId, card_label

SlotId = Annotated[str, Field(pattern=r"^[A-Za-z0-9]{1,4}$")]


def _name(slot: str) -> str:
    return LAYOUT.name(slot)


class ChooseKnight(Action):
    """Muster: the card at ``index`` of the five drawn becomes the Knight."""

    kind: Literal["knight"] = "knight"
    index: int = Field(ge=0, le=4)
    card: CardId

    def label(self) -> str:
        """E.g. ``Knight: 9♥``."""
        return f"Knight: {card_label(self.card)}"


class Place(Action):
    """Muster or stage 2: put a drawn card in a free slot."""

    kind: Literal["place"] = "place"
    card: CardId
    slot: SlotId

    def label(self) -> str:
        """E.g. ``Place 7♣ in Mage 2``."""
        return f"Place {card_label(self.card)} in {_name(self.slot)}"


class Exchange(Action):
    """Stage 2: swap two of your cards; the drawn card is discarded."""

    kind: Literal["exchange"] = "exchange"
    slot: SlotId
    other: SlotId
    card: CardId

    def label(self) -> str:
        """E.g. ``Exchange Archer 1 ↔ Mage 3 (discard 7♣)``."""
        return (
            f"Exchange {_name(self.slot)} ↔ {_name(self.other)} (discard {card_label(self.card)})"
        )


class Discard(Action):
    """Stage 2 with a full troop: discard the drawn card."""

    kind: Literal["discard"] = "discard"
    card: CardId

    def label(self) -> str:
        """E.g. ``Discard 7♣``."""
        return f"Discard {card_label(self.card)}"


class Replace(Action):
    """Stage 2 with a full troop: the drawn card takes a STRONG card's slot; that card dies."""

    kind: Literal["replace"] = "replace"
    slot: SlotId
    old: CardId
    card: CardId

    def label(self) -> str:
        """E.g. ``Replace 5♦ (Mage 2) with 7♣``."""
        return f"Replace {card_label(self.old)} ({_name(self.slot)}) with {card_label(self.card)}"


class Attack(Action):
    """Stage 3: the ATTACK decision coin."""

    kind: Literal["attack"] = "attack"

    def label(self) -> str:
        """``Attack``."""
        return "Attack"


class Defend(Action):
    """Stage 3: the DEFEND decision coin."""

    kind: Literal["defend"] = "defend"

    def label(self) -> str:
        """``Defend``."""
        return "Defend"


class BattleWith(Action):
    """Stage 4: the attacker's STRONG Archer or Mage that fights."""

    kind: Literal["battle"] = "battle"
    slot: SlotId
    card: CardId

    def label(self) -> str:
        """E.g. ``Battle with Q♠ (Archer 2)``."""
        return f"Battle with {card_label(self.card)} ({_name(self.slot)})"


class UsePower(Action):
    """Stage 5: discard three same-colour linked cards to use a power."""

    kind: Literal["power"] = "power"
    power: Literal["archer", "mage"]
    a: SlotId
    b: SlotId
    c: SlotId
    cards: tuple[CardId, CardId, CardId]

    def label(self) -> str:
        """E.g. ``Archer power: pay 3♥ 5♥ 9♦ (A1 A2 M2)``."""
        paid = " ".join(card_label(c) for c in self.cards)
        return f"{self.power.capitalize()} power: pay {paid} ({self.a} {self.b} {self.c})"


class Shoot(Action):
    """Stage 5, after paying for the Archer power: the opponent's STRONG card to weaken."""

    kind: Literal["shoot"] = "shoot"
    slot: SlotId

    def label(self) -> str:
        """E.g. ``Shoot Mage 3``."""
        return f"Shoot {_name(self.slot)}"


class Pass(Action):
    """Stage 5: use no power this round."""

    kind: Literal["pass"] = "pass"

    def label(self) -> str:
        """``Pass``."""
        return "Pass"


class MoveKnight(Action):
    """End of stage 5: move one of your cards into the empty Knight slot."""

    kind: Literal["move"] = "move"
    slot: SlotId
    card: CardId

    def label(self) -> str:
        """E.g. ``Move Q♠ to Knight``."""
        return f"Move {card_label(self.card)} to {_name(LAYOUT.knight)}"


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseKnight,
    Place,
    Exchange,
    Discard,
    Replace,
    Attack,
    Defend,
    BattleWith,
    UsePower,
    Shoot,
    Pass,
    MoveKnight,
)
