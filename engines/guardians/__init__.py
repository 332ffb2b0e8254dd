"""Guardians, a two-player collectible card game (rules: docs/rules/guardians.md).

The engine is imported on first use of ``GAME``, so reading the game's plugin (``plugin.py``,
which the registry of games loads in every process) stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engines.guardians.game import Guardians

    GAME = Guardians

__all__ = ["GAME", "Guardians"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from engines.guardians.game import Guardians

        return Guardians
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
