"""Gondolin Cards settlement: story and turn track, stats, siege, cards in play, piles, hand.

Draws only from the view (engines/gondolin/views.py); in this solo game the hand is face-up
to the table, so both views show it. The image is 1000 px wide and as tall as its content, at
most as tall as wide (``MAX_HEIGHT``): tiles shrink, the siege moves beside the cards in play,
and sections show fewer rows when many cards are on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw

from engines.gondolin.views import CardView, EnemyView, GondolinView, ResultView, TableCardView
from render.common import (
    BAD,
    CARD_BLACK,
    GOLD,
    GOOD,
    MIN_PX,
    MUTED,
    RGB,
    TEXT,
    WARN,
    draw_lines,
    draw_text,
    ellipsize,
    fitted_font,
    font,
    panel,
    pill,
    text_width,
    wrap,
)
from render.gondolin import text as gt
from render.gondolin.style import (
    BANNER_LOST,
    BG,
    BOX,
    EDGE,
    PALETTE,
    PASSED,
    WIDTH,
    kind_colour,
)

__all__ = ["MAX_HEIGHT", "PALETTE", "WIDTH", "alt_text", "render"]

MAX_HEIGHT = WIDTH  # never taller than wide: Discord shrinks a tall image by its height
MIN_HEIGHT = 640
MARGIN = 20
INNER = WIDTH - 2 * MARGIN
LINE = 28  # a line of 22-24 px prose


# Tile sizes to try, largest first: (width, per row); heights follow the longest name.
TILES: tuple[tuple[int, int], ...] = ((152, 6), (129, 7))
GAP = 10
HEADING = 36  # a section heading's height
SPACE = 6  # below each section of tiles
MAX_ROWS = 3
TILE_NAME = 22  # px, bold


def alt_text(view: GondolinView) -> str:
    """The alt text for a settlement view."""
    return gt.alt_text(view)


def _table(view: GondolinView) -> list[CardView]:
    return [view.location, *view.defenders, *view.improvements, *view.continuous]


def _rows(n: int, per_row: int) -> int:
    return min(MAX_ROWS, max(1, -(-n // per_row)))


def _all_cards(view: GondolinView) -> list[CardView]:
    return [*view.siege.enemies, *_table(view), *view.hand]


def _tile_height(view: GondolinView, width: int) -> int:
    """Strip, the longest name's lines, the big number: the same for every tile of a view."""
    nf = font(TILE_NAME, bold=True)
    lines = max(len(wrap(c.name, nf, width - 12)) for c in _all_cards(view))
    return 34 + lines * (TILE_NAME + 3) + 40


@dataclass(frozen=True)
class Layout:
    """How the tiles are laid out: their size, the rows of each section, the image height.

    ``merged``: the siege's enemies and the cards in play share one row (under two headings).
    """

    tile: tuple[int, int, int]  # width, height, tiles per row
    merged: bool
    rows: tuple[int, int, int]  # rows of tiles shown: siege, in play, hand
    height: int


def _can_merge(view: GondolinView, per_row: int) -> bool:
    """Enemies and cards in play fit one row."""
    enemies = len(view.siege.enemies)
    return enemies > 0 and enemies + len(_table(view)) <= per_row


def _layout(view: GondolinView) -> Layout:
    """The roomiest layout at most ``MAX_HEIGHT`` tall (the image is never taller than wide).

    Tried in order: the large tiles, then the small ones, each in separate sections and then
    with the siege beside the cards in play. When none fits, the lowest one shows fewer rows,
    the last tile of a full section counting the cards left ("+3 more").
    """
    candidates: list[Layout] = []
    for w, per_row in TILES:
        tile = (w, _tile_height(view, w), per_row)
        for merged in (False, True):
            if merged and not _can_merge(view, per_row):
                continue
            rows = (
                _rows(len(view.siege.enemies), per_row),
                _rows(len(_table(view)), per_row),
                _rows(len(view.hand), per_row),
            )
            layout = Layout(tile, merged, rows, 0)
            layout = replace(layout, height=_height(view, layout))
            if layout.height <= MAX_HEIGHT:
                return layout
            candidates.append(layout)
    layout = min(candidates, key=lambda c: c.height)
    while layout.height > MAX_HEIGHT and max(layout.rows) > 1:
        fewer = list(layout.rows)
        fewer[fewer.index(max(fewer))] -= 1
        layout = replace(layout, rows=(fewer[0], fewer[1], fewer[2]))
        layout = replace(layout, height=_height(view, layout))
    return layout


