"""The information column of the Knightfall table: players, round, piles, battle, powers.

Every function takes the y to start at and returns the y below what it drew.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    BAD,
    CARD_BLACK,
    CARD_RED,
    GOLD,
    GOOD,
    MUTED,
    RGB,
    TEXT,
    WARN,
    draw_lines,
    draw_text,
    ellipsize,
    font,
    glow,
    panel,
    pill,
    seat_colour,
    text_width,
    wrap,
)
from render.common.cards import FACE, card_back, empty_slot, face_of
from render.knightfall import text as kt
from render.knightfall.camp import CARD, RIGHT, paste

View = Mapping[str, Any]
Card = Mapping[str, Any]

DEFEND: RGB = (110, 170, 255)
BANNER_EDGE: RGB = (255, 240, 180)
FAN_STEP = 66  # the least overlap that still shows a "10♥" corner index
COLOURS: tuple[RGB, ...] = (DEFEND, BANNER_EDGE)


def player_block_height(view: View, seat: int) -> int:
    """Height of a seat's block: taller for the viewer (drawn cards, secret choice)."""
    you = view.get("you") or {}
    if seat != you.get("seat"):
        return 112
    extra = CARD[1] + 12 if you.get("drawn") else 0
    extra += 36 if kt.secret_choice(view) else 0
    return 112 + extra


def player_block(img: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int, y: int) -> int:
    """Name, counts and state of one seat (plus the viewer's private facts); returns bottom."""
    x0, x1 = RIGHT
    h = player_block_height(view, seat)
    colour = seat_colour(seat)
    panel(draw, (x0, y, x1, y + h), outline=colour, width=3)
    player = view["players"][seat]
    state = _state_pill(view, seat)
    name_font = font(34, bold=True)
    room = x1 - x0 - 32 - (text_width(state[0], font(24, bold=True)) + 36 if state else 0)
    you_tag = " (you)" if seat == view.get("viewer") else ""
    draw_text(
        draw,
        (x0 + 16, y + 12),
        ellipsize(kt.seat_name(view, seat) + you_tag, name_font, room),
        name_font,
        colour,
    )
    if state:
        w = text_width(state[0], font(24, bold=True)) + 24
        pill(draw, (x1 - 14 - w, y + 14), state[0], font(24, bold=True), fill=state[1])
    hidden = any(s and s.get("card") is None for s in player["slots"].values())
    power = player["visible_power"]
    if view.get("result"):
        power_text = f"score {power}"
    else:
        power_text = f"{power} power shown" if hidden else f"power {power}"
    stats = f"{player['troop_size']} cards · {player['strong_count']} strong · {power_text}"
    draw_text(draw, (x0 + 16, y + 62), ellipsize(stats, font(26), x1 - x0 - 32), font(26), TEXT)
    you = view.get("you") or {}
    if seat == you.get("seat"):
        _private(img, draw, view, you, y + 104)
    return y + h


def _state_pill(view: View, seat: int) -> tuple[str, RGB] | None:
    result = view.get("result")
    if result:
        return ("★ WINNER", GOLD) if seat in result.get("winners", []) else None
    if seat in view.get("waiting_for", []):
        return "▶ to play", WARN
    if view["players"][seat].get("ready"):
        return "✓ ready", GOOD
    return None


