"""The combat panel: command cards, every match-up so far with both cards, totals and winners.

It reads ``view["combat"]`` (from the engine's ``combat_view``) with these keys, all optional:

    space, attacker, defender (seats), step ("command", "primary", "bribery", "spells",
    "secondary", "resolution", "over"), terrain (basic type or null),
    commands: [{seat, status ("deciding" | "none" | "declared" | "revealed" | "dispelled"),
                card (card or null while hidden)}],
    matchups: [{kind ("primary" | "secondary"), winner (seat or null), result (text),
                sides: [{seat, card (card or null), total (int or null), fate (text or null),
                         notes: [text]}]}],
    hand: {seat: creatures left in the combat hand}, awaiting (what the seats to act choose),
    totals: {seat: surviving total} (at resolution), winner (seat, once decided).

Only what the view holds is drawn: a pending simultaneous choice shows as "decided" or "still
deciding", never what was chosen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engines.text import plural
from render.common import (
    BAD,
    GOLD,
    GOOD,
    MUTED,
    PANEL_EDGE,
    TEXT,
    WARN,
    font,
    pill,
    seat_colour,
    wrap,
)
from render.guardians.card import card_block, card_line
from render.guardians.panel import FULL, PAD, framed
from render.guardians.style import (
    BODY,
    LABEL,
    SMALL,
    TERRAIN_NAMES,
    TITLE,
    Block,
    View,
    ink_on,
    seat_name,
    seats_key,
    stack,
    tag,
    text_block,
)

Combat = Mapping[str, Any]
STEP_NAMES = {
    "command": "command cards",
    "primary": "primary match-up",
    "bribery": "bribery",
    "spells": "spells, ranged attacks and channeling",
    "secondary": "secondary attacks",
    "resolution": "resolution",
    "over": "finished",
}
FATE_COLOURS = {"wins": GOLD, "survives": GOOD, "push": WARN}


def title(view: View, combat: Combat) -> str:
    """The heading: "Combat on C2: P1 attacks P2 · Woods · primary match-up"."""
    text = f"Combat on {combat.get('space', '?')}"
    attacker, defender = combat.get("attacker"), combat.get("defender")
    if isinstance(attacker, int) and isinstance(defender, int):
        text += f": {tag(attacker)} attacks {tag(defender)}"
    terrain = combat.get("terrain")
    text += f" · {TERRAIN_NAMES.get(str(terrain), str(terrain))}" if terrain else " · no terrain"
    step = combat.get("step")
    if step:
        text += f" · {STEP_NAMES.get(str(step), str(step))}"
    return text


def command_phrase(view: View, command: Mapping[str, Any]) -> str:
    """One seat's command card as far as it is known ("P1 command: Floyd (dispelled)")."""
    status = str(command.get("status") or "none")
    who = tag(command.get("seat"))
    card = command.get("card")
    if card and card.get("name"):
        suffixes = {"dispelled": " (dispelled)", "declared": " (your secret pick)"}
        suffix = suffixes.get(status, "")
        return f"{who} command: {card_line(card)}{suffix}"
    words = {
        "deciding": "still deciding",
        "none": "no command card",
        "declared": "will play one (hidden)",
        "decided": "decided (hidden)",
    }
    return f"{who} command: {words.get(status, status)}"


