"""One routing table: for each step of a turn, who acts, their moves and how a move is applied.

``step_of`` names the step the game is in and ``ROUTES[step]`` holds everything the contract
surface branches on, so listing the legal moves and applying one can never disagree on the
step; adding or changing a step touches one entry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from engines.base import Action, Event, Unavailable
from engines.guardians import (
    board,
    clash,
    draw_offer,
    merge,
    move_groups,
    movement,
    organize,
    settlement,
    stronghold,
)
from engines.guardians.actions import AcceptDraw, DeclineDraw, Done, OfferDraw
from engines.guardians.combat import combat_apply, combat_legal_actions, combat_to_act
from engines.guardians.state import GuardiansState

Step = Literal[
    "organize", "up", "move", "retreat", "merge", "challenge", "combat", "settle", "over"
]
"""The phase, with the move phase split by what the mover's shield turn is waiting for."""

Moves = Callable[[GuardiansState, int], list[Action]]


def _nobody(state: GuardiansState) -> list[int]:
    return []


def _no_moves(state: GuardiansState, seat: int) -> list[Action]:
    return []


def _no_apply(state: GuardiansState, seat: int, action: Action) -> list[Event]:
    raise AssertionError(f"no move is legal in phase {state.phase!r}")


def _none_unavailable(state: GuardiansState, seat: int) -> list[Unavailable]:
    return []


@dataclass(frozen=True)
class Route:
    """What one step does; ``apply`` is given one of ``actions``' moves (checked before)."""

    to_act: Callable[[GuardiansState], list[int]]
    actions: Moves
    apply: Callable[[GuardiansState, int, Action], list[Event]]
    reveals: bool = False
    """Whether a forced move here depends on hidden cards (``Game.auto_play_reveals``)."""
    unavailable: Callable[[GuardiansState, int], list[Unavailable]] = _none_unavailable
    playout_actions: Moves | None = None
    """A shorter list the playout policy picks from (None: ``actions``)."""


def _organizers(state: GuardiansState) -> list[int]:
    """Seats still organising, and a seat that must answer a draw offer."""
    answering = draw_offer.answering(state)
    return [i for i, x in enumerate(state.seats) if not x.ready or i == answering]


def _organize_actions(state: GuardiansState, seat: int, single: bool = True) -> list[Action]:
    """Only the answer to a draw offer; else the seat's organising, plus a draw offer."""
    offer = draw_offer.offer_actions(state, seat)
    if draw_offer.answering(state) == seat:
        return offer
    return [*organize.organize_actions(state, seat, single=single), *offer]


def _apply_organize(state: GuardiansState, seat: int, action: Action) -> list[Event]:
    """One Draw & Organize action; once both seats are done, commit and turn Up-cards."""
    if isinstance(action, OfferDraw | AcceptDraw | DeclineDraw):
        events = draw_offer.apply_offer(state, seat, action)
    else:
        events = organize.apply_organize(state, seat, action)
    if state.phase == "organize" and state.draw_offer is None and all(x.ready for x in state.seats):
        organize.commit(state)
        events += movement.start_up(state)
    return events


def _organize_unavailable(state: GuardiansState, seat: int) -> list[Unavailable]:
    """Done, while the Storage Hand is over 7 cards; creatures no space has room for."""
    if state.seats[seat].up_choice or draw_offer.answering(state) == seat:
        return []
    out = move_groups.no_room(state, seat)
    excess = organize.storage_excess(state, seat)
    if excess:
        reason = f"Discard {excess} more from your Storage Hand (7 at most)."
        out.insert(0, Unavailable(label=Done().label(), reason=reason))
    return out


def _combat_actions(state: GuardiansState, seat: int) -> list[Action]:
    assert state.combat is not None
    return combat_legal_actions(state.combat, seat, board.cards_map(state))


def _apply_combat(state: GuardiansState, seat: int, action: Action) -> list[Event]:
    """One combat action; once the combat has an outcome, apply it to the board."""
    assert state.combat is not None
    events = combat_apply(state.combat, seat, action, board.cards_map(state))
    return events + clash.after_combat_action(state)


def _apply_merge(state: GuardiansState, seat: int, action: Action) -> list[Event]:
    """Keep a Shield or discard a card; once it fits, the fight's aftermath."""
    return merge.apply_merge(state, seat, action) + clash.after_merge(state)


NOBODY = Route(to_act=_nobody, actions=_no_moves, apply=_no_apply)

ROUTES: dict[Step, Route] = {
    "organize": Route(
        to_act=_organizers,
        actions=_organize_actions,
        apply=_apply_organize,
        reveals=True,
        unavailable=_organize_unavailable,
        # the playout policy never picks a single placement: skip listing them
        playout_actions=lambda s, seat: _organize_actions(s, seat, single=False),
    ),
    "up": NOBODY,  # Up-cards are turned within the move that ends organising
    "move": Route(
        to_act=lambda s: [s.mover],
        actions=movement.move_actions,
        apply=movement.apply_move,
    ),
    "retreat": Route(
        to_act=lambda s: [s.retreat.seat] if s.retreat is not None else [],
        actions=clash.retreat_actions,
        apply=clash.apply_retreat,
    ),
    "merge": Route(
        to_act=lambda s: [s.retreat.seat] if s.retreat is not None else [],
        actions=merge.merge_actions,
        apply=_apply_merge,
        reveals=True,  # which creatures can go follows from the hidden cards
    ),
    "challenge": Route(
        to_act=lambda s: [stronghold.challenge_seat(s)],
        actions=stronghold.challenge_actions,
        apply=stronghold.apply_challenge,
        reveals=True,
    ),
    "combat": Route(
        to_act=lambda s: combat_to_act(s.combat) if s.combat else [],
        actions=_combat_actions,
        apply=_apply_combat,
        reveals=True,
    ),
    "settle": Route(
        to_act=settlement.settle_to_act,
        actions=settlement.settle_actions,
        apply=settlement.apply_settle,
        reveals=True,
    ),
    "over": NOBODY,
}


def step_of(state: GuardiansState) -> Step:
    """The step the game is in: its phase, or what a shield turn waits for."""
    if state.phase == "move" and state.retreat is not None:
        return "merge" if state.retreat.merge or state.retreat.trim else "retreat"
    if state.phase == "move" and state.challenge is not None:
        return "challenge"
    return state.phase


def current_route(state: GuardiansState) -> Route:
    """The current step's entry of ``ROUTES``."""
    return ROUTES[step_of(state)]
