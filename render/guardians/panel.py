"""The bands around the battlefield: title and status, result, players, own cards.

Each function returns a Block (height, painter) so the image is measured before it is drawn;
nothing is cut: names and sentences wrap and the image grows taller.
"""

from __future__ import annotations

import re

from PIL import Image, ImageDraw

from engines.guardians.views import CardView, GuardiansView, ResultView
from engines.text import plural
from render.common import (
    BAD,
    CARD_BLACK,
    FELT,
    GOLD,
    GOOD,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    TEXT,
    WARN,
    font,
    pill,
    seat_colour,
    text_width,
)
from render.guardians import stamp
from render.guardians.card import card_line, mini_grid
from render.guardians.style import (
    BANNER,
    BAR_BG,
    BODY,
    FULL,
    GAP,
    PHASE_TITLES,
    SMALL,
    TITLE,
    Block,
    Painter,
    bottom_seat,
    facts_block,
    ink_on,
    named,
    pill_width,
    px,
    seat_name,
    stack,
    tag,
    text_block,
    wrap,
)

PAD = px(12)
BAR_H = SMALL + px(6)
HAND_COLUMNS = 3  # tiles a row of the Storage hand and the Pen


def phase_title(view: GuardiansView) -> str:
    """The title line: "Guardians · turn 3 · Movement"."""
    phase = PHASE_TITLES.get(view.phase, view.phase.title())
    return f"Guardians · turn {view.turn} · {phase}"


