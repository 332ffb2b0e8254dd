"""Rubbling Strongholds and the Guardian challenge (reconstruction [R], research notes 4.3)."""

from __future__ import annotations

from engines.base import Event
from engines.guardians import board
from engines.guardians.actions import ChallengeWith, ChannelStone, Decline, Stand, Strike
from engines.guardians.board import card, name
from engines.guardians.cards import Creature, Stronghold
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.flow import next_mover
from engines.guardians.settlement import destroy_stack, has_creature
from engines.guardians.state import Challenge, GuardiansState, Stack


def stronghold_card(state: GuardiansState, space: str) -> Stronghold:
    """The Stronghold card standing on a Stronghold space."""
    found = board.hold_of(space)
    assert found is not None
    sset = CATALOGUE.strongholds[state.seats[found[0]].strongholds]
    return (sset.left, sset.centre, sset.right)[found[1]]


def rubble(state: GuardiansState, space: str) -> list[Event]:
    """The attacker took the Stronghold: its creatures and upgrade are discarded, no bonus."""
    found = board.hold_of(space)
    assert found is not None
    s = state.seats[found[0]]
    h = s.holds[found[1]]
    s.discard += h.on + h.under + ([h.upgrade] if h.upgrade else [])
    h.on, h.under, h.upgrade, h.rubbled = [], [], None, True
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


def challenge_actions(state: GuardiansState, seat: int) -> list:
    """Pick the creature, channel stones, strike; the defender channels stones, stands."""
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
        room = ch.attack_channel < _limit(c)
        return ([ChannelStone(cmp=cmp)] if room and s.stones > 0 and cmp else []) + [Strike()]
    guardian = CATALOGUE.guardians[s.guardian]
    room = ch.defence_channel < guardian.vitality
    return ([ChannelStone(cmp=cmp)] if room and s.stones > 0 and cmp else []) + [Stand()]


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
    if isinstance(action, Strike):
        ch.stage = "defender"
        return []
    assert isinstance(action, Stand)
    return _resolve(state, ch)


def _resolve(state: GuardiansState, ch: Challenge) -> list[Event]:
    """More than the Guardian's Vitality kills it; else it takes the creature's base Vitality."""
    c = card(state, ch.creature or "")
    assert isinstance(c, Creature)
    foe = state.seats[1 - ch.seat]
    guardian = CATALOGUE.guardians[foe.guardian]
    attack = c.vitality + min(ch.attack_channel, _limit(c))
    defence = foe.vitality + min(ch.defence_channel, guardian.vitality)
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
