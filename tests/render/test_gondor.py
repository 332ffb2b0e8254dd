"""Gondor hex-map images and alt text from hand-made views (tests/render/gondor_views.py).

These call render.gondor directly and encode as render.render_png does (fixed palette).
"""

from __future__ import annotations

import copy
import io
import json
import re
import statistics
import time

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat
from pydantic import ValidationError

from engines.gondor import views
from render import common, gondor, render_png
from render.common import BAD
from render.gondor import board, counters, hexgrid, overlays, panel, style, text
from render.gondor import map as gmap
from tests.render.fonts import recording_load
from tests.render.gondor_views import (
    clear_caches,
    focus,
    initial_position,
    mid_siege_position,
    view,
)

VIEWERS = ("sauron", "westernesse", None)


def png(v: dict) -> bytes:
    """PNG bytes exactly as render.render_png makes them."""
    return common.encode_png(gondor.render(v), palette=common.fixed_palette(tuple(gondor.PALETTE)))


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def cases() -> dict[str, dict]:
    initial, mid = initial_position(), mid_siege_position()
    out = {f"initial-{w}": view(initial, w) for w in VIEWERS}
    out |= {f"mid-{w}": view(mid, w) for w in VIEWERS}
    out["zoom-gate-westernesse"] = focus(view(mid, "westernesse"), ["1917", "1918"])
    out["zoom-gate-sauron"] = focus(view(mid, "sauron"), ["1917", "1918"])
    out["zoom-citadel"] = focus(view(initial, None), ["1903"])
    out["zoom-corner"] = focus(view(mid, "sauron"), ["3224"])  # kept on the map
    return out


CASES = cases()


def colour_count(img: Image.Image, colour: tuple[int, int, int]) -> int:
    """How many pixels of the RGB image have exactly ``colour``."""
    mask = Image.new("RGB", img.size, colour)
    diff = ImageChops.difference(img.convert("RGB"), mask).convert("L")
    return diff.histogram()[0]


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_view_renders_a_palette_png_under_150_kb_1000_px_wide_800_close_up(name):
    data = png(CASES[name])
    img = decode(data)
    assert img.format == "PNG" and img.mode == "P"
    assert img.width == (style.ZOOM_WIDTH if name.startswith("zoom") else style.WIDTH)
    assert 560 <= img.height <= 1900
    assert len(data) < 150_000


def test_the_whole_map_shows_every_hex_and_both_images_are_wider_than_tall():
    whole = gondor.render(CASES["mid-sauron"])
    zoom = gondor.render(CASES["zoom-gate-sauron"])
    assert whole.height <= whole.width and zoom.height <= zoom.width
    game_map = gondor.typed(CASES["mid-sauron"]).map
    layout = gmap.full_layout(game_map)
    ground = gmap.full_background(gmap.map_key(game_map))
    for hex_id in ("0101", "0124", "3201", "3224"):  # the four corners lie inside the image
        x, y = layout.centre(hex_id)
        assert x - layout.size > gmap.NUMBER_MARGIN - 1 and x + layout.size <= style.WIDTH
        assert y - layout.w / 2 >= gmap.TOP_MARGIN - 1 and y + layout.w / 2 <= ground.height


def test_siege_marks_appear_only_when_the_view_has_them():
    before = gondor.render(CASES["initial-sauron"])
    after = gondor.render(CASES["mid-sauron"])
    for colour in (style.BREACH, style.FIRE, style.LADDER, style.DISRUPTED):
        assert colour_count(before, colour) == 0, colour
        assert colour_count(after, colour) > 20, colour


def test_gates_take_the_colour_of_their_holder():
    v = CASES["mid-sauron"]
    game_map = gondor.typed(v).map
    layout = gmap.full_layout(game_map)
    img = gondor.render(v)
    top = panel.HEADER_H
    for gate in v["gates"]:
        a, b = layout.hexside(*gate["hexside"])
        probes = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in (0.0, 0.5, 1.0)]
        seen = {
            img.getpixel((round(x + dx), round(y + top + dy)))
            for x, y in probes
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
        }
        assert style.side_colour(gate["controller"]) in seen, gate


