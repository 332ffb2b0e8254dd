"""Galdor's Grip table: the whole deck in order, top card large, next card, then the rest.

Draws only from the view (engines/galdors_grip/views.py): a card whose name is null is a back,
so the hidden order of face-down cards never reaches the image. Layout, top to bottom: title,
turn and stars against the target; the pending decision (or the result banner); the top card,
the next card and the star tally; then the rest of the deck as two rows of small cards.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from engines.galdors_grip.views import CardView, GripView
from engines.text import plural
from render.common import (
    BAD,
    CARD_BLACK,
    FELT,
    GOLD,
    GOOD,
    MIN_PX,
    MUTED,
    PANEL,
    RGB,
    TEXT,
    THEME,
    draw_lines,
    draw_text,
    font,
    font_px,
    panel,
    text_width,
    wrap,
)
from render.galdors_grip import card as gc

__all__ = ["HEIGHT", "PALETTE", "WIDTH", "alt_text", "render"]

WIDTH, HEIGHT = 1000, 990  # HEIGHT: the least; long prompts and names make it taller
MARGIN = 16
MAIN_H = 440
TOP_W, NEXT_W = 448, 300
STRIP_GAP = 8
PER_ROW = 6  # strip cards a row: wide enough for a 22 px name
BANNER_EDGE: RGB = (255, 240, 180)

PALETTE: tuple[RGB, ...] = (*THEME, *gc.COLOURS, BANNER_EDGE)


def _need(view: GripView) -> str:
    return "all" if view.target is None else str(view.target)


def _score_line(view: GripView) -> str:
    line = f"★ {view.stars} of {_need(view)} needed"
    if view.max_stars is not None:
        line += f" · {view.max_stars} available"
    return line


def _header(draw: ImageDraw.ImageDraw, view: GripView) -> None:
    turn_text = "Setup" if view.turn == 0 else f"Turn {view.turn}"
    draw_text(draw, (MARGIN, 12), "Galdor's Grip", font(36, bold=True), TEXT)
    draw_text(draw, (MARGIN + 272, 20), turn_text, font(28, bold=True), MUTED)
    stars = f"★ {view.stars} of {_need(view)} needed"
    sfont = font(36, bold=True)
    w = text_width(stars, sfont) + 28
    reached = view.target is not None and view.stars >= view.target
    fill = GOOD if reached else GOLD
    draw.rounded_rectangle((WIDTH - MARGIN - w, 8, WIDTH - MARGIN, 58), radius=25, fill=fill)
    draw.text((WIDTH - MARGIN - w / 2, 33), stars, font=sfont, fill=CARD_BLACK, anchor="mm")
    bits = []
    if view.max_stars is not None:
        bits.append(f"max ★{view.max_stars}")
    if view.allstar:
        bits.append("Allstar")
    if bits:
        draw_text(
            draw, (WIDTH - MARGIN - w - 12, 33), " · ".join(bits), font(22), MUTED, anchor="rm"
        )


Block = tuple[list[str], ImageFont.FreeTypeFont, RGB]


def _decision_blocks(view: GripView) -> list[Block]:
    """The decision panel's text, wrapped whole: the prompt and status (or the result)."""
    room = WIDTH - 2 * MARGIN - 32
    outcome = view.outcome
    if outcome:
        title = ("★ Victory! " if outcome == "won" else "Defeat. ") + gc.clean(view.status)
        reason = gc.clean(view.reason)
        second = reason if reason and reason not in title else _score_line(view)
        big, small = font(30, bold=True), font(24)
        return [
            (wrap(title, big, room), big, CARD_BLACK),
            (wrap(second, small, room), small, CARD_BLACK),
        ]
    big, small = font(28, bold=True), font(24)
    prompt = "▶ " + gc.clean(view.pending.prompt)
    status = gc.clean(view.status)
    return [(wrap(prompt, big, room), big, GOLD), (wrap(status, small, room), small, TEXT)]


def _blocks_height(blocks: list[Block]) -> int:
    return 20 + sum(len(lines) * (font_px(f) + 6) + 4 for lines, f, _ in blocks)


def _decision(draw: ImageDraw.ImageDraw, view: GripView, y0: int) -> int:
    blocks = _decision_blocks(view)
    x0, x1, y1 = MARGIN, WIDTH - MARGIN, y0 + _blocks_height(blocks)
    outcome = view.outcome
    if outcome:
        fill = GOLD if outcome == "won" else BAD
        panel(draw, (x0, y0, x1, y1), fill=fill, outline=BANNER_EDGE, width=3)
    else:
        panel(draw, (x0, y0, x1, y1))
    y = y0 + 10
    for lines, fnt, colour in blocks:
        y = draw_lines(draw, (x0 + 16, y), lines, fnt, colour, spacing=6) + 4
    return y1


