"""The combat in the text's order: start, apply an action, and move on to the next step."""

from __future__ import annotations

from engines.base import Action, Event, IllegalAction
from engines.guardians.cards import Creature, CreatureItem
from engines.guardians.combat import actions as ac
from engines.guardians.combat import command, resolve
from engines.guardians.combat import effects as fx
from engines.guardians.combat import targets as tg
from engines.guardians.combat.legal import legal
from engines.guardians.combat.matchup import (
    Cards,
    creature,
    effective,
    immune,
    needed_to_kill,
    strength,
)
from engines.guardians.combat.state import (
    ATTACKER,
    DEFENDER,
    Cast,
    Choice,
    CombatSetup,
    CombatState,
    Fighter,
)


def start(setup: CombatSetup, cards: Cards) -> CombatState:
    """A new combat: the attacker declares first whether he plays a command card."""
    sides = (setup.attacker, setup.defender)
    return CombatState(
        setup=setup,
        hands=[[u for u in s.creatures if isinstance(cards[u], Creature)] for s in sides],
        items=[[u for u in s.creatures if isinstance(cards[u], CreatureItem)] for s in sides],
        storage=[list(s.storage) for s in sides],
        channelers=[[u for u in s.channelers if isinstance(cards[u], Creature)] for s in sides],
        reserve=[list(s.reserve) for s in sides],
        stones=[s.stones for s in sides],
    )


def apply(c: CombatState, seat: int, action: Action, cards: Cards) -> list[Event]:
    """Apply a legal action of ``seat``; IllegalAction otherwise (the state is unchanged)."""
    side = c.side_of(seat) if seat in (c.seat(0), c.seat(1)) else -1
    if side < 0 or action not in legal(c, side, cards):
        raise IllegalAction(f"That move is not allowed now: {action.label()}.")
    match action:
        case ac.CDeclare():
            return _declare(c, cards, side, action.yes)
        case ac.CReserve():
            return _call_reserve(c, cards, side, action.uid, action.cost)
        case ac.CCommand() | ac.CPlay():
            return _choose(c, cards, side, Choice(uid=action.uid))
        case ac.CBribe() if c.step == "bribe":
            return _choose(c, cards, side, Choice(uid=action.uid, target=action.target))
        case ac.CNoBribe():
            return _choose(c, cards, side, Choice())
        case ac.CBribe() if c.step == "answer":
            return _bribe_away(c, cards, side, action.uid, action.target) + _after_bribery(c, cards)
        case ac.CLeave():
            who = tg.ROLE[side].capitalize()
            return [Event(text=f"{who} bribes nothing back."), *_after_bribery(c, cards)]
        case ac.CPass():
            return _pass(c, cards)
        case ac.CSecondary():
            return _secondary(c, cards, side, action.uid, action.target)
        case ac.CNoMore():
            return [
                Event(text=f"{tg.ROLE[side].capitalize()}: no more creatures."),
                *resolve.resolve(c, cards),
            ]
        case ac.CHeal():
            return resolve.heal(c, cards, action.uid)
        case ac.CElixir():
            return resolve.heal(c, cards, action.target, action.uid)
        case ac.CStopHealing():
            return resolve.heal(c, cards, None)
    events = _window_move(c, cards, side, action)
    c.passes, c.actor = 0, 1 - side
    return events


# ---- sequential and simultaneous choices -----------------------------------------------------
def _declare(c: CombatState, cards: Cards, side: int, yes: bool) -> list[Event]:
    c.declared[side] = yes
    says = "plays a command card" if yes else "plays no command card"
    events = [Event(text=f"{tg.ROLE[side].capitalize()} {says}.")]
    if side == ATTACKER:
        c.actor = DEFENDER
        return events
    c.waiting = [s for s in (ATTACKER, DEFENDER) if c.declared[s]]
    if c.waiting:
        c.step = "command"
        return events
    return events + next_fight(c, cards)