def swapped_truths() -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (0, 2, 4), (1, 3, 5)


@pytest.mark.parametrize("who", ["sauron", None])
@pytest.mark.parametrize("zoomed", [False, True])
def test_cauldron_and_oil_truth_never_reaches_sauron_or_spectators(who, zoomed):
    """16.71-16.74: the same position with other cauldrons real gives the same image and words."""
    a, b = swapped_truths()
    views = [view(mid_siege_position(real), who) for real in (a, b)]
    if zoomed:
        views = [focus(v, ["1716", "1815"]) for v in views]
    assert png(views[0]) == png(views[1])
    assert gondor.alt_text(views[0]) == gondor.alt_text(views[1])
    words = gondor.alt_text(views[0]).lower()
    assert "real" not in words and "dummy" not in words
    assert "cauldron" in words


def test_westernesse_sees_which_cauldrons_are_real():
    a, b = swapped_truths()
    views = [focus(view(mid_siege_position(real), "westernesse"), ["1716"]) for real in (a, b)]
    assert png(views[0]) != png(views[1])
    assert "Cauldron (real)" in gondor.alt_text(views[0])
    assert "Cauldron (dummy)" in gondor.alt_text(views[0])


@pytest.fixture
def recorder(monkeypatch):
    """Record every font size served and every string drawn, with the caches emptied."""
    sizes: list[int] = []
    texts: list[str] = []
    original_text = ImageDraw.ImageDraw.text

    def recording_text(self, xy, text, *args, **kwargs):
        texts.append(str(text))
        return original_text(self, xy, text, *args, **kwargs)

    clear_caches()
    monkeypatch.setattr(common, "_load", recording_load(sizes))
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording_text)
    yield sizes, texts
    clear_caches()


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_text_is_at_least_22_px(name, recorder):
    sizes, _ = recorder
    img = gondor.render(CASES[name])
    assert sizes, "the renderer drew no text through the font factory"
    assert min(sizes) >= common.min_px(img.width)


def test_the_zoom_shows_unit_codes_and_hex_ids_and_the_whole_map_none(recorder):
    _, texts = recorder
    gondor.render(CASES["zoom-gate-westernesse"])
    assert {"E-1-Z", "D-3-X", "1917", "1918", "+1"} <= set(texts)
    texts.clear()
    gondor.render(CASES["mid-westernesse"])
    assert "E-1-Z" not in texts and "1917" not in texts  # too small there: shapes only


def test_same_view_gives_the_same_bytes_even_after_clearing_caches():
    for name in ("mid-westernesse", "zoom-gate-sauron"):
        v = CASES[name]
        first = png(v)
        assert png(copy.deepcopy(v)) == first
        clear_caches()
        assert png(json.loads(json.dumps(v))) == first


def test_the_background_is_drawn_once_per_map():
    clear_caches()
    gondor.render(CASES["initial-sauron"])
    gondor.render(CASES["mid-westernesse"])
    gondor.render(CASES["mid-sauron"])
    info = gmap.full_background.cache_info()
    assert info.misses == 1 and info.hits == 2


def kept_for_a_move_of_counters(part):
    """``part`` (the header or the footer) of a position, then of the same position with its
    counters moved: the first is pasted for the second, the same pixels as drawing it again.
    The position, and the part kept."""
    clear_caches()
    before = gondor.typed(CASES["mid-sauron"])
    moved = gondor.typed({**CASES["mid-sauron"], "stacks": CASES["initial-sauron"]["stacks"]})
    kept = part(before)
    assert part(moved) is kept
    clear_caches()
    assert part(moved).tobytes() == kept.tobytes()
    return before, kept


def test_a_header_is_drawn_once_for_the_same_lines():
    """A move that leaves the turn, the phase and the decision as they were pastes the header
    drawn for the picture before it (the same pixels as drawing it again)."""
    _, kept = kept_for_a_move_of_counters(panel.header)
    assert panel.header(gondor.typed(CASES["mid-westernesse"])) is not kept  # its own lines


