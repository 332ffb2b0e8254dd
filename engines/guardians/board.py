"""The board: spaces, adjacency, control, passability and the 30-point limit.

Columns ``L C R``, rows 0-3: row 0 holds seat 0's Strongholds, row 3 seat 1's; rows 1-2 are
the disputed lands (row 1 seat 0's at the start, row 2 seat 1's).
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.guardians.cards import Creature, DeckCard
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.state import COLUMNS, GuardiansState, Hold, Stack

LIMIT = 30
SPACES = tuple(f"{c}{r}" for r in range(4) for c in COLUMNS)
DISPUTED = tuple(s for s in SPACES if s[1] in "12")
COLUMN_NAMES = {"L": "Left", "C": "Centre", "R": "Right"}


def card(state: GuardiansState, uid: str) -> DeckCard:
    """The catalogue card of ``uid``."""
    return CATALOGUE.cards[state.cards[uid]]


def cards_map(state: GuardiansState) -> dict[str, DeckCard]:
    """Every card of the game by uid (the mapping the combat package reads)."""
    return {uid: CATALOGUE.cards[cid] for uid, cid in state.cards.items()}


def owner_of(uid: str) -> int:
    """The seat that owns the card ``uid`` (``a..`` is seat 0, ``b..`` seat 1)."""
    return "ab".index(uid[0])


def name(state: GuardiansState, uid: str) -> str:
    """The card's name."""
    return card(state, uid).name


def is_creature(state: GuardiansState, uid: str) -> bool:
    """Whether ``uid`` is a creature (not a creature item)."""
    return isinstance(card(state, uid), Creature)


def points(state: GuardiansState, uids: Iterable[str]) -> int:
    """Stacking points of these cards (the red number when a creature has one)."""
    return sum(c.stacks_as for c in (card(state, u) for u in uids) if isinstance(c, Creature))


def stack_ok(state: GuardiansState, uids: list[str]) -> bool:
    """Within 30 points and never more creature items than creatures."""
    creatures = sum(1 for u in uids if is_creature(state, u))
    return points(state, uids) <= LIMIT and len(uids) - creatures <= creatures


def neighbours(space: str) -> list[str]:
    """Orthogonally adjacent spaces."""
    col, row = COLUMNS.index(space[0]), int(space[1])
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = col + dc, row + dr
        if 0 <= c < 3 and 0 <= r < 4:
            out.append(f"{COLUMNS[c]}{r}")
    return out


def distance(a: str, b: str) -> int:
    """Orthogonal steps between two spaces."""
    return abs(COLUMNS.index(a[0]) - COLUMNS.index(b[0])) + abs(int(a[1]) - int(b[1]))


def hold_of(space: str) -> tuple[int, int] | None:
    """(owner seat, column index) when ``space`` is a Stronghold space, else None."""
    if space[1] not in "03":
        return None
    return (0 if space[1] == "0" else 1), COLUMNS.index(space[0])


def hold(state: GuardiansState, space: str) -> Hold | None:
    """The Stronghold on ``space``, if it is a Stronghold space."""
    found = hold_of(space)
    return None if found is None else state.seats[found[0]].holds[found[1]]


def space_name(space: str) -> str:
    """Readable name: "Left Stronghold of seat 0" is ``L0``; disputed spaces keep their id."""
    found = hold_of(space)
    if found is None:
        return space
    return f"{COLUMN_NAMES[space[0]]} ({space})"


def default_controller(space: str) -> int:
    """Who controls a space with neither Shield nor terrain: its side of the board."""
    return 0 if space[1] in "01" else 1


def controller(state: GuardiansState, space: str) -> int:
    """A Shield's owner, else the terrain's owner, else the default side."""
    stacks = state.stacks_at(space)
    if stacks:
        return stacks[0].owner
    land = state.lands.get(space)
    if land is not None and hold_of(space) is None:
        return land.owner
    return default_controller(space)


def lands_of(state: GuardiansState, seat: int) -> int:
    """Disputed lands ``seat`` controls."""
    return sum(1 for s in DISPUTED if controller(state, s) == seat)


def enemy_shield(state: GuardiansState, space: str, seat: int) -> Stack | None:
    """An opponent's Shield on ``space``."""
    return next((s for s in state.stacks_at(space) if s.owner != seat), None)


def own_shields(state: GuardiansState, space: str, seat: int) -> list[Stack]:
    """``seat``'s Shields on ``space``."""
    return [s for s in state.stacks_at(space) if s.owner == seat]


def enemy_hold(state: GuardiansState, space: str, seat: int) -> bool:
    """Whether ``space`` is a standing (not rubbled) Stronghold of the opponent."""
    found = hold_of(space)
    if found is None or found[0] == seat:
        return False
    return not state.seats[found[0]].holds[found[1]].rubbled


def passable(state: GuardiansState, space: str, seat: int) -> bool:
    """May ``seat`` walk through ``space``? Own or rubbled Strongholds, or its own terrain.

    Text: "You may not move past a space that has no terrain, an opponent's terrain or an
    opponent's shield unless your shield is flying."
    """
    if enemy_shield(state, space, seat) is not None:
        return False
    found = hold_of(space)
    if found is not None:
        return found[0] == seat or state.seats[found[0]].holds[found[1]].rubbled
    land = state.lands.get(space)
    return land is not None and land.owner == seat


def space_points(state: GuardiansState, space: str, seat: int) -> int:
    """Points ``seat`` has on and under ``space`` (its Shields there and its Stronghold)."""
    total = sum(points(state, s.cards) for s in own_shields(state, space, seat))
    found = hold_of(space)
    if found is not None and found[0] == seat:
        h = state.seats[seat].holds[found[1]]
        total += points(state, h.on) + points(state, h.under) + points(state, h.reserve)
    return total


def remove_everywhere(state: GuardiansState, uid: str) -> None:
    """Take ``uid`` out of whatever list holds it (stacks, Strongholds, hand, pen…)."""
    for s in state.stacks:
        if uid in s.cards:
            s.cards.remove(uid)
    for seat in state.seats:
        for lst in (seat.storage, seat.pen, seat.drawn, seat.deck, seat.discard):
            if uid in lst:
                lst.remove(uid)
        for h in seat.holds:
            for lst in (h.on, h.under, h.reserve):
                if uid in lst:
                    lst.remove(uid)
            if h.upgrade == uid:
                h.upgrade = None
