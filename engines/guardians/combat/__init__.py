"""Guardians combat, in the order of the rule text.

Command cards, primary match-ups, bribery, spells, channeling, secondary attacks, resolution
and healing.
The engine builds a ``CombatSetup``, stores the ``CombatState`` as ``state.combat`` and, once
``combat_outcome`` is set, moves the cards as the outcome says.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import Action, Event
from engines.guardians.cards import DeckCard
from engines.guardians.combat import legal as _legal
from engines.guardians.combat import steps as _steps
from engines.guardians.combat import view as _view
from engines.guardians.combat.actions import COMBAT_ACTIONS
from engines.guardians.combat.state import (
    CombatOutcome,
    CombatSetup,
    CombatSide,
    CombatState,
)

__all__ = [
    "COMBAT_ACTIONS",
    "CombatOutcome",
    "CombatSetup",
    "CombatSide",
    "CombatState",
    "combat_apply",
    "combat_legal_actions",
    "combat_outcome",
    "combat_to_act",
    "combat_view",
    "start_combat",
]


def start_combat(setup: CombatSetup, cards: Mapping[str, DeckCard]) -> CombatState:
    """A new combat: the attacker declares first whether he plays a command card."""
    return _steps.start(setup, cards)


def combat_to_act(c: CombatState) -> list[int]:
    """Seats that may act now (both during a simultaneous choice)."""
    return [c.seat(s) for s in _legal.to_act(c)]


def combat_legal_actions(c: CombatState, seat: int, cards: Mapping[str, DeckCard]) -> list[Action]:
    """The legal combat actions of ``seat`` (empty when it may not act)."""
    if seat not in (c.seat(0), c.seat(1)):
        return []
    return _legal.legal(c, c.side_of(seat), cards)


def combat_apply(
    c: CombatState, seat: int, action: Action, cards: Mapping[str, DeckCard]
) -> list[Event]:
    """Apply ``action`` of ``seat`` in place (IllegalAction if it is not legal now)."""
    return _steps.apply(c, seat, action, cards)


def combat_outcome(c: CombatState) -> CombatOutcome | None:
    """The outcome, once the combat is over."""
    return c.outcome


def combat_view(
    c: CombatState, viewer: int | None, cards: Mapping[str, DeckCard]
) -> dict[str, Any]:
    """What ``viewer`` may see of the combat (hidden picks show only as decided)."""
    return _view.view(c, viewer, cards)
