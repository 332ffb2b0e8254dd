"""Galdor's Grip table: the whole deck in order, top card large, next card, then the rest.

Draws only from the view (engines/galdors_grip/views.py): a card whose name is null is a back,
so the hidden order of face-down cards never reaches the image. Layout, top to bottom: title,
turn and stars against the target; the pending decision (or the result banner); the top card,
the next card and the star tally; then the rest of the deck as two rows of small cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    BAD,
    CARD_BLACK,
    FELT,
    GOLD,
    GOOD,
    MUTED,
    PANEL,
    RGB,
    TEXT,
    THEME,
    draw_lines,
    draw_text,
    ellipsize,
    fitted_font,
    font,
    panel,
    text_width,
    wrap,
)
from render.galdors_grip import card as gc

__all__ = ["HEIGHT", "PALETTE", "WIDTH", "alt_text", "render"]

View = Mapping[str, Any]

WIDTH, HEIGHT = 1000, 990
MARGIN = 16
MAIN_Y = 168
TOP_BOX = (MARGIN, MAIN_Y, MARGIN + 448, MAIN_Y + 440)
NEXT_BOX = (TOP_BOX[2] + 14, MAIN_Y, TOP_BOX[2] + 14 + 300, MAIN_Y + 440)
SIDE_BOX = (NEXT_BOX[2] + 14, MAIN_Y, WIDTH - MARGIN, MAIN_Y + 440)
STRIP_Y = MAIN_Y + 440 + 44
STRIP_GAP = 8
BANNER_EDGE: RGB = (255, 240, 180)

PALETTE: tuple[RGB, ...] = (*THEME, *gc.COLOURS, BANNER_EDGE)


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    return Image.new("RGB", (WIDTH, HEIGHT), FELT)


def _need(view: View) -> str:
    target = view.get("target")
    return "all" if target is None else str(target)


def _score_line(view: View) -> str:
    line = f"★ {view.get('stars', 0)} of {_need(view)} needed"
    if view.get("max_stars") is not None:
        line += f" · {view['max_stars']} available"
    return line


def _header(draw: ImageDraw.ImageDraw, view: View) -> None:
    turn = int(view.get("turn") or 0)
    limit = view.get("turn_limit")
    turn_text = "Setup" if turn == 0 else f"Turn {turn}" + (f" / {limit}" if limit else "")
    draw_text(draw, (MARGIN, 12), "Galdor's Grip", font(36, bold=True), TEXT)
    draw_text(draw, (MARGIN + 272, 20), turn_text, font(28, bold=True), MUTED)
    stars = f"★ {view.get('stars', 0)} / {_need(view)}"
    sfont = font(36, bold=True)
    w = text_width(stars, sfont) + 28
    reached = view.get("target") is not None and int(view.get("stars") or 0) >= int(view["target"])
    fill = GOOD if reached else GOLD
    draw.rounded_rectangle((WIDTH - MARGIN - w, 8, WIDTH - MARGIN, 58), radius=25, fill=fill)
    draw.text((WIDTH - MARGIN - w / 2, 33), stars, font=sfont, fill=CARD_BLACK, anchor="mm")
    bits = []
    if view.get("max_stars") is not None:
        bits.append(f"max ★{view['max_stars']}")
    if view.get("allstar"):
        bits.append("Allstar")
    if bits:
        draw_text(
            draw, (WIDTH - MARGIN - w - 12, 33), " · ".join(bits), font(22), MUTED, anchor="rm"
        )


def _decision(draw: ImageDraw.ImageDraw, view: View) -> None:
    x0, y0, x1, y1 = MARGIN, 68, WIDTH - MARGIN, MAIN_Y - 12
    outcome = view.get("outcome")
    if outcome:
        won = outcome == "won"
        panel(draw, (x0, y0, x1, y1), fill=GOLD if won else BAD, outline=BANNER_EDGE, width=3)
        title = "★ Victory!" if won else "Defeat"
        draw_text(draw, (x0 + 16, y0 + 8), title, font(34, bold=True), CARD_BLACK)
        tx = x0 + 16 + text_width(title, font(34, bold=True)) + 20
        status = gc.clean(view.get("status", ""))
        sfont = fitted_font(status, x1 - tx - 12, 24, bold=True, min_size=18)
        draw_text(draw, (tx, y0 + 16), ellipsize(status, sfont, x1 - tx - 12), sfont, CARD_BLACK)
        reason = gc.clean(view.get("reason") or "")
        second = reason if reason and reason not in status else _score_line(view)
        lines = wrap(second, font(22), x1 - x0 - 32, max_lines=1)
        draw_lines(draw, (x0 + 16, y0 + 54), lines, font(22), CARD_BLACK)
        return
    panel(draw, (x0, y0, x1, y1))
    pending = view.get("pending") or {}
    prompt = "▶ " + gc.clean(pending.get("prompt", ""))
    pfont = fitted_font(prompt, x1 - x0 - 28, 28, bold=True, min_size=20)
    draw_text(draw, (x0 + 14, y0 + 10), ellipsize(prompt, pfont, x1 - x0 - 28), pfont, GOLD)
    status = ellipsize(gc.clean(view.get("status", "")), font(24), x1 - x0 - 28)
    draw_text(draw, (x0 + 14, y0 + 52), status, font(24), TEXT)


def _slot(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    card: Mapping[str, Any] | None,
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
    if gc.is_known(card):
        gc.draw_face(img, draw, box, card, label=label, large=large)
    else:
        gc.draw_back(draw, box, label, big=True, radius=14)


def _side_panel(draw: ImageDraw.ImageDraw, view: View) -> None:
    x0, y0, x1, y1 = SIDE_BOX
    panel(draw, SIDE_BOX)
    draw_text(draw, (x0 + 12, y0 + 10), "Stars", font(26, bold=True), GOLD)
    y = y0 + 46
    fnt = font(19)
    lines = [gc.clean(s) for s in view.get("star_lines") or []] or ["none yet"]
    for i, line in enumerate(lines):
        wrapped = wrap(line, fnt, x1 - x0 - 20, max_lines=2)
        if y + len(wrapped) * 23 > y1 - 92:
            draw_text(draw, (x0 + 12, y), f"+{len(lines) - i} more", fnt, MUTED)
            y += 23
            break
        y = draw_lines(draw, (x0 + 12, y), wrapped, fnt, TEXT, spacing=4) + 6
    deck = list(view.get("deck") or [])
    down = sum(1 for c in deck if not c.get("face_up"))
    peeked = sum(1 for c in deck if c.get("peeked") and not c.get("face_up"))
    info = [f"{len(deck)} cards", f"{down} face-down"]
    if peeked:
        info.append(f"{peeked} peeked")
    y = y1 - 12 - 26 * len(info)
    draw_lines(draw, (x0 + 12, y), info, font(21, bold=True), MUTED, spacing=5)


def _strip(img: Image.Image, draw: ImageDraw.ImageDraw, rest: list[Mapping[str, Any]]) -> None:
    first = rest[0]["position"] if rest else 3
    last = rest[-1]["position"] if rest else first
    title = f"Rest of the deck · {first}–{last} · bottom last"
    draw_text(draw, (MARGIN, STRIP_Y - 36), title, font(24, bold=True), MUTED)
    if not rest:
        return
    per_row = max(8, -(-len(rest) // 2))
    w = (WIDTH - 2 * MARGIN - (per_row - 1) * STRIP_GAP) // per_row
    h = (HEIGHT - MARGIN - STRIP_Y - STRIP_GAP) // 2
    for i, card in enumerate(rest[: 2 * per_row]):
        row, col = divmod(i, per_row)
        x = MARGIN + col * (w + STRIP_GAP)
        y = STRIP_Y + row * (h + STRIP_GAP)
        gc.draw_mini(img, draw, (x, y, x + w, y + h), card)


def render(view: View) -> Image.Image:
    """Draw a Galdor's Grip view as an RGB image (WIDTH × HEIGHT)."""
    img = _background().copy()
    draw = ImageDraw.Draw(img)
    _header(draw, view)
    _decision(draw, view)
    deck = list(view.get("deck") or [])
    _slot(img, draw, TOP_BOX, deck[0] if deck else None, "TOP", True)
    _slot(img, draw, NEXT_BOX, deck[1] if len(deck) > 1 else None, "NEXT", False)
    _side_panel(draw, view)
    _strip(img, draw, deck[2:])
    return img