def test_the_whole_map_is_drawn_once_for_what_two_pictures_both_show():
    """The table's board and Sauron's own whole map of a position show the same counters and
    marks under their own headers: the second pastes the map as the first drew it. A view that
    shows anything else on the map draws its own."""
    clear_caches()
    png(CASES["mid-sauron"])
    table = png(CASES["mid-None"])
    assert (board.WHOLE_KEPT.misses, board.WHOLE_KEPT.hits) == (1, 1)
    clear_caches()
    assert png(CASES["mid-None"]) == table
    changed = [("moves", [["1917", "1918"]]), ("highlight", ["1917"]), ("fires", ["1917"])]
    for field, value in changed:
        png({**CASES["mid-None"], field: value})
    assert board.WHOLE_KEPT.misses == 1 + len(changed)


def test_a_footer_is_drawn_once_for_the_same_texts():
    """A move that leaves the forces and the status as they were pastes the footer drawn for
    the picture before it (the same pixels as drawing it again)."""
    before, kept = kept_for_a_move_of_counters(panel.footer)
    assert panel.footer(before, compass=True) is not kept


def test_the_png_is_drawn_onto_the_palette_and_is_the_picture_mapped_whole(monkeypatch):
    """Every view (the legend too) is drawn onto the palette: the same PNG bytes as the RGB
    picture mapped whole. The header and the footer are mapped once per text and the whole
    map's board once per content; a picture seen again maps nothing."""
    legend = {"legend": True, "places": [["1918", "Main Gate"]]}
    views: list[dict] = [*CASES.values(), legend]
    palette = common.fixed_palette(tuple(gondor.PALETTE))
    whole = [png(v) for v in CASES.values()]
    whole.append(common.encode_png(gondor.render(legend), palette=palette))
    clear_caches()
    mapped: list[int] = []
    quantize = Image.Image.quantize

    def recording(self: Image.Image, *args, **kwargs) -> Image.Image:
        mapped.append(self.width * self.height)
        return quantize(self, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "quantize", recording)
    assert gondor.render_indexed(CASES["mid-None"]).mode == "P"
    for shown, expected in zip(views, whole, strict=True):
        mapped.clear()
        assert render_png("gondor", shown) == expected
        size = decode(expected).size
        assert shown is legend or max(mapped, default=0) < size[0] * size[1]  # never the whole
    mapped.clear()
    again = [v for v in views if not v.get("focus")]  # the close-ups' boards: mapped each time
    assert [render_png("gondor", v) for v in again] == [
        data for v, data in zip(views, whole, strict=True) if not v.get("focus")
    ]
    assert mapped == []  # headers, footers, boards and the legend: kept on the palette


def test_rendering_does_not_change_the_view():
    v = CASES["zoom-gate-westernesse"]
    before = copy.deepcopy(v)
    png(v)
    gondor.alt_text(v)
    assert v == before


@pytest.mark.parametrize("name", ["mid-westernesse", "zoom-gate-sauron"])
def test_fixed_palette_keeps_the_image_faithful(name):
    rgb = gondor.render(CASES[name])
    back = decode(png(CASES[name])).convert("RGB")
    assert max(ImageStat.Stat(ImageChops.difference(rgb, back)).mean) < 2.0


@pytest.mark.parametrize("name", sorted(CASES))
def test_alt_text_is_at_most_1000_characters_and_says_the_essentials(name):
    v = CASES[name]
    words = gondor.alt_text(v)
    assert len(words) <= 1000
    assert f"Turn {v['turn']} of 16" in words
    assert "Garrison" in words
    if "focus" in v:
        assert all(h in words for h in v["focus"])


def test_mid_siege_alt_text_names_the_siege_marks_and_whose_decision():
    words = gondor.alt_text(CASES["mid-westernesse"])
    assert "Breaches: 1917/1918, 2213/2214" in words
    assert "Fires: 1815, 2117, 2412" in words
    assert "Waiting for Sauron" in words
    assert "Gates held by Sauron: 1917/1918" in words
    assert "the East road's goal hexes last held by Sauron: 1918 and 2124" in words
    assert "Gandalf 1903 (Citadel)" in words and "Imrahil 1917 (Main Gate)" in words
    zoom = gondor.alt_text(CASES["zoom-gate-westernesse"])
    assert "1918: Light Orc Infantry E-1-Z (disrupted), The Lord of the Nazgûl" in zoom