def framed(
    inner: Block, outline: RGB, fill: RGB = PANEL, width: int = px(3), full: int = FULL
) -> Block:
    """``inner`` in a rounded frame ``full`` px wide."""
    h, paint_inner = inner
    height = h + 2 * PAD

    def paint_frame(_img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        box = (x, y, x + full - 1, y + height - 1)
        draw.rounded_rectangle(box, radius=px(14), fill=fill, outline=outline, width=width)

    # The frame depends on little: it is a stamp too, so that a frame of stamps only pastes.
    key = stamp.key_of("frame", height, outline, fill, width)
    frame = stamp.cached(key, full, (height, paint_frame), FELT)[1]

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        frame(img, draw, x, y)
        paint_inner(img, draw, x + PAD, y + PAD)

    return height, stamp.pasting(paint, frame, paint_inner)


_TITLE_SAID = re.compile(r"^Turn \d+, [^:]+: ")


def header(view: GuardiansView, combat: str | None = None, *, tight: bool = False) -> Block:
    """The phase title and the engine's status line (the player panels mark who is to act).

    In a combat, the title says the combat (``combat``) and the combat panel has the status.
    ``tight``: title and status run on in one text (a crowded battlefield).
    """
    room = FULL - 2 * PAD
    title = f"Turn {view.turn} · {combat}" if combat else phase_title(view)
    if not (view.status and view.result is None and view.combat is None):  # banner, combat
        return framed(
            text_block(title, BODY if combat else TITLE, room, TEXT, bold=True, background=PANEL),
            PANEL_EDGE,
        )
    status = _TITLE_SAID.sub("", named(view, view.status))  # the title says turn and phase
    phase = f"{PHASE_TITLES.get(view.phase, '')}: "
    if status.lower().startswith(phase.lower()):  # "Movement: ..." under "... · Movement"
        status = status[len(phase) :]
    if tight:
        return framed(
            text_block(f"{title}: {status}", BODY, room, GOLD, background=PANEL), PANEL_EDGE
        )
    parts = [
        text_block(title, TITLE, room, TEXT, bold=True, background=PANEL),
        text_block(status, BODY, room, GOLD, background=PANEL),
    ]
    return framed(stack(parts, gap=px(4)), PANEL_EDGE)


def warning(view: GuardiansView) -> Block:
    """The seat's warnings, a headline each under the header, in the warning colour."""
    room = FULL - 2 * PAD
    lines = [
        text_block(f"⚠ {named(view, w)}", BODY, room, WARN, bold=True, background=PANEL)
        for w in view.warnings
    ]
    return framed(stack(lines, gap=px(4)), BAD)


def result_banner(view: GuardiansView, result: ResultView) -> Block:
    """A gold banner: who won and the engine's summary."""
    winners = result.winners
    title = f"{seat_name(view, winners[0])} wins!" if len(winners) == 1 else "Draw!"
    room = FULL - 2 * PAD
    parts = [text_block(title, BANNER, room, CARD_BLACK, bold=True)]
    if result.summary:
        parts.append(text_block(named(view, result.summary), BODY, room, CARD_BLACK))
    return framed(stack(parts, gap=px(4)), TEXT, fill=GOLD)


def _state(view: GuardiansView, seat: int) -> tuple[str, tuple[int, int, int]] | None:
    if view.result is not None:
        return ("★ WINNER", GOLD) if seat in view.result.winners else None
    player = view.players[seat]
    if seat in view.to_act:
        return ("… deciding", WARN) if player.deciding else ("▶ to act", WARN)
    if not player.deciding and view.phase in ("organize", "combat"):
        return "✓ decided", GOOD
    return None


def vitality_bar(vitality: int, max_vitality: int, width: int) -> Block:
    """A bar: current / max Guardian vitality, the numbers written inside after a heart."""
    label = f"♥ {vitality}/{max_vitality}"

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        draw.rounded_rectangle((x, y, x + width, y + BAR_H), radius=px(8), fill=BAR_BG)
        frac = max(0.0, min(1.0, vitality / max_vitality)) if max_vitality else 0.0
        if frac > 0:
            fill = GOOD if frac > 0.5 else (WARN if frac > 0.25 else BAD)
            draw.rounded_rectangle(
                (x, y, x + max(px(16), round(width * frac)), y + BAR_H), radius=px(8), fill=fill
            )
        draw.text(
            (x + px(12), y + BAR_H // 2),
            label,
            font=font(SMALL, bold=True),
            fill=TEXT,
            anchor="lm",
            stroke_width=px(3),
            stroke_fill=CARD_BLACK,
        )

    return BAR_H, paint


def player_panel(view: GuardiansView, seat: int, full: int, *, short: bool = False) -> Block:
    """A seat's name, Guardian, vitality, stones, lands, losses and Up card (piles: in "?").

    ``short``: one line without the name, the state and the lands (a busy combat; the seat's
    tag and colour stay, the combat's sides say who is to act).
    """
    player, state = view.players[seat], _state(view, seat)
    you = " (you)" if seat == view.viewer else ""
    key = stamp.key_of("player", player, seat_name(view, seat), you, state, short)
    return stamp.lazy(key, full, lambda: _player_panel(view, seat, full, short), FELT)


def _player_panel(view: GuardiansView, seat: int, full: int, short: bool = False) -> Block:
    """The name line (state pill on its right), then the vitality bar with the facts beside it.

    ``short``: the tag, the bar and the facts on one line (``_short_line``).
    """
    player = view.players[seat]
    colour = seat_colour(seat)
    room = full - 2 * PAD
    state = _state(view, seat)
    tag_w = pill_width(tag(seat), SMALL) + px(8)
    state_w = pill_width(state[0], SMALL) + px(8) if state else 0
    you = " (you)" if seat == view.viewer else ""
    name_font = font(SMALL, bold=True)
    g = player.guardian
    name_lines = wrap(seat_name(view, seat) + you, name_font, room - tag_w - state_w)
    name_h = len(name_lines) * (SMALL + px(4))
    facts = [
        g.name,
        plural(g.stones, "stone"),
        plural(player.lands, "land"),
        f"{player.shields_destroyed}/5 Shields lost",
    ]
    if short:  # a busy combat: its sides say who is to act, the lands do not matter in it
        del facts[2]
        return framed(_short_line(view, seat, facts, room), colour, full=full)
    bar_w = text_width(f"♥ {g.vitality}/{g.max_vitality}", name_font) + px(60)
    info = facts_block(facts, SMALL, room - bar_w - PAD, TEXT)
    bar = vitality_bar(g.vitality, g.max_vitality, bar_w)
    parts = [(max(BAR_H, info[0]), _beside(bar, info, bar_w + PAD))]
    if player.up_card is not None and view.phase == "up":
        parts.append(text_block(f"Up card: {card_line(player.up_card)}", SMALL, room, GOLD))
    body_h, body = stack(parts, gap=px(4))

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        pill(
            draw,
            (x, y + px(1)),
            tag(seat),
            font(SMALL, bold=True),
            fill=colour,
            text_fill=ink_on(colour),
            pad=(px(8), px(2)),
        )
        for i, line in enumerate(name_lines):
            draw.text((x + tag_w, y + i * (SMALL + px(4))), line, font=name_font, fill=colour)
        if state:
            w = pill_width(state[0], SMALL)
            pill(
                draw,
                (x + room - w, y + px(1)),
                state[0],
                name_font,
                fill=state[1],
                pad=(px(10), px(2)),
            )
        body(img, draw, x, y + name_h + px(6))

    return framed((name_h + px(6) + body_h, paint), colour, full=full)


def _short_line(view: GuardiansView, seat: int, facts: list[str], room: int) -> Block:
    """The seat's tag, vitality bar and ``facts`` on a line (in a busy combat)."""
    g = view.players[seat].guardian
    fnt = font(SMALL, bold=True)
    tag_w = pill_width(tag(seat), SMALL) + px(8)
    bar_w = text_width(f"♥ {g.vitality}/{g.max_vitality}", fnt) + px(40)
    left = tag_w + bar_w + PAD
    info = facts_block(facts, SMALL, room - left, TEXT)
    bar = vitality_bar(g.vitality, g.max_vitality, bar_w)
    colour = seat_colour(seat)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        pad = (px(8), px(2))
        pill(draw, (x, y + px(1)), tag(seat), fnt, fill=colour, text_fill=ink_on(colour), pad=pad)
        bar[1](img, draw, x + tag_w, y)
        info[1](img, draw, x + left, y + px(1))

    return max(BAR_H + px(2), info[0] + px(1)), paint


def _beside(left: Block, right: Block, dx: int) -> Painter:
    """Paint ``right`` ``dx`` px to the right of ``left``."""

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        left[1](img, draw, x, y)
        right[1](img, draw, x + dx, y)

    return paint


def seats_top_down(view: GuardiansView) -> list[int]:
    """The seats as drawn around the battlefield: the other one on top, the bottom seat below."""
    return [1 - bottom_seat(view), bottom_seat(view)]


def players(view: GuardiansView, width: int, *, short: bool = False) -> Block:
    """Both player panels one above the other, the viewer's (or seat 0's) first.

    ``short``: without their name lines.
    """
    seats = [s for s in (bottom_seat(view), 1 - bottom_seat(view)) if s < len(view.players)]
    return stack([player_panel(view, s, width, short=short) for s in seats], gap=GAP)


def private(view: GuardiansView, width: int, max_height: int) -> Block:
    """The viewer's Storage hand and Creature Pen as tiles (own view only), "Hand" and "Pen".

    Tiles beyond ``max_height`` are folded into a count; "?" lists every card.
    """
    if view.hand is None and view.pen is None:
        return 0, lambda *_: None
    key = stamp.key_of("private", view.hand, view.pen, view.viewer, max_height)
    return stamp.lazy(key, width, lambda: _private(view, width, max_height), FELT)


def _private(view: GuardiansView, width: int, max_height: int) -> Block:
    room = width - 2 * PAD
    sections = [
        (title, cards)
        for cards, title in ((view.hand, "Hand"), (view.pen, "Pen"))
        if cards is not None
    ]
    shown = [len(cards) for _, cards in sections]

    def layout() -> Block:
        parts: list[Block] = []
        for (title, cards), n in zip(sections, shown, strict=True):
            folded = " (?)" if cards and not n else ""  # none shown: "?" lists them
            heading = f"{title} · {plural(len(cards), 'card')}{folded}"
            parts.append(text_block(heading, SMALL, room, GOLD, bold=True, background=PANEL))
            parts += _tiles(cards, n, room)
        return stack(parts, gap=px(6))

    block = layout()
    while block[0] > max_height - 2 * PAD and any(shown):
        last = max(i for i, n in enumerate(shown) if n)  # the Pen gives way first
        shown[last] -= shown[last] % HAND_COLUMNS or HAND_COLUMNS  # a row of tiles
        block = layout()
    if not any(shown):  # every card in "?": the headings on one line
        folded = [
            f"{title} · {plural(len(cards), 'card')}{' (?)' if cards else ''}"
            for title, cards in sections
        ]
        block = facts_block(folded, SMALL, room, GOLD, bold=True)
    viewer = view.viewer
    colour = seat_colour(viewer) if viewer is not None else GOLD
    return framed(block, colour, full=width)


def _tiles(cards: list[CardView], shown: int, room: int) -> list[Block]:
    """The first ``shown`` cards as tiles, and how many more there are (listed in "?")."""
    if not shown:  # the heading says "(?)"
        return []
    out = [mini_grid(cards[:shown], room, HAND_COLUMNS)]
    more = len(cards) - shown
    if more:
        out.append(text_block(f"+{more} more in ?", SMALL, room, MUTED, background=PANEL))
    return out
