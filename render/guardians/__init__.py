"""The Guardians renderer: the battlefield, players, combat and the viewer's own cards.

The view comes as a dict (it crosses a process boundary to the render workers) and is validated
once here into the engine's model; everything below reads its typed attributes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from engines.guardians.views import GuardiansView, LookupView
from render.guardians import lookup, table, text
from render.guardians.style import PALETTE

__all__ = ["PALETTE", "alt_text", "parse", "render"]


def parse(view: Mapping[str, Any] | GuardiansView | LookupView) -> GuardiansView | LookupView:
    """The view as its model: a game view, or a card lookup (``"lookup" in view``).

    A missing or malformed field raises pydantic's ``ValidationError`` here, before drawing.
    """
    if isinstance(view, GuardiansView | LookupView):
        return view
    if "lookup" in view:
        return LookupView.model_validate(view)
    return GuardiansView.model_validate(view)


def render(view: Mapping[str, Any] | GuardiansView | LookupView) -> Image.Image:
    """Draw a game view or a card lookup."""
    typed = parse(view)
    return lookup.render(typed) if isinstance(typed, LookupView) else table.render(typed)


def alt_text(view: Mapping[str, Any] | GuardiansView | LookupView) -> str:
    """The alt text of the same image."""
    typed = parse(view)
    return lookup.alt_text(typed) if isinstance(typed, LookupView) else text.alt_text(typed)
