"""Rubbling Strongholds and the Guardian challenge (reconstruction [R]: docs/rules/guardians.md)."""

from __future__ import annotations

from engines.base import Event
from engines.guardians import board
from engines.guardians.actions import (
    ChallengeChannel,
    ChallengeSpell,
    ChallengeWith,
    ChannelStone,
    Decline,
    Stand,
    Strike,
)
from engines.guardians.board import card, name
from engines.guardians.cards import Creature, HandItem, Spell, Stronghold
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.combat import effects as fx
from engines.guardians.flow import next_mover
from engines.guardians.settlement import destroy_stack, has_creature
from engines.guardians.state import Challenge, GuardiansState, Stack


def stronghold_card(state: GuardiansState, space: str) -> Stronghold:
    """The Stronghold card standing on a Stronghold space."""
    found = board.hold_of(space)
    assert found is not None
    sset = CATALOGUE.strongholds[state.seats[found[0]].strongholds]
    return (sset.left, sset.centre, sset.right)[found[1]]


def hold_channelers(state: GuardiansState, seat: int, skip: str | None = None) -> dict[str, int]:
    """Unused channelers under the seat's standing Strongholds (not on ``skip``): extra CMP.

    The extra CMP is the ``channel_bonus`` of its Stronghold card and of the upgrade beside it.
    """
    s = state.seats[seat]
    row = 0 if seat == 0 else 3
    sset = CATALOGUE.strongholds[s.strongholds]
    out: dict[str, int] = {}
    for col, h, hold_card in zip("LCR", s.holds, (sset.left, sset.centre, sset.right), strict=True):
        if h.rubbled or f"{col}{row}" == skip:
            continue
        upgrade = [card(state, h.upgrade)] if h.upgrade else []
        bonus = sum(fx.channel_bonus(x) for x in (hold_card, *upgrade))
        for u in h.under:
            if u not in s.channel_used and getattr(card(state, u), "cmp", 0) > 0:
                out[u] = bonus
    return out


def rubble(state: GuardiansState, space: str) -> list[Event]:
    """The attacker took the Stronghold: its creatures and upgrade are discarded, no bonus."""
    found = board.hold_of(space)
    assert found is not None
    s = state.seats[found[0]]
    h = s.holds[found[1]]
    s.discard += h.on + h.under + h.reserve + ([h.upgrade] if h.upgrade else [])
    h.on, h.under, h.reserve, h.upgrade, h.rubbled = [], [], [], None, True
    return [Event(text=f"{stronghold_card(state, space).name} is rubbled.")]


def begin_challenge(
    state: GuardiansState, seat: int, stack: Stack, uid: str | None, optional: bool
) -> list[Event]:
    """Start a Guardian challenge (``uid`` None: the challenger picks the creature first)."""
    state.phase = "move"
    state.challenge = Challenge(
        seat=seat,
        shield=stack.shield,
        creature=uid,
        stage="pick" if uid is None else "attacker",
        optional=optional,
    )
    if uid is None:
        return []
    return [Event(text=f"Player {seat + 1} challenges the Guardian with {name(state, uid)}.")]


def challenge_seat(state: GuardiansState) -> int:
    """Who acts in the challenge now."""
    ch = state.challenge
    assert ch is not None
    return ch.seat if ch.stage in ("pick", "attacker") else 1 - ch.seat


def _limit(c: Creature) -> int:
    """Channeling a creature may receive: its base Vitality unless its text says otherwise."""
    if not c.receives:
        return 0
    return c.receive_limit if c.receive_limit is not None else c.vitality


def _boosts(state: GuardiansState, seat: int, room: int, against: str, klass: str) -> list:
    """Channelers (within ``room``) and "any time" bonus spells for one side of a challenge.

    ``against``: the klass of the other side (``guardian`` for the creature's Dork Age);
    ``klass``: the one receiving (a ``channels_to`` channeler gives only to its klass).
    """
    s = state.seats[seat]
    out: list = []
    for uid, extra in hold_channelers(state, seat).items() if room > 0 else ():
        c = card(state, uid)
        assert isinstance(c, Creature)
        if c.channels_to in (None, klass):
            amount = min(c.cmp + extra, room)
            out.append(ChallengeChannel(uid=uid, card=state.cards[uid], amount=amount))
    seen: set[str] = set()
    for uid in s.storage:
        c = card(state, uid)
        if not isinstance(c, Spell | HandItem) or c.command or c.cost > s.stones:
            continue
        amount = fx.spell_bonus(c, against)
        if amount and c.id not in seen:
            seen.add(c.id)
            out.append(ChallengeSpell(uid=uid, card=c.id, amount=amount, cost=c.cost))
    return out


