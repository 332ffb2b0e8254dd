"""Gondolin card lookup: the card drawn as on the card sheets, then its full text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.common.lookup import lookup_alt_text, render_lookup
from render.gondolin import sheet
from render.gondolin.style import BG


def render(view: Mapping[str, Any]) -> Image.Image:
    """Draw the lookup view of ``engines.gondolin.lookup.card_view``."""
    lookup = view["lookup"]
    one = {"title": "", "page": 0, "pages": 1, "total": 1, "distinct": 1, "per_page": 1}
    page = sheet.render_sheet({"sheet": {**one, "cards": [lookup["card"]]}})
    x, y = sheet.MARGIN, sheet.MARGIN + sheet.HEADER  # the one tile, without the sheet's header
    tile = page.crop((x, y, x + sheet.TILE_W, y + sheet.TILE_H))
    return render_lookup(lookup, tile, bg=BG)


def alt_text(view: Mapping[str, Any]) -> str:
    """The same page as text."""
    return lookup_alt_text(view["lookup"], "Gondolin Cards")
