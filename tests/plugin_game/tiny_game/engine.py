"""The rules: hop from square 0 to square 10, 1 to 3 squares a hop; a cracked square loses."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel

from engines.base import Action, Event, Game, Result
from engines.rng import rng_for

END = 10


class HopState(BaseModel):
    square: int = 0
    cracked: list[int]
    hops: int = 0


class Hop(Action):
    kind: Literal["hop"] = "hop"
    squares: int

    def label(self) -> str:
        return f"Hop {self.squares}"


class Hopscotch(Game[HopState]):
    game_id: ClassVar[str] = "hopscotch"
    title: ClassVar[str] = "Hopscotch"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    state_type: ClassVar[type[BaseModel]] = HopState
    action_types: ClassVar[tuple[type[Action], ...]] = (Hop,)

    @classmethod
    def initial_state(cls, n: int, seed: int, options: dict[str, Any]) -> HopState:
        return HopState(cracked=sorted(rng_for(seed, "cracks").sample(range(2, END), 2)))

    def to_act(self) -> list[int]:
        return [] if self.is_over else [0]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return [Hop(squares=n) for n in (1, 2, 3) if self.state.square + n <= END]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Hop)
        self.state.square += action.squares
        self.state.hops += 1
        return [Event(text=f"Hopped to square {self.state.square}.")]

    def goal(self) -> str:
        return f"Reach square {END}, 1 to 3 squares a hop, never landing on a cracked square."

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "square": self.state.square,
            "cracked": list(self.state.cracked),
            "goal": self.goal(),
            "status": f"On square {self.state.square} after {self.state.hops} hops.",
        }

    @property
    def is_over(self) -> bool:
        return self.state.square == END or self.state.square in self.state.cracked

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        won = self.state.square == END
        summary = f"Reached square {END}." if won else "Landed on a cracked square."
        return Result(winners=[0] if won else [], scores={0: self.state.square}, summary=summary)


GAME = Hopscotch
