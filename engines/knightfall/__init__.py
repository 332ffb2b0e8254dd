"""Knightfall: A Kingdom's War, a two-player card game (rules: docs/rules/knightfall.md)."""

from engines.knightfall.game import Knightfall

GAME = Knightfall

__all__ = ["GAME", "Knightfall"]
