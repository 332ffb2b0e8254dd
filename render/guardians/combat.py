"""The combat panel: command cards and spells, every match-up with its cards, fates and totals.

It reads ``view["combat"]`` as ``engines.guardians.combat.combat_view`` builds it:

    space, terrain, terrain_destroyed, step, status, attacker, defender (seats), winner (seat),
    sides: [{seat, role, creatures_left, stones_spent, to_act, decided, hand (own only),
             choice (own pending pick only), total (once the combat is resolved)}],
    table: [card + {side (0 attacker, 1 defender), role ("command", "primary", "ranged",
            "secondary", "out"), opponent (uid: primary opponent, secondary target, ranged
            ally), fate ("beaten", "bribed", "destroyed", "healed"), no_damage, channel,
            strength (the current match-up only)}],
    casts: [card + {side, target (uid), command, in_effect}].

Match-ups are rebuilt from ``opponent``: a primary and its opponent, a secondary attacker and
its target. A pending simultaneous choice shows only as "decided" / "still deciding".
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
    PANEL,
    PANEL_EDGE,
    RGB,
    TEXT,
    font,
    pill,
)
from render.guardians import stamp
from render.guardians.card import card_grid, card_line, tile
from render.guardians.panel import FULL, PAD, framed
from render.guardians.style import (
    BODY,
    LABEL,
    SMALL,
    TERRAIN_NAMES,
    Block,
    View,
    ink_on,
    seat_fill,
    seat_name,
    stack,
    tag,
    text_block,
    wrap,
)

Combat = Mapping[str, Any]
Entry = Mapping[str, Any]
STEP_NAMES = {
    "declare": "command cards",
    "command": "command cards",
    "command_window": "command cards",
    "primary": "primary match-up",
    "bribe": "bribery",
    "prestrike": "spells",
    "window": "spells, ranged attacks, channeling",
    "secondary": "secondary attacks",
    "heal": "healing",
    "over": "finished",
}
FATE_COLOURS = {"healed": GOOD}
VS_W = 40
PAIR_GAP = 24  # between two match-ups side by side
COLUMNS = 4  # cards a row in a full-width group (command, ranged, set aside, hand)


def seat_of(combat: Combat, side: Any) -> int | None:
    """The seat playing combat side 0 (attacker) or 1 (defender)."""
    key = ("attacker", "defender")[side] if side in (0, 1) else None
    seat = combat.get(key) if key else None
    return seat if isinstance(seat, int) else None


def title(combat: Combat) -> str:
    """The heading: "Combat on C2: P1 attacks P2 · Dry Heaps · primary match-up"."""
    text = f"Combat on {combat.get('space', '?')}"
    attacker, defender = seat_of(combat, 0), seat_of(combat, 1)
    if attacker is not None and defender is not None:
        text += f": {tag(attacker)} attacks {tag(defender)}"
    terrain = combat.get("terrain")
    if combat.get("terrain_destroyed"):
        text += " · terrain destroyed"
    else:
        text += (
            f" · {TERRAIN_NAMES.get(str(terrain), str(terrain))}" if terrain else " · no terrain"
        )
    if combat.get("step"):
        text += f" · {STEP_NAMES.get(str(combat['step']), str(combat['step']))}"
    return text


def side_phrase(view: View, combat: Combat, side: Entry) -> str:
    """One side's public state: creatures left, stones spent, whether it has decided."""
    seat = side.get("seat")
    role = str(side.get("role") or "")
    bits = [f"{tag(seat)} {role}".strip()]
    if side.get("creatures_left") is not None:
        bits.append(f"{plural(int(side['creatures_left']), 'creature')} in hand")
    if side.get("stones_spent"):
        bits.append(f"{plural(int(side['stones_spent']), 'stone')} spent")
    if side.get("total") is not None:
        bits.append(f"total {side['total']}")
    if combat.get("step") != "over" and not view.get("result"):
        if side.get("decided"):
            bits.append("decided")
        elif side.get("to_act"):
            bits.append(
                "still deciding"
                if combat.get("step") in ("command", "primary", "bribe")
                else "to act"
            )
    return " · ".join(bits)


