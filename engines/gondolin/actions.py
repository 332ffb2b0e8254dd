"""The player's actions, each with a label that fits a Discord button."""

from __future__ import annotations

from typing import Literal

from engines.base import Action
from engines.gondolin.cards import AchievementCard, Card, DefenderCard
from engines.gondolin.catalogue import CATALOGUE

MAX_LABEL = 80


def _fit(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def _name(card_id: str) -> str:
    return CATALOGUE.cards[card_id].name if card_id in CATALOGUE.cards else card_id


def card_summary(card: Card, price: int) -> str:
    """Short stats of a hand card: 'D3, R3, M1, vs flying' or 'Improvement, P3, R6, M1'."""
    upkeep = [f"M{card.m}"] if isinstance(card, DefenderCard | AchievementCard) and card.m else []
    if isinstance(card, DefenderCard):
        flying = ["vs flying"] if card.anti_flying else []
        return ", ".join([f"D{card.d}", f"R{price}", *upkeep, *flying])
    if isinstance(card, AchievementCard):
        return ", ".join([card.kind_label, f"P{card.px}", f"R{price}", *upkeep])
    return card.kind_label


class PickCard(Action):
    """Easy mode: take a card from the deck into the starting hand."""

    kind: Literal["pick"] = "pick"
    card: str

    def label(self) -> str:
        """E.g. 'Take Shield-bearers (D3, R3, M1) into the hand'."""
        if self.card not in CATALOGUE.cards:
            return _fit(f"Take {self.card} into the hand")
        card = CATALOGUE.card(self.card)
        price = getattr(card, "r", 0)
        return _fit(f"Take {card.name} ({card_summary(card, price)}) into the hand")


class PlayCard(Action):
    """Pay ``cost`` R and play a card from the hand."""

    kind: Literal["play"] = "play"
    card: str
    cost: int

    def label(self) -> str:
        """E.g. 'Play Shield-bearers (D3, R3, M1)'."""
        if self.card not in CATALOGUE.cards:
            return _fit(f"Play {self.card} (R{self.cost})")
        card = CATALOGUE.card(self.card)
        return _fit(f"Play {card.name} ({card_summary(card, self.cost)})")


class UseCard(Action):
    """Use the activated ability of a card in play."""

    kind: Literal["use"] = "use"
    uid: int
    card: str

    def label(self) -> str:
        """E.g. 'Use Fen-stalkers: enemies wait 1 turn'."""
        card = CATALOGUE.cards.get(self.card)
        if card is None or card.use is None:
            return _fit(f"Use {self.card}")
        price = f" (R{card.use.cost})" if card.use.cost else ""
        return _fit(f"Use {card.name}{price}: {card.use.text}")


class DestroyCard(Action):
    """Maintenance check: destroy a card that adds to M."""

    kind: Literal["destroy"] = "destroy"
    uid: int
    card: str

    def label(self) -> str:
        """E.g. 'Destroy Tower Watch (M1)'."""
        card = CATALOGUE.cards.get(self.card)
        upkeep = getattr(card, "m", 0)
        return _fit(f"Destroy {_name(self.card)} (M{upkeep})")


class EndDefence(Action):
    """Finish the Defence phase (the siege check and any attack follow)."""

    kind: Literal["hold"] = "hold"

    def label(self) -> str:
        """'End Defence phase'."""
        return "End Defence phase"


class EndTurn(Action):
    """Finish the Main phase and the turn."""

    kind: Literal["end"] = "end"
    turn: int

    def label(self) -> str:
        """E.g. 'End turn 5'."""
        return f"End turn {self.turn}"


ACTION_TYPES: tuple[type[Action], ...] = (
    PickCard,
    PlayCard,
    UseCard,
    DestroyCard,
    EndDefence,
    EndTurn,
)
