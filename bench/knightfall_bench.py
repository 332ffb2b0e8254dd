"""Knightfall's own parts of the shared benches: its hand-made views, the cold render, its mix."""

from __future__ import annotations

from collections.abc import Callable

from bench.games import Views, playout_views, who
from render.knightfall import camp
from tests.render.knightfall_views import STAGES, VIEWERS, make_case

LOAD_SHARE = 0.25
"""Its share of the load test's games (docs/benchmarks.md, "Load")."""


def views() -> Views:
    """Every stage of tests/render's hand-made views, then a seeded random game's."""
    for stage in STAGES:
        for viewer in VIEWERS:
            view, _ = make_case(stage, viewer)
            yield f"factory {stage:<9} {who(viewer)}", view
    yield from playout_views("knightfall", 2, VIEWERS, seed=7)


def cold_view() -> dict:
    """The view render_bench draws once with every cache empty (the bot's first image)."""
    return make_case("powers", 0)[0]


CACHES: tuple[Callable[..., object], ...] = (camp.background,)
"""The game's own drawing caches render_bench empties before the cold render."""
