"""The player's actions, each with a label that fits a Discord button."""

from __future__ import annotations

from typing import Literal

from engines.base import Action
from engines.gondolin.cards import AchievementCard, Card, DefenderCard, EnemyCard, LocationCard
from engines.gondolin.catalogue import CATALOGUE
from engines.text import sentence

MAX_LABEL = 80
MAX_DETAIL = 100


def _fit(text: str, limit: int = MAX_LABEL) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def card_detail(card_id: str, price: int | None = None) -> str | None:
    """What a hand card does and costs, in at most 100 characters."""
    card = CATALOGUE.cards.get(card_id)
    if card is None:
        return None
    parts = [sentence(card.text)] if card.text else []
    if isinstance(card, DefenderCard):
        flying = ", defends against flying" if card.anti_flying else ""
        parts.insert(0, f"Defence D{card.d}{flying}.")
    if isinstance(card, DefenderCard | AchievementCard):
        upkeep = f", then M{card.m} every Resource phase" if card.m else ""
        parts.append(f"Costs R{card.r if price is None else price}{upkeep}.")
    return _fit(" ".join(parts), MAX_DETAIL)


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

    def detail(self) -> str | None:
        """The card's text and cost."""
        return card_detail(self.card)


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

    def detail(self) -> str | None:
        """The card's text and what it costs now."""
        return card_detail(self.card, self.cost)


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

    def detail(self) -> str | None:
        """What the ability does, its price, and whether the card is lost."""
        card = CATALOGUE.cards.get(self.card)
        if card is None or card.use is None:
            return None
        price = f"Pay R{card.use.cost}: " if card.use.cost else ""
        lost = f" {card.name} is destroyed." if card.use.sacrifice else " Once a turn."
        return _fit(sentence(price + card.use.text) + lost, MAX_DETAIL)


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

    def detail(self) -> str | None:
        """What destroying it saves."""
        upkeep = getattr(CATALOGUE.cards.get(self.card), "m", 0)
        return f"M falls by {upkeep}, so this turn's R is counted again; the card is lost."


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

    def detail(self) -> str | None:
        """What comes next."""
        return f"Turn {self.turn + 1} begins: R from S minus M, a card is drawn, events happen."


class ChooseLocation(Action):
    """Setup with several Locations in the deck: where to found the settlement."""

    kind: Literal["found"] = "found"
    card: str

    def label(self) -> str:
        """E.g. 'Found the settlement at The Reedmarsh (S9, R2, P0)'."""
        card = CATALOGUE.cards.get(self.card)
        if not isinstance(card, LocationCard):
            return _fit(f"Found the settlement at {self.card}")
        return _fit(f"Found the settlement at {card.name} (S{card.s}, R{card.r}, P{card.p})")

    def detail(self) -> str | None:
        """The Location's rule."""
        card = CATALOGUE.cards.get(self.card)
        return _fit(f"Starting stats as shown. {sentence(card.text)}", MAX_DETAIL) if card else None


class ChooseTarget(Action):
    """Choose which of the tied cards an effect hits (a Defender lost, an enemy driven off)."""

    kind: Literal["target"] = "target"
    uid: int
    card: str

    def label(self) -> str:
        """E.g. 'Lose Iron Guard' or 'Drive off Orc Raiders'."""
        card = CATALOGUE.cards.get(self.card)
        verb = "Drive off" if isinstance(card, EnemyCard) else "Lose"
        return _fit(f"{verb} {_name(self.card)}")

    def detail(self) -> str | None:
        """What happens to it."""
        card = CATALOGUE.cards.get(self.card)
        if isinstance(card, EnemyCard):
            return f"{card.name} leaves the siege without giving its bonus."
        return f"{_name(self.card)} is destroyed and goes to the played pile."


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseLocation,
    PickCard,
    ChooseTarget,
    PlayCard,
    UseCard,
    DestroyCard,
    EndDefence,
    EndTurn,
)
