"""The information column of the Knightfall table: players, round, piles, battle, powers.

Every function takes the y to start at and returns the y below what it drew; nothing is cut:
a seat name shrinks to stay on one line, sentences wrap, and in the last battle the names run
beside the cards, so the table stays square (it grows taller only if the column needs it).
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from engines.knightfall.views import BattleView, CardView, ResultView, YouView
from engines.text import plural
from render.common import (
    BAD,
    CARD_BLACK,
    CARD_RED,
    GOLD,
    GOOD,
    MIN_PX,
    MUTED,
    RGB,
    TEXT,
    WARN,
    draw_lines,
    draw_text,
    font,
    font_px,
    glow,
    panel,
    pill,
    seat_colour,
    text_width,
    wrap,
)
from render.common.cards import FACE, card_back, empty_slot, face_of, index_width
from render.knightfall import text as kt
from render.knightfall.camp import CARD, RIGHT, paste
from render.knightfall.text import View

DEFEND: RGB = (110, 170, 255)
BANNER_EDGE: RGB = (255, 240, 180)
# The least overlap that still shows a whole "10♥" corner index (rank, suit, inset, air).
FAN_STEP = 4 + index_width(CARD) + 6
COLOURS: tuple[RGB, ...] = (DEFEND, BANNER_EDGE)

NAME, STATS, SMALL = 34, 26, 24  # text sizes in px
NAME_MIN = MIN_PX  # a seat name shrinks down to this size to stay on one line
PAD = 16  # inside a player block


def _state_pill(view: View, seat: int) -> tuple[str, RGB] | None:
    if view.result is not None:
        return ("★ WINNER", GOLD) if seat in view.result.winners else None
    if seat in view.waiting_for:
        return "▶ to play", WARN
    if view.players[seat].ready:
        return "✓ ready", GOOD
    return None


def _pill_width(view: View, seat: int) -> int:
    """The room the seat's state pill takes at the right of a line (0 without one)."""
    state = _state_pill(view, seat)
    return text_width(state[0], font(24, bold=True)) + 40 if state else 0


def _name_layout(view: View, seat: int) -> tuple[list[str], ImageFont.FreeTypeFont, bool]:
    """The name's lines, their font, and whether the state pill sits beside the name.

    The name takes one line whenever a size from ``NAME`` down to ``NAME_MIN`` fits it: beside
    the pill if it can, else alone (the pill moves down beside the counts). Only a name too
    long for the whole width wraps, so long names do not make the table taller.
    """
    x0, x1 = RIGHT
    room = x1 - x0 - 2 * PAD
    you_tag = " (you)" if seat == view.viewer else ""
    name = kt.seat_name(view, seat) + you_tag
    pill_w = _pill_width(view, seat)
    for size in range(NAME, NAME_MIN - 1, -1):
        if text_width(name, font(size, bold=True)) <= room - pill_w:
            return [name], font(size, bold=True), True
    for size in range(NAME, NAME_MIN - 1, -1):
        if text_width(name, font(size, bold=True)) <= room:
            return [name], font(size, bold=True), False
    return wrap(name, font(NAME_MIN, bold=True), room), font(NAME_MIN, bold=True), False


def _stats_lines(view: View, seat: int) -> list[str]:
    x0, x1 = RIGHT
    player = view.players[seat]
    hidden = any(s is not None and s.card is None for s in player.slots.values())
    power = player.visible_power
    if view.result is not None:
        power_text = f"total power {power}"
    else:
        power_text = f"{power} power shown" if hidden else f"power {power}"
    stats = f"{plural(player.troop_size, 'card')} · {player.strong_count} strong · {power_text}"
    pill_beside_name = _name_layout(view, seat)[2]
    room = x1 - x0 - 2 * PAD - (0 if pill_beside_name else _pill_width(view, seat))
    return wrap(stats, font(STATS), room)


def _choice_lines(view: View) -> list[str]:
    bits = kt.secret_choice(view)
    if not bits:
        return []
    x0, x1 = RIGHT
    return wrap(f"Your choice: {bits} (hidden)", font(STATS, bold=True), x1 - x0 - 2 * PAD)


def player_block_height(view: View, seat: int) -> int:
    """Height of a seat's block: taller for long names and for the viewer's private facts."""
    lines, name_font, _ = _name_layout(view, seat)
    h = 12 + len(lines) * (font_px(name_font) + 6) + 6
    h += len(_stats_lines(view, seat)) * (STATS + 6) + 10
    you = view.you
    if you is not None and seat == you.seat:
        h += CARD[1] + 12 if you.drawn else 0
        h += len(_choice_lines(view)) * (STATS + 6) + 4
    return h


