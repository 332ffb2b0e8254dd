"""The static map: terrain, city levels, roads, walls, towers, gate posts, hex numbers, labels.

Drawn from the view's ``map`` part alone and cached by a hash of it, so a turn draws only the
counters and overlays on a copy. Shapes are drawn at twice the size and scaled down (smooth
edges); text is drawn afterwards at the final size.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.gondor.views import GameMap, MapHex, MapHexside
from render.common import RGB, font, text_width, wrap
from render.gondor import style
from render.gondor.hexgrid import Layout, midpoint

SS = 2  # supersampling factor for shapes
NUMBER_MARGIN = 36  # left margin for the row numbers (full map)
TOP_MARGIN = 28  # top margin for the column numbers (full map)
BOTTOM_MARGIN = 6
LABEL_LINE = style.px(36)  # a line of ZOOM_PX text under the close-up
LABEL_LINES = 2  # the close-up's named-places lines at most: it stays wider than tall
TOWER_MOST = style.px(16)  # half a tower's side, in px, at most: a close-up's hides no hex id
ZOOM_CROP = style.px(720)  # the close-up's map part: with its header and footer, wider than tall
TILE = 256  # the close-up's map is drawn in square tiles of this side, in px
TILES_KEPT = 200  # tiles kept per process (256 KB each): the whole map is 210, a game's part fewer

COMPASS_HEX = "0402"  # the compass's centre, on Mount Mindolluin, where no counter goes
COMPASS_ARM = 24  # px from the centre to each arm's tip; its letter sits beyond it
COMPASS = (("W", 0, -1), ("E", 0, 1), ("S", -1, 0), ("N", 1, 0))
"""The map is turned (west up, north right): each letter and the way it points."""

_MAPS: dict[str, GameMap] = {}


def map_key(game_map: GameMap) -> str:
    """A short hash of the map part: the cache key of every background drawn from it.

    A map seen before (every view's is the engine's one ``game_map()``) is known by identity.
    """
    for key, known in _MAPS.items():
        if known is game_map:
            return key
    key = hashlib.sha1(game_map.model_dump_json().encode()).hexdigest()[:16]
    if key not in _MAPS:
        if len(_MAPS) > 8:
            _MAPS.clear()
        _MAPS[key] = game_map
    return key


def _hex_w(game_map: GameMap) -> float:
    """The hex width that makes the map's columns fill the image beside the row numbers."""
    room = style.WIDTH - NUMBER_MARGIN - style.MARGIN
    return room * 3**0.5 / ((game_map.columns - 1) * 1.5 + 2)


def full_layout(game_map: GameMap) -> Layout:
    """The layout of the full map image: column 1 at the left, row 1 at the top."""
    w = _hex_w(game_map)
    size = w / 3**0.5
    return Layout(w, NUMBER_MARGIN + size, TOP_MARGIN + w / 2)


def map_height(game_map: GameMap, layout: Layout) -> int:
    """The pixel height of the drawn grid, below its top margin."""
    return int((game_map.rows + 0.5) * layout.w) + 2


def _near(game_map: GameMap, layout: Layout, box: tuple[float, ...]) -> list[MapHex]:
    """The hexes whose centres lie within a hex of ``box``, in the map's order.

    Only the columns and rows that can reach the box are measured (a close-up's tile needs a
    few dozen of the map's hundreds of hexes).
    """
    x0, y0, x1, y1 = box
    pad = layout.w
    c0 = math.floor((x0 - pad - layout.ox) / layout.pitch)  # a column either side to spare
    c1 = math.ceil((x1 + pad - layout.ox) / layout.pitch) + 2
    r0 = math.floor((y0 - pad - layout.oy) / layout.w) - 1
    r1 = math.ceil((y1 + pad - layout.oy) / layout.w) + 2
    out = []
    for h in game_map.hexes:
        if c0 <= h.col <= c1 and r0 <= h.row <= r1:
            x, y = layout.centre_of(h.col, h.row)
            if x0 - pad <= x <= x1 + pad and y0 - pad <= y <= y1 + pad:
                out.append(h)
    return out


