"""The card catalogue: pydantic models for cards, faces, sides and abilities, and its loader.

Every card is data (data/galdors_grip/*.toml); ability logic lives in effects.py, keyed by the
``effect`` names used here. The Core Set's attribute distribution is checked at load.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib.resources.abc import Traversable
from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.resources import data_path

DATA_DIR = data_path("galdors_grip")

Trigger = Literal["start_of_game", "on_top", "moving_to_bottom", "anywhere", "end_of_game"]
Attribute = Literal["puzzle", "skull", "prison", "edited", "star", "forked"]
Value = Annotated[int, Field(ge=1, le=6)] | Literal["*"] | None
CardId = Annotated[str, Field(pattern=r"^[a-z0-9_]{1,40}$")]

TRIGGER_NAMES: dict[str, str] = {
    "start_of_game": "Start of Game",
    "on_top": "On Top of Deck",
    "moving_to_bottom": "Moving to Bottom of Deck",
    "anywhere": "Anywhere in Deck",
    "end_of_game": "End of Game",
}
ATTRIBUTE_NAMES: dict[str, str] = {
    "puzzle": "Puzzle Piece",
    "skull": "Skull",
    "prison": "Illusory Prison",
    "edited": "Edited Page",
    "star": "Star",
    "forked": "Forked Path",
}
CORE_DISTRIBUTION = {"puzzle": 12, "skull": 6, "prison": 5, "edited": 4, "star": 14}


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Ability(_Frozen):
    """One printed ability: its trigger event, the effect that runs it and its card text."""

    trigger: Trigger
    effect: str
    text: str
    params: dict[str, int | str | bool] = {}


class Side(_Frozen):
    """One orientation of a face: value, Rotate symbol, printed stars and abilities."""

    value: Value = None
    rotate: bool = False
    stars: int = Field(default=0, ge=0)
    abilities: tuple[Ability, ...] = ()


class Face(_Frozen):
    """A printed front; ``inverted`` (upside-down) defaults to a copy of ``upright``."""

    title: str | None = None
    upright: Side
    inverted: Side

    @model_validator(mode="before")
    @classmethod
    def _same_both_ways(cls, data: object) -> object:
        if isinstance(data, dict) and data.get("inverted") is None:
            return {**data, "inverted": data.get("upright")}
        return data

    def side(self, inverted: bool) -> Side:
        """The side that is active in the given orientation."""
        return self.inverted if inverted else self.upright


class Card(_Frozen):
    """A card of the catalogue: name and attributes hold whichever side is active."""

    id: CardId
    name: str
    set: str = ""
    attributes: tuple[Attribute, ...] = Field(min_length=1)
    faces: tuple[Face, ...] = Field(min_length=1, max_length=2)

    @model_validator(mode="after")
    def _forked_iff_two_faces(self) -> Self:
        if ("forked" in self.attributes) != (len(self.faces) == 2):
            raise ValueError(f"{self.id}: Forked Path cards, and only they, have two faces")
        if len(set(self.attributes)) != len(self.attributes):
            raise ValueError(f"{self.id}: repeated attribute")
        return self

    @property
    def essential(self) -> bool:
        """Puzzle Piece cards must always be in the deck."""
        return "puzzle" in self.attributes

    def face_name(self, face: int) -> str:
        """The name with the face title of a Forked Path card."""
        title = self.faces[face].title
        return f"{self.name} ({title})" if title else self.name

    def abilities(self) -> list[Ability]:
        """Every ability printed anywhere on the card."""
        return [a for f in self.faces for s in (f.upright, f.inverted) for a in s.abilities]


class CardSet(_Frozen):
    """A set: the Core Set (ordinal 0) or an expansion."""

    id: CardId
    name: str
    ordinal: int = Field(ge=0)
    cards: tuple[Card, ...]


class Catalogue(_Frozen):
    """All sets, with the Core Set checked against the rule text's attribute counts."""

    sets: tuple[CardSet, ...]

    @model_validator(mode="after")
    def _check(self) -> Self:
        ids = [c.id for s in self.sets for c in s.cards]
        if len(ids) != len(set(ids)):
            raise ValueError("card ids must be unique")
        core = [s for s in self.sets if s.id == "core"]
        if len(core) != 1 or len(core[0].cards) != 18:
            raise ValueError("the catalogue needs one 18-card core set")
        counts: Counter[str] = Counter(a for c in core[0].cards for a in c.attributes)
        if {a: counts[a] for a in CORE_DISTRIBUTION} != CORE_DISTRIBUTION:
            raise ValueError(f"core attribute counts {dict(counts)} != {CORE_DISTRIBUTION}")
        if any(c.essential for s in self.sets if s.id != "core" for c in s.cards):
            raise ValueError("only Core Set cards may carry a Puzzle Piece")
        return self

    @property
    def cards(self) -> dict[str, Card]:
        """Every card by id, in set then printed order."""
        return {c.id: c for s in self.sets for c in s.cards}

    def set_of(self, set_id: str) -> CardSet:
        """The set with that id."""
        for card_set in self.sets:
            if card_set.id == set_id:
                return card_set
        raise KeyError(set_id)

    @property
    def expansions(self) -> tuple[CardSet, ...]:
        """The expansion sets in release order."""
        return tuple(s for s in self.sets if s.id != "core")


def load_catalogue(directory: Traversable = DATA_DIR) -> Catalogue:
    """Read and validate every ``*.toml`` set file in ``directory``."""
    sets = []
    for path in sorted((p for p in directory.iterdir() if p.name.endswith(".toml")), key=str):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        set_id = data["set"]["id"]
        cards = [{**card, "set": set_id} for card in data.get("cards", [])]
        sets.append(CardSet.model_validate({**data["set"], "cards": cards}))
    return Catalogue(sets=tuple(sorted(sets, key=lambda s: s.ordinal)))


CATALOGUE = load_catalogue()
CARDS: dict[str, Card] = CATALOGUE.cards


def card_name(card_id: str) -> str:
    """A card's name for a button, with its values if other cards share it.

    E.g. ``Binding Stones (3)``; unknown ids (in labels of forged actions) come back as is.
    """
    card = CARDS.get(card_id)
    if card is None:
        return card_id
    if sum(c.name == card.name for c in CARDS.values()) == 1:
        return card.name
    face = card.faces[0]
    values = [str(v) for v in (face.upright.value, face.inverted.value)]
    return f"{card.name} ({values[0] if values[0] == values[1] else '/'.join(values)})"
