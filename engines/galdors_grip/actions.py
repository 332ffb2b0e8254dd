"""Player actions: small frozen models whose labels read well on a Discord button."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engines.base import Action
from engines.galdors_grip.cards import CARDS, Ability, CardId, Face, card_name
from engines.galdors_grip.deck import show
from engines.text import plural, sentence

Source = Literal["top", "next", "third", "fourth", "fifth", "sixth"]
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
SOURCES: tuple[Source, ...] = ("top", "next", "third", "fourth", "fifth", "sixth")

Fate = Literal["unseen", "safe", "peek", "rotate", "skip", "end", "lose"]
FATE_RANK: tuple[Fate, ...] = ("unseen", "safe", "peek", "rotate", "skip", "end", "lose")
"""What meeting a card on top will do, mildest first."""
FATE_LABEL: dict[str, str] = {"lose": ": you lose", "end": ": the game ends"}
FATE_DETAIL: dict[str, str] = {
    "unseen": "a face-down card comes to the top and turns face up",
    "safe": "{name} comes to the top",
    "peek": "{name} comes to the top: you peek below it",
    "rotate": "{name} comes to the top and rotates",
    "skip": "{name} comes to the top, leaps to the bottom, ends that turn",
    "end": "{name} comes to the top: the game ends, ⭐ are counted",
    "lose": "{name} comes to the top: you lose",
}
SUGGESTED: dict[str, str] = {
    "a": "the Core Set",
    "b": "3 random expansion cards",
    "c": "look at the 6 cards",
}


def _face_line(face: Face) -> str:
    """E.g. ``Starlit Road 3/3 ⭐``: title, upright/upside-down values, printed stars."""
    values = f"{show(face.upright.value)}/{show(face.inverted.value)}"
    stars = "⭐" * max(face.upright.stars, face.inverted.stars)
    return " ".join(p for p in (face.title, values, stars) if p)


def _with_ability(text: str, abilities: list[Ability]) -> str:
    text += f". {abilities[0].text}" if abilities else ""
    return text if len(text) <= 100 else text[:99] + "…"


def card_summary(card_id: str) -> str:
    """A card in a line for a deck-building choice: values per face, ⭐ and first ability."""
    card = CARDS.get(card_id)
    if card is None:
        return card_id
    faces = " or ".join(_face_line(face) for face in card.faces)
    return _with_ability(f"{card.name}: {faces}", card.abilities())


class Suggest(Action):
    """Deck building: take the suggested build for the method (any choices left open)."""

    kind: Literal["suggest"] = "suggest"
    method: Literal["a", "b", "c"]

    def label(self) -> str:
        """E.g. ``Use the suggested build (the Core Set)``."""
        return f"Use the suggested build ({SUGGESTED[self.method]})"


class SwapOut(Action):
    """Method a: take a non-essential Core card out (an expansion card then takes its place)."""

    kind: Literal["out"] = "out"
    card: CardId

    def label(self) -> str:
        """E.g. ``Swap out Warden's Oath``."""
        return f"Swap out {card_name(self.card)}"

    def detail(self) -> str | None:
        """The card being swapped out."""
        return card_summary(self.card)


class SwapIn(Action):
    """Method a: bring an expansion card in, for the card just swapped out."""

    kind: Literal["in"] = "in"
    card: CardId

    def label(self) -> str:
        """E.g. ``Swap in Waystone``."""
        return f"Swap in {card_name(self.card)}"

    def detail(self) -> str | None:
        """The card being swapped in."""
        return card_summary(self.card)


class Deal(Action):
    """Method a: the swaps are made; build, shuffle and deal the deck."""

    kind: Literal["deal"] = "deal"
    swaps: int = Field(ge=1, le=6)

    def label(self) -> str:
        """E.g. ``Deal the deck (2 swaps)``."""
        return f"Deal the deck ({plural(self.swaps, 'swap')})"


class Add(Action):
    """Method b: one of the three specific expansion cards."""

    kind: Literal["add"] = "add"
    card: CardId

    def label(self) -> str:
        """E.g. ``Add Waystone``."""
        return f"Add {card_name(self.card)}"

    def detail(self) -> str | None:
        """The card being added."""
        return card_summary(self.card)


class Blind(Action):
    """Method c: draw the six cards without looking at them."""

    kind: Literal["blind"] = "blind"

    def label(self) -> str:
        """The alternative to looking."""
        return "Draw the 6 cards without looking"

    def detail(self) -> str | None:
        """What not looking means."""
        return "They stay unknown (also in the deck list and the ⭐ maximum) until turned up."


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

    def detail(self) -> str | None:
        """That face's values, ⭐ and first ability."""
        card = CARDS.get(self.card)
        if card is None or self.face >= len(card.faces):
            return None
        face = card.faces[self.face]
        abilities = [a for side in (face.upright, face.inverted) for a in side.abilities]
        return _with_ability(_face_line(face), abilities)


class Rotate(Action):
    """Rotate the top card (it shows a Rotate symbol), while exploring or placing."""

    kind: Literal["rotate"] = "rotate"
    card: CardId

    def label(self) -> str:
        """E.g. ``Rotate Galdor's Grip``."""
        return f"Rotate {card_name(self.card)}"


class Move(Action):
    """Explore: move ``count`` cards, using the value of the card at ``source``.

    ``lands`` is the card that will come to the top (None: a face-down card) and ``fate`` what
    meeting it will do; both follow from the deck, so a stale or forged move is refused.
    """

    kind: Literal["move"] = "move"
    count: int = Field(ge=1, le=6)
    source: Source
    wild: bool = False
    lands: CardId | None = None
    fate: Fate = "unseen"

    def what(self) -> str:
        """E.g. ``Move 3 (top card's value)`` or ``Move 4 (next card's wildcard = 4)``."""
        what = f"wildcard = {self.count}" if self.wild else "value"
        return f"Move {self.count} ({self.source} card's {what})"

    def label(self) -> str:
        """E.g. ``Move 3 (top card's value) → Figment of Feragot (1/6): you lose``."""
        where = card_name(self.lands) if self.lands else "a face-down card"
        return f"{self.what()} → {where}{FATE_LABEL.get(self.fate, '')}"

    def detail(self) -> str | None:
        """How many cards move and what the card coming to the top will do."""
        name = card_name(self.lands) if self.lands else ""
        return sentence(
            f"Moves {plural(self.count, 'card')}; " + FATE_DETAIL[self.fate].format(name=name)
        )


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


class Stop(Action):
    """The deck is as it was at the start of an earlier turn: end the game (a loss)."""

    kind: Literal["stop"] = "stop"

    def label(self) -> str:
        """The way out of a loop."""
        return "End the game: no progress"

    def detail(self) -> str | None:
        """What stopping costs."""
        return "The deck is exactly as on an earlier turn. End the game here, as a loss."


ACTION_TYPES: tuple[type[Action], ...] = (
    Suggest,
    SwapOut,
    SwapIn,
    Deal,
    Add,
    Blind,
    StartFace,
    Rotate,
    Move,
    Place,
    Resolve,
    Pick,
    Done,
    Stop,
)