def _call_reserve(c: CombatState, cards: Cards, side: int, uid: str, cost: int) -> list[Event]:
    """A reserve creature joins the combat hand for ``cost`` stones (its name stays secret)."""
    c.reserve[side].remove(uid)
    c.hands[side].append(uid)
    c.stones[side] -= cost
    c.stones_spent[side] += cost
    who = tg.ROLE[side].capitalize()
    return [
        Event(text=f"{who} calls a creature from the reserve into the combat hand."),
        Event(text=f"{cards[uid].name} joins your combat hand.", seat=c.seat(side)),
    ]


def _choose(c: CombatState, cards: Cards, side: int, choice: Choice) -> list[Event]:
    """A hidden choice; when every waiting side has chosen, all are revealed together."""
    c.pending[side] = choice
    events = [Event(text=f"{tg.ROLE[side].capitalize()} has decided.")]
    if any(s not in c.pending for s in c.waiting):
        return events
    if c.step == "command":
        events += command.reveal(c, cards)
        return events + _open_window(c, "command_window", ATTACKER)
    if c.step == "primary":
        return events + _lay_down(c, cards)
    return events + _bribe(c, cards)


def _lay_down(c: CombatState, cards: Cards) -> list[Event]:
    """Both primaries are laid down at once: a new match-up."""
    c.fight += 1
    uids = [c.pending[ATTACKER].uid or "", c.pending[DEFENDER].uid or ""]
    c.pending = {}
    for side, uid in enumerate(uids):
        c.hands[side].remove(uid)
        c.table.append(
            Fighter(uid=uid, side=side, role="primary", fight=c.fight, opponent=uids[1 - side])
        )
    names = [cards[u].name for u in uids]
    events = [Event(text=f"Primary match-up: {names[0]} (attacker) vs {names[1]} (defender).")]
    return events + _begin_bribery(c, cards)


def _begin_bribery(c: CombatState, cards: Cards) -> list[Event]:
    """Bribery comes first; only sides facing a bribeable creature are asked (public)."""
    c.waiting = [
        s for s in (ATTACKER, DEFENDER) if any(tg.bribeable(c, cards, f) for f in c.current(1 - s))
    ]
    c.pending = {}
    if c.waiting:
        c.step = "bribe"
        return []
    return _after_bribery(c, cards)


def _bribe(c: CombatState, cards: Cards) -> list[Event]:
    """The bribes are revealed; a side bribed that bribed nothing may answer (Possibilities 1-2)."""
    events, bribers = [], []
    for side, choice in sorted(c.pending.items()):
        if choice.uid is None or choice.target is None:
            continue
        events += _bribe_away(c, cards, side, choice.uid, choice.target)
        bribers.append(side)
    c.pending, c.waiting = {}, []
    if len(bribers) == 1:
        answerer = 1 - bribers[0]
        if any(tg.bribeable(c, cards, f) for f in c.current(1 - answerer)):  # public, as above
            c.step, c.actor = "answer", answerer
            return events
    return events + _after_bribery(c, cards)


def _bribe_away(c: CombatState, cards: Cards, side: int, uid: str, target: str) -> list[Event]:
    c.storage[side].remove(uid)
    c.used.append(uid)
    fighter = c.fighter(target)
    assert fighter is not None
    fighter.fate = "bribed"
    return [
        Event(
            text=f"{tg.ROLE[side].capitalize()} bribes {cards[target].name} away with "
            f"{cards[uid].name}."
        )
    ]


# ---- the match-up after bribery ---------------------------------------------------------------
def _fighting(c: CombatState) -> bool:
    """Both sides of the current match-up still stand."""
    if c.secondary_side is None:
        return len(c.current()) == 2
    attacker = c.current(c.secondary_side)
    target = c.fighter(attacker[0].opponent or "") if attacker else None
    return target is not None and target.fate is None


def _when(c: CombatState) -> tuple[str, ...]:
    return fx.PRIMARY_WHEN if c.secondary_side is None else fx.SECONDARY_WHEN


def _pending_strikes(c: CombatState, cards: Cards) -> bool:
    """A destruction or a primary AOE is about to happen (spells may come first)."""
    if not _fighting(c):
        return False
    for f in c.current():
        opp = c.fighter(f.opponent or "")
        if opp and fx.destroys(creature(cards, f.uid), creature(cards, opp.uid), _when(c)):
            return True
        if f.role == "primary" and fx.aoe(cards[f.uid]) is not None:
            return True
    return False


