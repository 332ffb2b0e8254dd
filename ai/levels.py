"""The computer's levels: a search budget and a playout policy each (docs/design/ai.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """How hard the computer tries: iterations, playout length, policy and exploration."""

    name: str
    iterations: int
    """Determinizations searched per move, one tree descent and one playout each."""
    horizon: int
    """Playout moves after leaving the tree before the position is estimated (``evaluate``)."""
    smart_playouts: bool
    """Playouts use the game's ``rollout_action``; otherwise uniformly random moves."""
    exploration: float = 0.7
    """The UCB constant (values are 0..1)."""


LEVELS: dict[str, Level] = {
    "easy": Level("easy", iterations=24, horizon=6, smart_playouts=False),
    "normal": Level("normal", iterations=120, horizon=16, smart_playouts=True),
    "hard": Level("hard", iterations=400, horizon=24, smart_playouts=True),
}


def get_level(name: str) -> Level:
    """The level called ``name``; ValueError naming the choices for anything else."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}; choose one of {', '.join(LEVELS)}") from None
