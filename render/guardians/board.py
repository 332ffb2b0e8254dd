"""The 3x4 battlefield: columns L C R, the bottom seat's Strongholds on the bottom row.

Seat 0 is at the bottom for the spectator and for seat 0; seat 1 sees the rows flipped so its
own Strongholds are at the bottom. Columns keep their L-C-R order so space ids read the same in
every image. Each space stacks what is on it: terrain, Stronghold, Shields; a row is as tall
as its fullest space.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.guardians.views import GuardiansView, ShieldView, SpaceView
from engines.text import plural
from render.common import (
    FELT,
    FELT_DARK,
    FELT_LINE,
    GOLD,
    MUTED,
    PANEL,
    RGB,
    TEXT,
    WARN,
    draw_text,
    font,
    pill,
    seat_colour,
)
from render.guardians import stamp
from render.guardians.card import back_block, card_line
from render.guardians.style import (
    BODY,
    GAP,
    MARGIN,
    RUBBLE,
    SHIELD_BG,
    SMALL,
    STONE,
    STONE_EDGE,
    TERRAIN,
    TERRAIN_NAMES,
    WIDTH,
    Block,
    bottom_seat,
    facts_block,
    ink_on,
    pill_width,
    stack,
    tag,
    text_block,
)

FULL = WIDTH - 2 * MARGIN
CELL_W = (FULL - 2 * GAP) // 3
INNER = CELL_W - 12
HEAD_H = 32
BOX_PAD = 6


def row_order(view: GuardiansView) -> list[int]:
    """Board rows from the top of the image down."""
    return [3, 2, 1, 0] if bottom_seat(view) == 0 else [0, 1, 2, 3]


def _boxed(
    inner: Block, fill: RGB, outline: RGB, *, stripe: RGB | None = None, width: int = 2
) -> Block:
    """``inner`` in a rounded box (with an optional owner stripe on the left)."""
    h, paint_inner = inner
    left = BOX_PAD + (8 if stripe else 0)
    height = h + 2 * BOX_PAD

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        draw.rounded_rectangle(
            (x, y, x + INNER - 1, y + height - 1), radius=8, fill=fill, outline=outline, width=width
        )
        if stripe:
            draw.rounded_rectangle((x + 3, y + 3, x + 10, y + height - 4), radius=3, fill=stripe)
        paint_inner(img, draw, x + left, y + BOX_PAD)

    return height, paint


def terrain_block(space: SpaceView) -> Block:
    """The terrain card on a space: coloured by type, or a back marked with its owner."""
    terrain = space.terrain
    if terrain is None:
        if space.kind == "stronghold":
            return 0, lambda *_: None
        return text_block("no terrain", SMALL, INNER, MUTED)
    if terrain.face_down:
        label = ["face-down terrain", tag(terrain.owner)]
        if terrain.name:
            label.append(terrain.name)
        return back_block(INNER, label, SMALL + 20)
    kind = terrain.type or ""
    colour = TERRAIN.get(kind, STONE)
    ink = ink_on(colour)
    type_name = TERRAIN_NAMES.get(kind, kind)
    name = terrain.name or type_name
    owner, room = tag(terrain.owner), INNER - 2 * BOX_PAD
    if name == type_name:  # "Woods · P1" on one line
        return _boxed(facts_block([name, owner], SMALL, room, ink, bold=True), colour, colour)
    body = stack(
        [
            text_block(name, SMALL, room, ink, bold=True),
            text_block(f"{type_name} · {owner}", SMALL, room, ink),
        ],
        gap=0,
    )
    return _boxed(body, colour, colour)


def stronghold_block(space: SpaceView) -> Block:
    """A Stronghold: name, defence, upgrade, counts on and under, the owner's own cards; RUBBLE."""
    sh = space.stronghold
    if sh is None:
        return 0, lambda *_: None
    room = INNER - 2 * BOX_PAD
    if sh.rubbled:
        body = stack(
            [
                text_block("✖ RUBBLE", BODY, room, TEXT, bold=True),
                text_block(sh.name or "Stronghold", SMALL, room, TEXT),
                text_block("no bonus, holds nothing", SMALL, room, TEXT),
            ],
            gap=2,
        )
        return _boxed(body, RUBBLE, TEXT, width=3)
    colour = seat_colour(sh.owner)
    facts = [f"defence +{sh.defence}"]
    facts += [f"{where} {count}" for where, count in (("on", sh.on), ("under", sh.under)) if count]
    parts = [
        text_block(sh.name or "Stronghold", SMALL, room, colour, bold=True),
        facts_block(facts, SMALL, room, TEXT),
    ]
    if sh.upgrade:
        parts.append(text_block(f"upgrade: {sh.upgrade}", SMALL, room, GOLD))
    for label, cards in (("on", sh.cards_on), ("under", sh.cards_under)):
        if cards:
            listed = ", ".join(card_line(c) for c in cards)
            parts.append(text_block(f"{label}: {listed}", SMALL, room, MUTED))
    return _boxed(stack(parts, gap=2), STONE, STONE_EDGE)


