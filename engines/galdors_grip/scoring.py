"""Scoring objectives (End of Game abilities that gain ⭐) and the running ⭐ tally.

An objective is a pure check of the deck as it stands. Wildcards may stand for a different
number for every objective (F.A.Q.), so each check tries every designation on its own. Only
face-up cards count: a face-down card shows no value, no stars and no abilities.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from engines.galdors_grip.cards import CARDS, Value
from engines.galdors_grip.deck import (
    ability_of,
    card_of,
    designations,
    fired_for,
    name_of,
    shown_value,
    side_of,
)
from engines.galdors_grip.state import Fired, GripState


class Stars(BaseModel):
    """Parameters every objective has: the ⭐ it gains."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    stars: int = Field(ge=1)


class NeighbourSum(Stars):
    """Parameters of ``score_neighbour_sum``."""

    total: int


class AdjacentName(Stars):
    """Parameters of ``score_adjacent_name``."""

    name: str


class Count(Stars):
    """Parameters of ``score_count``: cards of that name showing their upside-down side."""

    name: str
    at_least: int = Field(ge=1)


class Position(Stars):
    """Parameters of ``score_position``."""

    within: int = Field(ge=1)


def _neighbours(state: GripState, pos: int) -> list[int]:
    return [p for p in (pos - 1, pos + 1) if 0 <= p < len(state.deck)]


def _value(state: GripState, pos: int) -> Value:
    return shown_value(state.deck[pos])


def neighbour_sum(state: GripState, pos: int, params: NeighbourSum) -> bool:
    """Binding Stones: the card's value plus an adjacent card's value equals ``total``."""
    mine = designations(_value(state, pos))
    return any(
        a + b == params.total
        for n in _neighbours(state, pos)
        for a in mine
        for b in designations(_value(state, n))
    )


def _is_run(values: list[Value]) -> bool:
    """Three values stepping up or down by exactly one, wildcards designated as needed."""
    for step in (1, -1):
        for start in designations(values[0]):
            if all(start + k * step in designations(v) for k, v in enumerate(values)):
                return True
    return False


def run_below(state: GripState, pos: int, params: Stars) -> bool:
    """The Veiled Stair: the three cards directly below show values running up or down by one."""
    below = range(pos + 1, pos + 4)
    return below.stop <= len(state.deck) and _is_run([_value(state, p) for p in below])


def adjacent_name(state: GripState, pos: int, params: AdjacentName) -> bool:
    """A face-up card of that name is directly above or below this one."""
    return any(
        state.deck[n].face_up and card_of(state.deck[n]).name == params.name
        for n in _neighbours(state, pos)
    )


def adjacent_equal(state: GripState, pos: int, params: Stars) -> bool:
    """A card directly above or below shows the same value."""
    mine = set(designations(_value(state, pos)))
    return any(mine & set(designations(_value(state, n))) for n in _neighbours(state, pos))


def dangerous_count(state: GripState, name: str) -> int:
    """How many face-up cards of that name show their upside-down (dangerous) side."""
    return sum(1 for cs in state.deck if cs.face_up and cs.inverted and card_of(cs).name == name)


def count(state: GripState, pos: int, params: Count) -> bool:
    """At least ``at_least`` cards of that name show their dangerous side."""
    return dangerous_count(state, params.name) >= params.at_least


def position(state: GripState, pos: int, params: Position) -> bool:
    """The card is among the top ``within`` cards."""
    return pos < params.within


@dataclass(frozen=True)
class Objective:
    """A scoring effect: its parameter model and its check."""

    params: type[Stars]
    check: Callable[[GripState, int, Stars], bool]


OBJECTIVES: dict[str, Objective] = {
    "score_neighbour_sum": Objective(NeighbourSum, neighbour_sum),  # type: ignore[arg-type]
    "score_run_below": Objective(Stars, run_below),
    "score_adjacent_name": Objective(AdjacentName, adjacent_name),  # type: ignore[arg-type]
    "score_adjacent_equal": Objective(Stars, adjacent_equal),
    "score_count": Objective(Count, count),  # type: ignore[arg-type]
    "score_position": Objective(Position, position),  # type: ignore[arg-type]
}


def is_objective(fired: Fired) -> bool:
    """Whether a triggered ability is a scoring objective."""
    return ability_of(fired).effect in OBJECTIVES


@cache
def objective_params(fired: Fired) -> Stars:
    """The validated parameters of an objective (parsed once per printed ability)."""
    ability = ability_of(fired)
    return OBJECTIVES[ability.effect].params.model_validate(ability.params)


def objective_stars(state: GripState, pos: int, fired: Fired) -> int:
    """The ⭐ an objective on the card at ``pos`` would gain now."""
    params = objective_params(fired)
    return params.stars if OBJECTIVES[ability_of(fired).effect].check(state, pos, params) else 0


def tally(state: GripState) -> tuple[int, list[str]]:
    """⭐ if the game ended now: stars shown on active sides plus objectives met."""
    total, lines = 0, []
    for pos, cs in enumerate(state.deck):
        if not cs.face_up:
            continue
        shown = side_of(cs).stars
        gained = sum(
            objective_stars(state, pos, f) for f in fired_for(cs, "end_of_game") if is_objective(f)
        )
        if shown + gained:
            total += shown + gained
            lines.append(f"{name_of(cs)}: ⭐{shown + gained}")
    return total, lines


@cache
def potential(card_id: str, face: int | None = None) -> int:
    """The most ⭐ a card can provide: its best side's shown stars plus objectives.

    ``face`` limits a Forked Path card to the face chosen for it (None: its better face).
    """
    faces = CARDS[card_id].faces
    best = 0
    for printed in faces if face is None else faces[face : face + 1]:
        for side in (printed.upright, printed.inverted):
            gains = sum(
                OBJECTIVES[a.effect].params.model_validate(a.params).stars
                for a in side.abilities
                if a.effect in OBJECTIVES
            )
            best = max(best, side.stars + gains)
    return best