def _slot(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    card: CardView | None,
    label: str,
    large: bool,
) -> None:
    if card is None:
        panel(draw, box, fill=PANEL)
        draw_text(
            draw,
            ((box[0] + box[2]) // 2, box[1] + 40),
            label,
            font(26, bold=True),
            MUTED,
            anchor="ma",
        )
        return
    gc.draw_face(img, draw, box, card, label=label, large=large)


def _side_panel(draw: ImageDraw.ImageDraw, view: GripView, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box)
    draw_text(draw, (x0 + 12, y0 + 10), "Stars", font(26, bold=True), GOLD)
    y = y0 + 46
    fnt = font(22)
    step = font_px(fnt) + 4
    deck = view.deck
    down = sum(1 for c in deck if not c.face_up)
    peeked = sum(1 for c in deck if c.peeked and not c.face_up)
    info = [plural(len(deck), "card"), f"{down} face-down"] + (
        [f"{peeked} peeked"] if peeked else []
    )
    info_y = y1 - 12 - (step + 2) * len(info)
    lines = [gc.clean(s) for s in view.star_lines] or ["none yet"]
    for i, line in enumerate(lines):
        wrapped = wrap(line, fnt, x1 - x0 - 20)
        if y + len(wrapped) * step > info_y - step - 8:
            draw_text(draw, (x0 + 12, y), f"+{len(lines) - i} more", fnt, MUTED)
            break
        y = draw_lines(draw, (x0 + 12, y), wrapped, fnt, TEXT, spacing=4) + 6
    draw_lines(draw, (x0 + 12, info_y), info, font(22, bold=True), MUTED, spacing=6)


def _strip_geometry(rest: list[CardView]) -> tuple[int, int, int]:
    """Card width, card height and number of rows of the strip (rows as tall as the names)."""
    w = (WIDTH - 2 * MARGIN - (PER_ROW - 1) * STRIP_GAP) // PER_ROW
    names = max((len(gc.mini_name_lines(c, w)) for c in rest), default=0)
    h = gc.MINI_TOP + names * (MIN_PX + 3) + gc.MINI_FOOT
    return w, max(h, 150), -(-len(rest) // PER_ROW)


def _strip(img: Image.Image, draw: ImageDraw.ImageDraw, rest: list[CardView], y0: int) -> None:
    first = rest[0].position if rest else 3
    last = rest[-1].position if rest else first
    title = f"Rest of the deck · {first}–{last} · bottom last"
    draw_text(draw, (MARGIN, y0), title, font(24, bold=True), MUTED)
    w, h, _ = _strip_geometry(rest)
    for i, card in enumerate(rest):
        row, col = divmod(i, PER_ROW)
        x = MARGIN + col * (w + STRIP_GAP)
        y = y0 + 36 + row * (h + STRIP_GAP)
        gc.draw_mini(img, draw, (x, y, x + w, y + h), card)


def render(view: GripView) -> Image.Image:
    """Draw a Galdor's Grip view as an RGB image, WIDTH wide and as tall as its content."""
    deck = view.deck
    rest = deck[2:]
    main_y = 68 + _blocks_height(_decision_blocks(view)) + 12
    strip_y = main_y + MAIN_H + 12
    _, h, rows = _strip_geometry(rest)
    height = max(HEIGHT, strip_y + 36 + rows * (h + STRIP_GAP) + MARGIN)
    img = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(img)
    _header(draw, view)
    _decision(draw, view, 68)
    top_box = (MARGIN, main_y, MARGIN + TOP_W, main_y + MAIN_H)
    next_box = (top_box[2] + 14, main_y, top_box[2] + 14 + NEXT_W, main_y + MAIN_H)
    _slot(img, draw, top_box, deck[0] if deck else None, "TOP", True)
    _slot(img, draw, next_box, deck[1] if len(deck) > 1 else None, "NEXT", False)
    _side_panel(draw, view, (next_box[2] + 14, main_y, WIDTH - MARGIN, main_y + MAIN_H))
    _strip(img, draw, rest, strip_y)
    return img


# ---- alt text -------------------------------------------------------------------------------


def _describe(card: CardView, *, full: bool) -> str:
    active = gc.shown_side(card)
    if active is None:
        return "face-down"
    bits = [gc.clean(card.name or ""), f"value {gc.clean(active.value)}"]
    bits.append(card.orientation or "upright")
    if active.stars:
        bits.append(f"★{active.stars}")
    if not card.face_up:
        bits.append("peeked, face-down")
    if full:
        bits.append(f"other side {gc.other_value(card)}")
        if active.rotate:
            bits.append("can rotate")
        for ab in active.abilities:
            text = gc.clean(ab.text).rstrip(".")
            bits.append(f"{gc.clean(ab.trigger)}: {text}")
    return ", ".join(bits)


def alt_text(view: GripView) -> str:
    """What the image shows, in at most 1000 characters, from the view alone."""
    deck = view.deck
    head = "Galdor's Grip, setup" if view.turn == 0 else f"Galdor's Grip, turn {view.turn}"
    stars = f"Stars {view.stars} of {_need(view)} needed"
    if view.max_stars is not None:
        stars += f" (max {view.max_stars})"
    parts = [f"{head}. {stars}."]
    if view.outcome:
        parts.append(gc.clean(view.status))
    else:
        parts.append(gc.clean(view.pending.prompt))
    if deck:
        parts.append(f"Top card: {_describe(deck[0], full=True)}.")
    if len(deck) > 1:
        parts.append(f"Next card: {_describe(deck[1], full=False)}.")
    rest = [f"{c.position} {_describe(c, full=False)}" for c in deck[2:]]
    text = " ".join(p for p in parts if p)
    if rest:
        tail = " Rest: " + "; ".join(rest) + "."
        text += tail
    if len(text) > 1000:
        text = text[:999].rstrip() + "…"
    return text
