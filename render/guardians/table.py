"""The whole Guardians image, never taller than wide (Discord fits it in a landscape box).

800 px wide, every length the 1000 px design's scaled (``style.px``); every text is at least
22 px (9 px tall when a phone shows the image 340 px wide). On top, full width: the title and
status (or, once the game is over, the result banner), and in a player's view their warnings
(``GuardiansView.warnings``, a headline each). Then, as at a table, the other player's panel,
the battlefield full width, the bottom seat's panel and, in a player's view, their own cards
(folded into "?" when the room runs out; the battlefield is drawn compact first if that leaves
room for some of them). In a combat (or right after one) both players' panels, then the
match-ups on the left and the battlefield drawn small on the right, with what does not fit on
the left below it. Draws only from the view. Recent events are not drawn: the bot's message
shows them right above the image (the alt text keeps them).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.guardians.views import GuardiansView
from render.common import FELT, fixed_palette
from render.guardians import board, combat, panel, stamp
from render.guardians.style import (
    FULL,
    GAP,
    MAIN_W,
    MARGIN,
    PALETTE,
    SIDE_W,
    WIDTH,
    Block,
    stack,
)


def columns(left: Block, right: Block) -> Block:
    """Two blocks side by side: ``left`` ``MAIN_W`` wide, ``right`` ``SIDE_W`` wide."""

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        left[1](img, draw, x, y)
        right[1](img, draw, x + MAIN_W + GAP, y)

    return max(left[0], right[0]), paint


LEVELS = (  # (each fighter on a line, busy, the small battlefield drawn), tried in turn
    (False, False, True),
    (True, False, True),
    (True, True, True),
    (True, True, False),
)


def _nothing(_img: Image.Image, _draw: ImageDraw.ImageDraw, _x: int, _y: int) -> None:
    """Paints nothing (a part left out)."""


def combat_columns(view: GuardiansView, room: int) -> Block:
    """Both players full width, then the combat on the left and the small battlefield right.

    Parts of the combat that do not fit on the left under ``room`` px go on the right, below
    the small battlefield; the match-ups stay on the left. A busier combat draws each fighter
    on a line; a combat busier still (``busy``) leaves out what no longer acts, then the small
    battlefield (``LEVELS``).
    """
    tried: list[Block] = []
    for compact, busy, field in LEVELS:
        for block in _arrangements(view, compact, busy, field):
            if block[0] <= room:
                return block
            tried.append(block)
    return min(tried, key=lambda b: b[0])


def _arrangements(view: GuardiansView, compact: bool, busy: bool, field: bool) -> Iterator[Block]:
    """The combat's layouts, the preferred first.

    The state above the match-ups, else moved right; the parts after them on the left, else
    moved right one by one. ``busy``: the players without their names (the message and the
    title have them), and neither dispelled casts nor the lists of command creatures, ranged
    attackers, set aside. ``field``: the small battlefield is drawn.
    """
    seats = panel.players(view, FULL, short=busy)
    side = board.mini_board(view, SIDE_W) if field else (0, _nothing)
    main, narrow = MAIN_W - 2 * panel.PAD, SIDE_W - 2 * panel.PAD
    extra = [combat.extra_parts(view, main, busy), combat.extra_parts(view, narrow, busy)]
    head = [combat.head_parts(view, main), combat.head_parts(view, narrow)]
    fights = combat.matchup_parts(view, main, compact)
    for moved in (False, True):
        for k in range(len(extra[0]), -1, -1):
            above = [] if moved else head[0]
            left = combat.combat_panel(above + fights + extra[0][:k], MAIN_W)
            right = combat.combat_panel((head[1] if moved else []) + extra[1][k:], SIDE_W)
            yield stack([seats, columns(left, stack([side, right], gap=GAP))], gap=GAP)


def bands(view: GuardiansView) -> list[Block]:
    """Every band of the image, top-down (empty ones have height 0).

    Where the battlefield at its most compact still leaves the image taller than wide, the
    title and status run on in one text (``panel.header``'s ``tight``).
    """
    out: list[Block] = []
    for tight in (False, True):
        out = _bands(view, tight)
        if MARGIN * 2 + sum(h + GAP for h, _ in out) - GAP <= WIDTH:
            break
    return out


def _bands(view: GuardiansView, tight: bool) -> list[Block]:
    out: list[Block] = []
    if view.result is not None:  # the banner is the title: the game is over
        out.append(panel.result_banner(view, view.result))
    else:
        title = combat.heading(view.combat) if view.combat else None
        out.append(panel.header(view, title, tight=tight))
    if view.warnings and view.result is None:
        out.append(panel.warning(view))
    room = WIDTH - 2 * MARGIN - sum(h + GAP for h, _ in out)  # left for the rest, at most
    if view.combat is not None:  # under way, or just over (its outcome is shown once)
        out.append(combat_columns(view, room))
        return [b for b in out if b[0] > 0]
    top, bottom = (panel.player_panel(view, s, FULL) for s in panel.seats_top_down(view))
    room -= top[0] + bottom[0] + 2 * GAP
    own_min = panel.private(view, FULL, 0)[0]  # the headings alone, every card in "?"
    field = board.board(view, FULL, room - (own_min + GAP if own_min else 0))
    own = panel.private(view, FULL, room - field[0] - GAP)
    if own_min and own[0] == own_min:  # no card shown: a compact battlefield may make room
        small = board.board(view, FULL, 0)
        more = panel.private(view, FULL, room - small[0] - GAP)
        if more[0] > own_min:
            field, own = small, more
    out += [top, field, bottom, own]
    return [b for b in out if b[0] > 0]


def render(view: GuardiansView) -> Image.Image:
    """Draw a Guardians view (public, private or final) as an RGB image ``WIDTH`` px wide."""
    with stamp.one_picture():
        blocks = bands(view)
        img = Image.new("RGB", (WIDTH, _height(blocks)), FELT)
        draw = ImageDraw.Draw(img)
        y = MARGIN
        for h, paint in blocks:
            paint(img, draw, MARGIN, y)
            y += h + GAP
    return img


def render_indexed(view: GuardiansView) -> Image.Image:
    """The same picture drawn onto ``PALETTE``'s fixed palette (mode "P"), as the PNG holds it.

    The felt is flat, so the canvas starts on the palette; each band is pasted from its stamp
    kept on the palette, or painted in RGB on a strip of its own and mapped (``stamp``). Pixels
    map one by one, so the picture is the RGB one mapped whole.
    """
    with stamp.one_picture():
        blocks = bands(view)
        felt = _felt()
        img = Image.new("P", (WIDTH, _height(blocks)), felt.getpixel((0, 0)))
        img.putpalette(felt.getpalette() or [])
        y = MARGIN
        for block in blocks:
            stamp.onto_palette(img, block, MARGIN, y, FELT)
            y += block[0] + GAP
    return img


def _height(blocks: list[Block]) -> int:
    return MARGIN * 2 + sum(h for h, _ in blocks) + GAP * (len(blocks) - 1)


@lru_cache(maxsize=1)
def _felt() -> Image.Image:
    """One pixel of the felt mapped onto the palette: its index, and the palette."""
    pixel = Image.new("RGB", (1, 1), FELT)
    return pixel.quantize(palette=fixed_palette(PALETTE), dither=Image.Dither.NONE)
