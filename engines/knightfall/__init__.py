"""Knightfall: A Kingdom's War, a two-player card game (rules: docs/rules/knightfall.md).

The engine is imported on first use of ``GAME``, so reading the game's plugin (``plugin.py``,
which the registry of games loads in every process) stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engines.knightfall.game import Knightfall

    GAME = Knightfall

__all__ = ["GAME", "Knightfall"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from engines.knightfall.game import Knightfall

        return Knightfall
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
