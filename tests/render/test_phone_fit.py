"""Every image a game sends fits a phone: wider than tall, its decision text 9 px tall at 340 px.

Discord shows an embed's image scaled down to fit a box wider than tall (about 400 × 300 px on
desktop), and 340 px wide on a phone, so a tall image shrinks by its height. Every image kind of
every game is drawn here (public and private views, close-ups, sheets, card lookups, legends)
and measured: height/width at most 1.0, and the smallest font the drawing asked for at least
``common.phone_px(width)``: 9 × width / 340 px, i.e. 9 px tall when the image is shown 340 px
wide (27 px in a 1000 px image). The Gondor whole map is exempt, being a map (its row and
column numbers stay at the 22 px floor), only if every close-up passes.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest

import engines
from render import common, gondor, rating_graph, render_image, review, standings
from render.common import cards, tiles
from render.galdors_grip import card as ggc
from render.gondor import counters, panel
from render.gondor import map as gmap
from tests.render import guardians_views, test_legibility
from tests.render.fonts import recording_load
from tests.render.gondor_views import (
    clear_caches,
    focus,
    initial_position,
    mid_siege_position,
    view,
)

WARNED = "If your Shields fall, they get all six lands: reinforce them"
"""A long warning headline (``Alert.short``), drawn in a player's own picture."""
MAX_VIEWS = 36
"""Views per game at most (each image is drawn with every cache emptied, about 1 s)."""
CACHES = (
    cards.card_face,
    cards.card_back,
    cards.empty_slot,
    ggc._rotated_text,
    counters.sprite,
    gmap.full_background,
    gmap.zoom_background,
    gmap.zoom_tile,
    panel.legend,
)


def gondor_images() -> Iterator[tuple[str, dict]]:
    """The whole map and close-ups for each viewer, at the start, mid-siege, and the legend."""
    for name, pos in (("initial", initial_position()), ("mid", mid_siege_position())):
        for who in ("sauron", "westernesse", None):
            v = view(pos, who)
            yield f"{name}-{who}", v
            for hexes in (["1917", "1918"], ["1903"], ["3224"], ["0101"]):
                yield f"{name}-{who}-{'-'.join(hexes)}", focus(v, hexes)
    game = engines.get_game("gondor").new(2, seed=3)
    for seat in (None, 0, 1):
        yield f"engine-{seat}", game.view(seat)
        if seat is not None:  # a side's own picture with a warning's headline
            yield f"warned-{seat}", {**game.view(seat), "warnings": [WARNED]}
    yield "legend", {"legend": True}


def lookups(game_id: str) -> Iterator[tuple[str, dict]]:
    """Every card lookup page of the game."""
    lookup = importlib.import_module(f"engines.{game_id}.lookup")
    for name in lookup.card_names():
        yield f"lookup {name}", lookup.card_view(name)


