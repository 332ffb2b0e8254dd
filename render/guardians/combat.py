"""The combat panel: command cards and spells, every match-up with its cards, fates and totals.

It draws the view's ``combat`` (``engines.guardians.views.CombatView``): the sides, the table of
fighters (``FighterView``: a card with its side, role, opponent, fate, strength) and the casts.
Match-ups are rebuilt from ``opponent``: a primary and its opponent, a secondary attacker and
its target. A pending simultaneous choice shows only as "decided" / "still deciding".
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engines.guardians.views import (
    CardView,
    CastView,
    CombatSideView,
    CombatView,
    FighterView,
    GuardiansView,
)
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
    ink_on,
    seat_fill,
    seat_name,
    stack,
    tag,
    text_block,
    wrap,
)

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


def seat_of(combat: CombatView, side: int) -> int:
    """The seat playing combat side 0 (attacker) or 1 (defender)."""
    return combat.defender if side else combat.attacker


def title(combat: CombatView) -> str:
    """The heading: "Combat on C2: P1 attacks P2 · Dry Heaps · primary match-up"."""
    text = f"Combat on {combat.space}: {tag(combat.attacker)} attacks {tag(combat.defender)}"
    terrain = combat.terrain
    if combat.terrain_destroyed:
        text += " · terrain destroyed"
    else:
        text += f" · {TERRAIN_NAMES.get(terrain, terrain)}" if terrain else " · no terrain"
    return text + f" · {STEP_NAMES.get(combat.step, combat.step)}"


def side_phrase(view: GuardiansView, combat: CombatView, side: CombatSideView) -> str:
    """One side's public state: creatures left, stones spent, whether it has decided."""
    bits = [f"{tag(side.seat)} {side.role}".strip()]
    if side.creatures_left is not None:  # only a side's own count is shown
        bits.append(f"{plural(side.creatures_left, 'creature')} in hand")
    if side.stones_spent:
        bits.append(f"{plural(side.stones_spent, 'stone')} spent")
    if side.total is not None:
        bits.append(f"total {side.total}")
    if combat.step != "over" and view.result is None:
        if side.decided:
            bits.append("decided")
        elif side.to_act:
            bits.append(
                "still deciding" if combat.step in ("command", "primary", "bribe") else "to act"
            )
    return " · ".join(bits)


def cast_phrase(combat: CombatView, cast: CastView) -> str:
    """A command card, spell or item put into play, and on what."""
    names = {f.uid: card_line(f) for f in combat.table}
    names |= {c.uid: c.name for c in combat.casts}
    text = f"{tag(seat_of(combat, cast.side))} {'command' if cast.command else 'cast'}"
    text += f": {card_line(cast)}"
    if cast.target:
        text += f" on {names.get(cast.target, 'a card')}"
    if not cast.in_effect:
        text += " (dispelled)"
    return text


def matchups(combat: CombatView) -> list[tuple[str, list[FighterView]]]:
    """(heading, fighters) per match-up in table order: primaries in pairs, then secondaries."""
    by_uid = {f.uid: f for f in combat.table}
    out: list[tuple[str, list[FighterView]]] = []
    done: set[str | None] = set()
    count = {"primary": 0, "secondary": 0}
    for f in combat.table:
        if f.role not in count or f.uid in done:
            continue
        other = by_uid.get(f.opponent) if f.opponent else None
        pair = [f] if other is None else sorted([f, other], key=lambda e: e.side)
        if f.role == "primary":
            done |= {p.uid for p in pair}
        else:
            done.add(f.uid)
        count[f.role] += 1
        heading = "Primary match-up" if f.role == "primary" else "Secondary attack"
        out.append((f"{heading} {count[f.role]}", pair))
    return out


def others(combat: CombatView, role: str) -> list[FighterView]:
    """Table entries of ``role`` ("command", "ranged", "out")."""
    return [f for f in combat.table if f.role == role]


