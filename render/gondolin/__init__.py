"""Gondolin Cards: the settlement board (``board``) and the card sheets (``sheet``).

A view arrives as the engine's JSON (it crossed a process boundary); it is validated here,
once, into its model, and everything below reads the model.
"""

from __future__ import annotations

from PIL import Image

from engines.gondolin.views import GondolinLookupView, GondolinSheetView, GondolinView
from render.gondolin import board, lookup, sheet
from render.gondolin.style import PALETTE, WIDTH
from render.view_kinds import ViewKind, ViewKinds

__all__ = ["PALETTE", "WIDTH", "alt_text", "render", "render_indexed", "typed"]


def _sheet(view: GondolinSheetView) -> Image.Image:
    return sheet.render_sheet(view.sheet)


def _sheet_alt(view: GondolinSheetView) -> str:
    return sheet.sheet_alt_text(view.sheet)


VIEWS = ViewKinds(
    ViewKind(GondolinLookupView, lookup.render, lookup.alt_text, key="lookup"),
    ViewKind(GondolinSheetView, _sheet, _sheet_alt, key="sheet"),
    ViewKind(GondolinView, board.render, board.alt_text, indexed=board.render_indexed),
)
typed = VIEWS.typed
render = VIEWS.render
render_indexed = VIEWS.render_indexed
alt_text = VIEWS.alt_text