def images(game_id: str) -> Iterator[tuple[str, dict]]:
    """Every kind of image the game sends, in many states."""
    if game_id == "gondor":
        yield from gondor_images()
        return
    if game_id == "guardians":
        for case in guardians_views.CASES:
            for who in guardians_views.VIEWERS:
                yield f"{case}-{who}", guardians_views.make_case(case, who)[0]
        for case in ("organize", "combat", "resolution"):  # the fullest, with a warning
            yield f"{case}-warned", {**guardians_views.make_case(case, 0)[0], "warnings": [WARNED]}
    else:
        views = [v for g, v in test_legibility.cases() if g == game_id]
        step = -(-len(views) // MAX_VIEWS)  # an even sample: the playouts repeat layouts
        for i, v in enumerate(views[::step]):
            yield f"view {i * step}", v
    yield from lookups(game_id)


GAMES = [
    pytest.param("gondor", id="gondor"),
    pytest.param("knightfall", id="knightfall"),
    pytest.param("gondolin", id="gondolin"),
    pytest.param("guardians", id="guardians"),
    pytest.param("galdors_grip", id="galdors_grip"),
]


@pytest.fixture
def font_sizes(monkeypatch):
    """Every font size the drawing asks the font factory for, with the image caches emptied."""
    sizes: list[int] = []
    monkeypatch.setattr(common, "_load", recording_load(sizes))
    monkeypatch.setattr(tiles, "ENABLED", False)  # every part drawn, none pasted from a tile
    yield sizes
    empty_caches()


def empty_caches() -> None:
    """Every kept image part emptied: each image is drawn afresh, all its text measured."""
    for cached in CACHES:
        cached.cache_clear()
    clear_caches()  # Gondor's own: headers, footers, whole maps


def whole_map(game_id: str, name: str) -> bool:
    """A Gondor view of the whole map (not a close-up, not the legend)."""
    return game_id == "gondor" and name.count("-") == 1 and not name.startswith("legend")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_image_is_wider_than_tall_and_its_decision_text_9_px_on_a_phone(game_id, font_sizes):
    phone: dict[str, bool] = {}  # image name -> its smallest text reads 9 px at 340 px wide
    for name, v in images(game_id):
        empty_caches()
        font_sizes.clear()
        img = render_image(game_id, v)
        assert img.height <= img.width, (game_id, name, img.size)
        assert font_sizes, (game_id, name, "no text drawn through the font factory")
        assert min(font_sizes) >= common.min_px(img.width), (game_id, name, min(font_sizes))
        phone[name] = min(font_sizes) >= common.phone_px(img.width)
    small = sorted(n for n, ok in phone.items() if not ok)
    close_ups = [n for n in phone if not whole_map(game_id, n)]
    assert close_ups and all(phone[n] for n in close_ups), (game_id, small)
    # The whole map may stay a map: its close-ups carry the decision (they all passed above).
    assert all(whole_map(game_id, n) for n in small), (game_id, small)


def test_the_gondor_legend_has_words_for_its_image():
    words = gondor.alt_text({"legend": True})
    assert words.startswith("Gondor legend") and len(words) <= 1000


def test_the_rating_graph_is_wider_than_tall_and_its_text_readable_at_400_px(font_sizes):
    many = [(x, 1500.0 + (-1) ** x * 7 * x) for x in range(31)]
    for lines in (
        [("Knightfall", [(0, 1500.0), (1, 1516.2)])],
        [(engines.get_game(g).title, many) for g in engines.game_ids()],
    ):
        font_sizes.clear()
        img = rating_graph.render(lines, "A very long display name indeed — rating history")
        assert img.height <= img.width and font_sizes
        assert min(font_sizes) * common.BASE_WIDTH / img.width >= common.MIN_PX
        words = rating_graph.alt_text(lines, "Ann — rating history")
        assert words.startswith("Ann — rating history. Knightfall") and ": from 1500 to 1" in words
        assert len(words) <= 1000


def test_the_tournament_standings_are_landscape_and_readable_at_340_px(font_sizes):
    for players in (3, 32):
        rows = [(str(n), "W" * 40, "2.5", "10.5", "7.25") for n in range(1, players + 1)]
        font_sizes.clear()
        img = standings.render(
            "Knightfall tournament — final standings", "Swiss", ("Points", "Buchholz", "S-B"), rows
        )
        assert img.height <= img.width and font_sizes
        assert min(font_sizes) * common.BASE_WIDTH / img.width >= common.phone_px(common.BASE_WIDTH)
    words = standings.alt_text("T", ("Points", "Buchholz", "S-B"), rows)
    assert words.startswith("T. 1. WWW") and len(words) <= 1000


def review_view(turns: int) -> dict:
    """A review of a long two-player game, with ``turns`` turning points of the longest text."""
    long = "Q" * 32
    return {
        "title": "Review: Knightfall: A Kingdom's War",
        "goal": "win",
        "moves": 2600,
        "seats": [
            {"name": long, "points": [(m, (m % 97) / 96) for m in range(0, 2600, 3)]},
            {"name": "W" * 32, "points": [(m, 1 - (m % 89) / 88) for m in range(1, 2600, 3)]},
        ],
        "turns": [
            {"move": 40 * i, "seat": 0, "chance": 0.5, "text": f"Move {40 * i}: {long} " * 12}
            for i in range(turns)
        ],
        "summary": "x" * 300,
    }


@pytest.mark.parametrize("turns", [0, 1, 3])
def test_the_review_image_is_wider_than_tall_and_its_text_readable_at_400_px(turns, font_sizes):
    img = review.render(review_view(turns))
    assert img.height <= img.width
    assert min(font_sizes) * common.BASE_WIDTH / img.width >= common.MIN_PX
    assert len(review.alt_text(review_view(turns))) <= 1000