def _first(c: CombatState) -> int:
    return ATTACKER if c.secondary_side is None else c.secondary_side


def _after_bribery(c: CombatState, cards: Cards) -> list[Event]:
    if _pending_strikes(c, cards):
        return _open_window(c, "prestrike", _first(c))
    return _strike(c, cards)


def _strike(c: CombatState, cards: Cards) -> list[Event]:
    """Destruction first, then the primaries' AOEs; then the modifier window."""
    events: list[Event] = []
    if _fighting(c):
        doomed = []
        for f in c.current():
            opp = c.fighter(f.opponent or "")
            mine, theirs = creature(cards, f.uid), creature(cards, opp.uid) if opp else None
            if opp and theirs and fx.destroys(mine, theirs, _when(c)) and not immune(theirs, mine):
                doomed.append(opp)
        for f in doomed:
            f.fate = "destroyed"
            events.append(Event(text=f"{cards[f.uid].name} is destroyed."))
        hits = [
            (1 - f.side, u)
            for f in c.current()
            if f.role == "primary"
            for u in command.aoe_hits(c, cards, f.side, cards[f.uid])
        ]
        events += command.set_aside(c, cards, hits)
    if _fighting(c):
        return events + _open_window(c, "window", _first(c))
    return events + _settle(c, cards)


def _open_window(c: CombatState, step: str, first: int) -> list[Event]:
    c.step, c.actor, c.passes = step, first, 0  # type: ignore[assignment]
    c.waiting, c.pending = [], {}
    return []


def _pass(c: CombatState, cards: Cards) -> list[Event]:
    c.passes += 1
    c.actor = 1 - c.actor
    if c.passes < 2:
        return []
    events = _close_casts(c, cards)
    if c.step == "command_window":
        return events + command.take_effect(c, cards) + next_fight(c, cards)
    if c.step == "prestrike":
        return events + _strike(c, cards)
    return events + _settle(c, cards)


def _close_casts(c: CombatState, cards: Cards) -> list[Event]:
    """The window closed: open casts become final and the instant ones act."""
    events = []
    for x in c.casts:
        if x.final:
            continue
        x.final = True
        if x.command or not effective(c, cards, x):
            continue
        card = cards[x.uid]
        if fx.destroy_pair_klass(card) is not None:
            target = c.fighter(x.target or "")
            pair = [target, c.fighter(target.opponent or "")] if target else []
            for f in pair:
                if f is not None and f.fate is None:
                    f.fate = "destroyed"
                    events.append(Event(text=f"{card.name} destroys {cards[f.uid].name}."))
        victim = c.fighter(x.target or "")
        if fx.effects(card, "destroys") and victim is not None and victim.fate is None:
            victim.fate = "destroyed"
            events.append(Event(text=f"{card.name} destroys {cards[victim.uid].name}."))
        if fx.destroys_terrain(card):
            c.terrain_destroyed = True
            events.append(Event(text=f"{card.name} destroys the terrain of the space."))
    return events


def _window_move(c: CombatState, cards: Cards, side: int, action: Action) -> list[Event]:
    """A spell, item, ranged attacker, channeling or bribe of a ranged attacker, in a window."""
    who = tg.ROLE[side].capitalize()
    match action:
        case ac.CCast():
            c.storage[side].remove(action.uid)
            c.used.append(action.uid)
            c.stones[side] -= action.cost
            c.stones_spent[side] += action.cost
            c.casts.append(Cast(uid=action.uid, side=side, fight=c.fight, target=action.target))
            return [Event(text=f"{who}: {action.label()}.")]
        case ac.CItem():
            c.items[side].remove(action.uid)
            c.carried[action.uid] = action.target
            return [Event(text=f"{who}: {action.label()}.")]
        case ac.CRanged():
            ally = c.current(side)[0]
            c.hands[side].remove(action.uid)
            c.table.append(
                Fighter(uid=action.uid, side=side, role="ranged", fight=c.fight, opponent=ally.uid)
            )
            return [Event(text=f"{who} adds {cards[action.uid].name} as a ranged attacker.")]
        case ac.CChannel():
            target = c.fighter(action.target)
            assert target is not None
            c.channelers[side].remove(action.uid)
            c.channelers_used.append(action.uid)
            if tg.channeler_fits(cards, action.uid, target):
                target.channel_free += action.amount
            else:
                target.channel += action.amount
            return [Event(text=f"{who} reveals {cards[action.uid].name}: {action.label()}.")]
        case ac.CStone():
            target = c.fighter(action.target)
            assert target is not None
            c.stones[side] -= action.stones
            c.stones_spent[side] += action.stones
            if action.gift:
                target.channel_free += action.amount
            else:
                target.channel += action.amount
            return [Event(text=f"{who}: {action.label()}.")]
        case ac.CBribe():
            return _bribe_away(c, cards, side, action.uid, action.target)
    raise IllegalAction("That move is not allowed now.")