def cast_phrase(combat: Combat, cast: Entry) -> str:
    """A command card, spell or item put into play, and on what."""
    names = {str(f.get("uid")): card_line(f) for f in combat.get("table") or []}
    names |= {str(c.get("uid")): str(c.get("name")) for c in combat.get("casts") or []}
    text = (
        f"{tag(seat_of(combat, cast.get('side')))} {'command' if cast.get('command') else 'cast'}"
    )
    text += f": {card_line(cast)}"
    if cast.get("target"):
        text += f" on {names.get(str(cast['target']), 'a card')}"
    if cast.get("in_effect") is False:
        text += " (dispelled)"
    return text


def matchups(combat: Combat) -> list[tuple[str, list[Entry]]]:
    """(heading, fighters) per match-up in table order: primaries in pairs, then secondaries."""
    table = list(combat.get("table") or [])
    by_uid = {str(f.get("uid")): f for f in table}
    out: list[tuple[str, list[Entry]]] = []
    done: set[str] = set()
    count = {"primary": 0, "secondary": 0}
    for f in table:
        role, uid = f.get("role"), str(f.get("uid"))
        if role not in ("primary", "secondary") or uid in done:
            continue
        other = by_uid.get(str(f.get("opponent")))
        pair = [f] if other is None else sorted([f, other], key=lambda e: e.get("side", 0))
        if role == "primary":
            done |= {str(p.get("uid")) for p in pair}
        else:
            done.add(uid)
        count[str(role)] += 1
        heading = "Primary match-up" if role == "primary" else "Secondary attack"
        out.append((f"{heading} {count[str(role)]}", pair))
    return out


def others(combat: Combat, role: str) -> list[Entry]:
    """Table entries of ``role`` ("command", "ranged", "out")."""
    return [f for f in combat.get("table") or [] if f.get("role") == role]


def fighter_block(combat: Combat, f: Entry, width: int) -> Block:
    """A fighter: its seat, its card, strength, channeling, immunity and fate."""
    seat = seat_of(combat, f.get("side"))
    parts = [
        text_block(
            tag(seat), SMALL, width, seat_fill(seat) if seat is not None else TEXT, bold=True
        )
    ]
    parts.append(tile(f, width, text_lines=0))
    if f.get("strength") is not None:
        parts.append(text_block(f"strength {f['strength']}", LABEL, width, TEXT, bold=True))
    if f.get("channel"):
        parts.append(text_block(f"+{f['channel']} channeled", SMALL, width, MUTED))
    if f.get("no_damage"):
        parts.append(text_block("no damage (immune)", SMALL, width, MUTED))
    if f.get("role") == "secondary":
        parts.append(text_block("secondary attacker", SMALL, width, MUTED))
    if f.get("fate"):
        fill = FATE_COLOURS.get(str(f["fate"]), BAD)
        fnt = font(SMALL, bold=True)
        lines = wrap(str(f["fate"]).upper(), fnt, width - 20)

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
    return stamp.cached(
        stamp.key_of("fighter", f, seat), width, stack(parts, gap=4), PANEL, text=True
    )


