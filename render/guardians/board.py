"""The 3x4 battlefield: columns L C R, the bottom seat's Strongholds on the bottom row.

Seat 0 is at the bottom for the spectator and for seat 0; seat 1 sees the rows flipped so its
own Strongholds are at the bottom. Columns keep their L-C-R order so space ids read the same in
every image. Each space stacks what is on it: terrain, Stronghold, Shields, and is as tall as
that: a column is its four spaces one under the other (rows need not line up). The cards
under a Shield or on a Stronghold are counted, not listed (the owner's "?" lists them), except
a Shield's cards revealed to everyone. During a combat the battlefield is drawn small
(``mini_board``): who holds each space and whose Shields stand there.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.guardians.views import GuardiansView, ShieldView, SpaceView
from engines.text import plural
from render.common import (
    BAD,
    FELT,
    FELT_DARK,
    FELT_LINE,
    GOLD,
    GOOD,
    MUTED,
    PANEL,
    RGB,
    TEXT,
    WARN,
    draw_text,
    font,
    pill,
    seat_colour,
    text_width,
)
from render.guardians import stamp
from render.guardians.card import back_block, card_line
from render.guardians.style import (
    BODY,
    GAP,
    RUBBLE,
    SHIELD_BG,
    SMALL,
    STONE,
    STONE_EDGE,
    TERRAIN,
    TERRAIN_NAMES,
    Block,
    bottom_seat,
    facts_block,
    ink_on,
    pill_width,
    px,
    stack,
    tag,
    text_block,
)

HEAD_H = BODY + px(8)
REACH = GOOD  # the frame of a space the viewer's moving Shield may go to
BOX_PAD = px(4)
CELL_PAD = px(4)  # px between a space's frame and what is on it
COMPACT = (1, 2, 3)  # Shields as name and count, terrain without type; revealed counted; upgrades
MINI_H = SMALL + px(18)  # a space of the small battlefield: its id and its Shields


def cell_width(width: int) -> int:
    """The width of a space on a battlefield ``width`` px wide."""
    return (width - 2 * GAP) // 3


def row_order(view: GuardiansView) -> list[int]:
    """Board rows from the top of the image down."""
    return [3, 2, 1, 0] if bottom_seat(view) == 0 else [0, 1, 2, 3]


def _boxed(
    inner: Block,
    fill: RGB,
    outline: RGB,
    box_w: int,
    *,
    stripe: RGB | None = None,
    width: int = px(2),
) -> Block:
    """``inner`` in a rounded box ``box_w`` wide (with an optional owner stripe on the left)."""
    h, paint_inner = inner
    left = BOX_PAD + (px(8) if stripe else 0)
    height = h + 2 * BOX_PAD

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        draw.rounded_rectangle(
            (x, y, x + box_w - 1, y + height - 1),
            radius=px(8),
            fill=fill,
            outline=outline,
            width=width,
        )
        if stripe:
            draw.rounded_rectangle(
                (x + px(3), y + px(3), x + px(10), y + height - px(4)), radius=px(3), fill=stripe
            )
        paint_inner(img, draw, x + left, y + BOX_PAD)

    return height, paint


def _plain(words: str) -> str:
    return words.replace("&", "and").lower()


def terrain_block(space: SpaceView, inner: int, compact: int = 0) -> Block:
    """The terrain card on a space: coloured by type, or a back marked with its owner.

    A face-up card names its owner ("P2's card": its bonus is theirs) only where someone else
    holds the space (the frame and the header's pill say the holder). ``compact``: a named
    card without its type (its colour).
    """
    terrain = space.terrain
    if terrain is None:
        if space.kind == "stronghold":
            return 0, lambda *_: None
        if header_note(space, inner + 2 * CELL_PAD):  # "no terrain" is on the header line
            return 0, lambda *_: None
        return text_block("no terrain", SMALL, inner, MUTED)
    if terrain.face_down:
        label = ["face-down terrain", tag(terrain.owner)]
        if terrain.name and "face-down" not in terrain.name:  # its owner knows which
            label.append(terrain.name)
        return back_block(inner, label, SMALL + px(16))
    kind = terrain.type or ""
    colour = TERRAIN.get(kind, STONE)
    type_name = TERRAIN_NAMES.get(kind, kind)
    name = terrain.name or type_name
    mark = f"{tag(terrain.owner)}'s card"  # not its holder, whom the header's pill names
    facts = [name] + ([mark] if terrain.owner != space.controller else [])
    if not compact and _plain(type_name) not in _plain(name):
        facts.insert(1, type_name)  # a named terrain card whose name does not say its type
    room = inner - 2 * BOX_PAD
    return _boxed(facts_block(facts, SMALL, room, ink_on(colour), bold=True), colour, colour, inner)


def stronghold_block(space: SpaceView, inner: int, compact: int = 0) -> Block:
    """A Stronghold: its defence and cards on and under (unless on the header line), upgrade.

    ``compact`` 3: without the upgrade (the alt text names it).
    """
    sh = space.stronghold
    if sh is None:
        return 0, lambda *_: None
    room = inner - 2 * BOX_PAD
    if sh.rubbled:
        if header_note(space, inner + 2 * CELL_PAD):  # on the header line
            return 0, lambda *_: None
        return _boxed(text_block("✖ RUBBLE", SMALL, room, TEXT, bold=True), RUBBLE, TEXT, inner)
    note = header_note(space, inner + 2 * CELL_PAD) or ""
    facts = [f for f in [f"def +{sh.defence}", *_counts(space)] if f not in note.split(" · ")]
    parts = [facts_block(facts, SMALL, inner, seat_colour(sh.owner))] if facts else []
    if sh.upgrade and compact < 3:
        parts.append(text_block(sh.upgrade, SMALL, inner, GOLD))
    height, paint = stack(parts, gap=0)
    return (height + px(3) if height else 0), paint  # room for descenders below the last line


def facing_arrow(view: GuardiansView, shield: ShieldView) -> str:
    """▲ or ▼: the way the Shield faces on screen (unturned faces its owner, turned away)."""
    owner_at_bottom = shield.owner == bottom_seat(view)
    toward_owner = not shield.turned
    return "▼" if owner_at_bottom == toward_owner else "▲"


def shield_block(view: GuardiansView, shield: ShieldView, inner: int, compact: int = 0) -> Block:
    """One Shield: owner colour, name, facing, creatures (×3), and cards revealed to all.

    ``compact``: its name and count only (a crowded column); at 2, its revealed cards counted
    (the alt text names them).
    """
    colour = seat_colour(shield.owner)
    room = inner - 2 * BOX_PAD - px(8)
    turned = shield.turned
    name = f"{facing_arrow(view, shield)} {shield.name or 'Shield'}"
    facts = [*(["TURNED"] if turned else []), f"×{shield.count}"]  # owner: stripe and colour
    if shield.points is not None:
        facts.append(f"{shield.points}/30 pts")
    if shield.standard_bearer and "Standard Bearer" not in shield.name:
        facts.append("Standard Bearer")
    parts = [
        text_block(name, SMALL, room, colour, bold=True),
        facts_block(facts, SMALL, room, WARN if turned else TEXT),
    ]
    if compact:  # the count only: the gold frame and the arrow say it is turned
        parts = [text_block(f"{name} ×{shield.count}", SMALL, room, colour)]
    if shield.revealed and compact >= 2:
        flown = f"{plural(len(shield.cards or []), 'card')} revealed"  # it flew
        parts.append(text_block(flown, SMALL, room, GOLD))
    elif shield.revealed:
        parts.append(text_block("revealed (flew)", SMALL, room, GOLD))
        for c in shield.cards or []:
            parts.append(text_block(f"• {card_line(c)}", SMALL, room, MUTED))
    outline = GOLD if turned else STONE_EDGE
    return _boxed(
        stack(parts, gap=px(2)),
        SHIELD_BG,
        outline,
        inner,
        stripe=colour,
        width=px(3) if turned else px(2),
    )


def cell_fill(space: SpaceView) -> RGB:
    """The background of a space: Stronghold spaces are lighter."""
    return PANEL if space.kind == "stronghold" else FELT_DARK


def cell_blocks(view: GuardiansView, space: SpaceView, inner: int, compact: int = 0) -> Block:
    """Everything on one space, top-down (without the header line), each part a stamp."""
    fill = cell_fill(space)
    terrain = stamp.key_of("terrain", space.terrain, space.kind, space.controller, compact)
    hold = stamp.key_of("hold", space.stronghold, space.id, space.controller, compact >= 3)
    parts = [
        stamp.cached(terrain, inner, terrain_block(space, inner, compact), fill),
        stamp.cached(hold, inner, stronghold_block(space, inner, compact), fill),
    ]
    bottom = bottom_seat(view)
    parts += [
        stamp.cached(
            stamp.key_of("shield", s, bottom, compact),
            inner,
            shield_block(view, s, inner, compact),
            fill,
        )
        for s in space.shields
    ]
    return stack(parts, gap=px(3))


def header_notes(space: SpaceView) -> list[str]:
    """The notes the header line may carry after the id, longest first.

    A Stronghold's defence with its counts, then the defence alone; "✖ RUBBLE"; "no terrain".
    """
    sh = space.stronghold
    if sh is not None:
        if sh.rubbled:
            return ["✖ RUBBLE"]
        defence = f"def +{sh.defence}"
        counts = _counts(space)
        return [" · ".join([defence, *counts]), defence] if counts else [defence]
    return ["no terrain"] if space.terrain is None else []


def _counts(space: SpaceView) -> list[str]:
    """A Stronghold's cards, counted: "on 1", "under 2", "reserve 1"."""
    sh = space.stronghold
    if sh is None:
        return []
    counts = (("on", sh.on), ("under", sh.under), ("reserve", sh.reserve))
    return [f"{where} {count}" for where, count in counts if count]


def _note_colour(space: SpaceView) -> RGB:
    sh = space.stronghold
    if sh is None:
        return MUTED
    return BAD if sh.rubbled else seat_colour(sh.owner)


def _held(space: SpaceView, room: int) -> str:
    """The holder's pill: "held by P1", or "P1" where that does not fit.

    None on a Stronghold space its owner holds (the note is in the owner's colour).
    """
    sh = space.stronghold
    if space.controller is None or (sh is not None and sh.owner == space.controller):
        return ""
    held = f"held by {tag(space.controller)}"
    return held if pill_width(held, SMALL) <= room else tag(space.controller)


def _header_layout(space: SpaceView, cell_w: int) -> tuple[str, str | None]:
    """(holder pill, the longest note that fits on the line, if any) of a space's header."""
    width = cell_w - px(22)  # clear of the rounded corners of the frame
    room = width - text_width(space.id, font(BODY, bold=True)) - px(12)
    for note in header_notes(space):
        note_w = text_width(note, font(SMALL)) + px(12)
        held = _held(space, room - note_w)
        if note_w + (pill_width(held, SMALL) if held else 0) <= room:
            return held, note
    return _held(space, room), None


def header_note(space: SpaceView, cell_w: int) -> str | None:
    """The note on the space's header line (defence and counts, "no terrain"), if it fits."""
    return _header_layout(space, cell_w)[1]


def header(space: SpaceView, fighting: bool, cell_w: int) -> Block:
    """The space id (⚔ where the combat is), its note when it fits, who holds the space."""
    width = cell_w - px(22)
    held, note = _header_layout(space, cell_w)
    label = space.id + (" ⚔" if fighting else "")
    note_fill = _note_colour(space)

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        draw_text(
            draw, (x + px(2), y + px(2)), label, font(BODY, bold=True), GOLD if fighting else TEXT
        )
        if note is not None:
            dx = x + px(12) + text_width(label, font(BODY, bold=True))
            draw.text((dx, y + px(4)), note, font=font(SMALL), fill=note_fill)
        controller = space.controller
        if held and controller is not None:
            w = pill_width(held, SMALL)
            fill = seat_colour(controller)
            pill(
                draw,
                (x + width - 1 - w, y),
                held,
                font(SMALL, bold=True),
                fill=fill,
                text_fill=ink_on(fill),
                pad=(px(10), px(1)),  # as tall as the line (HEAD_H), as at 1000 px
            )

    key = stamp.key_of("header", space.id, space.controller, fighting, note, held)
    return stamp.cached(key, width, (HEAD_H - px(4), paint), cell_fill(space))


def fighting_space(view: GuardiansView) -> str | None:
    """The id of the space where a combat is under way."""
    combat = view.combat
    return combat.space if combat is not None and combat.step != "over" else None


def board(view: GuardiansView, width: int, room: int | None = None) -> Block:
    """The battlefield block, ``width`` px wide (laid out only if it is not kept as a stamp).

    Taller than ``room``, it is drawn more compact, level by level (``COMPACT``).
    """
    fighting = fighting_space(view)
    block = _stamped(view, fighting, width, compact=0)
    for compact in COMPACT:
        if room is None or block[0] <= room:
            break
        block = _stamped(view, fighting, width, compact)
    return block


def _stamped(view: GuardiansView, fighting: str | None, width: int, compact: int) -> Block:
    key = stamp.key_of("board", view.spaces, bottom_seat(view), fighting, view.reach, compact)
    return stamp.lazy(key, width, lambda: _board(view, fighting, width, compact), FELT)


def _board(view: GuardiansView, fighting: str | None, width: int, compact: int) -> Block:
    """Each column L, C, R a stack of its spaces, each space as tall as what is on it."""
    cell_w = cell_width(width)
    inner = cell_w - 2 * CELL_PAD
    by_pos = {(s.row, s.col): s for s in view.spaces}
    columns: list[list[tuple[SpaceView, Block, int]]] = []
    for c in range(3):
        column = []
        for r in row_order(view):
            if (r, c) in by_pos:
                contents = cell_blocks(view, by_pos[(r, c)], inner, compact)
                column.append((by_pos[(r, c)], contents, HEAD_H + contents[0] + px(8)))
        columns.append(column)
    height = max(sum(h + GAP for _, _, h in column) - GAP for column in columns)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        for c, column in enumerate(columns):
            cy = y
            for space, contents, h in column:
                here, goes = space.id == fighting, space.id in view.reach
                key = stamp.key_of("cell", space, bottom_seat(view), here, goes, h, compact)
                block = cell(space, contents, h, cell_w, fighting=here, reach=goes)
                stamp.cached(key, cell_w, block, FELT)[1](img, draw, x + c * (cell_w + GAP), cy)
                cy += h + GAP

    return height, stamp.Pasted(paint)  # every space is a stamp


def cell(
    space: SpaceView,
    contents: Block,
    height: int,
    cell_w: int,
    *,
    fighting: bool = False,
    reach: bool = False,
) -> Block:
    """One space of the board: its frame, header line and contents.

    The frame is gold where a combat is under way, green (``REACH``) where the viewer's moving
    Shield may go, else its controller's colour.
    """

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        controller = space.controller
        outline = seat_colour(controller) if controller is not None else FELT_LINE
        outline = GOLD if fighting else REACH if reach else outline
        draw.rounded_rectangle(
            (x, y, x + cell_w - 1, y + height - 1),
            radius=px(8),  # the corners stay clear of what is on the space (CELL_PAD)
            fill=cell_fill(space),
            outline=outline,
            width=px(4) if fighting or reach or controller is not None else px(2),
        )
        header(space, fighting, cell_w)[1](img, draw, x + px(10), y + px(4))
        contents[1](img, draw, x + CELL_PAD, y + HEAD_H)

    return height, paint


def mini_cell(view: GuardiansView, space: SpaceView, cell_w: int, fighting: bool) -> Block:
    """A space of the small battlefield: its id in its holder's colour, a mark per Shield."""
    controller = space.controller
    colour = seat_colour(controller) if controller is not None else FELT_LINE
    fnt = font(SMALL, bold=True)
    marks = [
        (f"{facing_arrow(view, s)}{tag(s.owner)}", seat_colour(s.owner)) for s in space.shields
    ]
    room = cell_w - px(16) - text_width(space.id, fnt)
    if sum(text_width(m, fnt) + px(4) for m, _ in marks) > room:  # too many: count by owner
        owners = sorted({s.owner for s in space.shields})
        count = [sum(s.owner == o for s in space.shields) for o in owners]
        marks = [
            (tag(o) + (f"×{n}" if n > 1 else ""), seat_colour(o))
            for o, n in zip(owners, count, strict=True)
        ]
    if sum(text_width(m, fnt) + px(4) for m, _ in marks) > room:  # still too many: just how many
        marks = [(f"×{len(space.shields)}", TEXT)]

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        draw.rounded_rectangle(
            (x, y, x + cell_w - 1, y + MINI_H - 1),
            radius=px(8),
            fill=cell_fill(space),
            outline=GOLD if fighting else colour,
            width=px(4) if fighting or controller is not None else px(2),
        )
        ty = y + (MINI_H - SMALL) // 2 - px(2)
        ink = TEXT if controller is None else colour
        draw.text((x + px(8), ty), space.id, font=fnt, fill=GOLD if fighting else ink)
        mx = x + px(12) + text_width(space.id, fnt)
        for label, mark in marks:
            draw.text((mx, ty), label, font=fnt, fill=mark)
            mx += text_width(label, fnt) + px(4)

    key = stamp.key_of("mini", space.id, controller, marks, fighting, cell_w)
    return stamp.cached(key, cell_w, (MINI_H, paint), FELT)


def mini_board(view: GuardiansView, width: int) -> Block:
    """The battlefield drawn small beside a combat: holders and Shields, no cards."""
    cell_w = cell_width(width)
    fighting = fighting_space(view)
    by_pos = {(s.row, s.col): s for s in view.spaces}
    rows = [[by_pos[(r, c)] for c in range(3) if (r, c) in by_pos] for r in row_order(view)]
    title_h, title = text_block("Battlefield", SMALL, width, MUTED, bold=True)
    height = title_h + len(rows) * (MINI_H + GAP) - GAP

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        title(img, draw, x, y)
        y += title_h
        for row in rows:
            for space in row:
                cx = x + space.col * (cell_w + GAP)
                mini_cell(view, space, cell_w, space.id == fighting)[1](img, draw, cx, y)
            y += MINI_H + GAP

    return height, paint