def _settle(c: CombatState, cards: Cards) -> list[Event]:
    """Compare the match-up: higher wins (unless it does no damage); equal is a push."""
    if _fighting(c):
        events = (
            _compare_primary(c, cards) if c.secondary_side is None else _compare_secondary(c, cards)
        )
    else:
        events = []
    return events + next_fight(c, cards)


def _compare_primary(c: CombatState, cards: Cards) -> list[Event]:
    a, d = c.current(ATTACKER)[0], c.current(DEFENDER)[0]
    for f, o in ((a, d), (d, a)):
        f.no_damage = immune(creature(cards, o.uid), creature(cards, f.uid))
    sa, sd = strength(c, cards, a), strength(c, cards, d)
    text = f"{cards[a.uid].name} {sa} vs {cards[d.uid].name} {sd}: "
    high, low = (a, d) if sa > sd else (d, a)
    if sa == sd:
        return [Event(text=text + "a push, both survive.")]
    if high.no_damage:
        return [Event(text=text + f"{cards[high.uid].name} does no damage; both survive.")]
    low.fate = "beaten"
    return [Event(text=text + f"{cards[low.uid].name} is beaten.")]


def _compare_secondary(c: CombatState, cards: Cards) -> list[Event]:
    f = c.current(c.secondary_side)[0]
    target = c.fighter(f.opponent or "")
    assert target is not None and c.secondary_side is not None
    need = needed_to_kill(c, cards, target, f.uid)
    value = strength(c, cards, f)
    text = f"{cards[f.uid].name} {value} on {cards[target.uid].name} (needs {need}): "
    if value >= need:
        target.fate = "beaten"
        return [Event(text=text + f"{cards[target.uid].name} is beaten.")]
    return [Event(text=text + "not enough.")]


# ---- primaries, then secondaries, then the end -------------------------------------------------
def next_fight(c: CombatState, cards: Cards) -> list[Event]:
    """The next primary match-up, secondary attack or the resolution."""
    c.waiting, c.pending = [], {}
    if c.secondary_side is None:
        left = [s for s in (ATTACKER, DEFENDER) if c.hands[s]]
        if len(left) == 2:
            c.step, c.waiting = "primary", [ATTACKER, DEFENDER]
            return []
        if not left:
            return resolve.resolve(c, cards)
        c.secondary_side = left[0]
        events = [
            Event(
                text=f"{tg.ROLE[1 - left[0]].capitalize()} has no more creatures; "
                f"{tg.ROLE[left[0]]} may make secondary attacks."
            )
        ]
    else:
        events = []
    side = c.secondary_side
    if not c.hands[side] or not tg.secondary_targets(c, side):
        return events + resolve.resolve(c, cards)
    c.step, c.actor = "secondary", side
    return events


def _secondary(c: CombatState, cards: Cards, side: int, uid: str, target: str) -> list[Event]:
    c.fight += 1
    c.hands[side].remove(uid)
    c.table.append(Fighter(uid=uid, side=side, role="secondary", fight=c.fight, opponent=target))
    events = [Event(text=f"Secondary attack: {cards[uid].name} on {cards[target].name}.")]
    return events + _begin_bribery(c, cards)
