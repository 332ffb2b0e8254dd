"""What a seat may see of a combat: everything played, never a hidden pick or hand."""

from __future__ import annotations

from typing import Any

from engines.guardians.cards import DeckCard
from engines.guardians.combat import effects as fx
from engines.guardians.combat import targets as tg
from engines.guardians.combat.legal import SIMULTANEOUS, to_act
from engines.guardians.combat.matchup import (
    Cards,
    carried,
    effective,
    needed_to_kill,
    strength,
    terrain,
)
from engines.guardians.combat.state import ATTACKER, DEFENDER, CombatState, Fighter

CARD_FIELDS = (
    "family", "klass", "vitality", "stacking", "ocb", "bribes", "flies", "cmp", "receives",
    "ranged", "terrain",
)  # fmt: skip

STEP_TEXT = {
    "declare": "Command cards: {actor} declares whether to play one",
    "command": "Command cards: picking (revealed together)",
    "command_window": "Command cards revealed: {actor} may dispel or pass",
    "primary": "Primary attackers: both pick one (laid down together)",
    "bribe": "Bribery: deciding at once whether to bribe",
    "answer": "Bribery: {actor} may bribe back or leave it",
    "prestrike": "Before destruction: {actor} may cast a spell or pass",
    "window": "Spells, ranged attacks, channeling: {actor} may act or pass",
    "secondary": "Secondary attacks: {actor} picks an attacker and a target",
    "heal": "Healing: {actor} may heal beaten creatures",
    "over": "The combat is over",
}


def card_view(uid: str, card: DeckCard) -> dict[str, Any]:
    """A face-up card as the view shows it."""
    out: dict[str, Any] = {"uid": uid, "id": card.id, "name": card.name, "kind": card.kind}
    for key in CARD_FIELDS:
        value = getattr(card, key, None)
        if value not in (None, (), False, 0) or (key == "vitality" and value is not None):
            out[key] = list(value) if isinstance(value, tuple) else value
    out["text"] = card.text
    return out


def _fighter(c: CombatState, cards: Cards, f: Fighter) -> dict[str, Any]:
    out: dict[str, Any] = {
        **card_view(f.uid, cards[f.uid]),
        "side": f.side,
        "role": f.role,
        "opponent": f.opponent,
        "fate": f.fate,
        "no_damage": f.no_damage,
        "channel": f.channel + f.channel_free,
        "items": [card_view(i, cards[i]) for i in carried(c, f)],
    }
    if f.fight == c.fight and f.fate is None and f.role in ("primary", "secondary"):
        out["strength"] = strength(c, cards, f)
    attacked = c.secondary_side is not None and f.side != c.secondary_side
    if c.step == "secondary" and attacked and f.fate is None:
        out["needs"] = needed_to_kill(c, cards, f)
    return out


def view(c: CombatState, viewer: int | None, cards: Cards) -> dict[str, Any]:
    """The combat as ``viewer`` (a seat, or None for a spectator) may see it."""
    mine = c.side_of(viewer) if viewer in (c.seat(0), c.seat(1)) else None
    acting = to_act(c)
    sides = []
    for side in (ATTACKER, DEFENDER):
        setup = (c.setup.attacker, c.setup.defender)[side]
        own = side == mine
        chosen = c.pending.get(side)
        entry: dict[str, Any] = {
            "seat": c.seat(side),
            "role": "attacker" if side == ATTACKER else "defender",
            "shield": setup.shield,
            # neither side knows how many creatures the other has left (Example 1)
            "creatures_left": len(c.hands[side]) if own else None,
            "stones": c.stones[side],
            "stones_spent": c.stones_spent[side],
            "channelers_left": len(c.channelers[side]),
            "to_act": side in acting,
            "decided": c.step in SIMULTANEOUS and side in c.waiting and side in c.pending,
            "hand": [card_view(u, cards[u]) for u in c.hands[side]] if own else None,
            "choice": (chosen.model_dump() if own and chosen else None),
            "total": c.totals[side] if c.step in ("heal", "over") else None,
        }
        sides.append(entry)
    return {
        "space": c.setup.space,
        "terrain": terrain(c, cards),
        "terrain_destroyed": c.terrain_destroyed,
        "step": c.step,
        "status": STEP_TEXT[c.step].format(actor=tg.ROLE[c.actor]),
        "attacker": c.seat(ATTACKER),
        "defender": c.seat(DEFENDER),
        "sides": sides,
        "table": [_fighter(c, cards, f) for f in c.table],
        "casts": [
            {
                **card_view(x.uid, cards[x.uid]),
                "side": x.side,
                "target": x.target,
                "command": x.command,
                "in_effect": effective(c, cards, x),
            }
            for x in c.casts
        ],
        "channelers_used": [card_view(u, cards[u]) for u in c.channelers_used],
        "announced": _announced(c, cards, mine),
        "winner": c.seat(c.winner) if c.winner is not None else None,
    }


def _announced(c: CombatState, cards: Cards, mine: int | None) -> list[str] | None:
    """What the opponent had to announce about his hand (for the caster only)."""
    if mine is None:
        return None
    for x in c.casts:
        if x.side == mine and x.command and x.final and effective(c, cards, x):
            attribute = fx.announce(cards[x.uid])
            if attribute:
                hand = [cards[u] for u in c.hands[1 - mine]]
                return sorted(str(getattr(h, attribute, "?")) for h in hand)
    return None
