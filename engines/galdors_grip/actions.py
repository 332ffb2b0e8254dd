"""Player actions: small frozen models whose labels read well on a Discord button."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engines.base import Action
from engines.galdors_grip.cards import CARDS, CardId, card_name

Source = Literal["top", "next", "third", "fourth", "fifth", "sixth"]
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
SOURCES: tuple[Source, ...] = ("top", "next", "third", "fourth", "fifth", "sixth")


class StartFace(Action):
    """Setup: choose which face of a Forked Path card starts face up."""

    kind: Literal["face"] = "face"
    card: CardId
    face: int = Field(ge=0, le=1)

    def label(self) -> str:
        """E.g. ``Start Wanderer's Fork on Starlit Road``."""
        card = CARDS.get(self.card)
        title = card.faces[self.face].title if card and self.face < len(card.faces) else None
        return f"Start {card_name(self.card)} on {title or f'face {self.face + 1}'}"


class Rotate(Action):
    """Rotate the top card (it shows a Rotate symbol), before choosing how far to explore."""

    kind: Literal["rotate"] = "rotate"
    card: CardId

    def label(self) -> str:
        """E.g. ``Rotate Galdor's Grip``."""
        return f"Rotate {card_name(self.card)}"


class Move(Action):
    """Explore: move ``count`` cards, using the value of the card at ``source``."""

    kind: Literal["move"] = "move"
    count: int = Field(ge=1, le=6)
    source: Source
    wild: bool = False

    def label(self) -> str:
        """E.g. ``Move 3 (top card's value)`` or ``Move 4 (next card's wildcard = 4)``."""
        what = f"wildcard = {self.count}" if self.wild else "value"
        return f"Move {self.count} ({self.source} card's {what})"


class Place(Action):
    """Explore: where the top card goes within the moved stack (1 = stays first)."""

    kind: Literal["place"] = "place"
    position: int = Field(ge=1, le=6)

    def label(self) -> str:
        """E.g. ``Place top card 2nd in the moved stack``."""
        return f"Place top card {ORDINALS[self.position - 1]} in the moved stack"


class Resolve(Action):
    """Several abilities triggered at once: resolve this one first."""

    kind: Literal["resolve"] = "resolve"
    card: CardId
    index: int = Field(ge=0, le=9)

    def label(self) -> str:
        """E.g. ``Resolve Deeproot Depths first``."""
        return f"Resolve {card_name(self.card)} first"


class Pick(Action):
    """An ability lets you rotate cards: rotate this one."""

    kind: Literal["pick"] = "pick"
    card: CardId

    def label(self) -> str:
        """E.g. ``Rotate Sunlit Memory (ability)``."""
        return f"Rotate {card_name(self.card)} (ability)"


class Done(Action):
    """Stop making the current ability's optional rotations."""

    kind: Literal["done"] = "done"

    def label(self) -> str:
        """The button that ends an optional choice."""
        return "Done rotating"


ACTION_TYPES: tuple[type[Action], ...] = (StartFace, Rotate, Move, Place, Resolve, Pick, Done)
