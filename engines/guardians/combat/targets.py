"""Who may be bribed, channeled into, cast on or attacked now (shared by legal moves and steps)."""

from __future__ import annotations

from engines.guardians.cards import Bribery, HandItem, Spell
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.combat import effects as fx
from engines.guardians.combat.matchup import (
    Cards,
    capacity,
    channel_blocked,
    creature,
    effective,
    may_receive,
    on_stronghold,
    opponent_klass,
    terrain,
    terrain_card,
)
from engines.guardians.combat.state import DEFENDER, Cast, CombatState, Fighter

ROLE = ("the attacker", "the defender")


def on_table(f: Fighter) -> bool:
    """Still on the table (beaten creatures stay until the combat ends)."""
    return f.role != "out" and f.fate not in ("bribed", "destroyed")


def may_bribe(c: CombatState, cards: Cards, target: Fighter, bribe: str) -> bool:
    """The target carries the icon; no Fiend of its side nor its owner's terrain blocks it."""
    if bribe not in creature(cards, target.uid).bribes or target.fate is not None:
        return False
    land = terrain_card(c)
    if land is not None and land[1] == target.side and bribe in fx.bribe_blocks(cards[land[0]]):
        return False  # Iron Crag Brew Mountain, SS House of Babes
    return not any(
        bribe in fx.bribe_blocks(cards[f.uid])
        for f in c.table
        if f.side == target.side and on_table(f) and f.uid != target.uid
    )


def bribeable(c: CombatState, cards: Cards, target: Fighter) -> bool:
    """Some bribery kind could take it away (public: icons and blockers are face-up)."""
    return any(may_bribe(c, cards, target, b) for b in ("beer", "gold", "babes"))


def bribes(c: CombatState, cards: Cards, side: int, target: Fighter) -> list[str]:
    """The side's bribery cards (one per kind) that may take ``target`` away."""
    seen: dict[str, str] = {}
    for uid in c.storage[side]:
        card = cards[uid]
        fits = isinstance(card, Bribery) and may_bribe(c, cards, target, card.bribe)
        if fits and card.bribe not in seen:  # type: ignore[union-attr]
            seen[card.bribe] = uid  # type: ignore[union-attr]
    return list(seen.values())


def is_command_card(card: object) -> bool:
    """A command creature, or a spell / hand item that must be used as a command card."""
    return bool(getattr(card, "command", False))


def command_cards(c: CombatState, cards: Cards, side: int) -> list[str]:
    """Cards the side may play as its command card."""
    hand = [u for u in c.hands[side] if is_command_card(cards[u])]
    spells = [
        u
        for u in c.storage[side]
        if isinstance(cards[u], Spell | HandItem)
        and is_command_card(cards[u])
        and cards[u].cost <= c.stones[side]  # type: ignore[union-attr]
    ]
    return hand + spells


def dispel_targets(c: CombatState, cards: Cards, side: int) -> list[Cast]:
    """Opposing casts of this step that are still open and in effect."""
    return [
        x
        for x in c.casts
        if x.side != side and not x.final and x.fight == c.fight and effective(c, cards, x)
    ]


def spell_targets(c: CombatState, cards: Cards, side: int, uid: str) -> list[str | None]:
    """Where a spell may go now (uids; None for a spell without a target); [] if nowhere."""
    card = cards[uid]
    if fx.is_dispel(card):
        return [x.uid for x in dispel_targets(c, cards, side)]
    if c.step == "command_window":
        return []
    klass = fx.destroy_pair_klass(card)
    if klass is not None:
        pair = c.current()
        if len(pair) < 2 or any(f.role != "primary" for f in pair):
            return []
        return [f.uid for f in pair if not klass or creature(cards, f.uid).klass == klass]
    if fx.effects(card, "destroys"):  # Rocks of Skull Cracking: an opposing primary that flies
        return [
            f.uid
            for f in c.current(1 - side)
            if f.role == "primary" and fx.destroys(card, creature(cards, f.uid), fx.PRIMARY_WHEN)
        ]
    if fx.effects(card, "stronghold_bonus"):  # Holy Ground: only a Stronghold's defender
        return [None] if side == DEFENDER and on_stronghold(c) else []
    own = c.current(side)
    if fx.allow_channel(card) is not None:
        return [f.uid for f in own if not (may_receive(c, cards, f) or channel_blocked(cards, f))]
    if any(fx.effects(card, "bonus")):
        return [f.uid for f in own if fx.spell_bonus(card, opponent_klass(cards, f))]
    if fx.destroys_terrain(card):  # not the Ancient Tome: Terrain Settlement only
        return [None] if terrain(c, cards) is not None else []
    if fx.terrain_change(card) is not None:
        return [None]
    return []


