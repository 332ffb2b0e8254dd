"""The whole Guardians image: bands measured top-down, then drawn on one canvas.

Order: result banner, title and status, both player panels side by side, the battlefield, the
combat, the viewer's hand and pen. Draws only from the view. Recent events are not drawn: the
bot's message shows them right above the image (the alt text keeps them).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.guardians.views import GuardiansView
from render.common import FELT
from render.guardians import board, combat, panel
from render.guardians.style import GAP, MARGIN, WIDTH, Block


def bands(view: GuardiansView) -> list[Block]:
    """Every band of the image, top-down (empty ones have height 0)."""
    out: list[Block] = []
    if view.result is not None:
        out.append(panel.result_banner(view, view.result))
    out += [panel.header(view), panel.players(view), board.board(view)]
    out += [combat.combat_panel(view), panel.private(view)]
    return [b for b in out if b[0] > 0]


def render(view: GuardiansView) -> Image.Image:
    """Draw a Guardians view (public, private or final) as an RGB image 1000 px wide."""
    blocks = bands(view)
    height = MARGIN * 2 + sum(h for h, _ in blocks) + GAP * (len(blocks) - 1)
    img = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(img)
    y = MARGIN
    for h, paint in blocks:
        paint(img, draw, MARGIN, y)
        y += h + GAP
    return img