def test_speed_and_size():
    """Each turn draws counters on a cached background: well under 100 ms on a quiet machine."""
    for v in CASES.values():
        png(v)  # warm the caches, as a running bot has them
    times, sizes = [], []
    for _ in range(3):
        for v in CASES.values():
            start = time.perf_counter()
            data = png(v)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(data))
    median = statistics.median(times)
    print(f"gondor: median {median:.0f} ms, {statistics.median(sizes) / 1024:.0f} KB per image")
    assert median < 300  # generous: other tests share the two cores
    assert max(sizes) < 150_000


def test_the_prompt_names_the_side_once():
    prompt = {"to_act": ["westernesse"], "you": None, "pending": "Westernesse: choose a group."}
    view = gondor.typed({**CASES["initial-sauron"], **prompt})
    assert text.pending_line(view) == "Waiting for Westernesse: choose a group."
    mine = view.model_copy(update={"you": "westernesse"})
    assert text.pending_line(mine) == "Your decision (Westernesse): choose a group."


def test_a_view_missing_or_garbling_a_field_is_refused_before_drawing():
    """The view is validated into the engine's model once: no KeyError deep in the drawing."""
    missing = copy.deepcopy(CASES["mid-westernesse"])
    del missing["stacks"][0]["counters"][0]["side"]
    garbled = copy.deepcopy(CASES["zoom-gate-sauron"])
    garbled["map"] = views.game_map().model_dump(mode="json")  # a view may still bring its own map
    garbled["map"]["hexes"][0]["level"] = "outer"
    for bad in (missing, garbled, {**CASES["initial-sauron"], "gates": [{"hexside": "1917"}]}):
        with pytest.raises(ValidationError):
            gondor.render(bad)
        with pytest.raises(ValidationError):
            gondor.alt_text(bad)


def test_the_whole_map_names_its_places_and_labels_every_number_of_its_footer(recorder):
    _, texts = recorder
    v = CASES["mid-westernesse"]
    gondor.render(v)
    assert {"Main Gate", "Citadel", "To Osgiliath"} <= set(texts)  # beside their rings
    assert "Losses/limit:" in texts and any(t.startswith("Turn ") and " Phase " in t for t in texts)
    forces = [t for t in texts if re.fullmatch(r"(Garrison|Relief|Sauron) \d+/\d+( .*)?", t)]
    assert len(forces) == 3
    alt = gondor.alt_text(v)
    assert "Losses so far of the limit at which a force is demoralized:" in alt
    assert "the East road's goal hexes last held by" in alt


def test_the_hexes_a_deploying_side_may_use_are_named_as_places_to_deploy_not_to_reach():
    setup = {"letter": "", "name": "Initial Deployment"}
    deploying = {**CASES["initial-sauron"], "phase": setup, "highlight": ["0121", "0122"]}
    assert "Can be placed on 2 hexes: 0121, 0122." in gondor.alt_text(deploying)
    moving = {**CASES["mid-sauron"], "highlight": ["0121", "0122"]}
    assert "Can reach 2 hexes: 0121, 0122." in gondor.alt_text(moving)


def test_the_whole_map_has_a_compass_on_the_mountain_where_no_counter_goes(recorder):
    """The map is turned (west up): the goal's "east edge" is its bottom, and the rose says so."""
    _, texts = recorder
    gondor.render(CASES["mid-westernesse"])
    assert {"W", "E", "S", "N"} <= set(texts)  # no counter's letter is W, S or N
    assert views.MAP.hexes[gmap.COMPASS_HEX].terrain == "mountain"
    assert panel.COMPASS not in texts
    texts.clear()
    gondor.render(CASES["zoom-gate-westernesse"])  # no rose: the directions under the crop
    assert "W" not in texts and panel.COMPASS in texts


