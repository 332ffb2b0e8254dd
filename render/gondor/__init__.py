"""The Gondor renderer: the hex map of the siege of Minas Tirith, whole or zoomed.

``render(view)`` draws the whole map (header, map, legend) or, when the view's ``focus`` lists
hex ids, a zoomed crop around them where counters show their codes. ``alt_text(view)`` says the
same in words. Everything comes from the view; the renderer reads no data file.

The view is the engine's ``engines.gondor.views.GondorView``: it comes as a dict (it crosses a
process boundary to the render workers) and is validated once here; everything below reads its
typed attributes. Besides what ``build_view`` dumps, ``highlight`` (the hexes the selected group
can reach), ``focus`` (hexes to zoom on) and ``seat_names`` may be added by the game and the bot.

Hidden counters: for Sauron and spectators every cauldron has truth "?" and a neutral id, every
carried oil is "?"; such counters are drawn alike, so the image cannot tell them apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from engines.gondor.views import GondorView
from render.gondor import board
from render.gondor.style import PALETTE, WIDTH

__all__ = ["PALETTE", "WIDTH", "alt_text", "parse", "render"]


def parse(view: Mapping[str, Any] | GondorView) -> GondorView:
    """The view as its model; a missing or malformed field raises pydantic's ValidationError."""
    return view if isinstance(view, GondorView) else GondorView.model_validate(view)


def render(view: Mapping[str, Any] | GondorView) -> Image.Image:
    """Draw the whole map, or a zoomed crop when the view names focus hexes."""
    return board.render(parse(view))


def alt_text(view: Mapping[str, Any] | GondorView) -> str:
    """The alt text of the same image (at most 1000 characters)."""
    return board.alt_text(parse(view))
