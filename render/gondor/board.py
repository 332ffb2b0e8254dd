"""The two Gondor images, both wider than tall: the whole map, and a close-up of focus hexes.

The whole map is turned a quarter clockwise (west up, north right; ``hexgrid``) so that it fits
a phone's width with its header and a one-line footer; the close-up has the same orientation,
hexes large enough for their ids and the unit codes at ``style.ZOOM_PX``, the decision on two
lines of its header and the forces under it: the image a player decides from on a phone. The
close-up is 800 px wide, the 1000 px design scaled (``style.px``): the same window of the map,
its text 9 px tall at 340 px wide; the whole map stays 1000 px, its numbers at the 22 px floor.
The key to the symbols is a separate image (``panel.legend``, sent by ``/gondor legend``).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from engines.gondor.views import GondorView
from render.common import fixed_palette
from render.common.lru import SizedLRU
from render.gondor import counters, map, overlays, panel, style, text

WHOLE_KEPT = SizedLRU[str, Image.Image](4 * 3_500_000, lambda img: img.width * img.height * 4)
"""The whole map's last four boards as drawn (1000 x 870 px, 3.5 MB each), by what they show
(``_shown``): the table's board and a side's own whole map of one position show the same, and
so do two positions that differ only in the header's or the footer's lines. ``render`` (RGB)
reads it; the PNG's boards are kept on the palette (``WHOLE_MAPPED``)."""


def render(view: GondorView) -> Image.Image:
    """Draw the view: a zoomed crop if it names focus hexes, else the whole map."""
    return _picture(view, indexed=False)


def render_indexed(view: GondorView) -> Image.Image:
    """The same picture on ``style.PALETTE``'s fixed palette (mode "P"), as the PNG holds it.

    The header and the footer are mapped once per text and the whole map's board once per
    content (``WHOLE_MAPPED``), then pasted: only a board drawn afresh is mapped. Pixels map
    one by one, so the picture is the RGB one mapped whole.
    """
    return _picture(view, indexed=True)


def _picture(view: GondorView, *, indexed: bool) -> Image.Image:
    focus = tuple(view.focus)
    width = style.ZOOM_WIDTH if focus else style.WIDTH
    head = panel.header_key(view, 2 if focus else 1, width)
    foot = panel.footer_key(view, compass=bool(focus), width=width)
    if indexed:
        top, bottom = _header_mapped(head), _footer_mapped(foot)
        board = mapped(_zoomed(view, focus)) if focus else _whole_mapped(view)
    else:
        top, bottom = panel.drawn_header(*head), panel.drawn_footer(*foot)
        board = _zoomed(view, focus) if focus else _whole(view)
    height = top.height + board.height + bottom.height
    img = Image.new(board.mode, (width, height), 0 if indexed else style.BG)
    if indexed:
        img.putpalette(board.getpalette() or [])
    img.paste(top, (0, 0))
    img.paste(board, (0, top.height))
    img.paste(bottom, (0, top.height + board.height))
    return img


def mapped(img: Image.Image) -> Image.Image:
    """An RGB part mapped onto the fixed palette, pixel by pixel (as the whole picture would be)."""
    return img.quantize(palette=fixed_palette(style.PALETTE), dither=Image.Dither.NONE)


@lru_cache(maxsize=panel.HEADERS_KEPT)
def _header_mapped(key: panel.HeaderKey) -> Image.Image:
    """The header of ``key`` on the palette (shared: paste, never draw on)."""
    return mapped(panel.drawn_header(*key))


@lru_cache(maxsize=panel.FOOTERS_KEPT)
def _footer_mapped(key: panel.FooterKey) -> Image.Image:
    """The footer of ``key`` on the palette (shared: paste, never draw on)."""
    return mapped(panel.drawn_footer(*key))


WHOLE_MAPPED = SizedLRU[str, Image.Image](4 * 870_000, lambda img: img.width * img.height)
"""The whole map's last four boards on the palette (1000 x 870 px, 1 byte a pixel), by what
they show (``_shown``), as ``WHOLE_KEPT`` keeps them in RGB."""


def _whole_mapped(view: GondorView) -> Image.Image:
    """The whole map's board on the palette (``WHOLE_MAPPED``): the caller must not draw on it.

    Drawn afresh where missing (the RGB boards of ``WHOLE_KEPT`` serve ``render`` alone).
    """
    shown = _shown(view)
    kept = WHOLE_MAPPED.get(shown)
    if kept is None:
        kept = mapped(_draw_whole(view))
        WHOLE_MAPPED.put(shown, kept)
    return kept


def _whole(view: GondorView) -> Image.Image:
    """The whole map with the view's overlays and counters (``WHOLE_KEPT``).

    Kept as drawn for an earlier picture that showed the same: the caller must not draw on it.
    """
    shown = _shown(view)
    kept = WHOLE_KEPT.get(shown)
    if kept is None:
        kept = _draw_whole(view)
        WHOLE_KEPT.put(shown, kept)
    return kept


def _draw_whole(view: GondorView) -> Image.Image:
    """The whole map's board drawn afresh: the map, the overlays and the counters."""
    layout = map.full_layout(view.map)
    board = map.full_background(map.map_key(view.map)).copy()
    overlays.under_counters(board, view, layout, False)
    counters.draw_stacks(board, view.stacks, layout, zoom=False)
    overlays.over_counters(board, view, layout, False)
    return board


def _shown(view: GondorView) -> str:
    """Everything the whole map's board is drawn from: the map, the counters, the overlays."""
    drawn = view.model_dump_json(include=BOARD_FIELDS)
    return f"{map.map_key(view.map)} {view.highlight} {drawn}"


BOARD_FIELDS = {"stacks", "fires", "gates", "breaches", "ladders", "heads", "moves"}
"""The view's fields the overlays and counters read (besides the map and ``highlight``)."""


def _zoomed(view: GondorView, focus: tuple[str, ...]) -> Image.Image:
    """The close-up's board: the map's crop around ``focus``, its overlays and counters."""
    ground = map.zoom_background(map.map_key(view.map), focus)
    layout = map.zoom_layout(view.map, focus)
    board = ground.copy()
    overlays.under_counters(board, view, layout, True)
    overlays.focus(board, focus, layout)
    counters.draw_stacks(board, view.stacks, layout, zoom=True)
    overlays.over_counters(board, view, layout, True)
    crop = map.ZOOM_CROP
    if ground.height > crop:  # the place names under the crop stay clear
        board.paste(ground.crop((0, crop, ground.width, ground.height)), (0, crop))
    return board


def alt_text(view: GondorView) -> str:
    """The same image in words."""
    focus = tuple(view.focus)
    if not focus:
        return text.alt_text(view)
    layout = map.zoom_layout(view.map, focus)
    shown = map.shown_hexes(view.map, layout)
    return text.alt_text(view, shown, map.places_line(view.map, shown))