def fighter_block(combat: CombatView, f: FighterView, width: int) -> Block:
    """A fighter: its seat, its card, strength, channeling, immunity and fate."""
    seat = seat_of(combat, f.side)
    parts = [text_block(tag(seat), SMALL, width, seat_fill(seat), bold=True)]
    parts.append(tile(f, width, text_lines=0))
    if f.strength is not None:
        parts.append(text_block(f"strength {f.strength}", LABEL, width, TEXT, bold=True))
    if f.channel:
        parts.append(text_block(f"+{f.channel} channeled", SMALL, width, MUTED))
    if f.no_damage:
        parts.append(text_block("no damage (immune)", SMALL, width, MUTED))
    if f.role == "secondary":
        parts.append(text_block("secondary attacker", SMALL, width, MUTED))
    if f.fate:
        fill = FATE_COLOURS.get(f.fate, BAD)
        fnt = font(SMALL, bold=True)
        lines = wrap(f.fate.upper(), fnt, width - 20)

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


def matchup_block(combat: CombatView, heading: str, pair: list[FighterView], width: int) -> Block:
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


def card_group(heading: str, cards: Sequence[CardView], fill: RGB, room: int, half: int) -> Item:
    """A heading over compact cards: half the panel wide for one or two cards."""
    if not cards:
        return (0, lambda *_: None), True
    narrow = len(cards) <= 2
    width = half if narrow else room
    grid = card_grid(cards, width, 2 if narrow else COLUMNS, text_lines=0)
    return stack(
        [text_block(heading, BODY, width, fill, bold=True, background=PANEL), grid], gap=4
    ), narrow


def own_pick(combat: CombatView, width: int) -> list[Block]:
    """The viewer's pending pick (the view holds it for the owner only)."""
    parts: list[Block] = []
    for side in combat.sides:
        picked = side.choice
        if picked is not None:
            names = {c.uid: card_line(c) for c in side.hand or []}
            what = names.get(picked.uid, "no card") if picked.uid else "no"
            parts.append(
                text_block(
                    f"Your pick (hidden from your opponent): {what}", BODY, width, GOLD, bold=True
                )
            )
    return parts


def own_hand(combat: CombatView, room: int, half: int) -> list[Item]:
    """The viewer's own combat hand (the view holds it for the owner only)."""
    return [
        card_group(
            f"Your combat hand · {plural(len(side.hand), 'card')}", side.hand, GOLD, room, half
        )
        for side in combat.sides
        if side.hand
    ]


def combat_panel(view: GuardiansView) -> Block:
    """The whole combat panel."""
    combat = view.combat
    if combat is None:
        return 0, lambda *_: None
    room = FULL - 2 * PAD
    half = (room - PAIR_GAP) // 2
    parts = [text_block(title(combat), LABEL, room, TEXT, bold=True, background=PANEL)]
    if combat.status:
        parts.append(text_block(combat.status, BODY, room, GOLD, background=PANEL))
    parts += [
        text_block(side_phrase(view, combat, s), SMALL, room, MUTED, background=PANEL)
        for s in combat.sides
    ]
    parts += [
        text_block(cast_phrase(combat, c), BODY, room, TEXT, background=PANEL) for c in combat.casts
    ]
    winner = combat.winner
    if winner is not None:
        line = f"{seat_name(view, winner)} holds {combat.space}"
        parts.append(text_block(line, LABEL, room, GOLD, bold=True, background=PANEL))
    parts += own_pick(combat, room)
    items = [card_group("Command creatures", others(combat, "command"), TEXT, room, half)]
    items += [(matchup_block(combat, h, p, half), True) for h, p in matchups(combat)]
    items.append(card_group("Ranged attackers", others(combat, "ranged"), TEXT, room, half))
    items.append(card_group("Set aside (out of play)", others(combat, "out"), TEXT, room, half))
    items += own_hand(combat, room, half)
    parts += flow(items, room, half)
    return framed(stack(parts, gap=8), PANEL_EDGE, width=3)
