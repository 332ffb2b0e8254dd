"""The whole state of a Gondolin Cards game (a pydantic model, saved as JSON)."""

from __future__ import annotations

from typing import Any, Literal, Self

from pydantic import BaseModel, Field

Phase = Literal[
    "choose_location",
    "choose_hand",
    "events",
    "choose_target",
    "maintenance",
    "defence",
    "main",
    "over",
]
"""``events`` is passed through inside the Event phase only; the player never sees it."""
Mode = Literal["easy", "hard"]


class InPlay(BaseModel):
    """A Defender, Improvement or Continuous event on the table."""

    uid: int
    card: str


class Sieger(BaseModel):
    """An enemy in play: it attacks, with every other sieging enemy, on ``attack_turn``."""

    uid: int
    card: str
    arrived: int
    attack_turn: int
    delayed: bool = False


class TargetChoice(BaseModel):
    """An effect waiting for the player to choose among tied targets (different cards).

    ``source`` names whose effects are running (``card:<id>`` or ``story:<event index>``);
    after the choice the effects from ``rest`` on run, then play goes back to ``resume``.
    """

    do: str
    source: str
    when: str
    rest: int
    uids: list[int]
    resume: Phase


class GondolinState(BaseModel):
    """Everything about one game. Stored S and P are base values; see ``modifiers``."""

    schema_version: Literal[1] = 1
    seed: int
    story: str
    mode: Mode
    location: str | None
    phase: Phase
    turn: int = 1
    story_done: int = 1
    r: int
    s: int
    p: int
    r_before: int = 0
    hand_left: int = 0
    deck: list[str] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list)
    defenders: list[InPlay] = Field(default_factory=list)
    improvements: list[InPlay] = Field(default_factory=list)
    continuous: list[InPlay] = Field(default_factory=list)
    enemies: list[Sieger] = Field(default_factory=list)
    played: list[str] = Field(default_factory=list)
    next_uid: int = 1
    shuffles: int = 0
    used: list[int] = Field(default_factory=list)
    turn_td: int = 0
    next_attack_td: int = 0
    defeated: list[str] = Field(default_factory=list)
    locations: list[str] = Field(default_factory=list)
    """Setup: the Locations the deck offers while one is being chosen."""
    target: TargetChoice | None = None
    event_step: int = 0
    drawn_event: str | None = None
    outcome: Literal["survived", "destroyed"] | None = None
    cause: Literal["no_defenders", "flying", "overrun"] | None = None
    end_text: str = ""
    score: int = 0

    def new_uid(self) -> int:
        """A fresh id for a card entering play."""
        uid = self.next_uid
        self.next_uid += 1
        return uid

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """An equal, independent copy: the state dumped and validated again.

        Every move's backup (``Game.apply_known``) is one; this takes a third of the CPU of
        pydantic's deep copy, which copies field by field in Python.
        """
        return self.model_validate(self.model_dump())
