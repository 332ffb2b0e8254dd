"""PNG encoding per game: Pillow's encoder against the zlib-ng writer at each level.

    python -m bench.png_levels [--moves 40] [--every 6] [--game all|<game id>]

The images are those the bot draws move after move of a seeded random game (every ``every``-th
of them), mapped onto the game's palette as the bot does; each encoding is timed three times
(the least CPU time kept) and its size noted. The writer's column is the whole file (rows framed,
deflated, chunks written), like Pillow's.
"""

from __future__ import annotations

import argparse
import functools
import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

import engines
from bench.render_bench import move_images
from render import _module
from render.common import fixed_palette
from render.common.png import write_png

LEVELS = (1, 2, 3, 4)


def palette_images(game_id: str, moves: int, every: int) -> list[Image.Image]:
    """Every ``every``-th image of a seeded game, mapped onto the game's palette."""
    module = _module(game_id)
    colours = getattr(module, "PALETTE", None)
    palette = fixed_palette(tuple(colours)) if colours else None
    typed = getattr(module, "typed", None)
    out = []
    for k, view in enumerate(move_images(game_id, seed=7, moves=moves)):
        if k % every == 0:
            rgb = module.render(typed(view) if typed else view).convert("RGB")
            if palette is None:
                out.append(rgb.quantize(256, method=Image.Quantize.FASTOCTREE))
            else:
                out.append(rgb.quantize(palette=palette, dither=Image.Dither.NONE))
    return out


def cost(encode: Callable[[Image.Image], bytes], images: list[Image.Image]) -> str:
    """Mean CPU ms (the least of three runs per image) and mean KB."""
    times, sizes = [], []
    for img in images:
        best = float("inf")
        for _ in range(3):
            t0 = time.process_time()
            data = encode(img)
            best = min(best, time.process_time() - t0)
        times.append(best)
        sizes.append(len(data))
    return f"{statistics.mean(times) * 1000:5.2f} ms {statistics.mean(sizes) / 1024:6.1f} KB"


def pillow(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--game", default="all")
    args = parser.parse_args(argv)
    ids = engines.game_ids() if args.game == "all" else [args.game]
    print(
        "game           images  Pillow level 3      " + "".join(f"zlib-ng {n:<12}" for n in LEVELS)
    )
    for game_id in ids:
        images = palette_images(game_id, args.moves, args.every)
        row = [cost(pillow, images)]
        row += [cost(functools.partial(write_png, level=n), images) for n in LEVELS]
        print(f"{game_id:<14} {len(images):>6}  " + "  ".join(row))


if __name__ == "__main__":
    main()
