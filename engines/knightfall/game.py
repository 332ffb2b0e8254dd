"""The Knightfall engine: the contract surface over the stage functions."""

from __future__ import annotations

from typing import Any, ClassVar, Self

from pydantic import BaseModel

from engines.base import Action, Event, Game, Result, Unavailable
from engines.knightfall import coach, determinize, policy, rules
from engines.knightfall.actions import ACTION_TYPES
from engines.knightfall.phase_help import phase_help
from engines.knightfall.rounds import final_result
from engines.knightfall.routes import ROUTES, seats_to_act
from engines.knightfall.state import KnightfallState
from engines.knightfall.views import GOAL, build_view
from engines.rng import Random


class Knightfall(Game[KnightfallState]):
    """Knightfall: two camps, hidden STRONG cards, 21 rounds of draw, coins, battle, powers."""

    game_id: ClassVar[str] = "knightfall"
    title: ClassVar[str] = "Knightfall: A Kingdom's War"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[BaseModel]] = KnightfallState
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    auto_play_option: ClassVar[str] = "Pass for me when I have no power"

    @classmethod
    def initial_state(cls, n: int, seed: int, options: dict[str, Any]) -> KnightfallState:
        """Shuffle and deal the muster hands."""
        return rules.new_state(seed)

    def to_act(self) -> list[int]:
        """Seats that may act now."""
        return seats_to_act(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions for ``seat`` in a deterministic order."""
        route = ROUTES[self.state.stage]
        return list(route.actions(self.state, seat)) if seat in route.to_act(self.state) else []

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a legal action through the current stage's route."""
        return ROUTES[self.state.stage].apply(self.state, seat, action)

    def auto_play_reveals(self, seat: int) -> bool:
        """Only a forced Pass of the special powers can tell something hidden.

        Every other forced move follows from what the table sees (docs/rules/knightfall.md,
        "Moves the bot plays for you"): an empty camp places its drawn card as Knight, a camp
        without a STRONG Archer or Mage can only defend, a single STRONG Archer or Mage must
        fight, a single enemy STRONG card is the only target, a single card must become Knight.
        """
        return ROUTES[self.state.stage].reveals(self.state, seat)

    def unavailable_actions(self, seat: int) -> list[Unavailable]:
        """ATTACK without a STRONG Archer or Mage; powers without a triple or a use."""
        route = ROUTES[self.state.stage]
        return route.unavailable(self.state, seat) if seat in route.to_act(self.state) else []

    def chapter(self) -> str:
        """A replay steps round by round."""
        return f"Round {self.state.round}"

    def goal(self) -> str:
        """How to win and how the game ends, in one line."""
        return GOAL

    def phase_help(self, seat: int | None) -> str:
        """The current stage explained, with notes for ``seat`` (data/knightfall/phases.toml)."""
        return phase_help(self.state, seat)

    def resample(self, seat: int, rng: Random) -> Self:
        """Re-deal the cards hidden from ``seat``; the opponent makes its secret choice anew."""
        state, cleared = determinize.redeal(self.state, seat, rng)
        game = type(self)(state)
        for other in cleared:
            game.apply_unchecked(other, game.rollout_action(other, rng))
        return game

    def rollout_action(self, seat: int, rng: Random) -> Action:
        """A quick sensible move (engines/knightfall/policy.py)."""
        quick = policy.rollout_action(self.state, seat, rng)
        if quick is not None:
            return quick
        return policy.choose_among(self.state, seat, self.legal_actions(seat), rng)

    def suggestion_reason(self, seat: int, action: Action) -> str | None:
        """What the coach's move does for ``seat`` (engines/knightfall/coach.py)."""
        return coach.reason(self.state, seat, action)

    def evaluate(self, seat: int) -> float:
        """The chance to win estimated from the total-power lead."""
        return policy.evaluate(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (None: the channel), as JSON-ready data."""
        return build_view(self.state, seat).model_dump(mode="json")

    @property
    def is_over(self) -> bool:
        """Whether the round that emptied the deck has finished."""
        return self.state.stage == "over"

    @property
    def result(self) -> Result | None:
        """The final count once over."""
        return final_result(self.state) if self.is_over else None
