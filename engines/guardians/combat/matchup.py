"""The vitality arithmetic of a combat, as pure functions of the combat state.

Order of the text: destruction, immunity, text box, off-colour bonus, terrain, then the
other modifiers (stronghold bonus, ranged attacks, channeling within the receive limit).
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.guardians.cards import OCB_TARGET, Creature, DeckCard, Effect, TerrainType
from engines.guardians.combat import effects as fx
from engines.guardians.combat.state import ATTACKER, DEFENDER, Cast, CombatState, Fighter

Cards = Mapping[str, DeckCard]


def creature(cards: Cards, uid: str) -> Creature:
    """The creature card of ``uid``."""
    card = cards[uid]
    assert isinstance(card, Creature), uid
    return card


def effective(c: CombatState, cards: Cards, cast: Cast) -> bool:
    """A cast takes effect unless dispelled, or cancelled by a dispel that takes effect."""
    if cast.dispelled:
        return False
    return not any(
        d.target == cast.uid and fx.is_dispel(cards[d.uid]) and effective(c, cards, d)
        for d in c.casts
    )


def active(c: CombatState, cards: Cards, side: int | None = None) -> list[Cast]:
    """Casts in effect (of ``side``, if given)."""
    return [x for x in c.casts if (side is None or x.side == side) and effective(c, cards, x)]


def terrain(c: CombatState, cards: Cards) -> TerrainType | None:
    """The battle's terrain type now: changed by command cards, gone if destroyed."""
    if c.terrain_destroyed:
        return None
    kind = c.setup.terrain
    for x in active(c, cards):
        kind = fx.terrain_change(cards[x.uid]) or kind
    return kind


def on_stronghold(c: CombatState) -> bool:
    """The combat is fought on a Stronghold space (rows 0 and 3); its owner defends."""
    return c.setup.space[-1:] in ("0", "3")


def terrain_card(c: CombatState) -> tuple[str, int] | None:
    """The space's special terrain card and its owner's side, unless destroyed."""
    uid, seat = c.setup.terrain_card, c.setup.terrain_owner
    if c.terrain_destroyed or uid is None or seat is None:
        return None
    return uid, c.side_of(seat)


def _terrain_card_bonus(
    c: CombatState, cards: Cards, f: Fighter, opp: Creature, when: tuple
) -> int:
    """The terrain card's ``bonus`` for its owner's creatures (Deep Woods, Smouldering Heaps)."""
    found = terrain_card(c)
    if found is None or found[1] != f.side:
        return 0
    return fx.bonus(cards[found[0]], opp, terrain(c, cards), f.side == ATTACKER, when)


def immune(target: Creature, attacker: Creature) -> bool:
    """Whether ``target`` takes no damage from ``attacker`` (attack kind, family, klass, fliers)."""
    traits = {attacker.family, attacker.klass}
    if attacker.attack != "normal":
        traits.add(attacker.attack)
    if attacker.flies:
        traits.add("flying")
    return bool(traits & set(target.immune))


def ocb(card: Creature, opp: Creature) -> int:
    """The off-colour bonus: white beats brown beats black beats white."""
    return card.ocb if OCB_TARGET[card.family] == opp.family else 0


def _fixed_bonuses(c: CombatState, cards: Cards, f: Fighter, opp: Creature) -> int:
    """OCB, terrain and the Stronghold bonus: what every fighting creature gets."""
    card = creature(cards, f.uid)
    total = ocb(card, opp) + card.terrain_bonus.get(terrain(c, cards), 0)  # type: ignore[arg-type]
    if f.side == DEFENDER and on_stronghold(c):
        total += c.setup.defender.stronghold_defence
        total += sum(fx.stronghold_bonus(cards[x.uid]) for x in active(c, cards, DEFENDER))
    return total


def carried(c: CombatState, f: Fighter) -> list[str]:
    """The Creature Magic Items ``f`` carries."""
    return [i for i, carrier in c.carried.items() if carrier == f.uid]


def _item_bonus(c: CombatState, cards: Cards, f: Fighter, opp: Creature | None, when: tuple) -> int:
    """``bonus`` of the items it carries (Sword of the Mid Realms; Boots of the Heaps)."""
    here, attacking = terrain(c, cards), f.side == ATTACKER
    return sum(fx.bonus(cards[i], opp, here, attacking, when) for i in carried(c, f))


def opponent_klass(cards: Cards, f: Fighter) -> str | None:
    """The klass of the creature ``f`` fights (None: no opponent)."""
    return creature(cards, f.opponent).klass if f.opponent else None


def _spell_bonus(c: CombatState, cards: Cards, f: Fighter) -> int:
    against = opponent_klass(cards, f)
    casts = [x for x in active(c, cards, f.side) if x.target == f.uid]
    return sum(fx.spell_bonus(cards[x.uid], against) for x in casts)


def team_bonus(c: CombatState, cards: Cards, f: Fighter) -> int:
    """``team_bonus`` for a primary attacker, from three sources.

    Its side's command card in effect (Floyd), the Standard Bearer it fights under, and its
    side's other creatures played this combat, neither bribed away nor destroyed (Marshal).
    """
    card, attacking = creature(cards, f.uid), f.side == ATTACKER
    total = sum(
        fx.team_bonus(cards[x.uid], card, attacking, ("command",))
        for x in active(c, cards, f.side)
        if x.command
    )
    side = (c.setup.attacker, c.setup.defender)[f.side]
    if side.shield is not None and side.shield in cards and f.uid not in side.off_shield:
        total += fx.team_bonus(cards[side.shield], card, attacking, ("combat",))
    played = [
        g.uid
        for g in c.table
        if g.side == f.side
        and g.role == "primary"
        and g.uid != f.uid
        and g.fate not in ("bribed", "destroyed")
    ]
    return total + sum(fx.team_bonus(cards[u], card, attacking, ("combat",)) for u in played)


