"""The Gondor renderer: the hex map of the siege of Minas Tirith, whole or zoomed, and its key.

``render(view)`` draws the whole map (a two-line header, the map turned west-up, a status line)
or, when the view's ``focus`` lists hex ids, a zoomed crop around them where counters show
their codes; both are wider than tall. ``{"legend": True}`` draws the key to every symbol
instead (``/gondor legend``). ``alt_text(view)`` says the same in words. Everything comes from
the view; the renderer reads no data file.

The view is the engine's ``engines.gondor.views.GondorView``: it comes as a dict (it crosses a
process boundary to the render workers) and is validated once here; everything below reads its
typed attributes. Besides what ``build_view`` dumps, ``highlight`` (the hexes the selected group
can reach), ``focus`` (hexes to zoom on) and ``seat_names`` may be added by the game and the bot.

Hidden counters: for Sauron and spectators every cauldron has truth "?" and a neutral id, every
carried oil is "?"; such counters are drawn alike, so the image cannot tell them apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from PIL import Image
from pydantic import BaseModel, Field

from engines.gondor.views import GondorView
from render.gondor import board, panel, text
from render.gondor.style import PALETTE, WIDTH

__all__ = ["PALETTE", "WIDTH", "alt_text", "parse", "render"]


def parse(view: Mapping[str, Any] | GondorView) -> GondorView:
    """The view as its model; a missing or malformed field raises pydantic's ValidationError."""
    return view if isinstance(view, GondorView) else GondorView.model_validate(view)


class LegendView(BaseModel):
    """The legend's view: ``{"legend": True}`` and the named hexes, [[hex id, name], ...]."""

    legend: Literal[True]
    places: list[tuple[str, str]] = Field(default_factory=list, max_length=40)


def _legend(view: Mapping[str, Any] | GondorView) -> LegendView | None:
    if isinstance(view, GondorView) or "legend" not in view:
        return None
    return LegendView.model_validate(view)


def render(view: Mapping[str, Any] | GondorView) -> Image.Image:
    """Draw the whole map, a zoomed crop when the view names focus hexes, or the legend."""
    key = _legend(view)
    if key is not None:
        return panel.legend(tuple(key.places)).copy()
    return board.render(parse(view))


def alt_text(view: Mapping[str, Any] | GondorView) -> str:
    """The alt text of the same image (at most 1000 characters)."""
    key = _legend(view)
    if key is not None:
        places = panel.places_note(tuple(key.places))
        return text.fit_sentences([panel.LEGEND_ALT, f"{places}." if places else ""])
    return board.alt_text(parse(view))
