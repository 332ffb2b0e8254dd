"""The Knightfall renderer package; ``board`` draws every view of the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.knightfall import board, lookup
from render.knightfall.board import PALETTE

__all__ = ["PALETTE", "alt_text", "render"]


def render(view: Mapping[str, Any]) -> Image.Image:
    """Draw a game view, or a card lookup (``"lookup" in view``)."""
    return lookup.render(view) if "lookup" in view else board.render(view)


def alt_text(view: Mapping[str, Any]) -> str:
    """The alt text of the same image."""
    return lookup.alt_text(view) if "lookup" in view else board.alt_text(view)
