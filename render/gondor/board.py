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

from PIL import Image

from engines.gondor.views import GondorView
from render.gondor import counters, map, overlays, panel, style, text


def render(view: GondorView) -> Image.Image:
    """Draw the view: a zoomed crop if it names focus hexes, else the whole map."""
    key = map.map_key(view.map)
    focus = tuple(view.focus)
    width = style.ZOOM_WIDTH if focus else style.WIDTH
    top = panel.header(view, 2 if focus else 1, width)
    bottom = panel.footer(view, compass=bool(focus), width=width)
    if focus:
        ground = map.zoom_background(key, focus)
        layout = map.zoom_layout(view.map, focus)
    else:
        ground = map.full_background(key)
        layout = map.full_layout(view.map)
    board = ground.copy()
    overlays.under_counters(board, view, layout, bool(focus))
    if focus:
        overlays.focus(board, focus, layout)
    counters.draw_stacks(board, view.stacks, layout, zoom=bool(focus))
    overlays.over_counters(board, view, layout, bool(focus))
    crop = map.ZOOM_CROP
    if focus and ground.height > crop:  # the place names under the crop stay clear
        board.paste(ground.crop((0, crop, ground.width, ground.height)), (0, crop))
    height = top.height + board.height + bottom.height
    img = Image.new("RGB", (width, height), style.BG)
    img.paste(top, (0, 0))
    img.paste(board, (0, top.height))
    img.paste(bottom, (0, top.height + board.height))
    return img


def alt_text(view: GondorView) -> str:
    """The same image in words."""
    focus = tuple(view.focus)
    if not focus:
        return text.alt_text(view)
    layout = map.zoom_layout(view.map, focus)
    shown = map.shown_hexes(view.map, layout)
    return text.alt_text(view, shown, map.places_line(view.map, shown))
