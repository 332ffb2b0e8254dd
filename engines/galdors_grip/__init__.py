"""Galdor's Grip, a solo in-hand card game (rules: docs/rules/galdors_grip.md).

The engine is imported on first use of ``GAME``, so reading the game's plugin (``plugin.py``,
which the registry of games loads in every process) stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engines.galdors_grip.game import GaldorsGrip

    GAME = GaldorsGrip

__all__ = ["GAME", "GaldorsGrip"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from engines.galdors_grip.game import GaldorsGrip

        return GaldorsGrip
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
