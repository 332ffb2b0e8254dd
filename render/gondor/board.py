"""The two Gondor images: the whole map with a legend, and a zoomed crop around focus hexes."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.gondor.views import GondorView
from render.gondor import counters, map, overlays, panel, style, text


def render(view: GondorView) -> Image.Image:
    """Draw the view: a zoomed crop if it names focus hexes, else the whole map."""
    key = map.map_key(view.map)
    focus = tuple(view.focus)
    top = panel.header(view, full=not focus)
    if focus:
        ground = map.zoom_background(key, focus)
        layout = map.zoom_layout(view.map, focus, map.zoom_height(view.map, focus))
        legend = None
    else:
        ground = map.full_background(key)
        layout = map.full_layout(view.map)
        legend = panel.legend()
    board = ground.copy()
    overlays.under_counters(board, view, layout, bool(focus))
    if focus:
        overlays.focus(ImageDraw.Draw(board), focus, layout)
    counters.draw_stacks(board, view.stacks, layout, zoom=bool(focus))
    overlays.over_counters(board, view, layout, bool(focus))
    height = top.height + board.height + (legend.height if legend else 0)
    img = Image.new("RGB", (style.WIDTH, height), style.BG)
    img.paste(top, (0, 0))
    img.paste(board, (0, top.height))
    if legend:
        img.paste(legend, (0, top.height + board.height))
    return img


def alt_text(view: GondorView) -> str:
    """The same image in words."""
    focus = tuple(view.focus)
    if not focus:
        return text.alt_text(view)
    height = map.zoom_height(view.map, focus)
    layout = map.zoom_layout(view.map, focus, height)
    return text.alt_text(view, map.shown_hexes(view.map, layout, height))
