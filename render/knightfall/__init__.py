"""The Knightfall renderer package; ``board`` draws every view of the game."""

from render.knightfall.board import PALETTE, alt_text, render

__all__ = ["PALETTE", "alt_text", "render"]
