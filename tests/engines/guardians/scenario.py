"""Building Guardians scenarios: a game whose board the test sets up by hand."""

from __future__ import annotations

from engines.guardians import Guardians
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.state import Land, Stack

CLASSIC = {
    "deck_lists": [CATALOGUE.decks[d].card_list() for d in ("starter_1", "starter_2")],
    "guardians": ["rak_nam", "tes_let"],
    "strongholds": ["keep_of_rak_nam", "keep_of_rak_nam"],
}
"""The starter decks' cards with Rak Nam against Tes Let, both behind the Keep of Rak Nam."""


def classic_game(seed: int) -> Guardians:
    """A new game with the ``CLASSIC`` setup (the scenarios' numbers assume it)."""
    return Guardians.new(2, seed=seed, options=CLASSIC)


def movement_game(seed: int = 7) -> Guardians:
    """A game in the movement phase with an empty board: nothing drawn, nothing placed."""
    game = classic_game(seed)
    s = game.state
    for seat in s.seats:
        seat.deck = seat.drawn + seat.deck
        seat.drawn, seat.plan, seat.ready = [], [], True
    s.phase, s.mover, s.stacks, s.lands = "move", 0, [], {}
    return game


def take(game: Guardians, seat: int, card_id: str) -> str:
    """The uid of one of ``seat``'s cards with ``card_id``, taken out of its deck.

    A card the starter deck does not hold is added to the game as a new card of that seat,
    so scenarios don't depend on the starter decks' contents.
    """
    if card_id not in CATALOGUE.cards:
        raise LookupError(card_id)
    s = game.state.seats[seat]
    for uid in s.deck:
        if game.state.cards[uid] == card_id:
            s.deck.remove(uid)
            return uid
    prefix = "ab"[seat]
    uid = next(f"{prefix}{n}" for n in range(100, 1000) if f"{prefix}{n}" not in game.state.cards)
    game.state.cards[uid] = card_id
    return uid


def shield(
    game: Guardians,
    seat: int,
    space: str,
    creatures: list[str],
    turned: bool = False,
    card: str = "shield",
) -> Stack:
    """Put a Shield (the card ``card``) with these creatures (card ids) on ``space``."""
    stack = Stack(
        shield=take(game, seat, card),
        owner=seat,
        space=space,
        cards=[take(game, seat, c) for c in creatures],
        turned=turned,
    )
    game.state.stacks.append(stack)
    return stack


def terrain(game: Guardians, seat: int, space: str, card_id: str = "woods") -> str:
    """Lay ``seat``'s terrain card on ``space``."""
    uid = take(game, seat, card_id)
    game.state.lands[space] = Land(uid=uid, owner=seat)
    return uid


def labels(game: Guardians, seat: int) -> list[str]:
    """The labels of ``seat``'s legal actions."""
    return [a.label() for a in game.legal_actions(seat)]


def play(game: Guardians, seat: int, label: str):
    """Apply the legal action with this label."""
    for action in game.legal_actions(seat):
        if action.label() == label:
            return game.apply(seat, action)
    raise AssertionError(f"{label!r} not in {labels(game, seat)}")
