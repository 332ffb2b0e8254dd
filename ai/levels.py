"""The computer's levels: a search budget and a playout policy each (docs/design/ai.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """How hard the computer tries: simulations, playout length and playout policy."""

    name: str
    simulations: int
    """Simulations per move (one candidate move on one determinization, then a playout)."""
    horizon: int
    """Playout moves (every seat) after the candidate move, before ``evaluate``."""
    smart_playouts: bool
    """Playouts use the game's ``rollout_action``; otherwise uniformly random moves."""


LEVELS: dict[str, Level] = {
    "easy": Level("easy", simulations=24, horizon=4, smart_playouts=False),
    "normal": Level("normal", simulations=80, horizon=8, smart_playouts=True),
    "hard": Level("hard", simulations=240, horizon=12, smart_playouts=True),
}


def get_level(name: str) -> Level:
    """The level called ``name``; ValueError naming the choices for anything else."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}; choose one of {', '.join(LEVELS)}") from None
