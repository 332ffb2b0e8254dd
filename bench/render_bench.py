"""Render timings and PNG sizes for every game's images.

    python -m bench.render_bench [--n 10] [--game all|<game id>] [--detail]
    python -m bench.render_bench --sequence [--moves 150] [--game ...]


Views come from seeded random games of the real engines (public and private views, every stage,
32-character seat names as the bot would pass them), or those a game's own bench module gives
(``views()`` in ``bench/<game id>_bench.py``: the hand-made Knightfall and Guardians views of
tests/render, a few Gondolin card sheets, Gondor's close-ups). Each view is rendered ``n`` times
after a warm-up (fonts and card images cached, as in the bot's long-running process); the
warm-up render of each view is reported too ("first": Guardians keeps parts drawn for earlier
views, so a repeated view is cheaper than a new one), and the cold first render once.

``--sequence`` times instead what the bot draws move after move of a seeded random game, each
image once, from a process whose caches start empty: the board, its close-up of the last move
where it has one, and the DM of the seat to act, in CPU time (a warmed view hides a cache that
misses when every move changes the picture).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator

import engines
from bench import games
from bench.games import NAMES
from render import common, render_image, render_png
from render.common import cards, tiles


def pct(values: list[float], q: float) -> float:
    """The q-quantile in milliseconds."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def cold_render_ms() -> float:
    """One render with every cache empty (the bot's first image after start): the cold view
    of the first game (menu order) whose bench module gives one."""
    game_id = next(g for g in engines.game_ids() if games.part(g, "cold_view"))
    shared = (common._load, common.fixed_palette, cards.card_face, cards.card_back)
    for cache in (*shared, cards.empty_slot, *games.part(game_id, "CACHES", ())):
        cache.cache_clear()
    tiles.TILES.clear()
    view = games.part(game_id, "cold_view")()
    t0 = time.perf_counter()
    render_png(game_id, view)
    return (time.perf_counter() - t0) * 1000


def bench_game(game_id: str, n: int, detail: bool) -> str:
    """Time every view of one game; print per-view rows if ``detail``; return a summary row."""
    all_png: list[float] = []
    first: list[float] = []
    sizes: list[int] = []
    for name, view in games.views(game_id):
        t0 = time.perf_counter()
        data = render_png(game_id, view)  # warm the caches for this view's cards
        first.append(time.perf_counter() - t0)
        draw, png = [], []
        for _ in range(n):
            t0 = time.perf_counter()
            render_image(game_id, view)
            t1 = time.perf_counter()
            data = render_png(game_id, view)
            png.append(time.perf_counter() - t1)
            draw.append(t1 - t0)
        all_png += png
        sizes.append(len(data))
        if detail:
            print(
                f"  {game_id[:10]:<10} {name:<28} {statistics.median(draw) * 1000:7.1f} "
                f"{pct(png, 0.5):8.1f} {pct(png, 0.95):8.1f} {len(data) / 1024:8.1f}"
            )
    if not sizes:
        return f"{game_id:<14} (no engine)"
    return (
        f"{game_id:<14} {len(sizes):>6} {pct(all_png, 0.5):8.1f} {pct(all_png, 0.95):8.1f} "
        f"{pct(first, 0.5):8.1f} {statistics.median(sizes) / 1024:8.1f} {max(sizes) / 1024:8.1f}"
    )


def move_images(game_id: str, seed: int, moves: int) -> Iterator[dict]:
    """The views the bot draws after each move of a seeded random game, in order."""
    cls = engines.get_game(game_id)
    game = cls.new(cls.max_players, seed=seed)
    names = {"seat_names": NAMES[: cls.max_players]}
    rng = random.Random(seed)
    for _ in range(moves):
        board = {**game.view(None), **names}
        yield board
        if board.get("spotlight"):
            yield {**board, "focus": board["spotlight"]}
        if game.is_over:
            return
        seat = rng.choice(game.to_act())
        yield {**game.view(seat), **names}
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def bench_sequence(game_id: str, moves: int = 150) -> str:
    """CPU ms per image over a game's images in move order, caches empty at the start."""
    times = []
    for view in move_images(game_id, seed=7, moves=moves):
        t0 = time.process_time()
        render_png(game_id, view)
        times.append(time.process_time() - t0)
    return (
        f"{game_id:<14} {len(times):>6} {statistics.mean(times) * 1000:8.1f} "
        f"{pct(times, 0.5):8.1f} {pct(times, 0.95):8.1f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10, help="renders per view")
    parser.add_argument("--game", choices=["all", *engines.game_ids()], default="all")
    parser.add_argument("--detail", action="store_true", help="one row per view")
    parser.add_argument("--sequence", action="store_true", help="move after move, cold")
    parser.add_argument("--moves", type=int, default=150, help="moves per game (--sequence)")
    args = parser.parse_args(argv)
    chosen = engines.game_ids() if args.game == "all" else (args.game,)
    if args.sequence:
        print(f"{'game':<14} {'images':>6} {'cpu mean':>8} {'p50':>8} {'p95':>8}")
        for game_id in chosen:
            print(bench_sequence(game_id, args.moves))
        print("(CPU ms to draw and encode each image the bot sends, move after move)")
        return
    print(f"cold first render (empty caches): {cold_render_ms():.1f} ms")
    rows = [bench_game(g, args.n, args.detail) for g in chosen]
    header = (
        f"{'game':<14} {'views':>6} {'png med':>8} {'png p95':>8} {'first':>8} "
        f"{'KB med':>8} {'KB max':>8}"
    )
    print(header)
    print("-" * len(header))
    print("\n".join(rows))
    print("(png ms: draw + encode, the time the bot waits for one image; first: median of the")
    print(" first render of each view, after the other views of the game)")


if __name__ == "__main__":
    main()
