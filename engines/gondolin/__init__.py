"""Gondolin Cards: a solo card game of founding and defending a settlement through a story."""

from engines.gondolin.game import Gondolin

GAME = Gondolin

__all__ = ["GAME", "Gondolin"]