def test_the_close_up_carries_the_decision_whole_and_the_forces_at_phone_size(recorder):
    sizes, texts = recorder
    img = gondor.render(CASES["zoom-gate-westernesse"])
    assert min(sizes) >= common.phone_px(img.width)
    assert img.height <= img.width
    assert any(t.endswith("attack the Gondor Spearmen).") for t in texts)  # two lines, not cut
    assert "Losses/limit:" in texts and "Garrison 29/36" in texts
    assert "White rings: 1918 Main Gate" in texts


def test_a_decision_bold_would_cut_on_a_close_up_is_set_plain_and_whole(recorder):
    """At 800 px the 22 px bold is 3-4 % wider than the 1000 px design's 27 px scaled: a
    decision that filled the close-up's two lines there is set plain rather than cut."""
    _, texts = recorder
    pending = "advance Gondor Mounted Knight 1 into 1818, Pelennor fields near the East road"
    v = {**CASES["zoom-gate-westernesse"], "to_act": ["westernesse"]}
    img = gondor.render({**v, "pending": f"Westernesse: {pending}, or stay?"})
    assert img.height <= img.width
    assert texts[2].endswith("or stay?") and not any("…" in t for t in texts[1:3])
    texts.clear()
    gondor.render({**v, "pending": "advance the Trolls, or stay?"})  # short: bold as ever
    assert texts[1] == "Your decision (Westernesse): advance the Trolls, or stay?"


@pytest.mark.parametrize("name", ["zoom-gate-sauron", "zoom-citadel", "zoom-corner"])
def test_the_close_up_shows_the_focus_and_every_neighbour_of_it(name):
    v = gondor.typed(CASES[name])
    layout = gmap.zoom_layout(v.map, v.focus)
    shown = set(gmap.shown_hexes(v.map, layout))
    on_map = {h.id for h in v.map.hexes}
    for hex_id in v.focus:
        c, r = int(hex_id[:2]), int(hex_id[2:])
        near = {f"{c + dc:02d}{r + dr:02d}" for dc in (-1, 0, 1) for dr in (-1, 0, 1)}
        assert near & on_map <= shown, (name, sorted(near & on_map - shown))


def test_the_legend_with_every_named_place_reads_on_a_phone_and_is_wider_than_tall(recorder):
    sizes, texts = recorder
    places = [["1903", "Citadel"], ["1917", "Main Gate"], ["1918", "East road"]]
    places += [["2101", "Spur Wall"], ["2124", "East road"], ["2201", "Spur Wall"]]
    img = gondor.render({"legend": True, "places": places})
    assert img.height <= img.width and min(sizes) >= common.phone_px(img.width)
    assert any("2201 Spur Wall" in t for t in texts)
    many = [[f"{i:02d}{i:02d}", "A place with a long name"] for i in range(1, 41)]
    assert gondor.render({"legend": True, "places": many}).height <= img.width


def test_a_close_up_never_hides_a_stack_count_under_a_neighbour():
    v = CASES["zoom-gate-westernesse"]
    typed = gondor.typed(v)
    layout = gmap.zoom_layout(typed.map, typed.focus)
    img = gondor.render(v)
    shown = gmap.shown_hexes(typed.map, layout)
    bottom = panel.footer_height(img.width) + gmap.labels_height(typed.map, shown)
    top = img.height - bottom - gmap.ZOOM_CROP
    (w, h), dy = counters.ZOOM.size, layout.size * 0.11
    badges = 0
    for stack in typed.stacks:
        x, y = layout.centre(stack.hex)
        if len(stack.counters) < 2 or not (0 < x < img.width and 0 < y < gmap.ZOOM_CROP):
            continue
        x0, y0, x1, y1 = counters.badge_box(len(stack.counters) - 1, (x + w / 2, y + dy - h / 2))
        pill = img.crop((round(x0), round(y0) + top, round(x1), round(y1) + top))
        assert colour_count(pill, common.GOLD) > pill.width * pill.height * 0.65, stack.hex
        badges += 1
    assert badges >= 3


