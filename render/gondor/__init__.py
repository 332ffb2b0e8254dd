"""The Gondor renderer: the hex map of the siege of Minas Tirith, whole or zoomed, and its key.

``render(view)`` draws the whole map (a two-line header, the map turned west-up, a status line)
or, when the view's ``focus`` lists hex ids, a zoomed crop around them where counters show
their codes; both are wider than tall. ``{"legend": True}`` draws the key to every symbol
instead (``/gondor legend``). ``alt_text(view)`` says the same in words. Everything comes from
the view; the renderer reads no data file. The static map is no part of the view's dict: the
model fills it in from the engine's data (``GondorView.map``), once per process.
``render_indexed(view)`` draws the same picture onto the fixed palette (what ``render_png``
writes): its parts are mapped once and kept (``board.render_indexed``).

The view is the engine's ``engines.gondor.views.GondorView``: it comes as a dict (it crosses a
process boundary to the render workers) and is validated once here; everything below reads its
typed attributes. Besides what ``PositionViews`` dumps, ``highlight`` (the hexes the selected group
can reach), ``focus`` (hexes to zoom on) and ``seat_names`` may be added by the game and the bot.

Hidden counters: for Sauron and spectators every cauldron has truth "?" and a neutral id, every
carried oil is "?"; such counters are drawn alike, so the image cannot tell them apart.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from PIL import Image
from pydantic import BaseModel, Field

from engines.gondor.views import GondorView
from render.gondor import board, panel, text
from render.gondor.style import PALETTE, WIDTH
from render.view_kinds import ViewKind, ViewKinds

__all__ = ["PALETTE", "WIDTH", "alt_text", "render", "render_indexed", "typed"]


class LegendView(BaseModel):
    """The legend's view: ``{"legend": True}`` and the named hexes, [[hex id, name], ...]."""

    legend: Literal[True]
    places: list[tuple[str, str]] = Field(default_factory=list, max_length=40)


def _legend(key: LegendView) -> Image.Image:
    return panel.legend(tuple(key.places)).copy()


def _legend_indexed(key: LegendView) -> Image.Image:
    return _legend_mapped(tuple(key.places))


@lru_cache(maxsize=2)
def _legend_mapped(places: tuple[tuple[str, str], ...]) -> Image.Image:
    """The legend on the palette, mapped once per list of places (shared: never draw on)."""
    return board.mapped(panel.legend(places))


def _legend_alt(key: LegendView) -> str:
    places = panel.places_note(tuple(key.places))
    return text.fit_sentences([panel.LEGEND_ALT, f"{places}." if places else ""])


VIEWS = ViewKinds(
    ViewKind(LegendView, _legend, _legend_alt, key="legend", indexed=_legend_indexed),
    ViewKind(GondorView, board.render, board.alt_text, indexed=board.render_indexed),
)
typed = VIEWS.typed
render = VIEWS.render
render_indexed = VIEWS.render_indexed
alt_text = VIEWS.alt_text
