"""Settling queued combat results (7.5, 14.32): retreats, advances after combat, rampages.

``state.follow_ups`` holds them in order. A retreat with no legal hex eliminates the unit; one
with hexes asks its owner (pending "retreat"); an advance asks the attacker (pending "advance")
if the defender's hex was emptied; a rampage rolls at once.
"""

from __future__ import annotations

from engines.base import Event
from engines.gondor.actions import counter_name
from engines.gondor.board import Board
from engines.gondor.combat.odds import blocking_wall
from engines.gondor.combat.rampage import rampage
from engines.gondor.combat.results import Dice, eliminate, retreat_paths
from engines.gondor.data import MAP
from engines.gondor.formations import partners
from engines.gondor.removal import GONE
from engines.gondor.siege.moves import overrun
from engines.gondor.state import GondorState, Pending


def settle(state: GondorState, dice: Dice) -> list[Event]:
    """Work through the queue until it is empty or a player must answer."""
    events: list[Event] = []
    while state.follow_ups and state.pending is None:
        item = state.follow_ups.pop(0)
        unit = int(item["unit"])
        c = state.counters[unit]
        if c.hex is None and (item["kind"] != "advance" or c.group == GONE):
            continue  # eliminated (an attacker from off the map has no hex yet, 14.2)
        if item["kind"] == "rampage":
            events += rampage(state, unit, dice)
        elif item["kind"] == "retreat":
            if retreat_paths(state, unit, int(item["hexes"]), str(item["away"])):
                state.pending = Pending(side=c.side, kind="retreat", data=item)
            else:
                events += eliminate(state, unit, "no way to retreat", dice)
        elif advance_hex(state, item) is not None:
            state.pending = Pending(side=c.side, kind="advance", data=item)
    return events


def advance_hex(state: GondorState, item: dict[str, object]) -> str | None:
    """The hex the attacker may advance into (7.5), or None.

    Only if the attacker is still where it struck from and the defender's hex holds no combat
    unit nor enemy leader; never across an unbreached wall, tower or uncontrolled gate, never
    cavalry or Mûmakil across any wall, never cavalry next to a Mûmak or back (14.31).
    """
    c = state.counters[int(item["unit"])]  # type: ignore[call-overload]
    into, start = str(item["into"]), item["from"]
    if c.hex != start:
        return None
    board = state.board()
    blocked = (
        p.kind == "unit" or (p.kind == "leader" and p.side != c.side) for p in board.at(into)
    )
    if any(blocked):
        return None
    me = board.piece(c.id)
    if start is not None and _walled(board, me.mounted, str(start), into, c.side):
        return None
    avoid = {"cavalry": "mumak", "mumak": "cavalry"}.get(me.mobility)
    if avoid and any(
        p.mobility == avoid and p.hex in (into, *MAP.neighbours[into])
        for p in board.pieces
        if p.id != c.id
    ):
        return None
    return into


def _walled(board: Board, mounted: bool, start: str, into: str, side: str) -> bool:
    """7.5: no advance across a blocking wall, nor by cavalry or Mûmakil across any wall."""
    wall = MAP.side(start, into)
    if blocking_wall(board, start, into, side):
        return True
    return mounted and wall is not None and wall.kind != "gate"


def advance(state: GondorState, unit: int, hex_ref: str) -> list[Event]:
    """Move the attacker into the emptied hex; what it finds there is overrun (5.3).

    Its formation breaks (6.0); from off the map it enters onto its entry hex (14.2).
    """
    c = state.counters[unit]
    for o in (c, *(state.counters[i] for i in partners(state, unit))):
        o.formation = None
    start, c.hex = c.hex, hex_ref
    state.visit(c.side, [hex_ref])
    where = f"from {start} into" if start else "from off the map onto"
    events = [Event(text=f"{counter_name(unit)} advances {where} {hex_ref}.")]
    events += overrun(state, [unit])
    return events
