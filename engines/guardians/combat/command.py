"""The command-card step: declared in turn, picked at once, revealed, settled, dispelled."""

from __future__ import annotations

from engines.base import Event
from engines.guardians.combat import effects as fx
from engines.guardians.combat import targets as tg
from engines.guardians.combat.matchup import Cards, active, creature
from engines.guardians.combat.state import ATTACKER, DEFENDER, Cast, CombatState, Fighter


def reveal(c: CombatState, cards: Cards) -> list[Event]:
    """Both picks are revealed together; contradictions and command dispels are settled."""
    events: list[Event] = []
    for side in (ATTACKER, DEFENDER):
        choice = c.pending.get(side)
        if choice is None or choice.uid is None:
            continue
        uid = choice.uid
        if uid in c.hands[side]:
            c.hands[side].remove(uid)
            c.table.append(Fighter(uid=uid, side=side, role="command"))
        else:
            c.storage[side].remove(uid)
            c.used.append(uid)
            cost = getattr(cards[uid], "cost", 0)
            c.stones[side] -= cost
            c.stones_spent[side] += cost
        c.casts.append(Cast(uid=uid, side=side, fight=-1, command=True))
        events.append(
            Event(text=f"{tg.ROLE[side].capitalize()} plays {cards[uid].name} as a command card.")
        )
    c.pending = {}
    commands = [x for x in c.casts if x.command]
    if len(commands) == 2:
        events += _contradiction(cards, *commands)
        dispelling = [x for x in commands if not x.dispelled and fx.dispels_command(cards[x.uid])]
        for x in dispelling:
            other = next(y for y in commands if y.side != x.side)
            other.dispelled = True
            events.append(Event(text=f"{cards[x.uid].name} dispels {cards[other.uid].name}."))
    return events


def _contradiction(cards: Cards, a: Cast, b: Cast) -> list[Event]:
    """Contradictory cards: the lower Up number is dispelled, equal ones both."""
    if not fx.contradict(cards[a.uid], cards[b.uid]):
        return []
    up_a, up_b = fx.up_number(cards[a.uid]), fx.up_number(cards[b.uid])
    lost = [x for x, up, other in ((a, up_a, up_b), (b, up_b, up_a)) if up <= other]
    for x in lost:
        x.dispelled = True
    names = " and ".join(cards[x.uid].name for x in lost)
    return [Event(text=f"The command cards contradict: {names} dispelled.")]


def take_effect(c: CombatState, cards: Cards) -> list[Event]:
    """Command cards in effect act: AOEs, self-destruction, terrain, announcements."""
    events: list[Event] = []
    hits: list[tuple[int, str]] = []
    for x in active(c, cards):
        if not x.command:
            continue
        card = cards[x.uid]
        hits += [(1 - x.side, u) for u in aoe_hits(c, cards, x.side, card)]
        if fx.destroys_terrain(card):
            c.terrain_destroyed = True
            events.append(Event(text=f"{card.name} destroys the terrain of the space."))
        if fx.terrain_change(card):
            events.append(Event(text=f"{card.name}: the terrain is now {fx.terrain_change(card)}."))
        attribute = fx.announce(card)
        if attribute:
            told = sorted(str(getattr(cards[u], attribute, "?")) for u in c.hands[1 - x.side])
            events.append(
                Event(
                    text=f"Announced ({attribute}): {', '.join(told) or 'none'}.",
                    seat=c.seat(x.side),
                )
            )
        fighter = c.fighter(x.uid)
        if fighter is not None and fx.self_destroys(card):
            fighter.fate = "destroyed"
            events.append(Event(text=f"{card.name} is destroyed after its command."))
    return events + set_aside(c, cards, hits)


def aoe_hits(c: CombatState, cards: Cards, side: int, card: object) -> list[str]:
    """Creatures in the opposing hand an AOE reaches (actual vitality; immunities)."""
    aoe = fx.aoe(card)  # type: ignore[arg-type]
    if aoe is None:
        return []
    points, attack, klass = aoe
    out = []
    for uid in c.hands[1 - side]:
        victim = creature(cards, uid)
        if victim.vitality > points or "aoe" in victim.immune:
            continue
        if attack != "normal" and attack in victim.immune:
            continue
        if klass and victim.klass != klass:
            continue
        out.append(uid)
    return out


def set_aside(c: CombatState, cards: Cards, hits: list[tuple[int, str]]) -> list[Event]:
    """AOE victims leave the hand, out of play (they can still be attacked)."""
    events = []
    for side, uid in hits:
        if uid in c.hands[side]:
            c.hands[side].remove(uid)
            c.table.append(Fighter(uid=uid, side=side, role="out"))
            events.append(Event(text=f"{cards[uid].name} is set aside by an AOE, out of play."))
    return events
