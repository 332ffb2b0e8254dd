"""Retreating onto your own Shield: its owner keeps one Shield and discards down to 30 points.

"one shield is discarded (this counts for the opponent's goal) and creatures are also discarded
so that it is under the 30 point limit. If either of the two Shields involved were turned, the
remaining shield is turned." The owner chooses which Shield goes (only asked when the two are
different cards, e.g. a Standard Bearer) and which creatures, one at a time, then extra
Creature Magic Items. The caller goes on with the fight's aftermath once ``state.retreat`` is
None again.
"""

from __future__ import annotations

from engines.base import Action, Event
from engines.guardians import board
from engines.guardians.actions import KeepShield, TrimCard
from engines.guardians.settlement import destroy_stack, has_creature
from engines.guardians.state import GuardiansState, Retreat, Stack


def combine(state: GuardiansState, seat: int, there: Stack, coming: Stack) -> list[Event]:
    """``coming`` retreated onto ``there``: ask which Shield stays, or keep ``there``."""
    if state.cards[there.shield] != state.cards[coming.shield]:
        state.retreat = Retreat(
            seat=seat, shield=coming.shield, options=[], may_destroy=False,
            merge=[there.shield, coming.shield],
        )  # fmt: skip
        return []
    return _keep(state, seat, there, coming)


def _keep(state: GuardiansState, seat: int, keep: Stack, gone: Stack) -> list[Event]:
    keep.cards += gone.cards
    keep.turned = keep.turned or gone.turned
    gone.cards = []
    return [destroy_stack(state, gone), *fit(state, seat, keep)]


def _over(state: GuardiansState, stack: Stack) -> list[str]:
    """The cards the owner may discard now: creatures over 30 points, else extra items."""
    creatures = [u for u in stack.cards if board.is_creature(state, u)]
    if creatures and board.space_points(state, stack.space, stack.owner) > board.LIMIT:
        return creatures
    if len(stack.cards) - len(creatures) > len(creatures):
        return [u for u in stack.cards if u not in creatures]
    return []


def fit(state: GuardiansState, seat: int, stack: Stack) -> list[Event]:
    """Ask for discards while the Shield is over the limit; else the retreat is over."""
    if has_creature(state, stack) and _over(state, stack):
        state.retreat = Retreat(
            seat=seat, shield=stack.shield, options=[], may_destroy=False, trim=stack.shield
        )
    else:
        state.retreat = None
    return []


def merge_actions(state: GuardiansState, seat: int) -> list[Action]:
    """Which Shield to keep, or which card to discard (one per card kind)."""
    r = state.retreat
    if r is None or r.seat != seat:
        return []
    if r.merge:
        return [KeepShield(shield=u, card=state.cards[u]) for u in r.merge]
    assert r.trim is not None
    out: list[Action] = []
    seen: set[str] = set()
    for uid in _over(state, state.stack(r.trim)):
        if state.cards[uid] not in seen:
            seen.add(state.cards[uid])
            out.append(TrimCard(uid=uid, card=state.cards[uid]))
    return out


def apply_merge(state: GuardiansState, seat: int, action: object) -> list[Event]:
    """Keep a Shield (the other is discarded) or discard one card from the kept one."""
    r = state.retreat
    assert r is not None
    if isinstance(action, KeepShield):
        gone = next(u for u in r.merge if u != action.shield)
        return _keep(state, seat, state.stack(action.shield), state.stack(gone))
    assert isinstance(action, TrimCard) and r.trim is not None
    stack = state.stack(r.trim)
    stack.cards.remove(action.uid)
    state.seats[seat].discard.append(action.uid)
    events = [Event(text=f"Player {seat + 1} discards a card to fit the 30-point limit.")]
    if not has_creature(state, stack):
        state.retreat = None
        return [*events, destroy_stack(state, stack)]
    return events + fit(state, seat, stack)
