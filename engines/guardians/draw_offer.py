"""A draw by agreement: from turn 20 on, a player may offer one each Draw & Organize.

The text has no turn limit. A long game ends when one side wins, resigns, or both agree to
a draw: a seat still organising may offer once a turn; the opponent must then accept or
decline before it goes on (also when it had finished organising).
"""

from __future__ import annotations

from engines.base import Action, Event
from engines.guardians.actions import AcceptDraw, DeclineDraw, OfferDraw
from engines.guardians.settlement import finish
from engines.guardians.state import GuardiansState

OFFER_TURN = 20
"""The first turn in which a draw may be offered."""


def answering(state: GuardiansState) -> int | None:
    """The seat that must answer a draw offer now, if any."""
    return None if state.draw_offer is None else 1 - state.draw_offer


def offer_actions(state: GuardiansState, seat: int) -> list[Action]:
    """Accept or decline for the seat offered a draw; else the offer, when it may be made."""
    if answering(state) == seat:
        return [AcceptDraw(), DeclineDraw()]
    s = state.seats[seat]
    if state.turn >= OFFER_TURN and state.draw_offer is None and s.offered < state.turn:
        return [OfferDraw()]
    return []


def apply_offer(state: GuardiansState, seat: int, action: Action) -> list[Event]:
    """Offer, accept (the game ends in a draw) or decline (the game goes on)."""
    if isinstance(action, OfferDraw):
        state.draw_offer, state.seats[seat].offered = seat, state.turn
        return [Event(text=f"Player {seat + 1} offers a draw.")]
    state.draw_offer = None
    if isinstance(action, AcceptDraw):
        finish(state, [], f"Player {seat + 1} accepts Player {2 - seat}'s offer: a draw.")
        return [Event(text=state.summary)]
    assert isinstance(action, DeclineDraw)
    return [Event(text=f"Player {seat + 1} declines the draw; the game goes on.")]
