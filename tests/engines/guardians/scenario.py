"""Building Guardians scenarios: a game whose board the test sets up by hand."""

from __future__ import annotations

from engines.guardians import Guardians
from engines.guardians.state import Land, Stack


def movement_game(seed: int = 7) -> Guardians:
    """A game in the movement phase with an empty board: nothing drawn, nothing placed."""
    game = Guardians.new(2, seed=seed)
    s = game.state
    for seat in s.seats:
        seat.deck = seat.drawn + seat.deck
        seat.drawn, seat.plan, seat.ready = [], [], True
    s.phase, s.mover, s.stacks, s.lands = "move", 0, [], {}
    return game


def take(game: Guardians, seat: int, card_id: str) -> str:
    """The uid of one of ``seat``'s cards with ``card_id``, taken out of its deck."""
    s = game.state.seats[seat]
    for uid in s.deck:
        if game.state.cards[uid] == card_id:
            s.deck.remove(uid)
            return uid
    raise LookupError(card_id)


def shield(game: Guardians, seat: int, space: str, creatures: list[str], turned=False) -> Stack:
    """Put a Shield with these creatures (card ids) on ``space``."""
    stack = Stack(
        shield=take(game, seat, "shield"),
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
