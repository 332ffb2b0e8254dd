"""The combat panel: command cards and spells, every match-up with its cards, fates and totals.

The attacker's fighters stand on the left, the defender's on the right, one match-up a row;
what fits under the match-ups follows (own hand, spells, command creatures, set aside).

It draws the view's ``combat`` (``engines.guardians.views.CombatView``): the sides, the table of
fighters (``FighterView``: a card with its side, role, opponent, fate, strength) and the casts.
Match-ups are rebuilt from ``opponent``: a primary and its opponent, a secondary attacker and
its target. A pending simultaneous choice shows only as "decided" / "still deciding".
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engines.guardians.views import (
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
    TEXT,
    font,
    pill,
    seat_colour,
    text_width,
)
from render.guardians import stamp
from render.guardians.card import MINI_PAD, band_colour, card_line, mini_block, mini_grid
from render.guardians.panel import framed
from render.guardians.style import (
    BODY,
    CARD_SOFT,
    SMALL,
    TERRAIN_NAMES,
    Block,
    facts_block,
    ink_on,
    px,
    seat_name,
    stack,
    tag,
    text_block,
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
VS_W = px(44)
HAND_COLUMNS = 3  # small tiles a row in the viewer's combat hand


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


def _numbers(f: FighterView) -> list[str]:
    """A fighter's strength, channeling and immunity, as short facts."""
    facts = [f"strength {f.strength}"] if f.strength is not None else []
    if f.channel:
        facts.append(f"+{f.channel} channeled")
    if f.no_damage:
        facts.append("no damage (immune)")
    return facts


def compact_fighter(combat: CombatView, f: FighterView, width: int) -> Block:
    """A fighter as one tile in its card's colour: name and vitality, fate, strength.

    For a busy combat: the card's other numbers are in its lookup and the alt text.
    """
    band = band_colour(f)
    facts = [card_line(f), *([f.fate.upper()] if f.fate else []), *_numbers(f)]
    inner_h, inner = facts_block(facts, SMALL, width - 2 * MINI_PAD, ink_on(band), bold=True)
    height = inner_h + 2 * MINI_PAD - px(2)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        draw.rounded_rectangle(
            (x, y, x + width - 1, y + height - 1),
            radius=px(8),
            fill=band,
            outline=CARD_SOFT,
            width=1,
        )
        inner(img, draw, x + MINI_PAD, y + MINI_PAD - px(2))

    key = stamp.key_of("fighter-compact", f, seat_of(combat, f.side))
    return stamp.cached(key, width, (height, paint), PANEL, text=True)


def fighter_block(combat: CombatView, f: FighterView, width: int) -> Block:
    """A fighter: its card as a small tile, then its fate beside strength, channeling, immunity."""
    seat = seat_of(combat, f.side)
    facts = _numbers(f)
    parts = [mini_block(f, width)]
    fnt = font(SMALL, bold=True)
    fate = f.fate.upper() if f.fate else ""
    fate_w = text_width(fate, fnt) + px(20) if fate else 0
    beside = bool(fate) and fate_w + px(8) <= width // 2
    if fate:
        fill = FATE_COLOURS.get(f.fate or "", BAD)
        fate_h = SMALL + px(12)
        after = facts_block(facts, SMALL, width - fate_w - px(8), TEXT, bold=True)

        def paint_fate(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
            pill(draw, (x, y), fate, fnt, fill=fill, text_fill=ink_on(fill), pad=(px(10), px(3)))
            if beside and facts:
                after[1](img, draw, x + fate_w + px(8), y + px(3))

        parts.append((max(fate_h, after[0] + px(3)) if beside else fate_h, paint_fate))
    if facts and not beside:
        parts.append(facts_block(facts, SMALL, width, TEXT, bold=True))
    return stamp.cached(
        stamp.key_of("fighter", f, seat), width, stack(parts, gap=px(4)), PANEL, text=True
    )


def matchup_block(
    combat: CombatView,
    heading: str | None,
    pair: list[FighterView],
    width: int,
    compact: bool = False,
) -> Block:
    """A heading if given, then the attacker's fighter on the left, the defender's on the right."""
    col_w = (width - VS_W) // 2
    draw_fighter = compact_fighter if compact else fighter_block
    columns = [(f.side, draw_fighter(combat, f, col_w)) for f in pair]
    head_h, head = (
        text_block(heading, SMALL, width, MUTED, bold=True, background=PANEL)
        if heading
        else (-px(2), lambda *_: None)
    )
    row_h = max((b[0] for _, b in columns), default=0)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        head(img, draw, x, y)
        cy = y + head_h + px(2)
        for side, (_, p) in columns:
            p(img, draw, x + side * (col_w + VS_W), cy)
        if len(columns) == 2:
            draw.text(
                (x + col_w + VS_W // 2, cy + min(px(30), row_h // 2)),
                "vs",
                font=font(SMALL, bold=True),
                fill=GOLD,
                anchor="mm",
            )

    return head_h + px(2) + row_h, paint


def sides_caption(combat: CombatView, width: int) -> Block:
    """Above the match-ups: whose fighters stand on the left and on the right."""
    col_w = (width - VS_W) // 2
    captions = [
        (f"{tag(seat_of(combat, side))} {word}", seat_colour(seat_of(combat, side)))
        for side, word in ((0, "attacks"), (1, "defends"))
    ]

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
        for side, (label, fill) in enumerate(captions):
            draw.text((x + side * (col_w + VS_W), y), label, font=font(SMALL, bold=True), fill=fill)

    return SMALL + px(4), paint


def card_group(heading: str, combat: CombatView, cards: Sequence[FighterView], width: int) -> Block:
    """A heading over the cards of a role as short lines ("P1 Gargoyle V9")."""
    if not cards:
        return 0, lambda *_: None
    names = [f"{tag(seat_of(combat, f.side))} {card_line(f)}" for f in cards]
    return stack(
        [
            text_block(heading, SMALL, width, TEXT, bold=True, background=PANEL),
            facts_block(names, SMALL, width, MUTED),
        ],
        gap=px(2),
    )


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
                    f"Your pick (hidden from your opponent): {what}", SMALL, width, GOLD, bold=True
                )
            )
    return parts


