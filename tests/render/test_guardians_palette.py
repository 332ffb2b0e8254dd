"""Guardians PNGs drawn straight onto the palette: the RGB picture mapped whole, mapping less."""

from __future__ import annotations

import copy

import pytest
from PIL import Image

from render import common, render_image, render_png
from render.guardians import PALETTE, board, stamp
from render.guardians.style import FULL
from tests.render.guardians_views import CASES, VIEWERS, make_case
from tests.render.test_guardians import engine_views


@pytest.fixture
def mapped(monkeypatch) -> list[tuple[int, int]]:
    """The size of every image mapped onto a palette from now on."""
    sizes: list[tuple[int, int]] = []
    quantize = Image.Image.quantize

    def recording(self: Image.Image, *args, **kwargs) -> Image.Image:
        sizes.append(self.size)
        return quantize(self, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "quantize", recording)
    return sizes


def test_the_png_is_the_picture_mapped_whole_without_mapping_it_whole(mapped, monkeypatch):
    """Every case and seat, and a real game's views (combats too): the same bytes."""
    views = [make_case(case, viewer)[0] for case in CASES for viewer in VIEWERS]
    views += list(engine_views(11, every=9))
    palette = common.fixed_palette(PALETTE)
    whole = [common.encode_png(render_image("guardians", v), palette=palette) for v in views]
    stamp.clear()  # each part drawn, mapped and kept anew
    for view, png in zip(views, whole, strict=True):
        mapped.clear()
        assert render_png("guardians", view) == png
        height = render_image("guardians", view).height
        assert all(h < height for _, h in mapped), (mapped, height)
    monkeypatch.setattr(stamp, "ENABLED", False)  # nothing kept: every part mapped afresh
    assert [render_png("guardians", v) for v in views] == whole


def test_a_view_drawn_again_maps_nothing_and_a_changed_space_only_that_space(mapped):
    """Bands, frames, spaces and cards are kept on the palette; the board is pasted from them."""
    view, _ = make_case("move", 0)
    render_png("guardians", view)
    mapped.clear()
    render_png("guardians", copy.deepcopy(view))
    assert mapped == []
    changed = copy.deepcopy(view)
    space = next(s for s in changed["spaces"] if s["shields"])
    space["shields"][0]["count"] += 1
    render_png("guardians", changed)
    assert mapped and all(w <= board.cell_width(FULL) for w, _ in mapped), mapped
