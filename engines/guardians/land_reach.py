"""Where a seat's Shields can stand when this turn's movement ends, by their paths.

The six-lands warning asks it of the opponent: can a Shield of theirs end on every land they
need? Read from the open table only: where Shields stand and whether they are turned, terrain
owners, rubble, whether the seat has flown this turn and what a flight revealed. What is
under a Shield that has not flown is unknown, so it may hold only fliers; before the
movement, a new Shield may come onto any Stronghold space of the seat that has none.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.guardians import board
from engines.guardians.movement import all_fly
from engines.guardians.state import COLUMNS, GuardiansState, Stack

FRESH = ("organize", "settle")
"""Phases after which every Shield moves again before the next settlement."""


@dataclass(frozen=True)
class Mover:
    """A Shield as the next settlement may find it: where it is and how far it may still go."""

    space: str
    steps: int  # walking steps left before the settlement (0: it stays where it is)
    flies: bool  # it may fly (a seat flies one Shield a turn)


def movers(
    state: GuardiansState, seat: int, *, new: bool = True, known: bool = False
) -> list[Mover]:
    """``seat``'s Shields before the next settlement; ``new``: with Shields it may yet place.

    ``known``: asked by the seat itself, which knows what its Shields hold (a Shield flies
    only if all of it flies; what it may add in a Draw & Organize never makes it fly).
    """
    fresh = state.phase in FRESH
    flight_left = fresh or not state.seats[seat].flew
    mv = state.move
    out = []
    for stack in state.stacks:
        if stack.owner != seat:
            continue
        flier = all_fly(state, stack.cards) if known else fresh or _may_fly(state, stack)
        if fresh or not stack.turned:
            out.append(Mover(stack.space, 2, flight_left and flier))
        elif mv is not None and mv.shield == stack.shield:
            walking = mv.mode in ("choose", "walk")
            left = 2 - (len(mv.path) - 1) if walking else 0
            out.append(Mover(stack.space, left, flight_left and mv.mode == "choose" and flier))
        else:
            out.append(Mover(stack.space, 0, False))
    if new and fresh:
        row = 0 if seat == 0 else 3
        for col, hold in enumerate(state.seats[seat].holds):
            space = f"{COLUMNS[col]}{row}"
            if not hold.rubbled and not board.own_shields(state, space, seat):
                out.append(Mover(space, 2, True))
    return out


def _may_fly(state: GuardiansState, stack: Stack) -> bool:
    """Unless a flight showed what it holds, a Shield may hold only fliers."""
    return not stack.revealed or all_fly(state, stack.cards)


def reach(state: GuardiansState, seat: int, mover: Mover, flying: bool) -> set[str]:
    """The disputed lands the Shield can end on: where it is, a walk's end, a flight's."""
    out = set()
    for land in board.DISPUTED:
        d = board.distance(mover.space, land)
        if d == 0 or (flying and d <= 2) or (d == 1 and mover.steps >= 1):
            out.add(land)
        elif d == 2 and mover.steps >= 2:
            middle = set(board.neighbours(mover.space)) & set(board.neighbours(land))
            if any(board.passable(state, m, seat) for m in middle):
                out.add(land)
    return out


def needs_shield(state: GuardiansState, seat: int) -> set[str]:
    """The lands ``seat`` holds at the settlement only with a Shield on them.

    The opponent's terrain or side of the board, where the settlement to come (in its phase)
    has not yet made a Shield of ``seat`` its terrain's owner.
    """
    out = set()
    for land in board.DISPUTED:
        if state.phase == "settle" and board.own_shields(state, land, seat):
            continue  # the terrain under it changes hands, or it settles the land now
        terrain = state.lands.get(land)
        owner = terrain.owner if terrain is not None else board.default_controller(land)
        if owner != seat:
            out.add(land)
    return out


def can_hold_all(state: GuardiansState, seat: int, attacked: frozenset[str] = frozenset()) -> bool:
    """Whether ``seat``'s Shields can stand on every land it needs one on, one Shield each.

    ``attacked``: lands where an opponent's Shield stands, which a Shield of ``seat`` must
    enter (a combat) and win to hold them.
    """
    need = needs_shield(state, seat) | attacked
    shields = movers(state, seat)
    fliers = [None, *(i for i, m in enumerate(shields) if m.flies)]  # one flight a turn
    return any(
        _one_each(need, [reach(state, seat, m, i == flier) for i, m in enumerate(shields)])
        for flier in fliers
    )


def _one_each(lands: set[str], reaches: list[set[str]]) -> bool:
    """Whether every land can get a Shield of its own (a matching, by augmenting paths)."""
    placed: dict[int, str] = {}  # Shield index -> the land it takes

    def place(land: str, tried: set[int]) -> bool:
        for i, can in enumerate(reaches):
            if land in can and i not in tried:
                tried.add(i)
                if i not in placed or place(placed[i], tried):
                    placed[i] = land
                    return True
        return False

    return all(place(land, set()) for land in sorted(lands))