def primary_strength(c: CombatState, cards: Cards, f: Fighter) -> int:
    """A primary attacker's vitality with every bonus of its match-up."""
    card = creature(cards, f.uid)
    opp = creature(cards, f.opponent) if f.opponent else None
    total = card.vitality + received(c, cards, f) + _spell_bonus(c, cards, f)
    total += fx.bonus(card, opp, terrain(c, cards), f.side == ATTACKER, fx.PRIMARY_WHEN)
    total += _item_bonus(c, cards, f, opp, fx.PRIMARY_WHEN)
    total += team_bonus(c, cards, f)
    if opp is not None:
        total += _fixed_bonuses(c, cards, f, opp)
        total += _terrain_card_bonus(c, cards, f, opp, fx.PRIMARY_WHEN)
    if terrain(c, cards) != "woods":
        total += sum(
            creature(cards, r.uid).ranged
            for r in c.table
            if r.role == "ranged" and r.opponent == f.uid and r.fate is None
        )
    return total


def secondary_strength(c: CombatState, cards: Cards, f: Fighter) -> int:
    """A secondary attacker: its own text box (secondary/combat), OCB, terrain, channeling."""
    card = creature(cards, f.uid)
    target = creature(cards, f.opponent or "")
    total = card.vitality + received(c, cards, f) + _spell_bonus(c, cards, f)
    total += fx.bonus(card, target, terrain(c, cards), f.side == ATTACKER, fx.SECONDARY_WHEN)
    total += _item_bonus(c, cards, f, target, fx.SECONDARY_WHEN)
    total += _terrain_card_bonus(c, cards, f, target, fx.SECONDARY_WHEN)
    return total + _fixed_bonuses(c, cards, f, target)


def _allowances(c: CombatState, cards: Cards, f: Fighter) -> list[Effect]:
    """``allow_channel`` of spells cast on ``f`` (Power Lunch) and items it carries (Ring)."""
    sources = [x.uid for x in active(c, cards, f.side) if x.target == f.uid] + carried(c, f)
    found = [fx.allow_channel(cards[u]) for u in sources]
    return [e for e in found if e is not None]


def channel_limit(c: CombatState, cards: Cards, f: Fighter) -> int:
    """How much channeling the creature can take: its base vitality unless a card says more."""
    card = creature(cards, f.uid)
    limit = card.receive_limit if card.receive_limit is not None else card.vitality
    return max([limit, *(e.amount for e in _allowances(c, cards, f) if e.amount)])


def may_receive(c: CombatState, cards: Cards, f: Fighter) -> bool:
    """Green bar, or a spell (Power Lunch) or item (Ring) allows it; never against an Ice Ogre."""
    if channel_blocked(cards, f):
        return False
    return creature(cards, f.uid).receives or bool(_allowances(c, cards, f))


def channel_blocked(cards: Cards, f: Fighter) -> bool:
    """Its match-up opponent forbids channeling (the Ice Ogre)."""
    return f.role == "primary" and f.opponent is not None and fx.blocks_channel(cards[f.opponent])


def received(c: CombatState, cards: Cards, f: Fighter) -> int:
    """Channeling that counts now, within the receive limit."""
    if channel_blocked(cards, f):
        return 0
    got = f.channel_free + (f.channel if may_receive(c, cards, f) else 0)
    return min(got, channel_limit(c, cards, f))


def capacity(c: CombatState, cards: Cards, f: Fighter) -> int:
    """How much more channeling the creature can take."""
    return max(0, channel_limit(c, cards, f) - f.channel - f.channel_free)


def strength(c: CombatState, cards: Cards, f: Fighter) -> int:
    """A fighter's vitality in its current match-up."""
    if f.role == "secondary":
        return secondary_strength(c, cards, f)
    return primary_strength(c, cards, f)


def secondary_bonus(
    c: CombatState, cards: Cards, target: Fighter, attacker: str | None = None
) -> int:
    """What an attack on ``target`` starts with.

    A primary that fought gives the base vitality of the creature it fought (as long as that
    one did damage); a beaten Amber Well gives its ``beaten_counts_as``. Earlier secondaries
    on the same target add their base vitality (only the last one gets bonuses).
    """
    total = 0
    if target.role == "primary" and target.opponent:
        opp = c.fighter(target.opponent)
        if opp is not None and opp.fate in (None, "beaten") and not opp.no_damage:
            card = creature(cards, opp.uid)
            total += fx.beaten_value(card) if opp.fate == "beaten" else card.vitality
    return total + sum(
        creature(cards, f.uid).vitality
        for f in c.table
        if f.role == "secondary"
        and f.opponent == target.uid
        and f.fate is None
        and f.uid != attacker
    )


def needed_to_kill(
    c: CombatState, cards: Cards, target: Fighter, attacker: str | None = None
) -> int:
    """The secondary-attack vitality needed to beat ``target`` (a command card cannot defend).

    ``attacker``: the secondary attacker now fighting it (its own vitality is not a bonus).
    """
    vitality = creature(cards, target.uid).vitality
    need = vitality if target.role == "command" else vitality + 1
    return max(0, need - secondary_bonus(c, cards, target, attacker))


def control_total(c: CombatState, cards: Cards, side: int) -> int:
    """Surviving vitality for control of the space (not stacking; not bribed or set aside)."""
    standing = [f.uid for f in c.table if f.side == side and f.fate is None and f.role != "out"]
    return sum(fx.control_value(creature(cards, u)) for u in standing + c.hands[side])
