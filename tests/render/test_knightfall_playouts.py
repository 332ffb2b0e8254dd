"""Render every view along seeded random Knightfall games played by the real engine."""

import io
import json
import random

import pytest
from PIL import Image

import engines
from render import alt_text, render_image, render_png
from render.knightfall import board as kf

pytestmark = pytest.mark.skipif(
    "knightfall" not in engines.game_ids(), reason="the Knightfall engine is not there yet"
)
SEEDS = (11, 29)


def strong_labels(own_view: dict) -> set[str]:
    """Labels of the viewer's STRONG cards, read from the viewer's own view."""
    slots = own_view["players"][own_view["viewer"]]["slots"].values()
    return {s["card"]["label"] for s in slots if s and s["status"] == "strong"}


def playout(seed: int):
    """Yield the game at every step of a random game (uniform over legal actions)."""
    game = engines.get_game("knightfall").new(2, seed=seed)
    rng = random.Random(seed)
    while True:
        yield game
        if game.is_over:
            return
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("seed", SEEDS)
def test_every_view_of_a_random_game_renders(seed):
    stages, seen = set(), set()
    for game in playout(seed):
        views = {viewer: game.view(viewer) for viewer in (None, 0, 1)}
        hidden = {0: strong_labels(views[0]), 1: strong_labels(views[1])}
        for viewer, view in views.items():
            key = json.dumps(view, sort_keys=True)
            if key in seen:  # an opponent's secret move often leaves this view unchanged
                continue
            seen.add(key)
            img = render_image("knightfall", view)
            assert img.width == kf.WIDTH and img.height >= kf.HEIGHT
            text = alt_text("knightfall", view)
            assert len(text) <= 1000
            if not game.is_over:
                secret = set().union(*(hidden[s] for s in (0, 1) if s != viewer))
                assert not [label for label in secret if label in text], text
            if (view["stage"], viewer) not in stages:
                stages.add((view["stage"], viewer))
                png = render_png("knightfall", view)
                assert Image.open(io.BytesIO(png)).size == (kf.WIDTH, kf.HEIGHT)
    assert {stage for stage, _ in stages} >= {"muster", "draw", "coins", "over"}
