"""Pure game engines behind one contract (see engines/base.py)."""

from __future__ import annotations

import importlib
import importlib.util

from engines.base import (
    Action,
    EngineError,
    Event,
    Game,
    IllegalAction,
    Result,
    StandingChoice,
    Unavailable,
)

ALL_GAME_IDS = ("knightfall", "galdors_grip", "gondolin", "guardians", "gondor")


def is_game_package(module: str) -> bool:
    """A game exists once its package has an ``__init__`` (not a bare folder of modules)."""
    spec = importlib.util.find_spec(module)
    return spec is not None and spec.origin is not None


GAME_IDS: tuple[str, ...] = tuple(g for g in ALL_GAME_IDS if is_game_package(f"engines.{g}"))

__all__ = [
    "GAME_IDS",
    "Action",
    "EngineError",
    "Event",
    "Game",
    "IllegalAction",
    "Result",
    "StandingChoice",
    "Unavailable",
    "get_game",
    "is_game_package",
]


def get_game(game_id: str) -> type[Game]:
    """The engine class for ``game_id`` (each package exports it as ``GAME``)."""
    if game_id not in GAME_IDS:
        known = ", ".join(GAME_IDS)
        raise KeyError(f"Unknown game id {game_id!r}; known games: {known}")
    return importlib.import_module(f"engines.{game_id}").GAME