def _height(view: GondolinView, layout: Layout) -> int:
    th = layout.tile[1]
    siege, play, hand = layout.rows
    y = _top_height(view)
    if layout.merged:
        y += len(_merged_headings(view, layout.tile)) * HEADING + th + GAP + SPACE
    else:
        y += HEADING + (siege * (th + GAP) if view.siege.enemies else 0) + SPACE
        y += HEADING + play * (th + GAP) + SPACE
    y += HEADING + (hand * (th + GAP) if view.hand else 30) + SPACE
    return max(MIN_HEIGHT, y + MARGIN)


def _top_height(view: GondolinView) -> int:
    """Header, track, events, stats, piles and status: as tall as their wrapped text."""
    y = MARGIN + len(_title_lines(view)) * 46 + len(_sub_lines(view)) * LINE + 10
    if view.result is None:  # at the end, the turn pill and the banner say where it stopped
        y += 64 + len(_event_lines(view)) * LINE + 8
    y += STATS_H + 12 + _piles_height(view)
    return y + (_result_height(view.result) if view.result is not None else _status_height(view))


def render(view: GondolinView) -> Image.Image:
    """Draw a Gondolin Cards view (public or the player's) as an RGB image."""
    layout = _layout(view)
    tile = layout.tile
    siege_rows, play_rows, hand_rows = layout.rows
    img = Image.new("RGB", (WIDTH, layout.height), BG)
    draw = ImageDraw.Draw(img)
    y = _header(draw, view, MARGIN)
    if view.result is None:
        y = _track(draw, view, y)
    y = _stats(draw, view, y)
    y = _piles(draw, view, y)
    y = _banner(draw, view.result, y) if view.result is not None else _status(draw, view, y)
    if layout.merged:
        y = _siege_beside_play(draw, view, y, tile)
    else:
        y = _siege(draw, view, y, tile, siege_rows)
        y = _grid(draw, _heading_in_play(view), _table(view), y, tile, play_rows)
    if view.hand:
        _grid(draw, f"Hand · {len(view.hand)}", view.hand, y, tile, hand_rows)
    else:
        _section(draw, "Hand · empty", y)
    return img


# ---- top: story, track, stats ------------------------------------------------------------

STATS_H = 100


def _turn_text(view: GondolinView) -> str:
    return f"Turn {view.turn}/{view.story.turns}"


def _title_lines(view: GondolinView) -> list[str]:
    room = INNER - text_width(_turn_text(view), font(32, bold=True)) - 48
    return wrap(view.story.name, font(40, bold=True), room)


def _sub_lines(view: GondolinView) -> list[str]:
    sub = f"{view.story.difficulty} story · {view.mode} mode · {gt.phase_title(view)}"
    return wrap(sub, font(24), INNER)


def _header(draw: ImageDraw.ImageDraw, view: GondolinView, y: int) -> int:
    turn_text = _turn_text(view)
    bold = font(32, bold=True)
    w = text_width(turn_text, bold) + 28
    pill(draw, (WIDTH - MARGIN - w, y), turn_text, bold, fill=GOLD, pad=(14, 6))
    y = draw_lines(draw, (MARGIN, y - 2), _title_lines(view), font(40, bold=True), spacing=6)
    return draw_lines(draw, (MARGIN, y), _sub_lines(view), font(24), MUTED) + 12


def _event_lines(view: GondolinView) -> list[tuple[str, bool]]:
    now, nxt = gt.event_lines(view)
    return [(ln, True) for ln in wrap(now, font(22, bold=True), INNER)] + [
        (ln, False) for ln in wrap(nxt, font(22), INNER)
    ]


