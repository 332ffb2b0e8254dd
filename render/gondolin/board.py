"""Gondolin Cards settlement: story and turn track, stats, siege, cards in play, hand.

Draws only from the view (engines/gondolin/views.py); in this solo game the hand is face-up
to the table, so both views show it. The image is 800 px wide (every length the 1000 px
design's, scaled by ``px``) and as tall as its content, at most as tall as wide
(``MAX_HEIGHT``): the siege moves beside the cards in play, and sections show fewer rows when
many cards are on the table. No word is below 22 px (9 px when a phone shows the image 340 px
wide), so the image keeps what a turn's decision needs: the turn and
phase, the story's events, the six stats, and every card as a tile with its costs and key
number. The status line (what R and TD come to, and why) is in the message beside the image.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engines.gondolin.views import CardView, EnemyView, GondolinView, ResultView, TableCardView
from render.common import (
    BAD,
    CARD_BLACK,
    GOLD,
    GOOD,
    MUTED,
    RGB,
    TEXT,
    WARN,
    Box,
    draw_lines,
    draw_text,
    ellipsize,
    fitted_font,
    fixed_palette,
    font,
    font_px,
    panel,
    phone_px,
    pill,
    text_width,
    tiles,
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
    kind_colour,
)

__all__ = ["MAX_HEIGHT", "PALETTE", "WIDTH", "alt_text", "render", "render_indexed"]

# 800 px, not the card sheets' 1000: Discord shows a picture at most about 550 px wide (340 on
# a phone), and mapping onto the palette and deflating cost per pixel. Every length below was
# chosen at ``DESIGN`` px wide and scales with WIDTH.
WIDTH = 800
DESIGN = 1000
PX = phone_px(WIDTH)  # the smallest text, 22 px: 9 px tall on a phone


def px(length: float) -> int:
    """A length of the 1000 px design, at the board's width."""
    return round(length * WIDTH / DESIGN)


MAX_HEIGHT = WIDTH  # never taller than wide: Discord shrinks a tall image by its height
MIN_HEIGHT = px(640)
MARGIN = px(20)
INNER = WIDTH - 2 * MARGIN
LINE = PX + px(6)  # a line of prose