def draw_terrain(img: Image.Image, game_map: GameMap, layout: Layout, hexes: list[MapHex]) -> None:
    """Terrain fills, then the 1 px hex grid, then roads and walls, for ``hexes``.

    Fills and lines are drawn at SS times the size and scaled down (smooth edges); the grid is
    drawn at the final size so that it stays one crisp colour. Roads and walls are each one
    colour, so they are drawn on a mask each and pasted in their colour; a part of the map
    without either (most of a close-up's tiles) skips its mask.
    """
    big = layout.scaled(SS)
    size = (img.width * SS, img.height * SS)
    fills = Image.new("RGB", size, style.BG)
    draw = ImageDraw.Draw(fills)
    for h in hexes:
        fill = style.terrain_colour(h.terrain, h.level)
        draw.polygon(big.corners(h.id), fill=fill)
    img.paste(fills.reduce(SS))
    draw = ImageDraw.Draw(img)
    grid_w = 1 if layout.w < 60 else 2
    for h in hexes:
        corners = layout.corners(h.id)
        draw.line([*corners, corners[0]], fill=style.GRID, width=grid_w)
    ids = {h.id for h in hexes}
    roads = [road for road in game_map.roads if any(h in ids for h in road)]
    if roads:
        road_w = max(2, round(big.w * 0.14))
        mask = Image.new("L", size, 0)  # one colour: a quarter of an RGBA layer's cost
        draw = ImageDraw.Draw(mask)
        for road in roads:
            draw.line([big.centre(h) for h in road], fill=255, width=road_w, joint="curve")
        _paint(img, style.ROAD, mask)
    sides = [side for side in game_map.hexsides if side.a in ids or side.b in ids]
    if sides:
        mask = Image.new("L", size, 0)
        draw = ImageDraw.Draw(mask)
        for side in sides:
            _hexside(draw, big, side)
        _paint(img, style.WALL, mask)


def _paint(img: Image.Image, colour: RGB, mask: Image.Image) -> None:
    """``colour`` pasted through a supersampled one-colour ``mask`` scaled down to ``img``."""
    img.paste(colour, (0, 0, *img.size), mask.resize(img.size, Image.Resampling.BOX))


def _hexside(draw: ImageDraw.ImageDraw, layout: Layout, side: MapHexside) -> None:
    """One wall, tower or gate hexside, on the walls' mask."""
    a, b = layout.hexside(side.a, side.b)
    outer = side.level == 1
    width = round(3 + layout.w * (0.085 if outer else 0.06))
    post = layout.size * 0.16
    if side.kind == "gate":
        for x, y in (a, b):
            draw.rectangle((x - post, y - post, x + post, y + post), fill=255)
        return
    draw.line([a, b], fill=255, width=width)
    if side.kind == "tower":
        x, y = midpoint(a, b)
        t = min(layout.size * 0.28, TOWER_MOST * SS)  # a close-up's tower hides no hex id
        draw.rectangle((x - t, y - t, x + t, y + t), fill=255)


def _ground(
    game_map: GameMap, layout: Layout, size: tuple[int, int], hexes: list[MapHex]
) -> Image.Image:
    """A ``size`` image of the map seen through ``layout``, ``hexes`` drawn."""
    img = Image.new("RGB", size, style.BG)
    draw_terrain(img, game_map, layout, hexes)
    return img


def _places(game_map: GameMap, hexes: Iterable[str] | None) -> list[tuple[str, str]]:
    """The named hexes (among ``hexes`` if given), sorted by id."""
    labels = sorted(game_map.labels.items())
    if hexes is not None:
        shown = set(hexes)
        labels = [(h, n) for h, n in labels if h in shown]
    return labels


def place_rings(img: Image.Image, game_map: GameMap, layout: Layout) -> None:
    """A thin white ring inside each named hex (focus rings are gold and thicker)."""
    draw = ImageDraw.Draw(img)
    for hex_id, _ in _places(game_map, None):
        draw.polygon(layout.corners(hex_id, 0.86), outline=style.PLACE, width=2)


def place_names(img: Image.Image, game_map: GameMap, layout: Layout) -> None:
    """Each named place's name beside its ring (once for a name's neighbouring hexes).

    The name goes right of the ring, or left where it would hide a city level's number.
    """
    draw = ImageDraw.Draw(img)
    fnt = font(style.LABEL_PX, bold=True)
    marks = [layout.centre(h) for h in level_marks(game_map).values()]
    named: dict[str, list[str]] = {}
    for hex_id, name in _places(game_map, None):
        done = named.setdefault(name, [])
        if any(_adjacent(layout, hex_id, h) for h in done):
            continue
        done.append(hex_id)
        x, y = layout.centre(hex_id)
        gap, width = layout.w * 0.55, text_width(name, fnt)
        hides = any(x < mx < x + gap + width and abs(my - y) < layout.w for mx, my in marks)
        at, anchor = ((x - gap, y), "rm") if hides else ((x + gap, y), "lm")
        draw.text(
            at,
            name,
            font=fnt,
            fill=style.WHITE,
            anchor=anchor,
            stroke_width=3,
            stroke_fill=style.BG,
        )


