"""The header above the map (turn, phase, forces, spells, whose decision) and the legend."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.gondor.views import GateView, GondorView
from render.common import BAD, GOLD, MUTED, font, text_width, wrap
from render.gondor import counters, overlays, style, text
from render.gondor.counters import Face
from render.gondor.hexgrid import Layout

PAD = 14
LINE = 32  # a 22-24 px line with its spacing
SCRATCH = 400


def header(view: GondorView, *, full: bool) -> Image.Image:
    """The header strip, as tall as its lines; ``full`` adds the lines of the whole-map image."""
    img = Image.new("RGB", (style.WIDTH, SCRATCH), style.BG)
    draw = ImageDraw.Draw(img)
    width = style.WIDTH - 2 * PAD
    y = PAD
    big = font(30, bold=True)
    draw.text((PAD, y), text.title(view), font=big, fill=style.WHITE)
    y += 42
    y = _forces(draw, view, y)
    if full:
        for line in (text.spells_line(view), text.control_line(view), text.off_map_line(view)):
            if line:
                for part in wrap(line, font(22), width):
                    draw.text((PAD, y), part, font=font(22), fill=MUTED)
                    y += LINE - 4
    pending = text.pending_line(view)
    if pending:
        fnt = font(24, bold=True)
        for part in wrap(pending, fnt, width, max_lines=3):
            draw.text((PAD, y), part, font=fnt, fill=GOLD)
            y += LINE
    if full:
        for entry in view.log_tail[-2:]:
            for part in wrap(entry, font(22), width, max_lines=2):
                draw.text((PAD, y), part, font=font(22), fill=style.WHITE)
                y += LINE - 4
    return img.crop((0, 0, style.WIDTH, y + PAD - 6))


def _forces(draw: ImageDraw.ImageDraw, view: GondorView, y: int) -> int:
    """Each force's total over its level, demoralized ones in red; wraps to a second line."""
    fnt = font(24, bold=True)
    x = PAD
    label = "Demoralization: "
    draw.text((x, y), label, font=font(24), fill=MUTED)
    x += text_width(label, font(24))
    for part, bad in text.force_parts(view):
        shown = part + (" demoralized" if bad else "")
        if x + text_width(shown, fnt) > style.WIDTH - PAD:
            x, y = PAD, y + LINE
        draw.text((x, y), shown, font=fnt, fill=BAD if bad else style.WHITE)
        x += text_width(shown, fnt) + 22
    return y + LINE + 2


# ---- legend ---------------------------------------------------------------------------------

CELL_W, CELL_H, ICON = 245, 44, 40
UNITS: tuple[tuple[Face, str], ...] = (
    (Face("infantry", "sauron"), "Sauron"),
    (Face("infantry", "westernesse"), "Westernesse"),
    (Face("infantry", "sauron"), "Infantry"),
    (Face("cavalry", "sauron"), "Cavalry"),
    (Face("infantry", "sauron", missile=True, melee=False), "Archers"),
    (Face("infantry", "sauron", missile=True), "Fights, shoots"),
    (Face("mumak", "sauron"), "Mûmak"),
    (Face("leader", "sauron"), "Leader"),
    (Face("catapult", "westernesse"), "Catapult"),
    (Face("siege-tower", "sauron"), "Siege tower"),
    (Face("grond", "sauron"), "Grond"),
    (Face("cauldron", "westernesse", truth="real"), "Cauldron"),
    (Face("cauldron", "westernesse", truth="dummy"), "Dummy cauldron"),
    (Face("cauldron", "westernesse", truth="?"), "Hidden"),
    (Face("infantry", "westernesse", disrupted=True), "Disrupted"),
    (Face("infantry", "westernesse", carrying="?"), "Carries oil"),
    (Face("infantry", "sauron", under=2, leader_under=True), "Stack, leader"),
)
MARKS = ("Fire", "Head", "Breach", "Ladder", "Gate", "Tower")


@lru_cache(maxsize=1)
def legend() -> Image.Image:
    """The key to every symbol (the same for every view; shared: paste, never draw on)."""
    items = len(UNITS) + len(MARKS)
    cols = style.WIDTH // CELL_W
    rows = -(-items // cols)
    height = PAD + rows * CELL_H + 40 + PAD
    img = Image.new("RGB", (style.WIDTH, height), style.BG)
    draw = ImageDraw.Draw(img)
    fnt = font(22)
    x0 = (style.WIDTH - cols * CELL_W) // 2 + 8
    cells = [(x0 + (i % cols) * CELL_W, PAD + (i // cols) * CELL_H) for i in range(items)]
    for (f, label), (x, y) in zip(UNITS, cells, strict=False):
        spr = counters.sprite(f, False)
        img.paste(spr, (x + ICON // 2 - spr.width // 2, y + CELL_H // 2 - spr.height // 2), spr)
        draw.text((x + ICON + 10, y + CELL_H // 2), label, font=fnt, fill=style.WHITE, anchor="lm")
    for mark, (x, y) in zip(MARKS, cells[len(UNITS) :], strict=True):
        _mark_icon(img, mark, x + ICON // 2, y + CELL_H // 2)
        draw.text((x + ICON + 10, y + CELL_H // 2), mark, font=fnt, fill=style.WHITE, anchor="lm")
    y = PAD + rows * CELL_H + 8
    draw.text((x0, y + 14), "City levels 1 to 7:", font=fnt, fill=style.WHITE, anchor="lm")
    x = x0 + text_width("City levels 1 to 7:", fnt) + 14
    for shade in style.LEVELS:
        draw.rectangle((x, y, x + 40, y + 28), fill=shade, outline=style.WALL, width=2)
        x += 46
    draw.text((x + 8, y + 14), "walls between", font=fnt, fill=style.WHITE, anchor="lm")
    return img


def _mark_icon(img: Image.Image, mark: str, cx: int, cy: int) -> None:
    """A hex (or a wall between two hexes) with one overlay, for the legend."""
    w = style.MAP_HEX_W
    draw = ImageDraw.Draw(img)
    if mark in ("Fire", "Head"):
        lay = Layout(w, cx, cy, 1)
        draw.polygon(lay.corners("0101"), fill=style.CLEAR)
        if mark == "Fire":
            overlays.fires(draw, ["0101"], lay)
        else:
            overlays.heads(draw, ["0101"], lay)
        return
    lay = Layout(w, cx - w / 2, cy, 1)
    a, b = lay.hexside("0101", "0102")
    draw.rectangle((cx - 16, cy - 18, cx + 16, cy + 18), fill=style.CLEAR)
    side = ("0101", "0102")
    if mark == "Gate":
        overlays.gates(draw, [GateView(hexside=side, controller="sauron")], lay)
        return
    draw.line([a, b], fill=style.WALL, width=round(w * 0.15))
    if mark == "Tower":
        t = lay.size * 0.2
        draw.rectangle((cx - t, cy - t, cx + t, cy + t), fill=style.WALL)
    elif mark == "Breach":
        overlays.breaches(draw, [side], lay)
    else:
        overlays.ladders(draw, [side], lay)
