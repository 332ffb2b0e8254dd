"""Pillow renderers: views in, PNG bytes (and alt text) out.

Each game's plugin names its renderer module (``engines.plugins``), which exposes
``render(view) -> Image`` and ``alt_text(view) -> str``. Render functions are synchronous and
pure; the bot runs them in a worker thread
(``await asyncio.to_thread(render_png, game_id, view)``).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from PIL import Image

from engines.plugins import find, game_ids
from render.common import encode_png, fixed_palette
from render.common.png import write_png

__all__ = ["alt_text", "picture", "render_image", "render_png"]


def _module(game_id: str) -> ModuleType:
    """The game's renderer (its plugin names it), imported on first use: its assets with it."""
    found = find(game_id)
    if found is None:
        known = ", ".join(sorted(game_ids()))
        raise KeyError(f"No renderer for game id {game_id!r}; renderers exist for: {known}")
    return importlib.import_module(found.renderer)


def render_image(game_id: str, view: Mapping[str, Any]) -> Image.Image:
    """Draw ``view`` (public or private) of game ``game_id`` as a Pillow image."""
    return _module(game_id).render(view)


def render_png(game_id: str, view: Mapping[str, Any]) -> bytes:
    """Draw ``view`` of game ``game_id`` as PNG bytes (deterministic: same view, same bytes)."""
    module = _module(game_id)
    # A renderer that draws onto its palette itself maps only what it draws (Knightfall).
    indexed = getattr(module, "render_indexed", None)
    img = None if indexed is None else indexed(view)
    if img is not None:
        return write_png(img)
    # A module drawn from a known set of colours declares them: a fixed palette is faster.
    colours = getattr(module, "PALETTE", None)
    palette = fixed_palette(tuple(colours)) if colours else None
    return encode_png(module.render(view), palette=palette)


def alt_text(game_id: str, view: Mapping[str, Any]) -> str:
    """A description of the same image for the attachment (at most 1000 characters)."""
    text: str = _module(game_id).alt_text(view)
    return text


def picture(game_id: str, view: Mapping[str, Any]) -> tuple[bytes, str]:
    """The PNG and the alt text of ``view``, validated once into the renderer's model.

    A renderer that reads views into a model exposes ``typed(view)``; both calls then take it.
    """
    typed = getattr(_module(game_id), "typed", None)
    model = view if typed is None else typed(view)
    return render_png(game_id, model), alt_text(game_id, model)
