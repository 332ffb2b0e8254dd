"""The Galdor's Grip renderer package; ``board`` draws every view of the game.

A view arrives as the engine's JSON (it crossed a process boundary); it is validated here,
once, into its model, and everything below reads the model.
"""

from __future__ import annotations

from engines.galdors_grip.views import GripLookupView, GripView
from render.galdors_grip import board, lookup
from render.galdors_grip.board import PALETTE
from render.view_kinds import ViewKind, ViewKinds

__all__ = ["PALETTE", "alt_text", "render", "render_indexed", "typed"]

VIEWS = ViewKinds(
    ViewKind(GripLookupView, lookup.render, lookup.alt_text, key="lookup"),
    ViewKind(GripView, board.render, board.alt_text, indexed=board.render_indexed),
)
typed = VIEWS.typed
render = VIEWS.render
render_indexed = VIEWS.render_indexed
alt_text = VIEWS.alt_text
