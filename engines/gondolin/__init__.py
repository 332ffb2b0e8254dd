"""Gondolin Cards: a solo card game of founding and defending a settlement through a story.

The engine is imported on first use of ``GAME``, so reading the game's plugin (``plugin.py``,
which the registry of games loads in every process) stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engines.gondolin.game import Gondolin

    GAME = Gondolin

__all__ = ["GAME", "Gondolin"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from engines.gondolin.game import Gondolin

        return Gondolin
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
