"""Guardians, a two-player collectible card game (rules: docs/rules/guardians.md)."""

from engines.guardians.game import Guardians

GAME = Guardians

__all__ = ["GAME", "Guardians"]
