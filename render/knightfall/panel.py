"""The information column of the Knightfall table: the two players, the round, the piles.

Every text is at least ``PX`` (22 px in the 800 px table, 9 px on a phone). Each seat's
block holds its own facts: counts, state, its coin, card and result in the last battle and the
powers it used, so no name is repeated; the middle holds the round, the engine's status and the
piles (the battle's outcome in words is in the message's log and the alt text). Every function
takes the y to start at and returns the y below what it drew; nothing is cut: names and
sentences wrap.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from engines.knightfall.views import BattleView, ResultView
from engines.text import plural
from render.common import (
    BAD,
    CARD_BLACK,
    FELT,
    GOLD,
    GOOD,
    MUTED,
    RGB,
    WARN,
    Box,
    draw_lines,
    draw_text,
    font,
    font_px,
    glow,
    panel,
    seat_colour,
    text_width,
    tiles,
    wrap,
)
from render.common.cards import card_back, card_face, empty_slot, index_width
from render.knightfall import flow
from render.knightfall import text as kt
from render.knightfall.camp import CARD, LINE, PX, RIGHT, paste, px
from render.knightfall.flow import Item
from render.knightfall.text import View

DEFEND: RGB = (110, 170, 255)
BANNER_EDGE: RGB = (255, 240, 180)
# The least overlap that still shows a whole "10♥" corner index (rank, suit, inset, air).
FAN_STEP = px(4) + index_width(CARD, text_px=PX) + px(6)
COLOURS: tuple[RGB, ...] = (DEFEND, BANNER_EDGE)

NAME, TITLE, BANNER = px(34), px(34), px(40)  # text sizes in px; everything else is PX
PAD = px(16)  # inside a player block
ROOM = RIGHT[1] - RIGHT[0] - 2 * PAD  # text width inside a player block


LOST = Item("lost", MUTED, "pill")


def _state_pill(view: View, seat: int) -> Item | None:
    if view.result is not None:
        return Item("★ WINNER", GOLD, "pill") if seat in view.result.winners else None
    if seat in view.waiting_for:
        return Item("▶ to play", WARN, "pill")
    if view.players[seat].ready:
        return Item("✓ ready", GOOD, "pill")
    return None


def _name_layout(view: View, seat: int) -> tuple[list[str], ImageFont.FreeTypeFont, bool]:
    """The name's lines, their font, and whether the state pill sits beside the name.

    The name takes one line whenever a size from ``NAME`` down to ``PX`` fits it, beside the
    pill if it can (else the pill joins the counts); the viewer's has "(you)" when that fits
    too (the bottom block of a DM is always the viewer's). Only a name too long for the whole
    width at ``PX`` wraps.
    """
    name = kt.seat_name(view, seat)
    names = [f"{name} (you)", name] if seat == view.viewer else [name]
    state = _state_pill(view, seat)
    rooms = [(ROOM - flow.width(state) - flow.GAP, True)] if state else []
    for room, beside in [*rooms, (ROOM, False)]:
        for text in names:
            for size in range(NAME, PX - 1, -1):
                if text_width(text, font(size, bold=True)) <= room:
                    return [text], font(size, bold=True), beside
    return wrap(name, font(PX, bold=True), ROOM), font(PX, bold=True), False


def _groups(view: View, seat: int, pill_beside_name: bool) -> list[list[Item]]:
    """The seat's facts as flow groups: counts and state, last battle, each power used."""
    player = view.players[seat]
    hidden = any(s is not None and s.card is None for s in player.slots.values())
    power = player.visible_power
    if view.result is not None:
        power_text = f"total power {power}"
    else:
        power_text = f"power {power} shown" if hidden else f"power {power}"
    counts = f"{plural(player.troop_size, 'card')} · {player.strong_count} strong ·"
    groups = [[Item(counts), Item(power_text)]]
    state = _state_pill(view, seat)
    if state and not pill_beside_name:
        groups[0].append(state)
    if view.last_battle is not None:
        groups.append(_battle_row(view.last_battle, seat))
    for used in view.powers:
        if used.seat != seat:
            continue
        what = used.power.title()
        if used.target:
            what += f" → {used.target}"
        elif used.power == "mage":
            what += " ⟲ battle"
        groups.append([Item(what, seat_colour(seat), bold=True), *map(flow.chip, used.paid)])
    return groups


def _battle_row(battle: BattleView, seat: int) -> list[Item]:
    """The seat's coin, card and result in the last battle (the middle says no more)."""
    coin = battle.coins.get(str(seat))
    fought = battle.cards.get(str(seat))
    row = []
    if coin:
        word = ("⚔ " if coin == "attack" else "") + kt.coin_word(coin)
        row.append(Item(word, BAD if coin == "attack" else DEFEND, "pill"))
    if fought is not None:
        row += [flow.chip(fought.card), Item(f"{fought.slot} · power {fought.power}")]
        if battle.winner is None:
            row.append(Item("tie", MUTED, "pill"))
        else:
            row.append(Item("won", GOOD, "pill") if battle.winner == seat else LOST)
    return row


def _choice_lines(view: View) -> list[str]:
    bits = kt.secret_choice(view)
    if not bits:
        return []
    return wrap(f"Your choice: {bits} (hidden)", font(PX, bold=True), ROOM)


@dataclass(frozen=True)
class Block:
    """A seat's block laid out: everything it draws from, so also the key of its tile."""

    seat: int
    name: tuple[str, ...]
    name_px: int  # bold
    pill: Item | None  # the state pill beside the name (else it is among the facts)
    rows: tuple[tuple[Item, ...], ...]
    drawn: tuple[tuple[str, str], ...]  # the viewer's drawn cards: rank, suit
    choice: tuple[str, ...]  # the viewer's hidden choices
    height: int


def block(view: View, seat: int) -> Block:
    """The block of ``seat`` in ``view`` (the viewer's own holds its private facts too)."""
    lines, name_font, beside = _name_layout(view, seat)
    rows = flow.layout(_groups(view, seat, beside), ROOM)
    you = view.you
    own = you is not None and seat == you.seat
    drawn = tuple((c.rank, c.suit) for c in you.drawn) if own and you else ()
    choice = tuple(_choice_lines(view)) if own else ()
    # Its name, its facts, and the viewer's private ones.
    h = px(12) + len(lines) * (font_px(name_font) + px(6)) + px(4)
    h += flow.height(rows) + px(12) + (CARD[1] + px(12) if drawn else 0)
    h += len(choice) * (PX + px(6))
    return Block(
        seat=seat,
        name=tuple(lines),
        name_px=font_px(name_font),
        pill=_state_pill(view, seat) if beside else None,
        rows=tuple(map(tuple, rows)),
        drawn=drawn,
        choice=choice,
        height=h,
    )


def player_block(img: Image.Image, draw: ImageDraw.ImageDraw, part: Block, y: int) -> int:
    """One seat's block from ``y`` (painted once per look, then pasted); returns its bottom."""
    box = (RIGHT[0], y, RIGHT[1], y + part.height)
    tiles.draw_tiled(img, draw, box, part, FELT, lambda im, dr, b: _paint_block(im, dr, part, b))
    return y + part.height


def _paint_block(img: Image.Image, draw: ImageDraw.ImageDraw, part: Block, box: Box) -> None:
    x0, y, x1, _ = box
    colour = seat_colour(part.seat)
    panel(draw, box, outline=colour, width=LINE, radius=px(14))
    name_font = font(part.name_px, bold=True)
    ty = draw_lines(draw, (x0 + PAD, y + px(12)), part.name, name_font, colour, spacing=px(6))
    if part.pill is not None:
        w = flow.width(part.pill)
        mid = y + px(12) + part.name_px // 2
        flow.draw_rows(draw, [[part.pill]], x1 - PAD - w, mid - flow.ROW // 2 + px(2))
    ty = flow.draw_rows(draw, part.rows, x0 + PAD, ty + px(4))
    _private(img, draw, part, (x0, x1), ty + px(8))


def _private(
    img: Image.Image, draw: ImageDraw.ImageDraw, part: Block, xs: tuple[int, int], y: int
) -> None:
    """The viewer's drawn cards (highlighted) and hidden choices."""
    x0, x1 = xs
    x = x0 + PAD
    if part.drawn:
        label = font(PX, bold=True)
        draw_text(draw, (x, y + CARD[1] // 2), "You drew", label, GOLD, anchor="lm")
        cx = x + text_width("You drew", label) + px(16)
        step = min(CARD[0] + px(14), (x1 - px(20) - cx - CARD[0]) // max(1, len(part.drawn) - 1))
        for i, (rank, suit) in enumerate(part.drawn):
            cx_i = cx + i * step
            top = y + px(4)
            glow(draw, (cx_i, top, cx_i + CARD[0], top + CARD[1]), width=px(4), radius=px(12))
            paste(img, card_face(rank, suit, CARD, text_px=PX), (cx_i, top))
        y += CARD[1] + px(12)
    draw_lines(draw, (x, y), part.choice, font(PX, bold=True), GOLD, spacing=px(6))


def header(img: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """Round and stage, then the engine's status line (and the round of the battle shown)."""
    x0, x1 = RIGHT
    title = f"Round {view.round} · {kt.stage_title(view)}"
    big = font(TITLE, bold=True)
    titles = tuple(wrap(title, big, x1 - x0 - px(8)))
    text = kt.status_line(view)
    battle = view.last_battle
    if battle is not None and battle.round != view.round:
        # The players' blocks still show that battle and its powers: say which round it was.
        text = f"{text.rstrip('.')}. The battle shown is from round {battle.round}."
    lines = tuple(wrap(text, font(PX), x1 - x0 - px(8)))
    bottom = y + len(titles) * (TITLE + px(4)) + px(2) + len(lines) * (PX + px(4))

    def paint(_img: Image.Image, d: ImageDraw.ImageDraw, box: Box) -> None:
        ty = draw_lines(d, (box[0] + px(4), box[1]), titles, big, spacing=px(4))
        draw_lines(d, (box[0] + px(4), ty + px(2)), lines, font(PX), MUTED, spacing=px(4))

    # The box runs on to where the piles start: a last line's descenders stay in it.
    box = (x0, y, x1, bottom + px(8) - 1)
    tiles.draw_tiled(img, draw, box, ("knightfall header", titles, lines), FELT, paint)
    return bottom


def result_banner(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: View, result: ResultView, y: int
) -> int:
    """A gold banner: who won and the engine's summary."""
    x0, x1 = RIGHT
    winners = result.winners
    title = f"{kt.seat_name(view, winners[0])} wins!" if len(winners) == 1 else "Draw!"
    summary = kt.named(view, result.summary)
    room = x1 - x0 - 2 * PAD
    # Each seat's total power is in its own block ("total power 50"), beside its name.
    blocks = (
        (tuple(wrap(title, font(BANNER, bold=True), room)), BANNER, True),
        (tuple(wrap(summary, font(PX), room)), PX, False),
    )
    h = px(20) + sum(len(lines) * (size + px(6)) + px(6) for lines, size, _ in blocks)

    def paint(_img: Image.Image, d: ImageDraw.ImageDraw, box: Box) -> None:
        panel(d, box, fill=GOLD, outline=BANNER_EDGE, width=LINE, radius=px(14))
        ty = box[1] + px(10)
        for lines, size, bold in blocks:
            fnt = font(size, bold=bold)
            ty = draw_lines(d, (box[0] + PAD, ty), lines, fnt, CARD_BLACK, spacing=px(6)) + px(6)

    tiles.draw_tiled(img, draw, (x0, y, x1, y + h), ("knightfall banner", blocks), FELT, paint)
    return y + h


def piles(img: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """The deck (a back showing the count) and the discard pile fanned, newest on top."""
    x0, x1 = RIGHT
    dx = x0 + CARD[0] + px(40)
    # Spread the fan over the room available, never so tight that "10♥" is covered.
    room = x1 - px(4) - dx - CARD[0]
    pile = view.discard[-(room // FAN_STEP + 1) :]
    shown = tuple((c.rank, c.suit) for c in pile)
    top = y + PX + px(8)

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, box: Box) -> None:
        _paint_piles(im, d, (box[0], box[1]), view.deck_count, len(view.discard), shown)

    key = ("knightfall piles", view.deck_count, len(view.discard), shown)
    tiles.draw_tiled(img, draw, (x0, y, x1, top + CARD[1]), key, FELT, paint)
    return top + CARD[1]


def _paint_piles(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    count: int,
    discarded: int,
    shown: tuple[tuple[str, str], ...],
) -> None:
    x0, y = xy
    x1 = x0 + RIGHT[1] - RIGHT[0]
    cap = font(PX, bold=True)
    draw_text(draw, (x0 + px(4), y), "Deck", cap, MUTED)
    top = y + PX + px(8)
    back = card_back(CARD, str(count), text_px=PX) if count else None
    tile = back or empty_slot(CARD, "0", text_px=PX)
    paste(img, tile, (x0 + px(4), top))
    dx = x0 + CARD[0] + px(40)
    draw_text(draw, (dx, y), f"Discard · {discarded}", cap, MUTED)
    if shown:
        room = x1 - px(4) - dx - CARD[0]
        step = min(CARD[0] + px(8), room // max(1, len(shown) - 1))
        for i, (rank, suit) in enumerate(shown):
            paste(img, card_face(rank, suit, CARD, text_px=PX), (dx + i * step, top))
    else:
        paste(img, empty_slot(CARD, text_px=PX), (dx, top))
