"""The header above the map (turn, phase, forces, spells, whose decision) and the legend."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engines.gondor.views import FORCES_LABEL, GateView, GondorView
from render.common import (
    BAD,
    GOLD,
    MUTED,
    ellipsize,
    fitted_font,
    font,
    phone_px,
    text_width,
    wrap,
)
from render.gondor import counters, overlays, style, text
from render.gondor.counters import Face
from render.gondor.hexgrid import Layout

PAD = 14  # the lengths of the 1000 px design (a close-up's are scaled: style.px)
LINE = 36  # a PHONE_PX line with its spacing
TOP = 8
HEADER_H = TOP + 2 * LINE + 6  # the whole map's header: the turn and phase, whose decision
FOOTER_H = LINE + 4  # one line: the forces, spells, levels held, groups off the map
COMPASS = "W ↑  N →"  # the turned map's directions, under a close-up
HEADERS_KEPT = 16  # headers kept per process (at most 1000 x 124 px, 370 KB each)
FOOTERS_KEPT = 16  # footers kept per process (1000 x 40 px, 160 KB each)


def header(view: GondorView, pending_lines: int = 1, width: int = style.WIDTH) -> Image.Image:
    """The turn and phase, then whose decision it is and what, in ``pending_lines`` at most.

    A side's warning (``GondorView.warnings``, its headline) takes the turn and phase's line:
    the message above the image says them, and the image stays wider than tall. The picture is
    kept by its texts (``drawn_header``): most clicks of a phase show the same lines, so the next
    picture pastes them as drawn. The caller must not draw on it.
    """
    return drawn_header(*header_key(view, pending_lines, width))


HeaderKey = tuple[str, bool, str, int, int]


def header_key(view: GondorView, pending_lines: int = 1, width: int = style.WIDTH) -> HeaderKey:
    """Everything the header is drawn from (``drawn_header``'s arguments)."""
    warned = bool(view.warnings and not view.result)
    title = f"⚠ {view.warnings[0]}" if warned else text.title(view)
    return title, warned, text.pending_line(view), pending_lines, width


@lru_cache(maxsize=HEADERS_KEPT)
def drawn_header(
    title: str, warned: bool, pending: str, pending_lines: int, width: int
) -> Image.Image:
    """The header of ``title`` (red if ``warned``) and the decision ``pending``.

    Every length is the 1000 px design's scaled to ``width`` (a close-up's is narrower). A
    decision given more than one line (a close-up's, which a player decides from) that bold
    would cut is set plain, which is narrower, where that keeps it whole (DejaVu at 22 px is
    3-4 % wider than 27 px scaled to 800).
    """
    pad, line = style.px(PAD, width), style.px(LINE, width)
    room = width - 2 * pad
    text_px = phone_px(width)
    title_px = max(style.px(30, width), text_px)
    title_font = fitted_font(title, room, title_px, bold=True, min_size=text_px)
    fnt = font(text_px, bold=True)
    lines = wrap(pending, fnt, room) if pending else []
    if len(lines) > pending_lines:
        plain = font(text_px)
        if pending_lines > 1 and len(wrap(pending, plain, room)) <= pending_lines:
            fnt = plain  # a close-up carries the decision: whole rather than bold
        lines = wrap(pending, fnt, room, max_lines=pending_lines)
    top = style.px(TOP, width)
    height = top + line * (1 + max(1, len(lines))) + style.px(6, width)
    img = Image.new("RGB", (width, height), style.BG)
    draw = ImageDraw.Draw(img)
    shown = ellipsize(title, title_font, room)
    draw.text((pad, top), shown, font=title_font, fill=BAD if warned else style.WHITE)
    for i, part in enumerate(lines, start=1):
        draw.text((pad, top + i * line + style.px(2, width)), part, font=fnt, fill=GOLD)
    return img


def footer_height(width: int = style.WIDTH) -> int:
    """The footer's height in an image ``width`` px wide."""
    return style.px(FOOTER_H, width)


def footer(view: GondorView, compass: bool = False, width: int = style.WIDTH) -> Image.Image:
    """One line: the forces' losses/limit, then what else fits of the status.

    Spells, the city levels Sauron holds and the groups off the map follow while they fit; the
    alt text has all of them. ``compass``: the map's directions at the right end (a close-up
    shows no rose, and the words say "march west"). Lengths are scaled to ``width``. The
    picture is kept by its texts (``drawn_footer``): most moves leave them as they were. The caller
    must not draw on it.
    """
    return drawn_footer(*footer_key(view, compass, width))


FooterKey = tuple[bool, tuple[tuple[str, bool], ...], tuple[str, ...], bool, int]


def footer_key(view: GondorView, compass: bool = False, width: int = style.WIDTH) -> FooterKey:
    """Everything the footer is drawn from (``drawn_footer``'s arguments)."""
    forces = tuple(text.force_parts(view))
    return bool(view.forces), forces, tuple(text.status_parts(view)), compass, width


@lru_cache(maxsize=FOOTERS_KEPT)
def drawn_footer(
    labelled: bool,
    forces: tuple[tuple[str, bool], ...],
    status: tuple[str, ...],
    compass: bool,
    width: int,
) -> Image.Image:
    """The footer of the ``forces`` (under their label if ``labelled``) and ``status`` parts."""
    img = Image.new("RGB", (width, footer_height(width)), style.BG)
    draw = ImageDraw.Draw(img)
    fnt = font(phone_px(width), bold=True)
    small = font(phone_px(width))
    pad, y = style.px(PAD, width), style.px(4, width)
    right = width - pad
    if compass:
        right -= text_width(COMPASS, fnt)
        draw.text((right, y), COMPASS, font=fnt, fill=style.WHITE)
        right -= style.px(16, width)
    x = pad
    if labelled:
        label = f"{FORCES_LABEL}:"
        draw.text((x, y), label, font=small, fill=MUTED)
        x += text_width(label, small) + style.px(10, width)
    for part, bad in forces:
        shown = part + (" demoralized" if bad else "")
        draw.text((x, y), shown, font=fnt, fill=BAD if bad else style.WHITE)
        x += text_width(shown, fnt) + style.px(16, width)
    for part in status:
        shown = "· " + part
        if x + text_width(shown, small) > right:
            break
        draw.text((x, y), shown, font=small, fill=MUTED)
        x += text_width(shown, small) + style.px(12, width)
    return img


# ---- legend ---------------------------------------------------------------------------------

PLACE_LINES = 3  # the named places' lines at most (the alt text names them all)
CELL_W, CELL_H, ICON = 324, 50, 52  # three columns of a key icon and its PHONE_PX word
UNITS: tuple[tuple[Face, str], ...] = (
    (Face("infantry", "sauron", letter="B"), "Sauron"),
    (Face("infantry", "westernesse", letter="D"), "Westernesse"),
    (Face("infantry", "sauron", letter="E"), "Melee class A-E"),
    (Face("infantry", "sauron", missile=True, melee=False, letter="e"), "Shoots only"),
    (Face("infantry", "sauron", missile=True, letter="E"), "Fights, shoots"),
    (Face("infantry", "sauron"), "Infantry"),
    (Face("cavalry", "sauron"), "Cavalry"),
    (Face("mumak", "sauron"), "Mûmak"),
    (Face("leader", "sauron"), "Leader"),
    (Face("catapult", "westernesse"), "Catapult"),
    (Face("siege-tower", "sauron"), "Siege tower"),
    (Face("grond", "sauron"), "Grond"),
    (Face("cauldron", "westernesse", truth="real"), "Cauldron"),
    (Face("cauldron", "westernesse", truth="dummy"), "Dummy cauldron"),
    (Face("cauldron", "westernesse", truth="?"), "Hidden"),
    (Face("infantry", "westernesse", disrupted=True, letter="D"), "Disrupted"),
    (Face("infantry", "westernesse", carrying="?", letter="D"), "Carries oil"),
    (Face("infantry", "sauron", under=2, leader_under=True, letter="E"), "Stack, leader"),
)
MARKS = (
    "Fire",
    "Head",
    "Breach",
    "Ladder",
    "Gate",
    "Tower",
    "Last move",
    "Named place",
    "Close-up",
    "Can reach",
)
NOTES = (
    "Turned map: west (the mountain) up, north right. Hex id CCRR: column CC along the top, "
    "row RR down the side.",
    "A gate's bar and posts: its holder's colour (grey: nobody).",
    "Close-up codes, e.g. Ee-3-X: melee class A (best) to E, missile letter if it shoots, "
    "armour 1-4, morale W (best) to Z.",
)
LEGEND_ALT = (
    "Gondor legend. Sauron red, Westernesse blue; a combat unit's letter is its melee class "
    "(A best to E; lower case: shoots only). Shapes: infantry cross, cavalry slash, Mûmak, "
    "leader star, catapult, siege tower, Grond, cauldron. Red bars: disrupted; drop: carries "
    "oil. Orange hex: fire; skull: Head; red and white stripes on a wall: breach; yellow: "
    "ladder; gate bar and posts in the holder's colour. White arrow: the last move. White "
    "ring: a named place; gold ring: the close-up's focus; cyan ring: where a group can go. "
    "City levels 1 to 7 by shade, each numbered once. The map is turned: west up, north right; "
    "hex id CCRR: column CC along the top, row RR down the side."
)


def places_note(places: tuple[tuple[str, str], ...]) -> str:
    """The named hexes, as the legend lists them."""
    return "White rings: " + " · ".join(f"{h} {n}" for h, n in places) if places else ""


@lru_cache(maxsize=2)
def legend(places: tuple[tuple[str, str], ...] = ()) -> Image.Image:
    """The key to every symbol and the names of the ringed places (shared: paste, never draw on)."""
    items = len(UNITS) + len(MARKS)
    cols = style.WIDTH // CELL_W
    rows = -(-items // cols)
    fnt = font(style.PHONE_PX)
    room = style.WIDTH - 2 * PAD
    notes = wrap(places_note(places), fnt, room, max_lines=PLACE_LINES) if places else []
    notes += [line for note in NOTES for line in wrap(note, fnt, room)]
    top = PAD + LINE + 6
    levels_y = top + rows * CELL_H + 6
    height = levels_y + 48 + len(notes) * LINE + PAD
    img = Image.new("RGB", (style.WIDTH, height), style.BG)
    draw = ImageDraw.Draw(img)
    title = "Gondor: the key to the map"
    draw.text((PAD, PAD), title, font=font(30, bold=True), fill=style.WHITE)
    x0 = (style.WIDTH - cols * CELL_W) // 2 + 4
    cells = [(x0 + (i % cols) * CELL_W, top + (i // cols) * CELL_H) for i in range(items)]
    for (f, label), (x, y) in zip(UNITS, cells, strict=False):
        spr = counters.sprite(f, counters.KEY)
        img.paste(spr, (x + ICON // 2 - spr.width // 2, y + CELL_H // 2 - spr.height // 2), spr)
        draw.text((x + ICON + 10, y + CELL_H // 2), label, font=fnt, fill=style.WHITE, anchor="lm")
    for mark, (x, y) in zip(MARKS, cells[len(UNITS) :], strict=True):
        _mark_icon(img, mark, x + ICON // 2, y + CELL_H // 2)
        draw.text((x + ICON + 10, y + CELL_H // 2), mark, font=fnt, fill=style.WHITE, anchor="lm")
    y = levels_y
    label = "City levels:"
    draw.text((x0, y + 20), label, font=fnt, fill=style.WHITE, anchor="lm")
    x = x0 + text_width(label, fnt) + 14
    bold = font(style.PHONE_PX, bold=True)
    for n, shade in enumerate(style.LEVELS, start=1):
        draw.rectangle((x, y, x + 48, y + 40), fill=shade, outline=style.WALL, width=3)
        draw.text((x + 24, y + 20), str(n), font=bold, fill=style.INK, anchor="mm")
        x += 56
    draw.text((x + 8, y + 20), "walls between", font=fnt, fill=style.WHITE, anchor="lm")
    y += 48
    for line in notes:
        draw.text((PAD, y), line, font=fnt, fill=MUTED)
        y += LINE
    return img


def _mark_icon(img: Image.Image, mark: str, cx: int, cy: int) -> None:
    """A hex (or a wall between two hexes) with one overlay, for the legend."""
    w = style.LEGEND_HEX_W
    draw = ImageDraw.Draw(img)
    one = Layout(w, cx, cy)
    if mark in ("Fire", "Head", "Named place", "Close-up", "Can reach"):
        draw.polygon(one.corners("0101"), fill=style.CLEAR)
        if mark == "Fire":
            overlays.fires(draw, ["0101"], one)
        elif mark == "Head":
            overlays.heads(draw, ["0101"], one)
        elif mark == "Named place":
            draw.polygon(one.corners("0101", 0.86), outline=style.PLACE, width=2)
        elif mark == "Close-up":
            overlays.focus(img, ["0101"], one)
        else:
            overlays.reach(img, ["0101"], one, False)
        return
    draw.rectangle((cx - 22, cy - 22, cx + 22, cy + 22), fill=style.CLEAR)
    if mark == "Last move":
        small = w * 0.62  # two columns apart on one row: a level arrow across the icon
        overlays.moves(img, [("0101", "0301")], Layout(small, cx - small * 0.866, cy))
        return
    lay = Layout(w, cx, cy - w / 2)  # 0101 above the icon's centre, 0102 below
    a, b = lay.hexside("0101", "0102")
    side = ("0101", "0102")
    if mark == "Gate":
        overlays.gates(draw, [GateView(hexside=side, controller="sauron")], lay)
        return
    draw.line([a, b], fill=style.WALL, width=round(w * 0.15))
    if mark == "Tower":
        t = lay.size * 0.28
        draw.rectangle((cx - t, cy - t, cx + t, cy + t), fill=style.WALL)
    elif mark == "Breach":
        overlays.breaches(draw, [side], lay)
    else:
        overlays.ladders(draw, [side], lay)