def castable(c: CombatState, cards: Cards, side: int) -> list[tuple[str, str | None]]:
    """(spell uid, target) pairs the side may cast now."""
    out: list[tuple[str, str | None]] = []
    for uid in c.storage[side]:
        card = cards[uid]
        if not isinstance(card, Spell | HandItem) or card.command or card.cost > c.stones[side]:
            continue
        out += [(uid, t) for t in spell_targets(c, cards, side, uid)]
    return out


def item_targets(c: CombatState, cards: Cards, side: int, uid: str) -> list[str]:
    """Own primary attackers now fighting whom the Creature Magic Item would help."""
    card, out = cards[uid], []
    for f in c.current(side):
        if f.role != "primary":
            continue
        opp = creature(cards, f.opponent) if f.opponent else None
        helps = fx.bonus(card, opp, terrain(c, cards), f.side == 0, fx.PRIMARY_WHEN) > 0
        if fx.allow_channel(card) is not None:
            helps = not (may_receive(c, cards, f) or channel_blocked(cards, f))
        if helps:
            out.append(f.uid)
    return out


def attachable(c: CombatState, cards: Cards, side: int) -> list[tuple[str, str]]:
    """(item uid, creature uid) pairs: the side's Creature Magic Items it may give now."""
    return [(u, t) for u in c.items[side] for t in item_targets(c, cards, side, u)]


def guardian_gift(guardian_id: str) -> tuple[int, int] | None:
    """The Guardian's ability ``guardian_channel``: (stones, points), if it has one."""
    guardian = CATALOGUE.guardians.get(guardian_id)
    for e in guardian.effects if guardian else ():
        if e.kind == "guardian_channel" and e.amount and (e.target or "").isdigit():
            return e.amount, int(e.target or 0)
    return None


def guardian_cmp(guardian_id: str) -> int:
    """The Guardian's CMP: what one power stone channels."""
    guardian = CATALOGUE.guardians.get(guardian_id)
    return guardian.cmp if guardian else 0


def channeler_fits(cards: Cards, source: str, f: Fighter) -> bool:
    """A channeler that channels only to a klass gives to it even without a green bar."""
    only = creature(cards, source).channels_to
    return only is not None and only == creature(cards, f.uid).klass


def channel_amount(c: CombatState, cards: Cards, source: str, f: Fighter) -> int:
    """How much ``source`` (a stronghold channeler) would give ``f`` now."""
    card = creature(cards, source)
    if card.channels_to is not None and not channeler_fits(cards, source, f):
        return 0
    allowed = channeler_fits(cards, source, f) or may_receive(c, cards, f)
    if channel_blocked(cards, f) or not allowed:
        return 0
    bonus = (c.setup.attacker, c.setup.defender)[f.side].channel_bonus.get(source, 0)
    return min(card.cmp + bonus, capacity(c, cards, f))


def secondary_targets(c: CombatState, side: int) -> list[Fighter]:
    """Opposing creatures a secondary may attack: command, primaries, ranged, set aside."""
    return [f for f in c.table if f.side != side and f.fate is None]


def healable(c: CombatState, side: int) -> list[Fighter]:
    """The side's beaten creatures (destroyed and bribed ones cannot be healed)."""
    return [f for f in c.table if f.side == side and f.fate == "beaten"]


def elixirs(c: CombatState, cards: Cards, side: int) -> list[str]:
    """The winner's hand items that heal (one per card id); none for the loser."""
    if side != c.winner:
        return []
    seen: dict[str, str] = {}
    for uid in c.storage[side]:
        if isinstance(cards[uid], HandItem) and fx.heal_amount(cards[uid]):
            seen.setdefault(cards[uid].id, uid)
    return list(seen.values())


def healers(c: CombatState, cards: Cards, side: int) -> int:
    """How many creatures the side's survivors can heal (the loser: win-or-lose healers)."""
    standing = [f.uid for f in c.table if f.side == side and f.fate is None and f.role != "out"]
    won = side == c.winner
    return sum(fx.heal_amount(cards[u], won) for u in standing + c.hands[side])
