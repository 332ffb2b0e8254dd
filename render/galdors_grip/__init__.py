"""The Galdor's Grip renderer package; ``board`` draws every view of the game.

A view arrives as the engine's JSON (it crossed a process boundary); it is validated here,
once, into its model, and everything below reads the model.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from engines.galdors_grip.views import GripLookupView, GripView
from render.galdors_grip import board, lookup
from render.galdors_grip.board import PALETTE

__all__ = ["PALETTE", "alt_text", "render", "typed"]

AnyView = Mapping[str, Any] | GripView | GripLookupView


def typed(view: AnyView) -> GripView | GripLookupView:
    """The view as its model: the deck, or a card lookup (``"lookup" in view``).

    A dict is validated (pydantic's ``ValidationError`` for a missing or garbled field); a
    model is taken as it is.
    """
    if isinstance(view, GripView | GripLookupView):
        return view
    if "lookup" in view:
        return GripLookupView.model_validate(view)
    return GripView.model_validate(view)


def render(view: AnyView) -> Image.Image:
    """Draw a game view or a card lookup."""
    model = typed(view)
    return lookup.render(model) if isinstance(model, GripLookupView) else board.render(model)


def alt_text(view: AnyView) -> str:
    """The alt text of the same image."""
    model = typed(view)
    return lookup.alt_text(model) if isinstance(model, GripLookupView) else board.alt_text(model)
