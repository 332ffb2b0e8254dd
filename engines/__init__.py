"""Pure game engines behind one contract (see engines/base.py)."""

from __future__ import annotations

import importlib

from engines.base import (
    Action,
    Alert,
    EngineError,
    Event,
    Game,
    IllegalAction,
    Result,
    StandingChoice,
    Unavailable,
)
from engines.plugins import game_ids, plugin

__all__ = [
    "Action",
    "Alert",
    "EngineError",
    "Event",
    "Game",
    "IllegalAction",
    "Result",
    "StandingChoice",
    "Unavailable",
    "game_ids",
    "get_game",
]


def get_game(game_id: str) -> type[Game]:
    """The engine class of the registered game ``game_id`` (its package exports ``GAME``)."""
    cls: type[Game] = importlib.import_module(plugin(game_id).engine).GAME
    return cls