def matchup_block(combat: Combat, heading: str, pair: list[Entry], width: int) -> Block:
    """A heading, then the fighters side by side with "vs" between them."""
    col_w = (width - VS_W) // 2
    columns = [fighter_block(combat, f, col_w) for f in pair]
    head_h, head = text_block(heading, BODY, width, TEXT, bold=True, background=PANEL)
    row_h = max((h for h, _ in columns), default=0)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        head(img, draw, x, y)
        cy = y + head_h + 4
        for i, (_, p) in enumerate(columns):
            cx = x + i * (col_w + VS_W)
            p(img, draw, cx, cy)
            if i:
                draw.text(
                    (cx - VS_W // 2, cy + 70),
                    "vs",
                    font=font(LABEL, bold=True),
                    fill=GOLD,
                    anchor="mm",
                )

    return head_h + 4 + row_h, paint


Item = tuple[Block, bool]  # a block and whether it is half the panel wide


def flow(items: list[Item], room: int, half: int) -> list[Block]:
    """Rows of items: two half-wide items side by side, a full-wide one alone."""
    rows: list[Block] = []
    pending: list[Block] = []
    for block, is_half in items:
        if block[0] <= 0:
            continue
        if is_half:
            pending.append(block)
            if len(pending) == 2:
                rows.append(_pair_row(pending, half))
                pending = []
            continue
        if pending:
            rows.append(_pair_row(pending, half))
            pending = []
        rows.append(block)
    if pending:
        rows.append(_pair_row(pending, half))
    return rows


def _pair_row(pair: list[Block], width: int) -> Block:
    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        for k, (_, p) in enumerate(pair):
            p(img, draw, x + k * (width + PAIR_GAP), y)

    return max(h for h, _ in pair), paint


def card_group(heading: str, cards: list[Entry], fill: RGB, room: int, half: int) -> Item:
    """A heading over compact cards: half the panel wide for one or two cards."""
    if not cards:
        return (0, lambda *_: None), True
    narrow = len(cards) <= 2
    width = half if narrow else room
    grid = card_grid([dict(c) for c in cards], width, 2 if narrow else COLUMNS, text_lines=0)
    return stack(
        [text_block(heading, BODY, width, fill, bold=True, background=PANEL), grid], gap=4
    ), narrow


def own_pick(combat: Combat, width: int) -> list[Block]:
    """The viewer's pending pick (the view holds it for the owner only)."""
    parts: list[Block] = []
    for side in combat.get("sides") or []:
        if side.get("choice"):
            picked = side["choice"]
            names = {str(c.get("uid")): card_line(c) for c in side.get("hand") or []}
            what = names.get(str(picked.get("uid")), "no card") if picked.get("uid") else "no"
            parts.append(
                text_block(
                    f"Your pick (hidden from your opponent): {what}", BODY, width, GOLD, bold=True
                )
            )
    return parts


def own_hand(combat: Combat, room: int, half: int) -> list[Item]:
    """The viewer's own combat hand (the view holds it for the owner only)."""
    return [
        card_group(
            f"Your combat hand · {plural(len(side['hand']), 'card')}",
            side["hand"],
            GOLD,
            room,
            half,
        )
        for side in combat.get("sides") or []
        if side.get("hand")
    ]


def combat_panel(view: View) -> Block:
    """The whole combat panel."""
    combat = view.get("combat")
    if not combat:
        return 0, lambda *_: None
    room = FULL - 2 * PAD
    half = (room - PAIR_GAP) // 2
    parts = [text_block(title(combat), LABEL, room, TEXT, bold=True, background=PANEL)]
    if combat.get("status"):
        parts.append(text_block(str(combat["status"]), BODY, room, GOLD, background=PANEL))
    parts += [
        text_block(side_phrase(view, combat, s), SMALL, room, MUTED, background=PANEL)
        for s in combat.get("sides") or []
    ]
    parts += [
        text_block(cast_phrase(combat, c), BODY, room, TEXT, background=PANEL)
        for c in combat.get("casts") or []
    ]
    winner = combat.get("winner")
    if isinstance(winner, int):
        line = f"{seat_name(view, winner)} holds {combat.get('space', 'the space')}"
        parts.append(text_block(line, LABEL, room, GOLD, bold=True, background=PANEL))
    parts += own_pick(combat, room)
    items = [card_group("Command creatures", others(combat, "command"), TEXT, room, half)]
    items += [(matchup_block(combat, h, p, half), True) for h, p in matchups(combat)]
    items.append(card_group("Ranged attackers", others(combat, "ranged"), TEXT, room, half))
    items.append(card_group("Set aside (out of play)", others(combat, "out"), TEXT, room, half))
    items += own_hand(combat, room, half)
    parts += flow(items, room, half)
    return framed(stack(parts, gap=8), PANEL_EDGE, width=3)
