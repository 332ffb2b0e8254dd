"""Dealing again what the player cannot see, for hints (``Game.resample``).

Hidden from the player: the order of the deck, the seed that decides the shuffles still to
come, and an event card drawn this turn that has not entered play yet (the player only knows
it is not a card for the hand, since none joined it). Everything else is on the table or in
the hand, face up.
"""

from __future__ import annotations

from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.state import GondolinState
from engines.rng import Random

SEED_BITS = 63


def redeal(state: GondolinState, rng: Random) -> GondolinState:
    """A copy with the deck (and a drawn event waiting to enter) dealt again at random.

    The unseen cards are listed in catalogue order before shuffling and a new seed is drawn
    from ``rng``, so the sample depends only on what the player knows and on ``rng``.
    """
    copy = GondolinState.model_validate_json(state.model_dump_json())
    unseen = sorted(state.deck + ([state.drawn_event] if state.drawn_event else []), key=_order)
    rng.shuffle(unseen)
    if state.drawn_event is not None:
        event = next(c for c in unseen if not CATALOGUE.card(c).goes_to_hand)
        unseen.remove(event)
        copy.drawn_event = event
    copy.deck = unseen
    copy.seed = rng.randrange(2**SEED_BITS)
    return copy


def _order(card_id: str) -> tuple[int, str]:
    """Catalogue order: a canonical listing that does not depend on the deck's true order."""
    return CATALOGUE.card(card_id).num, card_id
