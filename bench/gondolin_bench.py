"""Gondolin's own parts of the shared benches: its views with card sheets, its mix share."""

from __future__ import annotations

from bench.games import Views, playout_views
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.sheet import card_sheet_view

LOAD_SHARE = 0.30
"""Its share of the load test's games (docs/benchmarks.md, "Load": the quick solo games most)."""


def views() -> Views:
    """A seeded random game's views, then two pages of the card sheet."""
    yield from playout_views("gondolin", 1, (None, 0), seed=4)
    ids = list(CATALOGUE.cards)
    for page in (0, 3):
        yield f"sheet page {page + 1}", card_sheet_view("All cards", ids, page)