def test_a_close_up_among_many_named_places_stays_wider_than_tall_and_names_them_in_words():
    v = {**CASES["zoom-gate-westernesse"], "map": views.game_map().model_dump(mode="json")}
    v["map"]["labels"] = {
        f"{c:02d}{r:02d}": f"Place {c}-{r}" for c in range(15, 24) for r in (16, 17, 18, 19)
    }
    img = gondor.render(v)
    assert img.height <= img.width
    words = gondor.alt_text(v)
    assert "White rings: " in words and "1918 Place 19-18" in words
    assert "White rings: 1918 Main Gate." in gondor.alt_text(CASES["zoom-gate-westernesse"])


@pytest.mark.parametrize(("i", "j"), [(9, 10), (13, 7), (11, 12), (16, 14), (-1, 5)])
def test_a_tile_drawn_from_its_nearby_hexes_alone_is_the_whole_map_drawn_and_cut(i, j):
    """A tile measures and draws only the hexes, roads and walls near it: the same pixels (the
    Main Gate's roads and walls, a wall with a road, a plain, the map's corner, off its edge)."""
    game_map = views.game_map()
    layout = hexgrid.Layout(style.ZOOM_HEX_W, -i * gmap.TILE, -j * gmap.TILE)
    size = (gmap.TILE, gmap.TILE)
    near = gmap._near(game_map, layout, (0, 0, *size))
    assert len(near) < 40
    whole = gmap._ground(game_map, layout, size, game_map.hexes)
    assert gmap._ground(game_map, layout, size, near).tobytes() == whole.tobytes()


@pytest.mark.parametrize("fill", [None, style.WHITE])
@pytest.mark.parametrize(
    ("ox", "oy", "width"),
    [(300.0, 200.0, 3), (-12.5, 40.25, 13), (870.3, 690.7, 4), (5.0, -56.0, 2)],
)
def test_a_wide_ring_drawn_on_its_crop_is_the_ring_pillow_draws_on_the_whole_image(
    ox, oy, width, fill
):
    """Reach and focus rings (kept as masks) and the arrow's tip: the same pixels, clipped
    alike at the edges, whether the ring's mask is drawn afresh or kept from before."""
    base = Image.new("RGB", (1000, 720), style.BG)
    ImageDraw.Draw(base).line((0, 0, 1000, 720), fill=style.WHITE, width=9)
    points = hexgrid.Layout(style.ZOOM_HEX_W, ox, oy).corners("0101", 0.93)
    whole = base.copy()
    ImageDraw.Draw(whole).polygon(points, fill=fill, outline=style.REACH, width=width)
    overlays._ring.cache_clear()
    for _ in range(2):
        cut = base.copy()
        overlays.polygon(cut, points, outline=style.REACH, width=width, fill=fill)
        assert cut.tobytes() == whole.tobytes() != base.tobytes()
    if fill is None and (ox, oy) == (300.0, 200.0):  # inside: its kept mask drew it again
        assert overlays._ring.cache_info().hits == 1


@pytest.mark.parametrize("zoom", [False, True])
def test_reach_rings_kept_by_hex_are_the_rings_pillow_draws(zoom):
    """A deploying side's rings, each a look-up and a paste: the same pixels as Pillow's
    rings, drawn afresh or kept, the map's edge hexes (clipped) among them."""
    game_map = views.game_map()
    layout = gmap.zoom_layout(game_map, ("0101",)) if zoom else gmap.full_layout(game_map)
    hexes = [h.id for h in game_map.hexes if (h.col < 6 and h.row < 5) or h.row == 24]
    width = max(3, round(layout.size / (12 if zoom else 9)))
    whole = Image.new("RGB", (1000, 720), style.BG)
    for hex_id in hexes:
        corners = layout.corners(hex_id, 0.93 if zoom else 0.8)
        ImageDraw.Draw(whole).polygon(corners, outline=style.REACH, width=width)
    overlays._hex_ring.cache_clear()
    for _ in range(2):
        img = Image.new("RGB", (1000, 720), style.BG)
        overlays.reach(img, hexes, layout, zoom)
        assert img.tobytes() == whole.tobytes()
    assert overlays._hex_ring.cache_info().hits >= 10


