"""Gondolin Cards card sheets: the whole catalogue page by page, ready-made decks, alt text."""

import copy
import io

import pytest
from PIL import Image, ImageChops, ImageStat
from pydantic import ValidationError

from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.decks import ready_decks
from engines.gondolin.sheet import MAX_PER_PAGE, card_sheet_view
from engines.gondolin.views import GondolinSheetView
from render import alt_text, common, gondolin, render_image, render_png
from render.gondolin import sheet as gondolin_sheet

ALL_IDS = list(CATALOGUE.cards)
PAGES = -(-len(ALL_IDS) // MAX_PER_PAGE)
DECKS = ready_decks()


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def check_png(view) -> Image.Image:
    png = render_png("gondolin", view)
    assert len(png) < 300_000
    img = decode(png)
    assert img.format == "PNG"
    assert img.width == gondolin.WIDTH == 1000
    assert img.height == gondolin_sheet._height(GondolinSheetView.model_validate(view).sheet.cards)
    return img


def check_alt(view) -> str:
    text = alt_text("gondolin", view)
    sheet = view["sheet"]
    assert len(text) <= 1000
    assert sheet["title"] in text
    assert f"page {sheet['page'] + 1}/{sheet['pages']}" in text
    for card in sheet["cards"]:
        assert card["name"] in text
    return text


@pytest.mark.parametrize("page", range(PAGES))
def test_every_catalogue_page_renders(page):
    view = card_sheet_view("All cards", ALL_IDS, page)
    sheet = view["sheet"]
    assert view["game"] == "gondolin"
    assert (sheet["page"], sheet["pages"], sheet["total"]) == (page, PAGES, len(ALL_IDS))
    assert 1 <= len(sheet["cards"]) <= MAX_PER_PAGE
    check_png(view)
    check_alt(view)


def test_the_pages_cover_every_card_type_once():
    seen = [c for p in range(PAGES) for c in card_sheet_view("All", ALL_IDS, p)["sheet"]["cards"]]
    assert [c["id"] for c in seen] == ALL_IDS
    types = {c["type"] for c in seen}
    assert types == {"location", "defender", "achievement", "occurrence", "continuous", "enemy"}
    for c in seen:
        assert c["copies"] == 1
        assert c["name"] and "text" in c and c["kind"]
        if c["type"] == "defender":
            assert {"d", "r", "m", "anti_flying", "hero"} <= c.keys()
        elif c["type"] == "enemy":
            assert {"a", "siege", "flying", "eminent"} <= c.keys()
        elif c["type"] == "achievement":
            assert {"px", "r", "m"} <= c.keys()
        elif c["type"] == "location":
            assert {"s", "r", "p"} <= c.keys()


@pytest.mark.parametrize("deck", DECKS, ids=[d.id for d in DECKS])
def test_ready_decks_render_with_copies(deck):
    ids = deck.card_list()
    first = card_sheet_view(deck.name, ids)
    pages = first["sheet"]["pages"]
    assert first["sheet"]["total"] == len(ids)
    assert first["sheet"]["distinct"] == len(deck.cards)
    cards = []
    for page in range(pages):
        view = card_sheet_view(deck.name, ids, page)
        cards += view["sheet"]["cards"]
        check_png(view)
        text = check_alt(view)
        for c in view["sheet"]["cards"]:
            if c["copies"] > 1:
                assert f"{c['name']} ×{c['copies']}" in text
    assert {c["id"]: c["copies"] for c in cards} == deck.cards
    assert any(c["copies"] > 1 for c in cards)


def test_same_view_gives_the_same_bytes_and_is_not_changed():
    view = card_sheet_view(DECKS[-1].name, DECKS[-1].card_list(), 1)
    before = copy.deepcopy(view)
    first = render_png("gondolin", view)
    alt_text("gondolin", view)
    assert view == before
    common._load.cache_clear()
    assert render_png("gondolin", copy.deepcopy(view)) == first


@pytest.mark.parametrize("page", [0, PAGES - 1])
def test_fixed_palette_keeps_the_sheet_faithful(page):
    view = card_sheet_view("All cards", ALL_IDS, page)
    rgb = render_image("gondolin", view)
    png = decode(render_png("gondolin", view)).convert("RGB")
    assert max(ImageStat.Stat(ImageChops.difference(rgb, png)).mean) < 2.0


@pytest.mark.parametrize("per_page", [0, -1, MAX_PER_PAGE + 1])
def test_per_page_out_of_bounds_is_refused(per_page):
    with pytest.raises(ValueError, match="per_page"):
        card_sheet_view("All", ALL_IDS, per_page=per_page)


@pytest.mark.parametrize("per_page", [1, 5, MAX_PER_PAGE])
def test_per_page_within_bounds(per_page):
    view = card_sheet_view("All", ALL_IDS, 1, per_page=per_page)
    sheet = view["sheet"]
    assert sheet["pages"] == -(-len(ALL_IDS) // per_page)
    assert [c["id"] for c in sheet["cards"]] == ALL_IDS[per_page : 2 * per_page]
    check_png(view)
    check_alt(view)


def test_page_is_clamped():
    assert card_sheet_view("All", ALL_IDS, -3)["sheet"]["page"] == 0
    last = card_sheet_view("All", ALL_IDS, 999)["sheet"]
    assert last["page"] == PAGES - 1
    assert last["cards"][-1]["id"] == ALL_IDS[-1]


def test_empty_list_gives_one_empty_page():
    view = card_sheet_view("Empty deck", [], 5)
    sheet = view["sheet"]
    assert (sheet["page"], sheet["pages"], sheet["total"], sheet["cards"]) == (0, 1, 0, [])
    check_png(view)
    text = check_alt(view)
    assert "No cards" in text


def test_unknown_card_id_is_refused():
    with pytest.raises(ValueError, match="no_such_card"):
        card_sheet_view("Bad", ["no_such_card"])


def test_long_alt_text_is_cut_to_the_limit():
    card = card_sheet_view("All", ALL_IDS)["sheet"]["cards"][0]
    view = {
        "game": "gondolin",
        "sheet": {
            "title": "T" * 900,
            "page": 0,
            "pages": 1,
            "total": MAX_PER_PAGE,
            "distinct": 1,
            "per_page": MAX_PER_PAGE,
            "cards": [card] * MAX_PER_PAGE,
        },
    }
    assert len(alt_text("gondolin", view)) <= 1000
    check_png(view)


def test_a_sheet_of_more_cards_than_a_page_holds_is_refused_before_drawing():
    """Nine cards (three rows of three) keep a sheet wider than tall; a tenth is refused."""
    view = card_sheet_view("All", ALL_IDS)
    assert len(view["sheet"]["cards"]) == MAX_PER_PAGE == 9
    img = render_image("gondolin", view)
    assert img.height <= img.width
    view["sheet"]["cards"].append(view["sheet"]["cards"][0])
    with pytest.raises(ValidationError):
        render_png("gondolin", view)


def test_a_sheet_with_a_missing_or_garbled_field_is_refused_before_drawing():
    """The renderer validates the sheet into its model first: no KeyError deep in the drawing."""
    view = card_sheet_view("All", ALL_IDS)
    missing = copy.deepcopy(view)
    del missing["sheet"]["cards"][3]["name"]
    garbled = copy.deepcopy(view)
    garbled["sheet"]["page"] = "second"
    for bad in (missing, garbled):
        with pytest.raises(ValidationError):
            render_png("gondolin", bad)
        with pytest.raises(ValidationError):
            alt_text("gondolin", bad)


def test_a_card_lookup_shows_the_whole_tile_however_tall_its_rules():
    """The lookup's picture is the card's tile down to its bottom edge, never cut at the least."""
    from engines.gondolin.lookup import card_names
    from engines.gondolin.lookup import card_view as lookup_view
    from render.common.lookup import MARGIN
    from render.gondolin.style import kind_colour

    tall = 0
    for name in card_names():
        view = lookup_view(name)
        card = GondolinSheetView.model_validate(
            {
                "sheet": {
                    "title": "",
                    "page": 0,
                    "pages": 1,
                    "total": 1,
                    "distinct": 1,
                    "per_page": 1,
                    "cards": [view["lookup"]["card"]],
                }
            }
        ).sheet.cards[0]
        h = max(gondolin_sheet.TILE_H, gondolin_sheet.tile_height(card))
        tall += h > gondolin_sheet.TILE_H
        img = render_image("gondolin", view)
        bottom_edge = (MARGIN + gondolin_sheet.TILE_W // 2, MARGIN + h - 1)
        assert img.getpixel(bottom_edge) == kind_colour(card), name
    assert tall  # some cards are taller than the least tile
