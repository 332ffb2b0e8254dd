"""What a picture drawn straight onto its palette must be: the RGB picture mapped whole."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw

from render import common, render_image, render_png
from render.common import tiles


def assert_mapped_in_parts(
    monkeypatch: pytest.MonkeyPatch,
    game_id: str,
    views: list[dict[str, Any]],
    palette: Image.Image,
    limit: int,
) -> None:
    """Each view's PNG has the bytes of its RGB picture mapped onto ``palette`` whole, though
    no single mapping covers ``limit`` pixels: the backgrounds are mapped once (drawn first
    here), and the parts each on their own (drawn anew, tiles or not)."""
    whole = [common.encode_png(render_image(game_id, v), palette=palette) for v in views]
    for view in views:
        render_png(game_id, view)
    monkeypatch.setattr(tiles, "TILES", tiles.TileCache())  # the parts: drawn and mapped anew
    mapped: list[int] = []
    quantize = Image.Image.quantize

    def recording(self: Image.Image, *args: Any, **kwargs: Any) -> Image.Image:
        mapped.append(self.width * self.height)
        return quantize(self, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "quantize", recording)
    assert [render_png(game_id, v) for v in views] == whole
    assert mapped and max(mapped) < limit, max(mapped)
    monkeypatch.setattr(tiles, "ENABLED", False)  # every part drawn and mapped afresh
    assert [render_png(game_id, v) for v in views] == whole


def assert_drawn_again_from_tiles(
    monkeypatch: pytest.MonkeyPatch, game_id: str, views: list[dict[str, Any]]
) -> None:
    """Each view drawn a second time gives the same PNG with no text drawn: every part of it
    is pasted from its tile."""
    monkeypatch.setattr(tiles, "TILES", tiles.TileCache())
    first = [render_png(game_id, v) for v in views]
    drawn: list[str] = []
    monkeypatch.setattr(
        ImageDraw.ImageDraw, "text", lambda _d, _xy, text, *a, **k: drawn.append(text)
    )
    assert [render_png(game_id, v) for v in views] == first
    assert drawn == []
