"""The Guardians renderer: the battlefield, players, combat and the viewer's own cards.

The view comes as a dict (it crosses a process boundary to the render workers) and is validated
once here into the engine's model; everything below reads its typed attributes.
"""

from __future__ import annotations

from engines.guardians.views import GuardiansView, LookupView
from render.guardians import lookup, table, text
from render.guardians.style import PALETTE
from render.view_kinds import ViewKind, ViewKinds

__all__ = ["PALETTE", "alt_text", "render", "render_indexed", "typed"]


VIEWS = ViewKinds(
    ViewKind(LookupView, lookup.render, lookup.alt_text, key="lookup"),
    ViewKind(GuardiansView, table.render, text.alt_text, indexed=table.render_indexed),
)
typed = VIEWS.typed
render = VIEWS.render
render_indexed = VIEWS.render_indexed
alt_text = VIEWS.alt_text
