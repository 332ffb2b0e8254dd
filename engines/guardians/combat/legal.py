"""The legal combat actions of a side, step by step."""

from __future__ import annotations

from engines.base import Action
from engines.guardians.cards import Creature
from engines.guardians.combat import effects as fx
from engines.guardians.combat import targets as tg
from engines.guardians.combat.actions import (
    CBribe,
    CCast,
    CChannel,
    CCommand,
    CDeclare,
    CElixir,
    CHeal,
    CItem,
    CLeave,
    CNoBribe,
    CNoMore,
    CPass,
    CPlay,
    CRanged,
    CReserve,
    CSecondary,
    CStone,
    CStopHealing,
    build,
)
from engines.guardians.combat.matchup import (
    Cards,
    active,
    capacity,
    channel_blocked,
    creature,
    may_receive,
    needed_to_kill,
    terrain,
)
from engines.guardians.combat.state import CombatState

SIMULTANEOUS = ("command", "primary", "bribe")
WINDOWS = ("command_window", "prestrike", "window")


def to_act(c: CombatState) -> list[int]:
    """Sides that may act now."""
    if c.step == "over":
        return []
    if c.step in SIMULTANEOUS:
        return [s for s in c.waiting if s not in c.pending]
    return [c.actor]


def legal(c: CombatState, side: int, cards: Cards) -> list[Action]:
    """Every legal action of ``side`` now, in a stable order."""
    if side not in to_act(c):
        return []
    match c.step:
        case "declare":
            yes = [CDeclare(yes=True)] if tg.command_cards(c, cards, side) else []
            return [*_reserves(c, cards, side), *yes, CDeclare(yes=False)]
        case "command":
            return [_command(c, cards, u) for u in tg.command_cards(c, cards, side)]
        case "primary":
            return _primaries(c, cards, side)
        case "bribe":
            return [*_bribes(c, cards, side), CNoBribe()]
        case "answer":
            return [*_bribes(c, cards, side), CLeave()]
        case "secondary":
            return [*_secondaries(c, cards, side), CNoMore()]
        case "heal":
            beaten = tg.healable(c, side)
            heal = [build(CHeal, uid=f.uid, card=cards[f.uid].id) for f in beaten]
            elixir = [
                build(CElixir, uid=u, card=cards[u].id, target=f.uid, target_card=cards[f.uid].id)
                for u in tg.elixirs(c, cards, side)
                for f in beaten
            ]
            return [*(heal if c.heal_left else []), *elixir, CStopHealing()]
    moves = _casts(c, cards, side)
    if c.step == "window":
        moves += _items(c, cards, side) + _ranged(c, cards, side) + _channels(c, cards, side)
        moves += [m for f in _opposing_ranged(c, side) for m in _bribe_moves(c, cards, side, f)]
    return [*moves, CPass()]


def _reserves(c: CombatState, cards: Cards, side: int) -> list[Action]:
    """Reserve creatures that may join the combat hand now (one move per card)."""
    cost = (c.setup.attacker, c.setup.defender)[side].reserve_cost
    if c.stones[side] < cost:
        return []
    seen: dict[str, str] = {}
    for uid in c.reserve[side]:
        seen.setdefault(cards[uid].id, uid)
    return [build(CReserve, uid=u, card=cid, cost=cost) for cid, u in seen.items()]


def _command(c: CombatState, cards: Cards, uid: str) -> CCommand:
    return build(CCommand, uid=uid, card=cards[uid].id, cost=getattr(cards[uid], "cost", 0))


def _primaries(c: CombatState, cards: Cards, side: int) -> list[Action]:
    hand = c.hands[side]
    for x in active(c, cards, 1 - side):
        klasses = fx.first_klasses(cards[x.uid]) if x.command else frozenset()
        if any(creature(cards, u).klass in klasses for u in hand):
            hand = [u for u in hand if creature(cards, u).klass in klasses]
    return [build(CPlay, uid=u, card=cards[u].id) for u in hand]


def _bribe_moves(c: CombatState, cards: Cards, side: int, f: object) -> list[Action]:
    return [
        build(CBribe, uid=b, card=cards[b].id, target=f.uid, target_card=cards[f.uid].id)  # type: ignore[attr-defined]
        for b in tg.bribes(c, cards, side, f)  # type: ignore[arg-type]
    ]


def _bribes(c: CombatState, cards: Cards, side: int) -> list[Action]:
    return [m for f in c.current(1 - side) for m in _bribe_moves(c, cards, side, f)]


def _opposing_ranged(c: CombatState, side: int) -> list:
    return [
        f
        for f in c.table
        if f.side != side and f.role == "ranged" and f.fight == c.fight and f.fate is None
    ]


def _items(c: CombatState, cards: Cards, side: int) -> list[Action]:
    return [
        build(CItem, uid=u, card=cards[u].id, target=t, target_card=cards[t].id)
        for u, t in tg.attachable(c, cards, side)
    ]


def _casts(c: CombatState, cards: Cards, side: int) -> list[Action]:
    return [
        build(
            CCast,
            uid=uid,
            card=cards[uid].id,
            target=target,
            target_card=cards[target].id if target else None,
            cost=getattr(cards[uid], "cost", 0),
        )
        for uid, target in tg.castable(c, cards, side)
    ]


def _ranged(c: CombatState, cards: Cards, side: int) -> list[Action]:
    if c.secondary_side is not None or terrain(c, cards) == "woods" or len(c.current()) < 2:
        return []
    return [
        build(CRanged, uid=u, card=cards[u].id, amount=creature(cards, u).ranged)
        for u in c.hands[side]
        if creature(cards, u).ranged
    ]


def _channels(c: CombatState, cards: Cards, side: int) -> list[Action]:
    if c.secondary_side is None and len(c.current()) < 2:
        return []
    setup = (c.setup.attacker, c.setup.defender)[side]
    cmp, gift = tg.guardian_cmp(setup.guardian_id), tg.guardian_gift(setup.guardian_id)
    moves: list[Action] = []
    for f in c.current(side):
        tid = cards[f.uid].id
        for u in c.channelers[side]:
            amount = tg.channel_amount(c, cards, u, f)
            if amount:
                moves.append(
                    build(
                        CChannel,
                        uid=u,
                        card=cards[u].id,
                        target=f.uid,
                        target_card=tid,
                        amount=amount,
                    )
                )
        room = capacity(c, cards, f)
        if cmp and c.stones[side] >= 1 and room and may_receive(c, cards, f):
            amount = min(cmp, room)
            moves.append(build(CStone, target=f.uid, target_card=tid, amount=amount, stones=1))
        receives = isinstance(cards[f.uid], Creature) and creature(cards, f.uid).receives
        blocked = channel_blocked(cards, f)
        if gift and c.stones[side] >= gift[0] and room and not receives and not blocked:
            moves.append(
                build(
                    CStone,
                    target=f.uid,
                    target_card=tid,
                    amount=min(gift[1], room),
                    stones=gift[0],
                    gift=True,
                )
            )
    return moves


def _secondaries(c: CombatState, cards: Cards, side: int) -> list[Action]:
    return [
        build(
            CSecondary,
            uid=u,
            card=cards[u].id,
            target=t.uid,
            target_card=cards[t.uid].id,
            need=needed_to_kill(c, cards, t),
        )
        for u in c.hands[side]
        for t in tg.secondary_targets(c, side)
    ]
