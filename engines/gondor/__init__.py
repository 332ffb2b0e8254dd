"""Gondor: The Siege of Minas Tirith, a two-player hex-and-counter siege game."""

from engines.gondor.game import Gondor

GAME = Gondor

__all__ = ["GAME", "Gondor"]