def own_hand(combat: CombatView, width: int) -> list[Block]:
    """The viewer's own combat hand (the view holds it for the owner only)."""
    out: list[Block] = []
    for side in combat.sides:
        if side.hand:
            heading = f"Your combat hand · {plural(len(side.hand), 'card')}"
            columns = HAND_COLUMNS if width > px(500) else 1
            tiles = [
                text_block(heading, SMALL, width, GOLD, bold=True, background=PANEL),
                mini_grid(side.hand, width, columns),
            ]
            out.append(stack(tiles, gap=px(4)))
    return out


def heading(combat: CombatView) -> str:
    """The combat as the image's title: ``title`` without the step (the status says it)."""
    return title(combat).rsplit(" · ", 1)[0]


def head_parts(view: GuardiansView, room: int) -> list[Block]:
    """The combat's state, ``room`` px wide: status, sides, winner, own pick.

    The combat's heading is the image's title.
    """
    combat = view.combat
    if combat is None:
        return []
    parts = []
    if combat.status:
        parts.append(text_block(combat.status, SMALL, room, GOLD, background=PANEL))
    parts += [
        text_block(side_phrase(view, combat, s), SMALL, room, MUTED, background=PANEL)
        for s in combat.sides
    ]
    winner = combat.winner
    if winner is not None:
        line = f"{seat_name(view, winner)} holds {combat.space}"
        parts.append(text_block(line, BODY, room, GOLD, bold=True, background=PANEL))
    return parts + own_pick(combat, room)


def matchup_parts(view: GuardiansView, room: int, compact: bool = False) -> list[Block]:
    """Who attacks on which side, then every match-up, ``room`` px wide.

    ``compact``: each fighter a one-tile line (``compact_fighter``), for a busy combat.
    """
    combat = view.combat
    if combat is None:
        return []
    pairs, kinds = [], set()
    for heading, pair in matchups(combat):  # one heading for each kind of match-up
        kind = "Secondary attacks" if heading.startswith("Secondary") else "Primary match-ups"
        pairs.append(matchup_block(combat, None if kind in kinds else kind, pair, room, compact))
        kinds.add(kind)
    return [sides_caption(combat, room), *pairs] if pairs else []


def extra_parts(view: GuardiansView, room: int, busy: bool = False) -> list[Block]:
    """What follows the match-ups: the viewer's combat hand, casts, the other fighters.

    ``busy``: only the casts still in effect, and no lists of other fighters (the alt text
    has them all).
    """
    combat = view.combat
    if combat is None:
        return []
    parts = own_hand(combat, room)
    parts += [
        text_block(cast_phrase(combat, c), SMALL, room, TEXT, background=PANEL)
        for c in combat.casts
        if c.in_effect or not busy
    ]
    if busy:
        return parts
    parts.append(card_group("Command creatures", combat, others(combat, "command"), room))
    parts.append(card_group("Ranged attackers", combat, others(combat, "ranged"), room))
    parts.append(card_group("Set aside (out of play)", combat, others(combat, "out"), room))
    return [p for p in parts if p[0] > 0]


def combat_panel(parts: list[Block], width: int) -> Block:
    """Parts of the combat in a frame ``width`` px wide."""
    if not parts:
        return 0, lambda *_: None
    return framed(stack(parts, gap=px(4)), PANEL_EDGE, width=px(3), full=width)
