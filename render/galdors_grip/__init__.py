"""The Galdor's Grip renderer package; ``board`` draws every view of the game."""

from render.galdors_grip.board import PALETTE, alt_text, render

__all__ = ["PALETTE", "alt_text", "render"]
