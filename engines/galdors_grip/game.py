"""Galdor's Grip on the engine contract: one seat, the deck held in hand."""

from __future__ import annotations

import tomllib
from typing import Any, ClassVar, Self

from pydantic import BaseModel

from engines.base import Action, Event, Game, Result
from engines.galdors_grip import determinize, policy, rules
from engines.galdors_grip.actions import ACTION_TYPES, Move, Stop
from engines.galdors_grip.cards import DATA_DIR, card_name
from engines.galdors_grip.setup import new_state
from engines.galdors_grip.state import GripState
from engines.galdors_grip.views import GripView, goal_line, pending, view_model
from engines.rng import Random
from engines.text import sentence

PHASE_HELP: dict[str, str] = tomllib.loads(
    (DATA_DIR / "text" / "phase_help.toml").read_text("utf-8")
)


class GaldorsGrip(Game[GripState]):
    """Galdor's Grip: cycle an 18-card deck to trap Feragot with enough ⭐ (solo)."""

    game_id: ClassVar[str] = "galdors_grip"
    title: ClassVar[str] = "Galdor's Grip"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    state_type: ClassVar[type[BaseModel]] = GripState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    allows_undo: ClassVar[bool] = True
    auto_play_all: ClassVar[bool] = True  # nothing is hidden: the switch decides every one
    light_turns: ClassVar[bool] = True  # a turn costs about a millisecond
    auto_play_default: ClassVar[bool] = True
    _viewed: tuple[str, GripView] | None = None
    """The last view built and the state it shows (as JSON): the player's and the channel's
    views of a position are the same, so a click builds one, not two."""

    @classmethod
    def initial_state(cls, n: int, seed: int, options: dict[str, Any]) -> GripState:
        """Settle chance, then run setup up to the first decision."""
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
        """The deck as the player sees it; spectators see the same.

        Built once per position (kept with the state's JSON, which any move changes), dumped
        afresh for each caller: no two views share a part.
        """
        key = self.to_json()
        if self._viewed is None or self._viewed[0] != key:
            self._viewed = (key, view_model(self.state))
        return self._viewed[1].model_dump(mode="json")

    def chapter(self) -> str:
        """A replay steps turn by turn."""
        return f"Turn {self.state.turn}"

    def goal(self) -> str:
        """How to win and how the game ends, with this game's target (``views.goal_line``)."""
        return goal_line(self.state)

    def phase_help(self, seat: int | None) -> str:
        """The current decision, then how to read the image once dealt (phase_help.toml)."""
        kind = pending(self.state).kind
        if kind == "build":
            return PHASE_HELP[f"build_{self.state.options.method}"]
        return f"{PHASE_HELP[kind]}\n\n{PHASE_HELP['board']}"

    def confirm_text(self, seat: int, action: Action) -> str | None:
        """Ask before a move that loses at once or ends the game, and before stopping."""
        if isinstance(action, Stop):
            return "End the game here? It counts as a loss."
        if isinstance(action, Move) and action.fate in ("lose", "end") and action.lands:
            what = "you lose" if action.fate == "lose" else "the game ends with the ⭐ you have"
            return f"{card_name(action.lands)} will come to the top and {what}. Move anyway?"
        return None

    def resample(self, seat: int, rng: Random) -> Self:
        """The hidden cards dealt again at random (engines/galdors_grip/determinize.py)."""
        return type(self)(determinize.redeal(self.state, rng))

    def rollout_action(self, seat: int, rng: Random) -> Action:
        """A quick sensible move (engines/galdors_grip/policy.py)."""
        quick = policy.quick_place(self.state, rng)
        return quick or policy.rollout_action(self.state, self.legal_actions(seat), rng)

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
        available = rules.available_stars(state)
        won = state.outcome == "won"
        allstar = " Allstar!" if won and stars >= available else ""
        verdict = "Won" if won else "Lost"
        summary = sentence(f"{verdict}: {state.reason}") + f" This deck could give {available} ⭐."
        summary += allstar
        return Result(winners=[0] if won else [], scores={0: stars}, summary=summary)