def player_block(img: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int, y: int) -> int:
    """Name, counts and state of one seat (plus the viewer's private facts); returns bottom."""
    x0, x1 = RIGHT
    h = player_block_height(view, seat)
    colour = seat_colour(seat)
    panel(draw, (x0, y, x1, y + h), outline=colour, width=3)
    lines, name_font, pill_beside_name = _name_layout(view, seat)
    ty = draw_lines(draw, (x0 + PAD, y + 12), lines, name_font, colour, spacing=6)
    state = _state_pill(view, seat)
    if state:
        w = text_width(state[0], font(24, bold=True)) + 24
        pill_y = y + 14 if pill_beside_name else ty + 4
        pill(draw, (x1 - 14 - w, pill_y), state[0], font(24, bold=True), fill=state[1])
    ty = draw_lines(
        draw, (x0 + PAD, ty + 6), _stats_lines(view, seat), font(STATS), TEXT, spacing=6
    )
    you = view.you
    if you is not None and seat == you.seat:
        _private(img, draw, view, you, ty + 4)
    return y + h


def _private(img: Image.Image, draw: ImageDraw.ImageDraw, view: View, you: YouView, y: int) -> None:
    """The viewer's drawn cards (highlighted) and hidden choices."""
    x0, x1 = RIGHT
    x = x0 + PAD
    if you.drawn:
        draw_text(draw, (x, y + CARD[1] // 2), "You drew", font(26, bold=True), GOLD, anchor="lm")
        cx = x + 150
        step = min(CARD[0] + 14, (x1 - 20 - cx - CARD[0]) // max(1, len(you.drawn) - 1))
        for i, c in enumerate(you.drawn):
            cx_i = cx + i * step
            glow(draw, (cx_i, y + 4, cx_i + CARD[0], y + 4 + CARD[1]), width=4)
            paste(img, face_of(c, CARD), (cx_i, y + 4))
        y += CARD[1] + 12
    draw_lines(draw, (x, y), _choice_lines(view), font(STATS, bold=True), GOLD, spacing=6)


def header(draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """Round and stage, then the engine's status line."""
    x0, x1 = RIGHT
    title = f"Round {view.round} · {kt.stage_title(view)}"
    y = draw_lines(
        draw, (x0 + 4, y), wrap(title, font(34, bold=True), x1 - x0 - 8), font(34, bold=True)
    )
    lines = wrap(kt.status_line(view), font(26), x1 - x0 - 8)
    return draw_lines(draw, (x0 + 4, y + 2), lines, font(26), MUTED)


def result_banner(draw: ImageDraw.ImageDraw, view: View, result: ResultView, y: int) -> int:
    """A gold banner: who won and the engine's summary."""
    x0, x1 = RIGHT
    winners = result.winners
    title = f"{kt.seat_name(view, winners[0])} wins!" if len(winners) == 1 else "Draw!"
    summary = kt.named(view, result.summary)
    room = x1 - x0 - 2 * PAD
    # Each seat's total power is in its own block ("total power 50"), beside its name.
    blocks = [
        (wrap(title, font(40, bold=True), room), font(40, bold=True)),
        (wrap(summary, font(SMALL), room), font(SMALL)),
    ]
    h = 20 + sum(len(lines) * (font_px(f) + 6) + 6 for lines, f in blocks)
    panel(draw, (x0, y, x1, y + h), fill=GOLD, outline=BANNER_EDGE, width=3)
    ty = y + 10
    for lines, fnt in blocks:
        ty = draw_lines(draw, (x0 + PAD, ty), lines, fnt, CARD_BLACK, spacing=6) + 6
    return y + h


def piles(img: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """The deck (a back showing the count) and the discard pile fanned, newest on top."""
    x0, x1 = RIGHT
    cap = font(24, bold=True)
    draw_text(draw, (x0 + 4, y), "Deck", cap, MUTED)
    top = y + 30
    count = view.deck_count
    tile = card_back(CARD, str(count)) if count else empty_slot(CARD, "0")
    paste(img, tile, (x0 + 4, top))
    pile = view.discard
    dx = x0 + CARD[0] + 40
    draw_text(draw, (dx, y), f"Discard · {len(pile)}", cap, MUTED)
    if pile:
        # Spread the fan over the room available, never so tight that "10♥" is covered.
        room = x1 - 4 - dx - CARD[0]
        n = min(len(pile), room // FAN_STEP + 1)
        step = min(CARD[0] + 8, room // max(1, n - 1))
        for i, c in enumerate(pile[-n:]):
            paste(img, face_of(c, CARD), (dx + i * step, top))
    else:
        paste(img, empty_slot(CARD), (dx, top))
    return top + CARD[1]


def battle(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: View, battle: BattleView, y: int
) -> int:
    """Both seats' coins and revealed cards from the last battle, then its outcome."""
    x0, x1 = RIGHT
    draw_text(draw, (x0 + 4, y), f"Last battle · round {battle.round}", font(26, bold=True), TEXT)
    top = y + 34
    half = (x1 - x0) // 2
    bottom = top
    for i, seat in enumerate([kt.bottom_seat(view), kt.top_seat(view)]):
        x = x0 + 4 + i * half
        coin = battle.coins.get(str(seat))
        fought = battle.cards.get(str(seat))
        # The name, coin and slot go beside the card, so the card adds no height of its own.
        tx, room, card_bottom = x, half - 12, top
        if fought is not None:
            paste(img, face_of(fought.card, CARD), (x, top))
            tx, room, card_bottom = x + CARD[0] + 10, half - CARD[0] - 22, top + CARD[1]
        name_font = font(SMALL, bold=True)
        name = wrap(kt.seat_name(view, seat), name_font, room)
        ty = draw_lines(draw, (tx, top), name, name_font, seat_colour(seat)) + 2
        if coin:
            fill = BAD if coin == "attack" else DEFEND
            word = ("⚔ " if coin == "attack" else "") + kt.coin_word(coin)
            ty = pill(draw, (tx, ty + 4), word, font(22, bold=True), fill=fill, pad=(8, 4))[3] + 8
        if fought is not None:
            what = wrap(f"{fought.slot} · power {fought.power}", font(SMALL), room)
            ty = draw_lines(draw, (tx, ty), what, font(SMALL), TEXT)
        bottom = max(bottom, ty, card_bottom)
    outcome = kt.named(view, battle.outcome)
    lines = wrap(outcome, font(SMALL, bold=True), x1 - x0 - 8)
    return draw_lines(draw, (x0 + 4, bottom + 6), lines, font(SMALL, bold=True), GOLD)


def powers(draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """List the powers used this round, paid cards in their colours after each."""
    x0, x1 = RIGHT
    battle = view.last_battle
    title = f"Powers · round {battle.round}" if battle is not None else "Powers this round"
    draw_text(draw, (x0 + 4, y), title, font(26, bold=True), TEXT)
    y += 34
    fnt = font(SMALL)
    for power in view.powers:
        seat = power.seat
        what = power.power.title()
        if power.target:
            what += f" → {power.target}"
        elif power.power == "mage":
            what += " ⟲ battle"
        lines = wrap(f"{kt.seat_name(view, seat)}: {what}", fnt, x1 - x0 - 8)
        below = draw_lines(draw, (x0 + 4, y), lines, fnt, seat_colour(seat), spacing=8)
        chips = power.paid
        # The paid cards follow the last line, or go on a row of their own if they do not fit.
        row, cx = below - font_px(fnt) - 8, x0 + 4 + text_width(lines[-1], fnt) + 10
        if cx + sum(_chip_width(c) + 6 for c in chips) > x1:
            row, cx = below, x0 + 4
        for c in chips:
            cx = _chip(draw, (cx, row - 2), c) + 6
        y = max(below, row + 36 if chips else below) + 4
    return y


def _chip_width(card: CardView) -> int:
    return text_width(card.label, font(22, bold=True)) + 12


def _chip(draw: ImageDraw.ImageDraw, xy: tuple[int, int], card: CardView) -> int:
    """A small white label with the card's rank and suit in its colour; returns right edge."""
    fnt = font(22, bold=True)
    text = card.label
    w = _chip_width(card)
    x, y = xy
    draw.rounded_rectangle((x, y, x + w, y + 30), radius=6, fill=FACE)
    colour = CARD_RED if card.colour == "red" else CARD_BLACK
    draw.text((x + w / 2, y + 15), text, font=fnt, fill=colour, anchor="mm")
    return x + w