# ---- alt text -------------------------------------------------------------------------------


def _describe(card: Mapping[str, Any], *, full: bool) -> str:
    if not gc.is_known(card):
        return "face-down"
    active = card["active"]
    bits = [gc.clean(card["name"]), f"value {gc.clean(active.get('value', '—'))}"]
    bits.append(str(card.get("orientation") or "upright"))
    if active.get("stars"):
        bits.append(f"★{active['stars']}")
    if not card.get("face_up"):
        bits.append("peeked, face-down")
    if full:
        other = card.get("other") or {}
        bits.append(f"other side {gc.clean(other.get('value', '—'))}")
        if active.get("rotate"):
            bits.append("can rotate")
        for ab in active.get("abilities") or []:
            text = gc.clean(ab.get("text", "")).rstrip(".")
            bits.append(f"{gc.clean(ab.get('trigger', ''))}: {text}")
    return ", ".join(bits)


def alt_text(view: View) -> str:
    """What the image shows, in at most 1000 characters, from the view alone."""
    deck = list(view.get("deck") or [])
    turn = int(view.get("turn") or 0)
    head = "Galdor's Grip, setup" if turn == 0 else f"Galdor's Grip, turn {turn}"
    stars = f"Stars {view.get('stars', 0)} of {_need(view)} needed"
    if view.get("max_stars") is not None:
        stars += f" (max {view['max_stars']})"
    parts = [f"{head}. {stars}."]
    if view.get("outcome"):
        parts.append(gc.clean(view.get("status", "")))
    else:
        parts.append(gc.clean((view.get("pending") or {}).get("prompt", "")))
    if deck:
        parts.append(f"Top card: {_describe(deck[0], full=True)}.")
    if len(deck) > 1:
        parts.append(f"Next card: {_describe(deck[1], full=False)}.")
    rest = [f"{c.get('position')} {_describe(c, full=False)}" for c in deck[2:]]
    text = " ".join(p for p in parts if p)
    if rest:
        tail = " Rest: " + "; ".join(rest) + "."
        text += tail
    if len(text) > 1000:
        text = text[:999].rstrip() + "…"
    return text