@pytest.mark.parametrize(
    ("hexes", "count", "first", "last"),
    [
        (("1917", "1918"), 32, "1615", "2219"),
        (("3224",), 28, "2621", "3224"),
        (("0101",), 28, "0101", "0704"),
    ],
)
def test_a_close_up_is_800_px_wide_and_shows_the_1000_px_designs_window(hexes, count, first, last):
    """The close-up is the 1000 px design scaled: the same hexes (as the 1000 px close-up
    showed them), each the same share of the picture's width, so as large on a phone."""
    v = focus(view(initial_position(), "sauron"), list(hexes))
    img = gondor.render(v)
    assert img.width == 800 and img.height <= img.width
    typed = gondor.typed(v)
    layout = gmap.zoom_layout(typed.map, typed.focus)
    assert layout.w / img.width == 160 / 1000
    shown = gmap.shown_hexes(typed.map, layout)
    assert (len(shown), shown[0], shown[-1]) == (count, first, last)


@pytest.mark.parametrize("hexes", [("0101",), ("1917", "1918"), ("3224",), ("1612", "1813")])
def test_a_close_up_names_every_hex_whose_centre_it_shows_and_no_other(hexes):
    game_map = views.game_map()
    layout = gmap.zoom_layout(game_map, hexes)
    inside = [
        h.id
        for h in game_map.hexes
        if 0 <= layout.centre(h.id)[0] <= style.ZOOM_WIDTH
        and 0 <= layout.centre(h.id)[1] <= gmap.ZOOM_CROP
    ]
    assert gmap.shown_hexes(game_map, layout) == inside and len(inside) > 20


def test_a_close_up_is_cut_from_tiles_drawn_once_and_shows_no_seams():
    """Close-ups move with every move: the next one nearby draws few tiles, and none shows."""
    clear_caches()
    key = gmap.map_key(views.game_map())
    game_map = gmap._MAPS[key]
    first = gmap.zoom_background(key, ("1917", "1918"))
    drawn = gmap.zoom_tile.cache_info().misses
    assert drawn <= 12  # 800 x 576 px in 256 px tiles
    gmap.zoom_background(key, ("1916", "1917"))  # a hex along the road
    assert gmap.zoom_tile.cache_info().misses - drawn <= 4
    # The tiles put together are the map drawn in one piece (no seam, no shift).
    layout = gmap.zoom_layout(game_map, ("1917", "1918"))
    whole = gmap._ground(game_map, layout, (style.ZOOM_WIDTH, gmap.ZOOM_CROP), game_map.hexes)
    gmap.place_rings(whole, game_map, layout)
    draw = ImageDraw.Draw(whole)
    for h in game_map.hexes:
        x, y = layout.centre(h.id)
        ink = style.ink_on(style.terrain_colour(h.terrain, h.level))
        draw.text(
            (x, y - layout.w * 0.35), h.id, font=common.font(style.ZOOM_PX), fill=ink, anchor="mm"
        )
    cut = first.crop((0, 0, style.ZOOM_WIDTH, gmap.ZOOM_CROP))
    diff = ImageChops.difference(whole, cut).convert("L")
    # A 1 px grid line may round a pixel apart; a shifted tile would differ far more.
    assert sum(diff.histogram()[24:]) < 0.0025 * style.ZOOM_WIDTH * gmap.ZOOM_CROP


WARNED = "Your army nearly demoralized (85/93): avoid losing fights"
"""A warning headline (``Alert.short``), as the bot adds it to a side's own picture."""


@pytest.mark.parametrize("name", ["mid-sauron", "zoom-gate-sauron"])
def test_a_warning_takes_the_title_line_in_the_warning_colour(name):
    plain = gondor.render(CASES[name])
    warned_view = {**CASES[name], "warnings": [WARNED]}
    warned = gondor.render(warned_view)
    assert warned.size == plain.size and warned.height <= warned.width
    top = (0, 0, warned.width, panel.LINE)
    assert colour_count(warned.crop(top), BAD) > 200 and colour_count(plain.crop(top), BAD) == 0
    assert f"Warning: {WARNED}." in gondor.alt_text(warned_view)
    assert "Warning" not in gondor.alt_text(CASES[name])
