"""A replay as one animated GIF: the spectator's board at each position, in a worker.

GIF because every Discord client plays it inline. At most ``MAX_FRAMES`` frames (evenly
spaced positions, always the first and the last), each scaled to at most ``FRAME_PIXELS``
pixels and kept as a palette image, so a worker holds a few tens of megabytes at most. A file
over Discord's upload limit is drawn again smaller. This module imports only ``render`` and
Pillow, so the worker that runs it starts quickly.
"""

from __future__ import annotations

import io
import math
import pickle
import zlib
from collections.abc import Sequence

from PIL import Image

from render import render_image

UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's limit on a file a bot uploads to a server without boosts."""
MAX_FRAMES = 120
FRAME_PIXELS = 600 * 600
FRAME_MS = 900
LAST_FRAME_MS = 4000
SHRINK = 0.7
"""Each try over the limit draws the frames this much smaller (in width and height)."""
TRIES = 4


class TooLarge(Exception):
    """Even the smallest try is over the upload limit."""


def picks(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """At most ``limit`` evenly spaced indexes of ``count``, always the first and the last."""
    if count <= limit:
        return list(range(count))
    last = count - 1
    return sorted({round(i * last / (limit - 1)) for i in range(limit)})


def animate(
    game_id: str, packed_views: Sequence[bytes], seat_names: list[str], limit: int = UPLOAD_LIMIT
) -> bytes:
    """In a worker: the GIF of these spectator views (each pickled and compressed)."""
    frames = []
    for i in picks(len(packed_views)):
        view = pickle.loads(zlib.decompress(packed_views[i]))
        board = render_image(game_id, {**view, "seat_names": seat_names}).convert("RGB")
        scale = min(1.0, math.sqrt(FRAME_PIXELS / (board.width * board.height)))
        frames.append(_frame(board, scale))
    for _ in range(TRIES):
        data = _gif(frames)
        if len(data) <= limit:
            return data
        frames = [_frame(f.convert("RGB"), SHRINK) for f in frames]
    raise TooLarge()


def _frame(board: Image.Image, scale: float) -> Image.Image:
    """``board`` scaled by ``scale``, as a palette image (a third of the memory of RGB)."""
    if scale < 1:
        size = (max(1, round(board.width * scale)), max(1, round(board.height * scale)))
        board = board.resize(size, Image.Resampling.LANCZOS)
    return board.quantize(256, method=Image.Quantize.FASTOCTREE)


def _gif(frames: list[Image.Image]) -> bytes:
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    frames[0].save(
        out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0
    )
    return out.getvalue()
