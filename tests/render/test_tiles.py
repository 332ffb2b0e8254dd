"""Parts drawn once and pasted (render.common.tiles) give the pixels painted in place."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops, ImageDraw

import engines
from render import common, render_image
from render.common import tiles
from render.common.tiles import TileCache


def painted(img: Image.Image, draw: ImageDraw.ImageDraw, box: common.Box) -> None:
    """A part with the things that could move under a shift: fractional text, round corners."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=9, fill=common.PANEL, outline=common.GOLD, width=3)
    fnt = common.font(27, bold=True)
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), "Turn 3 ★", font=fnt, fill=common.TEXT, anchor="mm")
    common.draw_text(draw, (x0 + 10.5, y0 + 6), "Gondolin", common.font(24), common.MUTED)


@pytest.fixture
def fresh(monkeypatch):
    cache = TileCache()
    monkeypatch.setattr(tiles, "TILES", cache)
    return cache


def test_a_pasted_tile_gives_the_pixels_painted_in_place(fresh, monkeypatch):
    def picture() -> Image.Image:
        img = Image.new("RGB", (500, 300), common.FELT)
        draw = ImageDraw.Draw(img)
        for box in ((13, 17, 212, 97), (251, 150, 450, 230), (20, 180, 219, 260)):
            tiles.draw_tiled(img, draw, box, "part", common.FELT, painted)
        return img

    tiled = picture()
    assert (fresh.misses, fresh.hits) == (1, 2)  # one size, painted once, pasted twice
    monkeypatch.setattr(tiles, "ENABLED", False)
    assert ImageChops.difference(tiled, picture()).getbbox() is None


def test_a_tile_is_kept_per_key_size_and_background(fresh):
    img = Image.new("RGB", (300, 300), common.FELT)
    draw = ImageDraw.Draw(img)
    for key, box, bg in (
        ("a", (0, 0, 99, 49), common.FELT),
        ("a", (0, 0, 99, 50), common.FELT),
        ("a", (0, 0, 99, 49), common.PANEL),
        ("b", (0, 0, 99, 49), common.FELT),
    ):
        tiles.draw_tiled(img, draw, box, key, bg, painted)
    assert (fresh.misses, fresh.hits) == (4, 0)


def test_tiles_stay_within_their_budget(fresh):
    fresh.budget = 100_000
    img = Image.new("RGB", (300, 300), common.FELT)
    draw = ImageDraw.Draw(img)
    for n in range(40):
        tiles.draw_tiled(img, draw, (0, 0, 99, 49), n, common.FELT, painted)
    assert 0 < fresh.used <= 100_000 and len(fresh._tiles) < 40
    tiles.draw_tiled(img, draw, (0, 0, 99, 49), 39, common.FELT, painted)  # the newest is kept
    assert fresh.hits == 1


def test_a_part_over_a_picture_on_a_palette_canvas_is_that_picture_mapped(fresh):
    """A tile may start as the picture under it; on a canvas on a palette it is mapped once."""
    under = Image.new("RGB", (300, 200), common.FELT)
    ImageDraw.Draw(under).line((0, 0, 299, 199), fill=common.GOLD, width=5)
    box = (20, 30, 219, 110)
    expected = under.copy()
    painted(expected, ImageDraw.Draw(expected), box)
    colours = (common.FELT, common.GOLD, common.PANEL, common.TEXT, common.MUTED)
    palette = common.fixed_palette(colours)
    canvas = under.quantize(palette=palette, dither=Image.Dither.NONE)
    for _ in range(2):
        tiles.draw_tiled(canvas, ImageDraw.Draw(canvas), box, "part", under, painted)
    assert (fresh.misses, fresh.hits) == (1, 1)
    mapped = expected.quantize(palette=palette, dither=Image.Dither.NONE)
    assert canvas.tobytes() == mapped.tobytes()


def sequence(game_id: str, seed: int, moves: int) -> list[dict]:
    """The views of a seeded random game, move after move (the public one and the player's)."""
    game = engines.get_game(game_id).new(1, seed=seed)
    rng = random.Random(seed)
    views = []
    for _ in range(moves):
        views += [game.view(None), game.view(0)]
        actions = game.legal_actions(0)
        if game.is_over or not actions:
            break
        game.apply(0, rng.choice(actions))
    return views


@pytest.mark.parametrize(("game_id", "seed"), [("galdors_grip", 3), ("gondolin", 5)])
def test_each_games_pictures_are_the_same_with_tiles_as_painted_in_place(
    game_id, seed, fresh, monkeypatch
):
    views = sequence(game_id, seed, 40)
    with_tiles = [render_image(game_id, v) for v in views]
    assert fresh.hits > len(views)  # cards seen before are pasted, not drawn
    monkeypatch.setattr(tiles, "ENABLED", False)
    for view, tiled in zip(views, with_tiles, strict=True):
        assert ImageChops.difference(tiled, render_image(game_id, view)).getbbox() is None


def test_knightfalls_blocks_header_and_piles_are_pasted_and_look_painted_in_place(
    fresh, monkeypatch
):
    """The board and both seats' DMs, move after move: a part unchanged is pasted, not drawn."""
    game = engines.get_game("knightfall").new(2, seed=4)
    rng = random.Random(4)
    views = []
    names = {"seat_names": ["Ann", "Bob"]}
    for _ in range(60):
        views += [{**game.view(seat), **names} for seat in (None, 0, 1)]
        if game.is_over:
            break
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    with_tiles = [render_image("knightfall", v) for v in views]
    # Two blocks, a header and the piles a picture: more than a third of them pasted.
    assert fresh.hits > len(views) * 4 // 3, (fresh.hits, fresh.misses)
    monkeypatch.setattr(tiles, "ENABLED", False)
    for view, tiled in zip(views, with_tiles, strict=True):
        assert ImageChops.difference(tiled, render_image("knightfall", view)).getbbox() is None
