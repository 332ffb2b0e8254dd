"""Dealing again what the player cannot see, for hints (``Game.resample``).

Hidden from the player: which card lies in each face-down position not peeked at (they know
the cards' places, not their faces), the identity of cards drawn without looking (method c,
"without looking") until they turn up, and while building, what chance drew. Face-down cards
are never rotated and have never been met, so only their ids are dealt again; every other
field of a position stays. The sample uses only what the view shows and ``rng``.
"""

from __future__ import annotations

from engines.galdors_grip.cards import CARDS
from engines.galdors_grip.setup import (
    OPTIONAL,
    draw_by_chance,
    draw_shuffle,
    expansion_pool,
)
from engines.galdors_grip.state import GripState
from engines.rng import Random


def hidden_positions(state: GripState) -> list[int]:
    """Deck positions whose card the player has not seen (face down and not peeked at)."""
    return [i for i, cs in enumerate(state.deck) if not (cs.face_up or cs.peeked)]


def redeal(state: GripState, rng: Random) -> GripState:
    """A copy with every hidden card dealt again at random, consistent with the player's view.

    The hidden cards are listed in catalogue order before shuffling, cards drawn unseen are
    drawn again from the cards that could be them, and the catalogue shuffle that decides a
    deal still to come is drawn anew; the truth is never read.
    """
    copy = GripState.model_validate_json(state.model_dump_json())
    copy.shuffle = draw_shuffle(rng)
    copy.seen = _forget_deck_keys(state)
    if copy.build is not None:
        draw_by_chance(copy.build, copy.options, rng)
        return copy
    hidden = hidden_positions(state)
    unknown = sum(state.deck[i].id in state.blind for i in hidden)
    known_hidden = {state.deck[i].id for i in hidden} - set(state.blind)
    fresh = rng.sample(_could_be_unknown(state), unknown)
    ids = [c for c in CARDS if c in known_hidden] + fresh
    rng.shuffle(ids)
    renamed = {state.deck[i].id: new for i, new in zip(hidden, ids, strict=True)}
    for i, new in zip(hidden, ids, strict=True):
        copy.deck[i].id = new
    copy.blind = sorted({c for c in state.blind if c not in renamed} | set(fresh))
    copy.moved = [renamed.get(c, c) for c in state.moved]
    return copy


def _could_be_unknown(state: GripState) -> list[str]:
    """Cards a card drawn unseen may be: drawable by method c, single-faced, not known in deck.

    Forked Path cards are dealt face up, so an unseen card is never one of them.
    """
    hidden = set(hidden_positions(state))
    known = {
        cs.id for i, cs in enumerate(state.deck) if i not in hidden or cs.id not in state.blind
    }
    drawable = set(OPTIONAL + expansion_pool(state.options))
    return [c for c in CARDS if c in drawable and c not in known and len(CARDS[c].faces) == 1]


def _forget_deck_keys(state: GripState) -> dict[str, list[int]]:
    """The turns on which the deck repeated, under keys that no longer name its hidden order.

    [D] A fingerprint of an earlier deck depends on its face-down cards; a sample cannot
    rebuild it, so it keeps which turns were alike (the view's ``repeats``) and finds repeats
    again only among the decks of its own playout.
    """
    turns = sorted(state.seen.values())
    return {f"turn {alike[0]}": list(alike) for alike in turns}
