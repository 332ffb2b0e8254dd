"""Galdor's Grip on the engine contract: one seat, the deck held in hand."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from engines.base import Action, Event, Game, Result
from engines.galdors_grip import rules
from engines.galdors_grip.actions import ACTION_TYPES
from engines.galdors_grip.setup import new_state
from engines.galdors_grip.state import GripState
from engines.galdors_grip.views import build_view


class GaldorsGrip(Game[GripState]):
    """Galdor's Grip: cycle an 18-card deck to trap Feragot with enough ⭐ (solo)."""

    game_id: ClassVar[str] = "galdors_grip"
    title: ClassVar[str] = "Galdor's Grip"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    state_type: ClassVar[type[BaseModel]] = GripState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    @classmethod
    def initial_state(cls, n: int, seed: int, options: dict[str, Any]) -> GripState:
        """Build and shuffle the deck, then run Start of Game up to the first decision."""
        state = new_state(seed, options)
        rules.begin(state)
        return state

    def to_act(self) -> list[int]:
        """The single seat while the game runs."""
        return [] if self.is_over else [0]

    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions in a fixed order."""
        return rules.legal(self.state) if seat == 0 else []

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Apply the action and run on to the next decision."""
        return rules.apply(self.state, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The deck as the player sees it; spectators see the same."""
        return build_view(self.state)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.outcome is not None

    @property
    def result(self) -> Result | None:
        """Win or loss, with the ⭐ gathered as the score."""
        state = self.state
        if state.outcome is None:
            return None
        stars = rules.current_stars(state)
        allstar = " Allstar!" if stars >= state.max_stars else ""
        verdict = "Won" if state.outcome == "won" else "Lost"
        summary = f"{verdict} with {stars}/{state.max_stars} ⭐: {state.reason}.{allstar}"
        return Result(
            winners=[0] if state.outcome == "won" else [], scores={0: stars}, summary=summary
        )
