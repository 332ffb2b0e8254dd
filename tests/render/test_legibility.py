"""Legible on a phone: every text at 22 px or more, whole names, readable grey labels.

Images are read at about a third of their size on a phone. These tests draw many views of every
renderer (public and private, every stage, 32-character seat names as the bot passes them),
record every font size the drawing asks the font factory for and every string it draws.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

import pytest
from PIL import ImageDraw

import engines
from render import common, knightfall, render_image
from render.common import cards, tiles
from render.galdors_grip import card as ggc
from render.gondolin import style as gstyle
from render.knightfall import camp as kcamp
from render.knightfall import panel as kpanel
from tests.render.fonts import recording_load
from tests.render.knightfall_views import STAGES, VIEWERS, make_case

NAMES = ["Alexandrina Wolfeschlegelsteinha", "Bartholomew Fitzwilliam-Smythe X"]
assert all(len(n) == 32 for n in NAMES)


def playout(game_id: str, players: int, viewers: tuple, seed: int, every: int) -> Iterator[dict]:
    """Views along a seeded random game of the engine, every ``every`` steps and at the end."""
    game = engines.get_game(game_id).new(players, seed=seed)
    rng = random.Random(seed)
    for step in range(400):
        if step % every == 0 or game.is_over:
            for viewer in viewers:
                yield {**game.view(viewer), "seat_names": NAMES[:players]}
        if game.is_over:
            return
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))


@cache
def cases() -> tuple[tuple[str, dict], ...]:
    out: list[tuple[str, dict]] = []
    for stage in STAGES:
        for viewer in VIEWERS:
            out.append(("knightfall", {**make_case(stage, viewer)[0], "seat_names": NAMES}))
    if "knightfall" in engines.game_ids():
        out += [("knightfall", v) for v in playout("knightfall", 2, VIEWERS, 5, 7)]
    if "galdors_grip" in engines.game_ids():
        for seed in (1, 7):
            out += [("galdors_grip", v) for v in playout("galdors_grip", 1, (0,), seed, 5)]
    if "gondolin" in engines.game_ids():
        out += [("gondolin", v) for v in playout("gondolin", 1, (None, 0), 4, 4)]
        from engines.gondolin.catalogue import CATALOGUE
        from engines.gondolin.sheet import MAX_PER_PAGE, card_sheet_view

        ids = list(CATALOGUE.cards)
        pages = range(-(-len(ids) // MAX_PER_PAGE))
        out += [("gondolin", card_sheet_view("All cards", ids, p)) for p in pages]
    return tuple(out)


@pytest.fixture
def recorder(monkeypatch):
    """Record every (size) the font factory serves and every string drawn, caches emptied."""
    sizes: list[int] = []
    texts: list[str] = []
    original_text = ImageDraw.ImageDraw.text

    def recording_text(self, xy, text, *args, **kwargs):
        texts.append(str(text))
        return original_text(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(common, "_load", recording_load(sizes))
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording_text)
    monkeypatch.setattr(tiles, "ENABLED", False)  # every part drawn, none pasted from a tile
    for cached in (cards.card_face, cards.card_back, cards.empty_slot, ggc._rotated_text):
        cached.cache_clear()
    yield sizes, texts
    for cached in (cards.card_face, cards.card_back, cards.empty_slot, ggc._rotated_text):
        cached.cache_clear()


@pytest.mark.parametrize("game_id", ["knightfall", "galdors_grip", "gondolin"])
def test_every_text_drawn_is_at_least_22_px_in_a_1000_px_image(game_id, recorder):
    sizes, _ = recorder
    views = [v for g, v in cases() if g == game_id]
    if not views:
        pytest.skip(f"the {game_id} engine is not there yet")
    for view in views:
        sizes.clear()
        img = render_image(game_id, view)
        assert sizes, "the renderer drew no text through the font factory"
        assert min(sizes) >= common.min_px(img.width), (game_id, min(sizes))


def squash(text: str) -> str:
    return "".join(text.split())


def names_in(game_id: str, view: dict) -> list[str]:
    """The names an image of this view must show whole: seats, cards, the story."""
    names = list(view.get("seat_names") or []) if game_id == "knightfall" else []
    if game_id == "galdors_grip":
        names += [str(c["name"]) for c in view.get("deck") or [] if c.get("name")]
    if game_id == "gondolin" and "sheet" in view:
        names += [str(c["name"]) for c in view["sheet"]["cards"]]
    elif game_id == "gondolin":
        names.append(view["story"]["name"])
        table = [*view["siege"]["enemies"], view["location"], *view.get("defenders", [])]
        names += [str(c["name"]) for c in [*table, *(view.get("hand") or [])]]
    return [n.replace("⭐️", "★").replace("⭐", "★").replace("\ufe0f", "") for n in names]


@pytest.mark.parametrize("game_id", ["knightfall", "galdors_grip", "gondolin"])
def test_no_name_is_cut(game_id, recorder):
    _, texts = recorder
    views = [v for g, v in cases() if g == game_id]
    if not views:
        pytest.skip(f"the {game_id} engine is not there yet")
    for view in views:
        texts.clear()
        render_image(game_id, view)
        drawn = squash("".join(texts))
        for name in names_in(game_id, view):
            assert squash(name) in drawn, (game_id, name)


def test_knightfall_long_names_take_one_line_and_the_table_stays_square():
    views = [{**make_case(s, v)[0], "seat_names": NAMES} for s in STAGES for v in VIEWERS]
    for view in views:
        img = render_image("knightfall", view)
        assert img.height <= img.width == kcamp.WIDTH, (view["stage"], view["viewer"], img.size)
    for view in views:
        for seat in (0, 1):
            lines, fnt, _ = kpanel._name_layout(knightfall.typed(view), seat)
            assert len(lines) == 1 and common.font_px(fnt) >= common.phone_px(kcamp.WIDTH), lines


def test_knightfall_discard_fan_never_covers_a_corner_index():
    inset = 4  # the index starts 4 px inside the card
    assert inset + cards.index_width(kpanel.CARD, "10", text_px=kpanel.PX) + 2 <= kpanel.FAN_STEP
    for count in (1, 5, 14, 45):
        view, _ = make_case("powers", 0)
        view["discard"] = (view["discard"] * 45)[:count]
        render_image("knightfall", view)  # draws without error at every pile size


def test_galdors_grip_danger_icons_are_large():
    for z in (ggc.BOARD, ggc.PAGE):  # the 800 px table, the 1000 px lookup page
        assert z.danger_px >= 1.6 * z.px
    assert common.contrast(ggc.DANGER_INK, ggc.PARCHMENT) >= 4.5


# (label colour, background) pairs drawn as text in the images.
LABELS = {
    "muted on felt": (common.MUTED, common.FELT),
    "muted on dark felt": (common.MUTED, common.FELT_DARK),
    "muted on panel": (common.MUTED, common.PANEL),
    "muted on Gondolin": (common.MUTED, gstyle.BG),
    "muted on a Gondolin box": (common.MUTED, gstyle.BOX),
    "muted on a passed turn": (common.MUTED, gstyle.PASSED),
    "Galdor soft ink on parchment": (ggc.INK_SOFT, ggc.PARCHMENT),
    "Galdor soft ink on peeked": (ggc.INK_SOFT, ggc.PEEK),
    "Galdor star ink on parchment": (ggc.STAR_INK, ggc.PARCHMENT),
    "Galdor flipped ink on parchment": (ggc.FLIPPED_INK, ggc.PARCHMENT),
    "Galdor flipped ink on peeked": (ggc.FLIPPED_INK, ggc.PEEK),
    "black on the flipped tag": (common.CARD_BLACK, ggc.FLIPPED),
    "peek on a back": (ggc.PEEK, ggc.BACK),
    "warn on a Gondolin box": (common.WARN, gstyle.BOX),
    "text on Gondolin pills": (common.TEXT, gstyle.EDGE),
}


@pytest.mark.parametrize("label", sorted(LABELS))
def test_grey_and_soft_labels_have_a_contrast_of_at_least_4_5(label):
    fg, bg = LABELS[label]
    assert common.contrast(fg, bg) >= 4.5, f"{label}: {common.contrast(fg, bg):.2f}"


def test_contrast_follows_the_wcag_formula():
    assert common.contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert common.contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
