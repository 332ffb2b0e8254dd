"""Gondolin Cards: the settlement board (``board``) and the card sheets (``sheet``).

A view arrives as the engine's JSON (it crossed a process boundary); it is validated here,
once, into its model, and everything below reads the model.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from engines.gondolin.views import GondolinLookupView, GondolinSheetView, GondolinView
from render.gondolin import board, lookup, sheet
from render.gondolin.style import PALETTE, WIDTH

__all__ = ["PALETTE", "WIDTH", "alt_text", "render", "typed"]

Model = GondolinView | GondolinSheetView | GondolinLookupView
AnyView = Mapping[str, Any] | Model


def typed(view: AnyView) -> Model:
    """The view as its model: the settlement, a card sheet (``"sheet"``) or a lookup (``"lookup"``).

    A dict is validated (pydantic's ``ValidationError`` for a missing or garbled field); a
    model is taken as it is.
    """
    if isinstance(view, GondolinView | GondolinSheetView | GondolinLookupView):
        return view
    if "lookup" in view:
        return GondolinLookupView.model_validate(view)
    if "sheet" in view:
        return GondolinSheetView.model_validate(view)
    return GondolinView.model_validate(view)


def render(view: AnyView) -> Image.Image:
    """Draw a settlement view (public or the player's), a card sheet or a card lookup."""
    model = typed(view)
    if isinstance(model, GondolinLookupView):
        return lookup.render(model)
    if isinstance(model, GondolinSheetView):
        return sheet.render_sheet(model.sheet)
    return board.render(model)


def alt_text(view: AnyView) -> str:
    """The alt text of the same image."""
    model = typed(view)
    if isinstance(model, GondolinLookupView):
        return lookup.alt_text(model)
    if isinstance(model, GondolinSheetView):
        return sheet.sheet_alt_text(model.sheet)
    return board.alt_text(model)