GAP = px(9)
# Tile sizes to try, largest first: (width, per row), the widest that fit (184 and 152 px in
# the design: "Greatshields" just fits on one line); heights follow the longest name.
TILES: tuple[tuple[int, int], ...] = tuple(((INNER - (n - 1) * GAP) // n, n) for n in (5, 6))
HEADING = px(38)  # a section heading's height
SPACE = px(6)  # below each section of tiles
MAX_ROWS = 3
STRIP = px(34)  # a tile's coloured strip: its costs, or its kind
NAME_STEP = PX + px(3)
BIG_PX = px(30)
TILE_PAD = px(6)  # a tile's text from its sides


def alt_text(view: GondolinView) -> str:
    """The alt text for a settlement view."""
    return gt.alt_text(view)


def _table(view: GondolinView) -> list[CardView]:
    return [view.location, *view.defenders, *view.improvements, *view.continuous]


def _rows(n: int, per_row: int) -> int:
    return min(MAX_ROWS, max(1, -(-n // per_row)))


def _all_cards(view: GondolinView) -> list[CardView]:
    return [*view.siege.enemies, *_table(view), *view.hand]


def _name_lines(name: str, width: int) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """A tile's name, bold unless a word of it is wider than the tile (then plain)."""
    bold = font(PX, bold=True)
    room = width - 2 * TILE_PAD
    if all(text_width(word, bold) <= room for word in re.split(r"(?<=-)|\s+", name)):
        return wrap(name, bold, room), bold
    plain = font(PX)
    return wrap(name, plain, room), plain


@lru_cache(maxsize=1024)
def _name_line_count(name: str, width: int) -> int:
    """How many lines a tile's name takes (cached: each layout tried measures every card)."""
    return len(_name_lines(name, width)[0])


def _tile_height(view: GondolinView, width: int) -> int:
    """Strip, the longest name's lines, the big number: the same for every tile of a view."""
    lines = max(_name_line_count(c.name, width) for c in _all_cards(view))
    return STRIP + px(4) + lines * NAME_STEP + BIG_PX + px(16)


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

    Tried in order: separate sections, then the siege beside the cards in play. When none
    fits, the lowest one shows fewer rows, the last tile of a full section counting the cards
    left ("+3 more").
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
        y += HEADING + siege * (th + GAP) + SPACE if view.siege.enemies else 0
        y += HEADING + play * (th + GAP) + SPACE
    y += HEADING + (hand * (th + GAP) if view.hand else 0) + SPACE
    return max(MIN_HEIGHT, y + MARGIN)


def _top_height(view: GondolinView) -> int:
    """Header, track, events and stats: as tall as their wrapped text."""
    y = MARGIN + len(_title_lines(view)) * TITLE_STEP + px(8)
    if view.result is None:  # at the end, the banner says where it stopped
        y += TRACK_H + px(8) + len(_event_lines(view)) * LINE + px(6)
    y += STATS_H + px(12)
    return y + (_result_height(view.result) if view.result is not None else 0)


def render(view: GondolinView) -> Image.Image:
    """Draw a Gondolin Cards view (public or the player's) as an RGB image."""
    return _board(view, Image.new("RGB", (WIDTH, _layout(view).height), BG))


def render_indexed(view: GondolinView) -> Image.Image:
    """The same picture drawn onto ``PALETTE``'s fixed palette (mode "P"), as the PNG holds it.

    Every part is a tile on the flat background (``render.common.tiles``), mapped onto the
    palette once per look: the background is mapped once per process and no part of the
    picture is mapped twice. Pixels map one by one, so the picture is the RGB one mapped whole.
    """
    height = _layout(view).height
    return _board(view, _indexed_background(max(height, MAX_HEIGHT)).crop((0, 0, WIDTH, height)))


@lru_cache(maxsize=2)
def _indexed_background(height: int) -> Image.Image:
    """The flat background, ``height`` tall, mapped onto the palette (pictures are cut from it)."""
    flat = Image.new("RGB", (WIDTH, height), BG)
    return flat.quantize(palette=fixed_palette(PALETTE), dither=Image.Dither.NONE)


def _board(view: GondolinView, img: Image.Image) -> Image.Image:
    """Every part drawn on ``img`` (the background, RGB or mapped), top to bottom.

    Each part is a tile; a part's tile may reach below it (text's descenders), over parts
    pasted after it, which cover it as they covered the part's ink when it was drawn in place.
    """
    layout = _layout(view)
    tile = layout.tile
    siege_rows, play_rows, hand_rows = layout.rows
    draw = ImageDraw.Draw(img)
    y = _header(img, draw, view, MARGIN)
    if view.result is None:
        y = _track(img, draw, view, y)
    y = _stats(img, draw, view, y)
    if view.result is not None:
        y = _banner(img, draw, view.result, y)
    if layout.merged:
        y = _siege_beside_play(img, draw, view, y, tile)
    else:
        y = _siege(img, draw, view, y, tile, siege_rows)
        y = _grid(img, draw, _heading_in_play(view), _table(view), y, tile, play_rows)
    if view.hand:
        _grid(img, draw, _heading_hand(view), view.hand, y, tile, hand_rows)
    else:
        _section(img, draw, _heading_hand(view), y)
    return img


def _band(img: Image.Image, top: int, bottom: int) -> Box:
    """The image's full width from ``top`` down to ``bottom`` (at most its last row)."""
    return (0, top, WIDTH - 1, min(bottom, img.height - 1))


# ---- top: story, track, events, stats ------------------------------------------------------

TITLE_PX, TITLE_STEP = px(36), px(44)
PILL_PX = px(28)
PILL_PAD = (px(14), px(6))
TRACK_H = px(60)
STAT_ROW = px(46)
STATS_H = 2 * STAT_ROW + px(14)
VALUE_PX = px(40)  # a stat's value
RESULT_PX = px(34)  # the result banner's title
STAT_ORDER = ("R", "TD", "TA", "S", "M", "P")  # what a turn decides from first


def _turn_text(view: GondolinView) -> str:
    turn = f"Turn {view.turn}/{view.story.turns}"
    return turn if view.result is not None else f"{turn} · {gt.phase_title(view)}"


def _title_font(view: GondolinView) -> ImageFont.FreeTypeFont:
    return fitted_font(view.story.name, _title_room(view), TITLE_PX, bold=True, min_size=PX)


def _title_room(view: GondolinView) -> int:
    return INNER - text_width(_turn_text(view), font(PILL_PX, bold=True)) - px(48)


def _title_lines(view: GondolinView) -> list[str]:
    return wrap(view.story.name, _title_font(view), _title_room(view))


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: GondolinView, y: int) -> int:
    """The story's title and the turn's pill (a tile per story, turn and phase)."""
    turn_text = _turn_text(view)
    lines = tuple(_title_lines(view))
    title = _title_font(view)
    spacing = TITLE_STEP - TITLE_PX
    end = y - px(2) + len(lines) * (font_px(title) + spacing) + px(8)
    key = ("gondolin header", turn_text, lines, font_px(title))

    def paint(_i: Image.Image, d: ImageDraw.ImageDraw, b: Box) -> None:
        top = b[1] + y
        bold = font(PILL_PX, bold=True)
        w = text_width(turn_text, bold) + 2 * PILL_PAD[0]
        pill(d, (WIDTH - MARGIN - w, top), turn_text, bold, fill=GOLD, pad=PILL_PAD)
        draw_lines(d, (MARGIN, top - px(2)), lines, title, spacing=spacing)

    tiles.draw_tiled(img, draw, _band(img, 0, end + px(8)), key, BG, paint)
    return end


def _event_lines(view: GondolinView) -> list[tuple[str, bool]]:
    """The story events of this turn (at most two lines, if any) and the next one (one line)."""
    now, nxt = gt.event_lines(view)
    bold, plain = font(PX, bold=True), font(PX)
    lines = [(ln, False) for ln in wrap(nxt, plain, INNER, max_lines=1)]
    if not any(t.events for t in view.story.track if t.status == "current"):
        return lines
    return [(ln, True) for ln in wrap(now, bold, INNER, max_lines=2)] + lines


def _track(img: Image.Image, draw: ImageDraw.ImageDraw, view: GondolinView, y: int) -> int:
    """The story's turns as a row of cells (a tile: it changes once a turn), then its events."""
    cells = tuple((t.turn, t.status, bool(t.events)) for t in view.story.track)
    box = (MARGIN, y, WIDTH - MARGIN, y + TRACK_H)
    key = ("gondolin track", cells)
    tiles.draw_tiled(img, draw, box, key, BG, lambda _i, d, b: _track_cells(d, cells, b[:2]))
    y += TRACK_H + px(8)
    lines = tuple(_event_lines(view))
    end = y + len(lines) * LINE + px(6)

    def paint(_i: Image.Image, d: ImageDraw.ImageDraw, b: Box) -> None:
        for i, (line, bold) in enumerate(lines):
            ink = TEXT if bold else MUTED
            draw_text(d, (MARGIN, b[1] + i * LINE), line, font(PX, bold=bold), ink)

    # A tile per turn's events, from the track's gap to below the last line's descenders.
    tiles.draw_tiled(img, draw, _band(img, y, end + px(8)), ("gondolin events", lines), BG, paint)
    return end


def _track_cells(
    draw: ImageDraw.ImageDraw, cells: tuple[tuple[int, str, bool], ...], xy: tuple[int, int]
) -> None:
    """One cell per turn of the track, from (turn, status, has events), from ``xy``."""
    left, y = xy
    n = max(1, len(cells))
    gap = px(6) if n <= 14 else px(4)
    cell = (INNER - (n - 1) * gap) / n
    h = TRACK_H
    num_font = font(PX, bold=True)
    for i, (turn, status, events) in enumerate(cells):
        # Rounded where the cell lies in the picture, so a tile has the pixels of the table.
        x0 = left - MARGIN + round(MARGIN + i * (cell + gap))
        x1 = left - MARGIN + round(MARGIN + i * (cell + gap) + cell)
        if status == "current":
            fill, outline, colour = GOLD, GOLD, CARD_BLACK
        elif status == "passed":
            fill, outline, colour = PASSED, PASSED, MUTED
        else:
            fill, outline, colour = BOX, EDGE, TEXT
        draw.rounded_rectangle(
            (x0, y, x1, y + h), radius=px(8), fill=fill, outline=outline, width=px(2)
        )
        cy = y + (px(18) if events else h // 2)
        draw.text(((x0 + x1) / 2, cy), str(turn), font=num_font, fill=colour, anchor="mm")
        if events:
            mark = CARD_BLACK if status == "current" else (MUTED if status == "passed" else WARN)
            draw.text(((x0 + x1) / 2, y + px(44)), "★", font=font(PX), fill=mark, anchor="mm")


def _captions(label: str, view: GondolinView) -> tuple[str, ...]:
    """A stat's caption, longest first: the first that fits its cell is drawn."""
    stats = view.stats
    if label == "R":
        return (f"next {stats.income:+d}",)
    if label == "TD" and stats.anti_flying:
        return ("✈ anti-flying", "✈")
    words = dict((lbl, caption) for lbl, caption, _ in gt.stat_cells(stats))
    return (words[label],)


def _stat_colour(label: str, value: int, view: GondolinView) -> RGB:
    stats = view.stats
    if label == "R" and value < 0:
        return BAD
    if view.siege.enemies and label in ("TD", "TA"):
        losing = stats.ta > stats.td
        return (BAD if losing else GOOD) if label == "TD" else (BAD if losing else WARN)
    return TEXT


StatCell = tuple[str, int, RGB, tuple[str, ...]]  # label, value, its colour, captions


def _stats(img: Image.Image, draw: ImageDraw.ImageDraw, view: GondolinView, y: int) -> int:
    """Two rows of three cells, each one line: the label, the value, a caption (a tile)."""
    values = {label: value for label, _, value in gt.stat_cells(view.stats)}
    cells = tuple(
        (label, values[label], _stat_colour(label, values[label], view), _captions(label, view))
        for label in STAT_ORDER
    )
    box = (MARGIN, y, WIDTH - MARGIN, y + STATS_H)
    key = ("gondolin stats", cells)
    tiles.draw_tiled(img, draw, box, key, BG, lambda _i, d, b: _stat_cells(d, cells, b))
    return y + STATS_H + px(12)


def _stat_cells(draw: ImageDraw.ImageDraw, cells: tuple[StatCell, ...], box: Box) -> None:
    left, y = box[:2]
    panel(draw, box, fill=BOX, outline=EDGE, width=px(2), radius=px(14))
    cell = INNER // 3
    lf, vf, cf = font(PX, bold=True), font(VALUE_PX, bold=True), font(PX)
    for i, (label, number, colour, captions) in enumerate(cells):
        x = left + (i % 3) * cell + px(16)
        mid = y + px(7) + (i // 3) * STAT_ROW + STAT_ROW // 2
        draw_text(draw, (x, mid), label, lf, MUTED, anchor="lm")
        x += text_width(label, lf) + px(8)
        value = str(number)
        draw_text(draw, (x, mid), value, vf, colour, anchor="lm")
        x += text_width(value, vf) + px(10)
        room = left + (i % 3 + 1) * cell - px(8) - x
        fitting = [c for c in captions if text_width(c, cf) <= room]
        if fitting:
            draw_text(draw, (x, mid), fitting[0], cf, MUTED, anchor="lm")
        if i % 3:
            lx = left + (i % 3) * cell
            draw.line((lx, mid - px(16), lx, mid + px(16)), fill=EDGE, width=px(2))


def _result_lines(result: ResultView) -> tuple[list[str], list[str]]:
    survived = result.outcome == "survived"
    title = (
        f"★ The settlement survived · score {result.score}"
        if survived
        else "☠ The settlement was destroyed"
    )
    return (
        wrap(title, font(RESULT_PX, bold=True), INNER - px(32)),
        wrap(result.text, font(PX), INNER - px(32)),
    )


def _result_height(result: ResultView) -> int:
    title, text = _result_lines(result)
    return px(20) + len(title) * (RESULT_PX + px(8)) + len(text) * LINE + px(12)


def _banner(img: Image.Image, draw: ImageDraw.ImageDraw, result: ResultView, y: int) -> int:
    """The result in its panel (a tile per result)."""
    h = _result_height(result) - px(12)
    box = (MARGIN, y, WIDTH - MARGIN, y + h)
    key = ("gondolin banner", result.model_dump_json())
    tiles.draw_tiled(img, draw, box, key, BG, lambda _i, d, b: _paint_banner(d, result, b))
    return y + h + px(12)


def _paint_banner(draw: ImageDraw.ImageDraw, result: ResultView, box: Box) -> None:
    survived = result.outcome == "survived"
    fill = GOLD if survived else BANNER_LOST
    ink = CARD_BLACK if survived else TEXT
    panel(draw, box, fill=fill, outline=TEXT, width=px(3), radius=px(14))
    title, text = _result_lines(result)
    tf, x, y = font(RESULT_PX, bold=True), box[0] + px(16), box[1]
    ty = draw_lines(draw, (x, y + px(8)), title, tf, ink, spacing=px(8))
    draw_lines(draw, (x, ty + px(2)), text, font(PX), ink, spacing=LINE - PX)


# ---- sections of tiles ---------------------------------------------------------------------

HEADING_PX = PX + 1


def _section(
    img: Image.Image, draw: ImageDraw.ImageDraw, title: str, y: int, colour: RGB = TEXT
) -> int:
    """A section's heading: a tile per text (down over the row below, pasted after it)."""
    line = ((MARGIN, title, colour),)
    return _headings(img, draw, (line,), y)


HeadingLine = tuple[tuple[int, str, RGB], ...]  # (x, text, colour) on one line


def _headings(
    img: Image.Image, draw: ImageDraw.ImageDraw, lines: tuple[HeadingLine, ...], y: int
) -> int:
    """Headings, a line each ``HEADING`` tall, each text cut to the room right of its x."""
    end = y + len(lines) * HEADING
    key = ("gondolin headings", lines)

    def paint(_i: Image.Image, d: ImageDraw.ImageDraw, b: Box) -> None:
        f = font(HEADING_PX, bold=True)
        for i, line in enumerate(lines):
            for x, text, colour in line:
                top = b[1] + i * HEADING + px(4)
                draw_text(d, (x, top), ellipsize(text, f, WIDTH - MARGIN - x), f, colour)

    tiles.draw_tiled(img, draw, _band(img, y, end + px(8)), key, BG, paint)
    return end


def _heading_hand(view: GondolinView) -> str:
    """The hand's heading, with the piles: what is left to draw and what was played."""
    n = len(view.hand)
    hand = f"Hand · {n}" if n else "Hand · empty"
    return f"{hand} · deck {view.deck_count} · played {view.played_count}"


def _heading_in_play(view: GondolinView) -> str:
    n = len(view.defenders)
    return f"In play · location and {n} defender{'s' if n != 1 else ''} · TD {view.stats.td}"


def _siege(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GondolinView,
    y: int,
    tile: tuple[int, int, int],
    rows: int,
) -> int:
    enemies = view.siege.enemies
    heading = gt.siege_heading(view)
    if not enemies:  # the next event says when a siege comes
        return y
    return _grid(img, draw, heading, enemies, y, tile, rows, colour=BAD)


def _merged_headings(
    view: GondolinView, tile: tuple[int, int, int]
) -> list[list[tuple[int, str, RGB]]]:
    """The lines of (x, text, colour) over a merged row: both headings on one line if they fit."""
    f = font(HEADING_PX, bold=True)
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
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: GondolinView,
    y: int,
    tile: tuple[int, int, int],
) -> int:
    """The enemies, then the cards in play, in one row under their two headings."""
    tw, th, _ = tile
    lines = tuple(tuple(line) for line in _merged_headings(view, tile))
    y = _headings(img, draw, lines, y)
    for i, enemy in enumerate(view.siege.enemies):
        _tile(img, draw, enemy, (MARGIN + i * (tw + GAP), y), (tw, th))
    x0 = MARGIN + _play_offset(view, tile)
    for i, card in enumerate(_table(view)):
        _tile(img, draw, card, (x0 + i * (tw + GAP), y), (tw, th))
    return y + th + GAP + SPACE


def _grid(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    title: str,
    cards: Sequence[CardView],
    y: int,
    tile: tuple[int, int, int],
    rows: int,
    colour: RGB = TEXT,
) -> int:
    tw, th, per_row = tile
    y = _section(img, draw, title, y, colour)
    room = per_row * rows
    shown = cards if len(cards) <= room else cards[: room - 1]
    for i, card in enumerate(shown):
        x = MARGIN + (i % per_row) * (tw + GAP)
        _tile(img, draw, card, (x, y + (i // per_row) * (th + GAP)), (tw, th))
    if len(shown) < len(cards):
        i = len(shown)
        x = MARGIN + (i % per_row) * (tw + GAP)
        ty = y + (i // per_row) * (th + GAP)
        more = f"+{len(cards) - len(shown)} more"
        key = ("gondolin more", more)
        box = (x, ty, x + tw, ty + th)
        tiles.draw_tiled(img, draw, box, key, BG, lambda _i, d, b: _paint_more(d, more, b))
    return y + min(rows, _rows(len(cards), per_row)) * (th + GAP) + SPACE


def _paint_more(draw: ImageDraw.ImageDraw, more: str, box: Box) -> None:
    """The last tile of a full section: how many cards it leaves out."""
    x, y, x1, y1 = box
    tw, th = x1 - x, y1 - y
    panel(draw, box, fill=BOX, outline=EDGE, width=px(2), radius=px(10))
    draw.text((x + tw / 2, y + th / 2), more, font=font(PX, bold=True), fill=TEXT, anchor="mm")


def _strip_text(card: CardView, room: int) -> str:
    """The strip's words: an enemy's countdown, else the card's costs (or kind)."""
    strip, _ = gt.key_numbers(card)
    if isinstance(card, EnemyView):
        left = card.turns_left
        turns = f"in {left} turn{'s' if left != 1 else ''}"
        choices = ["attacks now", "now!"] if left <= 0 else [turns, f"in {left}"]
        plain = font(PX)  # drawn bold if it fits, else plain
        return next((c for c in choices if text_width(c, plain) <= room), choices[-1])
    return strip


def _tile(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    card: CardView,
    xy: tuple[int, int],
    size: tuple[int, int],
) -> None:
    """A compact card, drawn once per card and size and pasted after (``render.common.tiles``)."""
    x, y = xy
    w, h = size
    key = ("gondolin tile", type(card).__name__, card.model_dump_json())
    box = (x, y, x + w, y + h)
    tiles.draw_tiled(img, draw, box, key, BG, lambda _i, d, b: _paint_tile(d, card, b[:2], size))


def _paint_tile(
    draw: ImageDraw.ImageDraw, card: CardView, xy: tuple[int, int], size: tuple[int, int]
) -> None:
    """A compact card: a strip with its costs (or kind), its name and its big number."""
    x, y = xy
    w, h = size
    colour = kind_colour(card)
    r = px(10)
    draw.rounded_rectangle((x, y, x + w, y + h), radius=r, fill=BOX, outline=colour, width=px(3))
    draw.rounded_rectangle((x, y, x + w, y + STRIP), radius=r, fill=colour)
    draw.rectangle((x, y + STRIP // 2, x + w, y + STRIP), fill=colour)
    _, big = gt.key_numbers(card)
    mark = "✈" if card.flying or card.anti_flying else ""
    sf = font(PX, bold=True)
    room = w - 2 * TILE_PAD - (text_width(mark, sf) + px(4) if mark else 0)
    strip = _strip_text(card, room)
    stf = sf if text_width(strip, sf) <= room else font(PX)  # "Continuous" fits plain
    strip = ellipsize(strip, stf, room)
    draw_text(draw, (x + TILE_PAD, y + STRIP // 2), strip, stf, CARD_BLACK, anchor="lm")
    if mark:
        draw_text(draw, (x + w - TILE_PAD, y + STRIP // 2), mark, sf, CARD_BLACK, anchor="rm")
    lines, nf = _name_lines(card.name, w)
    for i, line in enumerate(lines):
        draw_text(draw, (x + TILE_PAD, y + STRIP + px(4) + i * NAME_STEP), line, nf, TEXT)
    base = y + h - px(8)
    right = x + w - TILE_PAD
    if isinstance(card, TableCardView) and card.used_this_turn:
        draw_text(draw, (right, base), "used", sf, WARN, anchor="rs")
        right -= text_width("used", sf) + px(4)
    if big:
        room = right - x - TILE_PAD
        bf = fitted_font(big, room, BIG_PX, bold=True, min_size=PX)
        draw_text(draw, (x + TILE_PAD, base), ellipsize(big, bf, room), bf, colour, anchor="ls")
