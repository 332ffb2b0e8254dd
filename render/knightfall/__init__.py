"""The Knightfall renderer package; ``board`` draws every view of the game.

A view arrives as the engine's JSON (it crossed a process boundary) with the seats' names the
bot adds; it is validated here, once, into its model, and everything below reads the model.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from engines.knightfall.views import KnightfallLookupView, KnightfallView
from render.knightfall import board, lookup
from render.knightfall.board import PALETTE
from render.knightfall.text import View

__all__ = ["PALETTE", "alt_text", "render", "typed"]

AnyView = Mapping[str, Any] | KnightfallView | KnightfallLookupView


def typed(view: AnyView) -> View | KnightfallLookupView:
    """The view as its model: a table view, or a card lookup (``"lookup" in view``).

    A dict is validated (pydantic's ``ValidationError`` for a missing or garbled field); a
    model is taken as it is.
    """
    if isinstance(view, View | KnightfallLookupView):
        return view
    if isinstance(view, KnightfallView):
        return View.model_validate(dict(view))
    if "lookup" in view:
        return KnightfallLookupView.model_validate(view)
    return View.model_validate(view)


def render(view: AnyView) -> Image.Image:
    """Draw a game view or a card lookup."""
    model = typed(view)
    return lookup.render(model) if isinstance(model, KnightfallLookupView) else board.render(model)


def alt_text(view: AnyView) -> str:
    """The alt text of the same image."""
    model = typed(view)
    if isinstance(model, KnightfallLookupView):
        return lookup.alt_text(model)
    return board.alt_text(model)
