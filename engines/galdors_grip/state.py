"""The game state: options, the deck in hand (top first) and the turn's progress."""

from __future__ import annotations

from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.galdors_grip.cards import CardId

Step = Literal[
    "build", "setup", "start", "encounter", "explore", "place", "moving", "ending", "over"
]
"""Where the game stands: ``build``, ``setup``, ``explore`` and ``place`` wait for the player;
the others are resolving abilities (the player may be asked to order them or to make a choice)."""


class Options(BaseModel):
    """Game options: deck-building method, ⭐ threshold, the Allstar challenge."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    method: Literal["a", "b", "c"] = "c"
    threshold: int = Field(default=9, ge=0, le=30)
    allstar: bool = False
    expansions: tuple[CardId, ...] | None = None
    swap_out: tuple[CardId, ...] | None = None
    swap_in: tuple[CardId, ...] | None = None
    picks: tuple[CardId, ...] | None = None
    look: bool | None = None


class CardState(BaseModel):
    """One card of the deck: which face and side are active, visibility and history."""

    id: CardId
    face: int = 0
    inverted: bool = False
    face_up: bool = False
    peeked: bool = False
    revealed_turn: int = -1
    changed_turn: int = 0
    tops: int = 0


class Fired(BaseModel):
    """A triggered ability waiting to resolve: the side it was printed on and its index."""

    model_config = ConfigDict(frozen=True)

    card: CardId
    face: int
    inverted: bool
    index: int


class Choice(BaseModel):
    """A resolving ability that lets the player rotate some of ``options`` (card ids)."""

    fired: Fired
    options: list[CardId]
    picks_left: int


class Build(BaseModel):
    """Deck building in progress: what chance drew and what the player chose so far."""

    drawn: list[CardId] = []
    suggested: list[CardId] = []
    out: list[CardId] = []
    into: list[CardId] = []


class GripState(BaseModel):
    """Everything about one game; ``deck[0]`` is the top card."""

    schema_version: Literal[2] = 2
    options: Options
    deck: list[CardState]
    blind: list[CardId] = []
    shuffle: list[CardId] = []
    build: Build | None = None
    seen: dict[str, list[int]] = {}
    repeats: list[int] = []
    turn: int = 0
    step: Step
    faces_to_choose: list[CardId] = []
    queue: list[Fired] = []
    choice: Choice | None = None
    stack: int = 0
    moved: list[CardId] = []
    rotations: int = 0
    end_turn: bool = False
    ending: bool = False
    gained: int = 0
    outcome: Literal["won", "lost"] | None = None
    reason: str = ""
    final_stars: int | None = None

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        """Version 1 had a turn limit (now gone) and a stored ⭐ maximum (now computed)."""
        if isinstance(data, dict) and data.get("schema_version") == 1:
            options = {k: v for k, v in data["options"].items() if k != "turn_limit"}
            data = {**data, "schema_version": 2, "options": options}
            data.pop("max_stars", None)
        return data

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """An equal, independent copy: the state dumped and validated again.

        Every move's backup (``Game.apply_known``) is one; this takes a third of the CPU of
        pydantic's deep copy, which copies field by field in Python.
        """
        return self.model_validate(self.model_dump())