def _adjacent(layout: Layout, a: str, b: str) -> bool:
    """Whether two hexes' centres are neighbours' (a hex apart)."""
    (ax, ay), (bx, by) = layout.centre(a), layout.centre(b)
    return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 < layout.w * 1.1


def places_line(game_map: GameMap, hexes: Iterable[str]) -> str:
    """The named hexes among ``hexes``: "White rings: 1918 Main Gate · ..." (empty if none)."""
    labels = _places(game_map, hexes)
    return "White rings: " + " · ".join(f"{h} {n}" for h, n in labels) if labels else ""


def _label_lines(game_map: GameMap, hexes: Iterable[str]) -> list[str]:
    """The named-hexes line wrapped, LABEL_LINES at most (the alt text has them all)."""
    line = places_line(game_map, hexes)
    room = style.ZOOM_WIDTH - 2 * style.px(14)
    return wrap(line, font(style.ZOOM_PX), room, LABEL_LINES) if line else []


def draw_labels(img: Image.Image, game_map: GameMap, top: int, hexes: Iterable[str]) -> None:
    """The names of the named hexes among ``hexes``, in a line at ``top`` (wrapped)."""
    draw = ImageDraw.Draw(img)
    fnt = font(style.ZOOM_PX)
    x, y = style.px(14), top + style.px(8)
    for i, part in enumerate(_label_lines(game_map, hexes)):
        draw.text((x, y + i * LABEL_LINE), part, font=fnt, fill=style.WHITE)


def labels_height(game_map: GameMap, hexes: Iterable[str]) -> int:
    """The height of the named-hexes line(s) under a close-up."""
    lines = _label_lines(game_map, hexes)
    return len(lines) * LABEL_LINE + style.px(16) if lines else 0


def level_marks(game_map: GameMap) -> dict[int, str]:
    """Where each city level's number is printed: its northmost hex nearest the mountain."""
    out: dict[int, str] = {}
    for h in sorted(game_map.hexes, key=lambda h: (-h.col, h.row)):
        if h.terrain == "city" and h.level and h.level not in out:
            out[h.level] = h.id
    return out


def _level_numbers(img: Image.Image, game_map: GameMap, layout: Layout) -> None:
    """Each city level's number in one of its hexes (the legend explains the shades)."""
    draw = ImageDraw.Draw(img)
    fnt = font(style.LABEL_PX, bold=True)
    for level, hex_id in level_marks(game_map).items():
        draw.text(layout.centre(hex_id), str(level), font=fnt, fill=style.INK, anchor="mm")


@lru_cache(maxsize=4)
def full_background(key: str) -> Image.Image:
    """The whole map with row and column numbers (shared: paste, never draw on)."""
    game_map = _MAPS[key]
    layout = full_layout(game_map)
    height = TOP_MARGIN + map_height(game_map, layout) + BOTTOM_MARGIN
    size = (style.WIDTH, height)
    img = _ground(game_map, layout, size, _near(game_map, layout, (0, 0, *size)))
    place_rings(img, game_map, layout)
    _level_numbers(img, game_map, layout)
    place_names(img, game_map, layout)
    draw = ImageDraw.Draw(img)
    compass(draw, layout.centre(COMPASS_HEX))
    fnt = font(style.LABEL_PX)
    for c in range(1, game_map.columns + 1, 2):  # odd columns: their hexes are not shifted
        x, _ = layout.centre(f"{c:02d}01")
        draw.text((x, TOP_MARGIN / 2), f"{c:02d}", font=fnt, fill=style.WHITE, anchor="mm")
    for r in range(1, game_map.rows + 1):
        _, y = layout.centre(f"01{r:02d}")
        draw.text((NUMBER_MARGIN / 2, y), f"{r:02d}", font=fnt, fill=style.WHITE, anchor="mm")
    return img


def compass(draw: ImageDraw.ImageDraw, centre: tuple[float, float]) -> None:
    """A compass rose at ``centre``: the goal and the rules say "east" and "west"."""
    x, y = centre
    fnt = font(style.PHONE_PX, bold=True)
    for letter, dx, dy in COMPASS:
        tip = (x + dx * COMPASS_ARM, y + dy * COMPASS_ARM)
        draw.line((x, y, *tip), fill=style.WHITE, width=3)
        at = (x + dx * (COMPASS_ARM + 14), y + dy * (COMPASS_ARM + 14))
        draw.text(
            at,
            letter,
            font=fnt,
            fill=style.WHITE,
            anchor="mm",
            stroke_width=2,
            stroke_fill=style.INK,
        )


