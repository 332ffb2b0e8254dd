"""What happens at the end of a move in a siege (5.3, 16.43, 16.7): overrun, Ladders, oil.

``moving.py`` calls :func:`movement_started` when a Movement Phase begins and
:func:`after_move` after each move; these may set a pending decision (a Ladder, picking up
oil, the oil question).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Action, Event, IllegalAction
from engines.gondor.actions import counter_name
from engines.gondor.board import STACKED_EQUIPMENT
from engines.gondor.data import COUNTERS
from engines.gondor.phase import PhaseRules
from engines.gondor.removal import cauldron_lost, destroy, displace_leader
from engines.gondor.siege.actions import NoLadder, PlaceLadder
from engines.gondor.siege.oil import ask_pickup, ask_pour
from engines.gondor.state import GondorState, Ladder, Pending, climbable_walls
from engines.gondor.victory import settle

LADDERS = COUNTERS.markers["ladder"].count  # 16.47: limited by the counter mix


def movement_started(state: GondorState) -> list[Event]:
    """16.74: at the start of the Sauron Movement Phase Westernesse may already pour."""
    ask_pour(state)
    return []


def after_move(state: GondorState, moved: list[int], path: Sequence[str] = ()) -> list[Event]:
    """Overrun what the group found (5.3), then ask about a Ladder, oil or pouring.

    ``path``: the hexes entered on the way (default: only where the group stands).
    """
    lead = state.counters[moved[0]]
    events: list[Event] = []
    if any(state.counters[i].kind == "unit" for i in moved):
        events = overrun(state, moved)
        if lead.side == "sauron":
            _ask_ladder(state, moved)
        else:
            ask_pickup(state, moved, path or [str(lead.hex)])
    ask_pour(state)
    settle(state)
    return events


def overrun(state: GondorState, moved: list[int]) -> list[Event]:
    """5.3, movement ruling 6: enemy leaders in the entered hex fall back; equipment burns.

    Enemy siege equipment there is destroyed, and a cauldron too (its truth stays hidden, 16.71).
    """
    side, hex_ref = state.counters[moved[0]].side, state.counters[moved[0]].hex
    out: list[Event] = []
    for i, c in enumerate(state.counters):
        if c.hex != hex_ref or c.side == side:
            continue
        if c.kind == "leader":
            out.append(Event(text=f"{displace_leader(state, i)} (5.3)."))
        elif c.is_cauldron:
            out += cauldron_lost(state, i, "is destroyed")
        elif c.piece().mobility in STACKED_EQUIPMENT:
            out.append(Event(text=f"{counter_name(i)} in {hex_ref} is destroyed."))
            destroy(state, i)
    return out


def ladder_walls(state: GondorState, moved: list[int]) -> list[str]:
    """16.43: hexsides a moved Sauron foot unit now faces from below that may take a Ladder."""
    climbers = [
        state.counters[i]
        for i in moved
        if state.counters[i].kind == "unit" and not state.counters[i].piece().mounted
    ]
    if not climbers or state.ladders_placed >= LADDERS or climbers[0].hex is None:
        return []
    return [
        w
        for w in climbable_walls(climbers[0].hex)
        if w not in state.ladders and w not in state.breaches
    ]


def _ask_ladder(state: GondorState, moved: list[int]) -> None:
    walls = ladder_walls(state, moved)
    if walls and state.pending is None:
        state.pending = Pending(side="sauron", kind="ladder", data={"hexsides": walls})


class LadderRules(PhaseRules):
    """After a Sauron move next to a wall: place a Ladder (16.43), or not."""

    def choices(self, state: GondorState) -> list[Action]:
        """A Ladder at each hexside; No ladder."""
        assert state.pending is not None
        walls = [w.split("/") for w in state.pending.data["hexsides"]]
        return [*(PlaceLadder(a=a, b=b) for a, b in walls), NoLadder()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Place it (usable from the next Game-Turn), then the oil question may follow."""
        state.pending = None
        events = []
        if isinstance(action, PlaceLadder):
            state.ladders[action.hexside] = Ladder(side="sauron", turn=state.turn)
            state.ladders_placed += 1
            left = LADDERS - state.ladders_placed
            events.append(Event(text=f"Sauron places a Ladder at {action.hexside} ({left} left)."))
        elif not isinstance(action, NoLadder):
            raise IllegalAction("Place a ladder or not.")
        ask_pour(state)
        return events

    def prompt(self, state: GondorState) -> str | None:
        """The question."""
        return "Sauron: place a Ladder against the wall (climbable from next Game-Turn)?"
