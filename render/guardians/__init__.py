"""The Guardians renderer: the battlefield, players, combat and the viewer's own cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.guardians import lookup, table, text
from render.guardians.style import PALETTE

__all__ = ["PALETTE", "alt_text", "render"]


def render(view: Mapping[str, Any]) -> Image.Image:
    """Draw a game view, or a card lookup (``"lookup" in view``)."""
    return lookup.render(view) if "lookup" in view else table.render(view)


def alt_text(view: Mapping[str, Any]) -> str:
    """The alt text of the same image."""
    return lookup.alt_text(view) if "lookup" in view else text.alt_text(view)
