"""Positions for the siege and policy tests: an emptied map, counters put by id, dice forced."""

from engines.base import Event
from engines.gondor.actions import Move, Select
from engines.gondor.game import Gondor
from engines.gondor.state import GondorState
from tests.engines.gondor.play import advance_to, deployed


def index(state: GondorState, counter_id: str) -> int:
    """The index of a counter by id."""
    return next(i for i, c in enumerate(state.counters) if c.id == counter_id)


def put(state: GondorState, counter_id: str, hex_ref: str | None) -> int:
    """Place a counter (by id) on a hex; returns its index."""
    i = index(state, counter_id)
    state.counters[i].hex = hex_ref
    return i


def empty_game(turn: int = 1, phase: str = "siege") -> Gondor:
    """A deployed game at ``phase`` of ``turn`` with every counter taken off the map."""
    game = deployed()
    advance_to(game, turn, phase)
    for c in game.state.counters:
        c.hex = None
    game.state.pending = None
    return game


class Dice:
    """A stand-in for engines.rng.rng_for that rolls the given numbers in order."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)

    def __call__(self, seed: int, label: str) -> "Dice":
        """rng_for(seed, label)."""
        return self

    def randint(self, low: int, high: int) -> int:
        """The next forced roll."""
        return self.rolls.pop(0)


def legal(game: Gondor, seat: int) -> list:
    """The seat's legal actions after the test changed the state by hand (drops the cache)."""
    game._cache = None
    return game.legal_actions(seat)


def move(game: Gondor, indices: list[int], hex_ref: str) -> list[Event]:
    """Select these counters and move them to ``hex_ref`` (acting side's Movement Phase).

    Returns the move's events.
    """
    seat = game.to_act()[0]
    start = game.state.counters[indices[0]].hex
    game.apply(seat, Select(counters=tuple(indices), hex=start))
    order = next(a for a in legal(game, seat) if isinstance(a, Move) and a.hex == hex_ref)
    return game.apply(seat, order)
