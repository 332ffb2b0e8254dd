"""Render timings and PNG sizes per Knightfall view type.

    python -m bench.render_bench [--n 30] [--source both|factory|engine]

"factory" views are the hand-made ones of tests/render (every stage, public and private);
"engine" views come from a seeded random game of the real engine, one per (stage, viewer).
Each view is rendered ``n`` times after a warm-up (fonts and card images cached, as in the
bot's long-running process); the cold first render is reported once.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator

import engines
from render import common, render_image, render_png
from render.common import cards
from render.knightfall import camp as knightfall_camp
from tests.render.knightfall_views import STAGES, VIEWERS, make_case

NAMES = ["Alice", "Bob"]


def pct(values: list[float], q: float) -> float:
    """The q-quantile in milliseconds."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def who(viewer: int | None) -> str:
    return "public" if viewer is None else f"seat {viewer}"


def factory_views() -> Iterator[tuple[str, dict]]:
    for stage in STAGES:
        for viewer in VIEWERS:
            view, _ = make_case(stage, viewer)
            yield f"factory {stage:<9} {who(viewer)}", view


def engine_views(seed: int = 7) -> Iterator[tuple[str, dict]]:
    if "knightfall" not in engines.GAME_IDS:
        return
    game = engines.get_game("knightfall").new(2, seed=seed)
    rng = random.Random(seed)
    seen: set[tuple[str, int | None]] = set()
    while True:
        for viewer in VIEWERS:
            view = game.view(viewer)
            if (view["stage"], viewer) not in seen:
                seen.add((view["stage"], viewer))
                yield f"engine  {view['stage']:<9} {who(viewer)}", {**view, "seat_names": NAMES}
        if game.is_over:
            return
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def cold_render_ms() -> float:
    """One render with every cache empty (the bot's first image after start)."""
    for cache in (
        common.font,
        common.fixed_palette,
        knightfall_camp.background,
        cards.card_face,
        cards.card_back,
        cards.empty_slot,
    ):
        cache.cache_clear()
    view, _ = make_case("powers", 0)
    t0 = time.perf_counter()
    render_png("knightfall", view)
    return (time.perf_counter() - t0) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=30, help="renders per view")
    parser.add_argument("--source", choices=["both", "factory", "engine"], default="both")
    args = parser.parse_args(argv)
    print(f"cold first render (empty caches): {cold_render_ms():.1f} ms")
    views: list[tuple[str, dict]] = []
    if args.source in ("both", "factory"):
        views += list(factory_views())
    if args.source in ("both", "engine"):
        views += list(engine_views())
    header = f"{'view':<32} {'draw ms':>8} {'png med':>8} {'png p95':>8} {'size KB':>8}"
    print(header)
    print("-" * len(header))
    all_png: list[float] = []
    sizes: list[int] = []
    for name, view in views:
        render_png("knightfall", view)  # warm the caches for this view's cards
        draw, png = [], []
        for _ in range(args.n):
            t0 = time.perf_counter()
            render_image("knightfall", view)
            t1 = time.perf_counter()
            data = render_png("knightfall", view)
            png.append(time.perf_counter() - t1)
            draw.append(t1 - t0)
        all_png += png
        sizes.append(len(data))
        print(
            f"{name:<32} {statistics.median(draw) * 1000:8.1f} {pct(png, 0.5):8.1f} "
            f"{pct(png, 0.95):8.1f} {len(data) / 1024:8.1f}"
        )
    print("-" * len(header))
    print(
        f"{'all views':<32} {'':>8} {pct(all_png, 0.5):8.1f} {pct(all_png, 0.95):8.1f} "
        f"{statistics.median(sizes) / 1024:8.1f} (median; max {max(sizes) / 1024:.1f})"
    )


if __name__ == "__main__":
    main()