def _track(draw: ImageDraw.ImageDraw, view: GondolinView, y: int) -> int:
    track = view.story.track
    n = max(1, len(track))
    gap = 6 if n <= 14 else 4
    cell = (INNER - (n - 1) * gap) / n
    h = 54
    num_font = font(24 if cell >= 40 else 22, bold=True)
    for i, t in enumerate(track):
        x0 = round(MARGIN + i * (cell + gap))
        x1 = round(MARGIN + i * (cell + gap) + cell)
        status = t.status
        if status == "current":
            fill, outline, colour = GOLD, GOLD, CARD_BLACK
        elif status == "passed":
            fill, outline, colour = PASSED, PASSED, MUTED
        else:
            fill, outline, colour = BOX, EDGE, TEXT
        draw.rounded_rectangle((x0, y, x1, y + h), radius=8, fill=fill, outline=outline, width=2)
        cy = y + (18 if t.events else h // 2)
        draw.text(((x0 + x1) / 2, cy), str(t.turn), font=num_font, fill=colour, anchor="mm")
        if t.events:
            mark = CARD_BLACK if status == "current" else (MUTED if status == "passed" else WARN)
            draw.text(((x0 + x1) / 2, y + 41), "★", font=font(22), fill=mark, anchor="mm")
    y += h + 10
    for line, bold in _event_lines(view):
        draw_text(draw, (MARGIN, y), line, font(22, bold=bold), TEXT if bold else MUTED)
        y += LINE
    return y + 8


def _stats(draw: ImageDraw.ImageDraw, view: GondolinView, y: int) -> int:
    stats = view.stats
    h = STATS_H
    panel(draw, (MARGIN, y, WIDTH - MARGIN, y + h), fill=BOX, outline=EDGE, radius=14)
    cells = gt.stat_cells(stats)
    cell = INNER / len(cells)
    sieged = bool(view.siege.enemies)
    for i, (label, caption, value) in enumerate(cells):
        cx = MARGIN + cell * (i + 0.5)
        colour = TEXT
        if label == "R" and value < 0:
            colour = BAD
        if sieged and label in ("TD", "TA"):
            losing = stats.ta > stats.td
            colour = (BAD if losing else GOOD) if label == "TD" else (BAD if losing else WARN)
        if label == "R":
            caption = f"next {stats.income:+d}"
        elif label == "TD" and stats.anti_flying:
            caption = "✈ anti-flying"
        draw.text((cx, y + 18), label, font=font(24, bold=True), fill=MUTED, anchor="mm")
        draw.text((cx, y + 51), str(value), font=font(44, bold=True), fill=colour, anchor="mm")
        cap = fitted_font(caption, int(cell) - 8, 22)
        draw.text((cx, y + 84), caption, font=cap, fill=MUTED, anchor="mm")
        if i:
            x = round(MARGIN + cell * i)
            draw.line((x, y + 14, x, y + h - 14), fill=EDGE, width=2)
    return y + h + 12


def _pile_labels(view: GondolinView) -> list[str]:
    return [f"Deck {view.deck_count}", f"Played {view.played_count}", f"Hand {view.hand_count}"]


def _last_played(view: GondolinView) -> list[str]:
    played = view.played
    if view.result is not None:
        return []
    return wrap(f"last played: {played[-1]}", font(22), INNER) if played else []


def _piles_height(view: GondolinView) -> int:
    return 52 + len(_last_played(view)) * LINE


def _piles(draw: ImageDraw.ImageDraw, view: GondolinView, y: int) -> int:
    f = font(24, bold=True)
    x = MARGIN
    for label in _pile_labels(view):
        box = pill(draw, (x, y), label, f, fill=EDGE, text_fill=TEXT, pad=(14, 6))
        x = box[2] + 10
    y += 48
    for line in _last_played(view):
        draw_text(draw, (MARGIN, y), line, font(22), MUTED)
        y += LINE
    return y + 4


def _status_lines(view: GondolinView) -> list[str]:
    return wrap(view.status, font(24), INNER)


def _status_height(view: GondolinView) -> int:
    return max(2, len(_status_lines(view))) * 30 + 12


def _status(draw: ImageDraw.ImageDraw, view: GondolinView, y: int) -> int:
    for i, line in enumerate(_status_lines(view)):
        draw_text(draw, (MARGIN, y + i * 30), line, font(24), TEXT)
    return y + _status_height(view)


def _result_lines(result: ResultView) -> tuple[list[str], list[str]]:
    survived = result.outcome == "survived"
    title = (
        f"★ The settlement survived · score {result.score}"
        if survived
        else "☠ The settlement was destroyed"
    )
    return (
        wrap(title, font(34, bold=True), INNER - 32),
        wrap(result.text, font(24), INNER - 32),
    )


def _result_height(result: ResultView) -> int:
    title, text = _result_lines(result)
    return 20 + len(title) * 42 + len(text) * 30 + 12


def _banner(draw: ImageDraw.ImageDraw, result: ResultView, y: int) -> int:
    survived = result.outcome == "survived"
    fill = GOLD if survived else BANNER_LOST
    ink = CARD_BLACK if survived else TEXT
    h = _result_height(result) - 12
    panel(draw, (MARGIN, y, WIDTH - MARGIN, y + h), fill=fill, outline=TEXT, width=3)
    title, text = _result_lines(result)
    ty = draw_lines(draw, (MARGIN + 16, y + 8), title, font(34, bold=True), ink, spacing=8)
    draw_lines(draw, (MARGIN + 16, ty + 2), text, font(24), ink, spacing=6)
    return y + h + 12


# ---- sections of tiles ---------------------------------------------------------------------


def _section(draw: ImageDraw.ImageDraw, title: str, y: int, colour: RGB = TEXT) -> int:
    f = font(26, bold=True)
    draw_text(draw, (MARGIN, y + 4), ellipsize(title, f, INNER), f, colour)
    return y + HEADING


def _heading_in_play(view: GondolinView) -> str:
    n = len(view.defenders)
    return f"In play · location and {n} defender{'s' if n != 1 else ''} · TD {view.stats.td}"


def _siege(
    draw: ImageDraw.ImageDraw, view: GondolinView, y: int, tile: tuple[int, int, int], rows: int
) -> int:
    enemies = view.siege.enemies
    heading = gt.siege_heading(view)
    if not enemies:
        return _section(draw, heading, y, MUTED) + SPACE
    return _grid(draw, heading, enemies, y, tile, rows, colour=BAD)


def _merged_headings(
    view: GondolinView, tile: tuple[int, int, int]
) -> list[list[tuple[int, str, RGB]]]:
    """The lines of (x, text, colour) over a merged row: both headings on one line if they fit."""
    f = font(26, bold=True)
    siege, play = gt.siege_heading(view), _heading_in_play(view)
    after_siege = MARGIN + text_width(siege, f) + 3 * GAP
    over_tiles = max(
        MARGIN, min(MARGIN + _play_offset(view, tile), WIDTH - MARGIN - text_width(play, f))
    )
    if over_tiles >= after_siege:
        return [[(MARGIN, siege, BAD), (over_tiles, play, TEXT)]]
    return [[(MARGIN, siege, BAD)], [(over_tiles, play, TEXT)]]


def _play_offset(view: GondolinView, tile: tuple[int, int, int]) -> int:
    """Where the cards in play start in a merged row: after the enemies and up to half a slot."""
    tw = tile[0]
    n = len(view.siege.enemies) + len(_table(view))
    spare = max(0, INNER - n * tw - (n - 1) * GAP)
    return len(view.siege.enemies) * (tw + GAP) + min((tw + GAP) // 2, spare)


def _siege_beside_play(
    draw: ImageDraw.ImageDraw, view: GondolinView, y: int, tile: tuple[int, int, int]
) -> int:
    """The enemies, then the cards in play, in one row under their two headings."""
    tw, th, _ = tile
    f = font(26, bold=True)
    for line in _merged_headings(view, tile):
        for x, text, colour in line:
            draw_text(draw, (x, y + 4), ellipsize(text, f, WIDTH - MARGIN - x), f, colour)
        y += HEADING
    for i, enemy in enumerate(view.siege.enemies):
        _tile(draw, enemy, (MARGIN + i * (tw + GAP), y), (tw, th))
    x0 = MARGIN + _play_offset(view, tile)
    for i, card in enumerate(_table(view)):
        _tile(draw, card, (x0 + i * (tw + GAP), y), (tw, th))
    return y + th + GAP + SPACE


def _grid(
    draw: ImageDraw.ImageDraw,
    title: str,
    cards: Sequence[CardView],
    y: int,
    tile: tuple[int, int, int],
    rows: int,
    colour: RGB = TEXT,
) -> int:
    tw, th, per_row = tile
    y = _section(draw, title, y, colour)
    room = per_row * rows
    shown = cards if len(cards) <= room else cards[: room - 1]
    for i, card in enumerate(shown):
        x = MARGIN + (i % per_row) * (tw + GAP)
        _tile(draw, card, (x, y + (i // per_row) * (th + GAP)), (tw, th))
    if len(shown) < len(cards):
        i = len(shown)
        x = MARGIN + (i % per_row) * (tw + GAP)
        ty = y + (i // per_row) * (th + GAP)
        panel(draw, (x, ty, x + tw, ty + th), fill=BOX, outline=EDGE, radius=10)
        more = f"+{len(cards) - len(shown)} more"
        draw.text((x + tw / 2, ty + th / 2), more, font=font(22, bold=True), fill=TEXT, anchor="mm")
    return y + min(rows, _rows(len(cards), per_row)) * (th + GAP) + SPACE


def _tile(
    draw: ImageDraw.ImageDraw, card: CardView, xy: tuple[int, int], size: tuple[int, int]
) -> None:
    """A compact card: a strip with its costs (or kind), its name and its big number."""
    x, y = xy
    w, h = size
    colour = kind_colour(card)
    draw.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=BOX, outline=colour, width=3)
    draw.rounded_rectangle((x, y, x + w, y + 28), radius=10, fill=colour)
    draw.rectangle((x, y + 14, x + w, y + 28), fill=colour)
    strip, big = gt.key_numbers(card)
    if isinstance(card, EnemyView):
        left = card.turns_left
        if left <= 0:
            strip = "attacks now" if w >= 120 else "now!"
        else:
            strip = f"in {left} turn{'s' if left != 1 else ''}" if w >= 120 else f"in {left}"
    mark = "✈" if card.flying or card.anti_flying else ""
    room = w - 14 - (24 if mark else 0)
    sf = font(MIN_PX, bold=True)
    draw_text(draw, (x + 7, y + 15), ellipsize(strip, sf, room), sf, CARD_BLACK, anchor="lm")
    if mark:
        draw.text((x + w - 7, y + 14), mark, font=font(22, bold=True), fill=CARD_BLACK, anchor="rm")
    nf = font(TILE_NAME, bold=True)
    for i, line in enumerate(wrap(card.name, nf, w - 12)):
        draw_text(draw, (x + 6, y + 32 + i * (nf.size + 3)), line, nf, TEXT)
    base = y + h - 8
    right = x + w - 7
    if isinstance(card, TableCardView) and card.used_this_turn:
        uf = font(MIN_PX, bold=True)
        draw_text(draw, (right, base), "used", uf, WARN, anchor="rs")
        right -= text_width("used", uf) + 4
    if big:
        bf = fitted_font(big, right - x - 7, 28 if w >= 140 else 24, bold=True)
        draw_text(draw, (x + 7, base), ellipsize(big, bf, right - x - 7), bf, colour, anchor="ls")
    elif card.text:
        tf = font(MIN_PX)
        line = ellipsize(card.text, tf, right - x - 7)
        draw_text(draw, (x + 6, base), line, tf, MUTED, anchor="ls")