def _side_block(side: Mapping[str, Any], width: int, winner: Any) -> Block:
    seat = side.get("seat")
    colour = seat_colour(seat) if isinstance(seat, int) else TEXT
    parts = [text_block(tag(seat), SMALL, width, colour, bold=True)]
    parts.append(card_block(side.get("card"), width, show_text=False))
    if side.get("total") is not None:
        parts.append(text_block(f"total {side['total']}", LABEL, width, TEXT, bold=True))
    for note in side.get("notes") or []:
        parts.append(text_block(str(note), SMALL, width, MUTED))
    fate = side.get("fate")
    if fate is None and winner is not None and isinstance(seat, int):
        fate = "wins" if seat == winner else None
    if fate:
        fill = FATE_COLOURS.get(str(fate), BAD)
        fnt = font(SMALL, bold=True)
        lines = wrap(str(fate).upper(), fnt, width - 20)

        def paint_fate(_img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
            for i, line in enumerate(lines):
                pill(
                    draw,
                    (x, y + i * (SMALL + 12)),
                    line,
                    fnt,
                    fill=fill,
                    text_fill=ink_on(fill),
                    pad=(10, 3),
                )

        parts.append((len(lines) * (SMALL + 12), paint_fate))
    return stack(parts, gap=4)


def matchup_block(view: View, matchup: Mapping[str, Any], number: int, width: int) -> Block:
    """One match-up: its heading and result, then each side's card and total side by side."""
    kind = str(matchup.get("kind") or "primary")
    heading = f"{'Secondary attack' if kind == 'secondary' else 'Primary match-up'} {number}"
    if matchup.get("result"):
        heading += f" · {matchup['result']}"
    sides = list(matchup.get("sides") or [])
    n = max(1, len(sides))
    vs_w = 44
    col_w = (width - vs_w * (n - 1)) // n
    col_w = min(col_w, 300)
    columns = [_side_block(s, col_w, matchup.get("winner")) for s in sides]
    head_h, head = text_block(heading, BODY, width, TEXT, bold=True)
    row_h = max((h for h, _ in columns), default=0)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        head(img, draw, x, y)
        cy = y + head_h + 4
        for i, (_, p) in enumerate(columns):
            cx = x + i * (col_w + vs_w)
            p(img, draw, cx, cy)
            if i:
                draw.text(
                    (cx - vs_w // 2, cy + 60),
                    "vs",
                    font=font(LABEL, bold=True),
                    fill=GOLD,
                    anchor="mm",
                )

    return head_h + 4 + row_h, paint


def numbered(combat: Combat) -> list[tuple[Mapping[str, Any], int]]:
    """Match-ups with their number among those of their kind (primary 1, 2; secondary 1)."""
    seen: dict[str, int] = {}
    out = []
    for matchup in combat.get("matchups") or []:
        kind = "secondary" if matchup.get("kind") == "secondary" else "primary"
        seen[kind] = seen.get(kind, 0) + 1
        out.append((matchup, seen[kind]))
    return out


def waiting_line(view: View, combat: Combat) -> str:
    """Who the combat waits for and on what, and who has already decided (never what)."""
    to_act = list(view.get("to_act") or [])
    if not to_act or view.get("result") or combat.get("step") == "over":
        return ""
    names = ", ".join(seat_name(view, s) for s in to_act)
    text = f"Waiting for {names}"
    if combat.get("awaiting"):
        text += f": {combat['awaiting']}"
    decided = [
        seat_name(view, p["seat"])
        for p in view.get("players") or []
        if p.get("deciding") is False and p["seat"] not in to_act
    ]
    if decided and len(to_act) == 1 and combat.get("step") in ("command", "primary", "bribery"):
        text += f" ({', '.join(decided)} has decided)"
    return text


def combat_panel(view: View) -> Block:
    """The whole combat panel."""
    combat = view.get("combat")
    if not combat:
        return 0, lambda *_: None
    room = FULL - 2 * PAD
    parts = [text_block(title(view, combat), TITLE, room, TEXT, bold=True)]
    attacker, defender = combat.get("attacker"), combat.get("defender")
    if isinstance(attacker, int) and isinstance(defender, int):
        who = f"{tag(attacker)} {seat_name(view, attacker)} attacks {tag(defender)} "
        who += f"{seat_name(view, defender)}"
        parts.append(text_block(who, SMALL, room, MUTED))
    for command in combat.get("commands") or []:
        parts.append(text_block(command_phrase(view, command), BODY, room, TEXT))
    hands = combat.get("hand")
    if hands:
        counts = [
            f"{tag(s)} {plural(int(seats_key(view, hands, s) or 0), 'creature')}"
            for s in (attacker, defender)
            if isinstance(s, int) and seats_key(view, hands, s) is not None
        ]
        parts.append(text_block("Left in combat hands: " + " · ".join(counts), SMALL, room, MUTED))
    for matchup, number in numbered(combat):
        parts.append(matchup_block(view, matchup, number, room))
    totals = combat.get("totals")
    if totals:
        line = "Surviving totals: " + " · ".join(
            f"{tag(s)} {seats_key(view, totals, s)}"
            for s in (attacker, defender)
            if isinstance(s, int) and seats_key(view, totals, s) is not None
        )
        winner = combat.get("winner")
        if isinstance(winner, int):
            line += f" · {seat_name(view, winner)} holds {combat.get('space', 'the space')}"
        parts.append(text_block(line, LABEL, room, GOLD, bold=True))
    waiting = waiting_line(view, combat)
    if waiting:
        parts.append(text_block(waiting, BODY, room, WARN, bold=True))
    return framed(stack(parts, gap=8), PANEL_EDGE, width=3)