def _private(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: View, you: Mapping[str, Any], y: int
) -> None:
    """The viewer's drawn cards (highlighted) and hidden choices."""
    x0, x1 = RIGHT
    x = x0 + 16
    if you.get("drawn"):
        draw_text(draw, (x, y + CARD[1] // 2), "You drew", font(26, bold=True), GOLD, anchor="lm")
        cx = x + 150
        step = min(CARD[0] + 14, (x1 - 20 - cx - CARD[0]) // max(1, len(you["drawn"]) - 1))
        for i, c in enumerate(you["drawn"]):
            cx_i = cx + i * step
            glow(draw, (cx_i, y + 4, cx_i + CARD[0], y + 4 + CARD[1]), width=4)
            paste(img, face_of(c, CARD), (cx_i, y + 4))
        y += CARD[1] + 12
    bits = kt.secret_choice(view)
    if bits:
        bold = font(26, bold=True)
        text = "Your choice: " + bits
        if text_width(text + " (hidden)", bold) <= x1 - x - 12:
            text += " (hidden)"
        draw_text(draw, (x, y + 2), ellipsize(text, bold, x1 - x - 12), bold, GOLD)


def header(draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """Round and stage, then the engine's status line."""
    x0, x1 = RIGHT
    title = f"Round {view['round']} · {kt.stage_title(view)}"
    draw_text(draw, (x0 + 4, y), title, font(34, bold=True), TEXT)
    lines = wrap(kt.status_line(view), font(26), x1 - x0 - 8, max_lines=2)
    return draw_lines(draw, (x0 + 4, y + 44), lines, font(26), MUTED)


def result_banner(draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """A gold banner: who won, the scores and the engine's summary."""
    x0, x1 = RIGHT
    result = view["result"]
    winners = result.get("winners", [])
    title = f"{kt.seat_name(view, winners[0])} wins!" if len(winners) == 1 else "Draw!"
    panel(draw, (x0, y, x1, y + 150), fill=GOLD, outline=BANNER_EDGE, width=3)
    draw_text(
        draw,
        (x0 + 16, y + 10),
        ellipsize(title, font(40, bold=True), x1 - x0 - 32),
        font(40, bold=True),
        CARD_BLACK,
    )
    scores = " · ".join(f"{kt.seat_name(view, int(s))}: {v}" for s, v in result["scores"].items())
    draw_text(
        draw,
        (x0 + 16, y + 62),
        ellipsize(scores, font(28, bold=True), x1 - x0 - 32),
        font(28, bold=True),
        CARD_BLACK,
    )
    summary = wrap(kt.named(view, str(result.get("summary", ""))), font(22), x1 - x0 - 32, 1)
    draw_lines(draw, (x0 + 16, y + 104), summary, font(22), CARD_BLACK)
    return y + 150


def piles(img: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """The deck (a back showing the count) and the discard pile fanned, newest on top."""
    x0, x1 = RIGHT
    cap = font(24, bold=True)
    draw_text(draw, (x0 + 4, y), "Deck", cap, MUTED)
    top = y + 30
    count = int(view.get("deck_count", 0))
    tile = card_back(CARD, str(count)) if count else empty_slot(CARD, "0")
    paste(img, tile, (x0 + 4, top))
    pile = list(view.get("discard") or [])
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


def battle(img: Image.Image, draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """Both seats' coins and revealed cards from the last battle, then its outcome."""
    x0, x1 = RIGHT
    battle = view["last_battle"]
    draw_text(
        draw, (x0 + 4, y), f"Last battle · round {battle.get('round')}", font(26, bold=True), TEXT
    )
    top = y + 34
    half = (x1 - x0) // 2
    order = [kt.bottom_seat(view), kt.top_seat(view)]
    for i, seat in enumerate(order):
        x = x0 + i * half
        coin = battle.get("coins", {}).get(str(seat))
        fought = battle.get("cards", {}).get(str(seat))
        tx, room = x + 4, half - 12
        if fought and fought.get("card"):
            paste(img, face_of(fought["card"], CARD), (x + 4, top))
            tx, room = x + CARD[0] + 14, half - CARD[0] - 20
        name = ellipsize(kt.seat_name(view, seat), font(26, bold=True), room)
        draw_text(draw, (tx, top + 2), name, font(26, bold=True), seat_colour(seat))
        if coin:
            fill = BAD if coin == "attack" else DEFEND
            word = ("⚔ " if coin == "attack" else "") + kt.coin_word(coin)
            pill(draw, (tx, top + 38), word, font(22, bold=True), fill=fill, pad=(8, 4))
        if fought:
            draw_text(
                draw,
                (tx, top + 78),
                ellipsize(f"{fought['slot']} · power {fought['power']}", font(24), room),
                font(24),
                TEXT,
            )
    fought_any = any(battle.get("cards", {}).values())
    y = top + (CARD[1] + 6 if fought_any else 76)
    outcome = kt.named(view, str(battle.get("outcome") or ""))
    lines = wrap(outcome, font(24, bold=True), x1 - x0 - 8, max_lines=3)
    return draw_lines(draw, (x0 + 4, y), lines, font(24, bold=True), GOLD)


def powers(draw: ImageDraw.ImageDraw, view: View, y: int, y_max: int) -> int:
    """List the powers used this round, one line each, paid cards in their colours."""
    x0, x1 = RIGHT
    battle = view.get("last_battle")
    title = f"Powers · round {battle['round']}" if battle else "Powers this round"
    draw_text(draw, (x0 + 4, y), title, font(26, bold=True), TEXT)
    y += 34
    fnt = font(24)
    for power in view["powers"]:
        if y + 30 > y_max:
            break
        seat = int(power["seat"])
        what = str(power["power"]).title()
        if power.get("target"):
            what += f" → {power['target']}"
        elif power["power"] == "mage":
            what += " ⟲ battle"
        head = f"{kt.seat_name(view, seat)}: {what}"
        chips = list(power.get("paid") or [])
        chip_w = 62 * len(chips)
        head = ellipsize(head, fnt, x1 - x0 - chip_w - 16)
        draw_text(draw, (x0 + 4, y), head, fnt, seat_colour(seat))
        cx = x0 + 4 + text_width(head, fnt) + 10
        for c in chips:
            cx = _chip(draw, (cx, y - 2), c) + 6
        y += 36
    return y


def _chip(draw: ImageDraw.ImageDraw, xy: tuple[int, int], card: Card) -> int:
    """A small white label with the card's rank and suit in its colour; returns right edge."""
    fnt = font(22, bold=True)
    text = str(card["label"])
    w = text_width(text, fnt) + 12
    x, y = xy
    draw.rounded_rectangle((x, y, x + w, y + 30), radius=6, fill=FACE)
    colour = CARD_RED if card.get("colour") == "red" else CARD_BLACK
    draw.text((x + w / 2, y + 15), text, font=fnt, fill=colour, anchor="mm")
    return x + w
