"""Gondolin card lookup: the card drawn as on the card sheets, then its full text."""

from __future__ import annotations

from PIL import Image

from engines.gondolin.views import GondolinLookupView, SheetView
from render.common.lookup import lookup_alt_text, render_lookup
from render.gondolin import sheet
from render.gondolin.style import BG


def render(view: GondolinLookupView) -> Image.Image:
    """Draw the lookup view of ``engines.gondolin.lookup.card_view``."""
    lookup = view.lookup
    one = SheetView(title="", page=0, pages=1, total=1, distinct=1, per_page=1, cards=[lookup.card])
    page = sheet.render_sheet(one)
    x, y = sheet.MARGIN, sheet.MARGIN + sheet.HEADER  # the one tile, without the sheet's header
    tile = page.crop(
        (x, y, x + sheet.TILE_W, y + max(sheet.TILE_H, sheet.tile_height(lookup.card)))
    )
    return render_lookup(lookup, tile, bg=BG)


def alt_text(view: GondolinLookupView) -> str:
    """The same page as text."""
    return lookup_alt_text(view.lookup, "Gondolin Cards")
