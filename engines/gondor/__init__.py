"""Gondor: The Siege of Minas Tirith, a two-player hex-and-counter siege game.

The engine is imported on first use of ``GAME``, so reading the game's plugin (``plugin.py``,
which the registry of games loads in every process) stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engines.gondor.game import Gondor

    GAME = Gondor

__all__ = ["GAME", "Gondor"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from engines.gondor.game import Gondor

        return Gondor
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
