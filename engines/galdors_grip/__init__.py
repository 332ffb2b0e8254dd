"""Galdor's Grip, a solo in-hand card game (rules: docs/rules/galdors_grip.md)."""

from engines.galdors_grip.game import GaldorsGrip

GAME = GaldorsGrip

__all__ = ["GAME", "GaldorsGrip"]