def challenge_actions(state: GuardiansState, seat: int) -> list:
    """Pick the creature, channel and cast, strike; the defender channels and casts, stands."""
    ch = state.challenge
    if ch is None or challenge_seat(state) != seat:
        return []
    s = state.seats[seat]
    cmp = CATALOGUE.guardians[s.guardian].cmp
    if ch.stage == "pick":
        stack = state.stack(ch.shield)
        seen: set[str] = set()
        out: list = []
        for uid in stack.cards:
            if board.is_creature(state, uid) and state.cards[uid] not in seen:
                seen.add(state.cards[uid])
                out.append(ChallengeWith(uid=uid, card=state.cards[uid]))
        return out + ([Decline()] if ch.optional else [])
    if ch.stage == "attacker":
        c = card(state, ch.creature or "")
        assert isinstance(c, Creature)
        room = _limit(c) - ch.attack_channel
        stone = [ChannelStone(cmp=cmp)] if room > 0 and s.stones > 0 and cmp else []
        return stone + _boosts(state, seat, room, "guardian", c.klass) + [Strike()]
    guardian = CATALOGUE.guardians[s.guardian]
    attacker = card(state, ch.creature or "")
    assert isinstance(attacker, Creature)
    room = guardian.vitality - ch.defence_channel
    stone = [ChannelStone(cmp=cmp)] if room > 0 and s.stones > 0 and cmp else []
    return stone + _boosts(state, seat, room, attacker.klass, "guardian") + [Stand()]


def apply_challenge(state: GuardiansState, seat: int, action: object) -> list[Event]:
    """Apply one challenge action; resolve after the defender stands."""
    ch = state.challenge
    assert ch is not None
    if isinstance(action, Decline):
        return _close(state)
    if isinstance(action, ChallengeWith):
        ch.creature, ch.stage = action.uid, "attacker"
        return [
            Event(text=f"Player {seat + 1} challenges the Guardian with {name(state, action.uid)}.")
        ]
    if isinstance(action, ChannelStone):
        state.seats[seat].stones -= 1
        if ch.stage == "attacker":
            ch.attack_channel += action.cmp
        else:
            ch.defence_channel += action.cmp
        return [Event(text=f"Player {seat + 1} channels a stone (+{action.cmp}).")]
    if isinstance(action, ChallengeChannel | ChallengeSpell):
        return _boost(state, seat, ch, action)
    if isinstance(action, Strike):
        ch.stage = "defender"
        return []
    assert isinstance(action, Stand)
    return _resolve(state, ch)


def _boost(
    state: GuardiansState, seat: int, ch: Challenge, action: ChallengeChannel | ChallengeSpell
) -> list[Event]:
    """A channeler is spent for the turn; a spell is paid and discarded."""
    s = state.seats[seat]
    attacking = ch.stage == "attacker"
    if isinstance(action, ChallengeChannel):
        s.channel_used.append(action.uid)
        if attacking:
            ch.attack_channel += action.amount
        else:
            ch.defence_channel += action.amount
        return [
            Event(text=f"Player {seat + 1} reveals {name(state, action.uid)}: +{action.amount}.")
        ]
    s.storage.remove(action.uid)
    s.discard.append(action.uid)
    s.stones -= action.cost
    if attacking:
        ch.attack_bonus += action.amount
    else:
        ch.defence_bonus += action.amount
    return [Event(text=f"Player {seat + 1} casts {name(state, action.uid)}: +{action.amount}.")]


def _resolve(state: GuardiansState, ch: Challenge) -> list[Event]:
    """More than the Guardian's Vitality kills it; else it takes the creature's base Vitality."""
    c = card(state, ch.creature or "")
    assert isinstance(c, Creature)
    foe = state.seats[1 - ch.seat]
    guardian = CATALOGUE.guardians[foe.guardian]
    attack = c.vitality + min(ch.attack_channel, _limit(c)) + ch.attack_bonus
    defence = foe.vitality + min(ch.defence_channel, guardian.vitality) + ch.defence_bonus
    if attack > defence:
        foe.vitality = 0
        return [Event(text=f"{c.name} ({attack}) slays {guardian.name} ({defence})!")]
    foe.vitality -= c.vitality
    stack = state.stack(ch.shield)
    stack.cards.remove(ch.creature or "")
    state.seats[ch.seat].discard.append(ch.creature or "")
    events = [
        Event(
            text=f"{guardian.name} ({defence}) withstands {c.name} ({attack}) and is wounded "
            f"to {max(foe.vitality, 0)}; {c.name} is lost."
        )
    ]
    if not has_creature(state, stack):
        events.append(destroy_stack(state, stack))
    return events + _close(state)


def _close(state: GuardiansState) -> list[Event]:
    ch = state.challenge
    assert ch is not None
    state.challenge = state.fight = None
    if state.seats[1 - ch.seat].vitality <= 0:
        return []
    return next_mover(state, ch.seat)
