"""Gondolin Cards: the settlement board (``board``) and the card sheets (``sheet``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.gondolin import board, lookup, sheet
from render.gondolin.style import PALETTE, WIDTH

__all__ = ["PALETTE", "WIDTH", "alt_text", "render"]


def render(view: Mapping[str, Any]) -> Image.Image:
    """Draw a settlement view (public or the player's), or a card sheet (``"sheet" in view``)."""
    if "lookup" in view:
        return lookup.render(view)
    return sheet.render_sheet(view) if "sheet" in view else board.render(view)


def alt_text(view: Mapping[str, Any]) -> str:
    """The alt text of the same image."""
    if "lookup" in view:
        return lookup.alt_text(view)
    return sheet.sheet_alt_text(view) if "sheet" in view else board.alt_text(view)