def facing_arrow(view: GuardiansView, shield: ShieldView) -> str:
    """▲ or ▼: the way the Shield faces on screen (unturned faces its owner, turned away)."""
    owner_at_bottom = shield.owner == bottom_seat(view)
    toward_owner = not shield.turned
    return "▼" if owner_at_bottom == toward_owner else "▲"


def shield_block(view: GuardiansView, shield: ShieldView) -> Block:
    """One Shield: owner colour, name, facing, counts, and the cards the viewer may see."""
    colour = seat_colour(shield.owner)
    room = INNER - 2 * BOX_PAD - 8
    turned = shield.turned
    name = f"{facing_arrow(view, shield)} {shield.name or 'Shield'}"
    count = plural(shield.count, "creature")
    facts = [tag(shield.owner), *(["TURNED"] if turned else []), count]  # unturned: no mark
    if shield.points is not None:
        facts.append(f"{shield.points}/30 pts")
    parts = [
        text_block(name, SMALL, room, colour, bold=True),
        facts_block(facts, SMALL, room, WARN if turned else TEXT),
    ]
    if shield.standard_bearer:
        parts.append(text_block("Standard Bearer", SMALL, room, GOLD))
    if shield.revealed:
        parts.append(text_block("revealed (flew)", SMALL, room, GOLD))
    for c in shield.cards or []:
        parts.append(text_block(f"• {card_line(c)}", SMALL, room, MUTED))
    outline = GOLD if turned else STONE_EDGE
    return _boxed(stack(parts, gap=2), SHIELD_BG, outline, stripe=colour, width=3 if turned else 2)


def cell_fill(space: SpaceView) -> RGB:
    """The background of a space: Stronghold spaces are lighter."""
    return PANEL if space.kind == "stronghold" else FELT_DARK


def cell_blocks(view: GuardiansView, space: SpaceView) -> Block:
    """Everything on one space, top-down (without the header line), each part a stamp."""
    fill = cell_fill(space)
    terrain = stamp.key_of("terrain", space.terrain, space.kind)
    parts = [
        stamp.cached(terrain, INNER, terrain_block(space), fill),
        stamp.cached(stamp.key_of("hold", space.stronghold), INNER, stronghold_block(space), fill),
    ]
    bottom = bottom_seat(view)
    parts += [
        stamp.cached(stamp.key_of("shield", s, bottom), INNER, shield_block(view, s), fill)
        for s in space.shields
    ]
    return stack(parts, gap=4)


def header(space: SpaceView, fighting: bool) -> Block:
    """The space id (⚔ where the combat is) and who holds it, inside the cell's frame."""
    width = CELL_W - 22  # clear of the rounded corners of the frame

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        label = space.id + (" ⚔" if fighting else "")
        draw_text(draw, (x + 2, y + 2), label, font(BODY, bold=True), GOLD if fighting else TEXT)
        controller = space.controller
        if controller is not None:
            label = f"held by {tag(controller)}"
            w = pill_width(label, SMALL)
            fill = seat_colour(controller)
            pill(
                draw,
                (x + width - 1 - w, y),
                label,
                font(SMALL, bold=True),
                fill=fill,
                text_fill=ink_on(fill),
                pad=(10, 2),
            )

    key = stamp.key_of("header", space.id, space.controller, fighting)
    return stamp.cached(key, width, (HEAD_H - 4, paint), cell_fill(space))


def board(view: GuardiansView) -> Block:
    """The battlefield block, full width (laid out only if it is not kept as a stamp)."""
    combat = view.combat
    fighting = combat.space if combat is not None and combat.step != "over" else None
    key = stamp.key_of("board", view.spaces, bottom_seat(view), fighting)
    return stamp.lazy(key, FULL, lambda: _board(view, fighting), FELT)


def _board(view: GuardiansView, fighting: str | None) -> Block:
    by_pos = {(s.row, s.col): s for s in view.spaces}
    rows = []
    for r in row_order(view):
        cells = [
            (by_pos[(r, c)], cell_blocks(view, by_pos[(r, c)]))
            for c in range(3)
            if (r, c) in by_pos
        ]
        h = HEAD_H + max((b[0] for _, b in cells), default=0) + 8
        rows.append((cells, h))
    height = sum(h for _, h in rows) + GAP * (len(rows) - 1)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        for cells, h in rows:
            for space, contents in cells:
                cx = x + space.col * (CELL_W + GAP)
                here = space.id == fighting
                key = stamp.key_of("cell", space, bottom_seat(view), here, h)
                block = cell(space, contents, h, fighting=here)
                stamp.cached(key, CELL_W, block, FELT)[1](img, draw, cx, y)
            y += h + GAP

    return height, paint


def cell(space: SpaceView, contents: Block, height: int, *, fighting: bool = False) -> Block:
    """One space of the board: its frame, header line and contents."""

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        controller = space.controller
        outline = seat_colour(controller) if controller is not None else FELT_LINE
        draw.rounded_rectangle(
            (x, y, x + CELL_W - 1, y + height - 1),
            radius=12,
            fill=cell_fill(space),
            outline=GOLD if fighting else outline,
            width=4 if fighting or controller is not None else 2,
        )
        header(space, fighting)[1](img, draw, x + 10, y + 4)
        contents[1](img, draw, x + 6, y + HEAD_H)

    return height, paint
