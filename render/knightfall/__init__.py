"""The Knightfall renderer package; ``board`` draws every view of the game.

A view arrives as the engine's JSON (it crossed a process boundary) with the seats' names the
bot adds; it is validated here, once, into its model, and everything below reads the model.
"""

from __future__ import annotations

from engines.knightfall.views import KnightfallLookupView
from render.knightfall import board, lookup
from render.knightfall.board import PALETTE
from render.knightfall.text import View
from render.view_kinds import ViewKind, ViewKinds

__all__ = ["PALETTE", "alt_text", "render", "render_indexed", "typed"]

VIEWS = ViewKinds(
    ViewKind(KnightfallLookupView, lookup.render, lookup.alt_text, key="lookup"),
    ViewKind(View, board.render, board.alt_text, indexed=board.render_indexed),
)
typed = VIEWS.typed
render = VIEWS.render
render_indexed = VIEWS.render_indexed
alt_text = VIEWS.alt_text