def zoom_layout(game_map: GameMap, focus: Iterable[str]) -> Layout:
    """A layout of ZOOM_HEX_W hexes centred on the focus hexes, kept on the map if it can be.

    Its offsets are whole pixels, so the close-up is a crop of the tiles of ``zoom_tile``.
    """
    w = style.ZOOM_HEX_W
    base = Layout(w, 0.0, 0.0)
    points = [base.centre(h) for h in focus] or [base.centre(_middle(game_map))]
    cx = (min(p[0] for p in points) + max(p[0] for p in points)) / 2
    cy = (min(p[1] for p in points) + max(p[1] for p in points)) / 2
    span_x = (game_map.columns - 1) * base.pitch
    span_y = (game_map.rows - 0.5) * w
    edge_x, edge_y = base.size * 1.2, w * 0.75
    ox = _clamp(style.ZOOM_WIDTH / 2 - cx, style.ZOOM_WIDTH - edge_x - span_x, edge_x)
    oy = _clamp(ZOOM_CROP / 2 - cy, ZOOM_CROP - edge_y - span_y, edge_y)
    return Layout(w, round(ox), round(oy))


def _clamp(value: float, low: float, high: float) -> float:
    """``value`` kept within [low, high]; the middle of the two if they cross."""
    if low > high:
        return (low + high) / 2
    return max(low, min(high, value))


def _middle(game_map: GameMap) -> str:
    """The hex at the middle of the map."""
    return f"{game_map.columns // 2:02d}{game_map.rows // 2:02d}"


@lru_cache(maxsize=TILES_KEPT)
def zoom_tile(key: str, i: int, j: int) -> Image.Image:
    """The ZOOM_HEX_W map's square tile (i, j), hex 0101's centre at the origin of tile (0, 0).

    Close-ups move with almost every move; each is a crop of these, so the map is drawn at
    close-up scale once per process, a tile at a time where close-ups look (shared: paste,
    never draw on).
    """
    game_map = _MAPS[key]
    layout = Layout(style.ZOOM_HEX_W, -i * TILE, -j * TILE)
    hexes = _near(game_map, layout, (0, 0, TILE, TILE))
    img = _ground(game_map, layout, (TILE, TILE), hexes)
    place_rings(img, game_map, layout)
    draw = ImageDraw.Draw(img)
    fnt = font(style.ZOOM_PX)
    for h in hexes:
        x, y = layout.centre_of(h.col, h.row)
        if -layout.w < x < TILE + layout.w and -layout.w < y < TILE + layout.w:
            ink = style.ink_on(style.terrain_colour(h.terrain, h.level))
            draw.text((x, y - layout.w * 0.35), h.id, font=fnt, fill=ink, anchor="mm")
    return img


@lru_cache(maxsize=16)
def zoom_background(key: str, focus: tuple[str, ...]) -> Image.Image:
    """The crop around ``focus`` with every hex numbered (shared: paste, never draw on)."""
    game_map = _MAPS[key]
    layout = zoom_layout(game_map, focus)
    crop = ZOOM_CROP
    shown = shown_hexes(game_map, layout)
    height = crop + labels_height(game_map, shown)
    img = Image.new("RGB", (style.ZOOM_WIDTH, height), style.BG)
    left, top = -int(layout.ox), -int(layout.oy)  # the crop's corner, in tile coordinates
    for i in range(left // TILE, (left + style.ZOOM_WIDTH - 1) // TILE + 1):
        for j in range(top // TILE, (top + crop - 1) // TILE + 1):
            tile = zoom_tile(key, i, j)
            img.paste(
                tile.crop((0, 0, TILE, min(TILE, top + crop - j * TILE))),
                (i * TILE - left, j * TILE - top),
            )
    draw_labels(img, game_map, crop, shown)
    return img


def shown_hexes(game_map: GameMap, layout: Layout) -> list[str]:
    """The hexes whose centres lie inside the close-up's map part."""
    box = (0, 0, style.ZOOM_WIDTH, ZOOM_CROP)
    centres = ((h.id, layout.centre_of(h.col, h.row)) for h in _near(game_map, layout, box))
    return [i for i, (x, y) in centres if 0 <= x <= style.ZOOM_WIDTH and 0 <= y <= ZOOM_CROP]
