"""STAND-IN combat for Guardians: the simplest legal combat behind the plan's interface.

This file is a placeholder written by the engine helper so the engine can run without the
real combat package; the lead replaces it with the COMBAT helper's package at merge. Each
seat plays one "Fight" action; then the totals of base vitality decide (the defender adds
its Stronghold defence, ties go to the defender) and every creature survives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel

from engines.base import Action, Event
from engines.guardians.cards import DeckCard, TerrainType


class CombatSide(BaseModel):
    """One side of a combat, built by the engine when a combat starts."""

    seat: int
    shield: str | None
    creatures: list[str]
    storage: list[str]
    channelers: list[str]
    stones: int
    guardian_id: str
    stronghold_defence: int = 0


class CombatSetup(BaseModel):
    """Everything the combat needs from the board."""

    space: str
    came_from: str
    attacker: CombatSide
    defender: CombatSide
    terrain: TerrainType | None
    terrain_card: str | None


class CombatOutcome(BaseModel):
    """What the engine applies once the combat is over."""

    winner: int
    attacker_total: int
    defender_total: int
    survivors: dict[int, list[str]]
    discarded: list[str]
    out_of_play: list[str]
    stones_spent: dict[int, int]
    channelers_used: list[str]
    terrain_destroyed: bool
    loser_may_destroy: bool = True


class CombatState(BaseModel):
    """The stand-in's state: the setup, who has fought, and the outcome."""

    setup: CombatSetup
    fought: list[int] = []
    outcome: CombatOutcome | None = None


class CFight(Action):
    """Fight: reveal the combat hand (the stand-in's only step)."""

    kind: Literal["cfight"] = "cfight"

    def label(self) -> str:
        """Button text."""
        return "Fight"


COMBAT_ACTIONS: tuple[type[Action], ...] = (CFight,)


def start_combat(setup: CombatSetup, cards: Mapping[str, DeckCard]) -> CombatState:
    """Begin a combat."""
    return CombatState(setup=setup)


def combat_to_act(c: CombatState) -> list[int]:
    """Seats that still have to fight."""
    if c.outcome is not None:
        return []
    seats = [c.setup.attacker.seat, c.setup.defender.seat]
    return sorted(s for s in seats if s not in c.fought)


def combat_legal_actions(c: CombatState, seat: int, cards: Mapping[str, DeckCard]) -> list[Action]:
    """The one action: fight."""
    return [CFight()] if seat in combat_to_act(c) else []


def _total(side: CombatSide, cards: Mapping[str, DeckCard]) -> int:
    return side.stronghold_defence + sum(
        getattr(cards[uid], "vitality", 0) for uid in side.creatures
    )


def combat_apply(
    c: CombatState, seat: int, action: Action, cards: Mapping[str, DeckCard]
) -> list[Event]:
    """Record the fight; when both have fought, the totals decide."""
    c.fought.append(seat)
    if combat_to_act(c):
        return []
    att, dfd = c.setup.attacker, c.setup.defender
    a, d = _total(att, cards), _total(dfd, cards)
    c.outcome = CombatOutcome(
        winner=att.seat if a > d else dfd.seat,
        attacker_total=a,
        defender_total=d,
        survivors={att.seat: list(att.creatures), dfd.seat: list(dfd.creatures)},
        discarded=[],
        out_of_play=[],
        stones_spent={att.seat: 0, dfd.seat: 0},
        channelers_used=[],
        terrain_destroyed=False,
    )
    return [Event(text=f"Combat totals: attacker {a}, defender {d}.")]


def combat_outcome(c: CombatState) -> CombatOutcome | None:
    """The outcome once both have fought."""
    return c.outcome


def combat_view(
    c: CombatState, viewer: int | None, cards: Mapping[str, DeckCard]
) -> dict[str, Any]:
    """Public facts only: where, who, how many creatures, who has fought, the totals."""
    s = c.setup
    out = c.outcome
    return {
        "space": s.space,
        "attacker": s.attacker.seat,
        "defender": s.defender.seat,
        "counts": [len(s.attacker.creatures), len(s.defender.creatures)],
        "fought": list(c.fought),
        "totals": None if out is None else [out.attacker_total, out.defender_total],
    }
