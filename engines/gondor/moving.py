"""The Movement Phases (C, F; 3.0, 14.0): select a group, move it; reinforcements arrive."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from functools import lru_cache

from engines.base import Action, Event, IllegalAction, Unavailable
from engines.gondor import banner
from engines.gondor.actions import (
    BannerJoin,
    Deselect,
    EndMovement,
    March,
    Move,
    Select,
    counter_name,
    side_name,
)
from engines.gondor.board import Board, other
from engines.gondor.data import COUNTERS, SCHEDULE
from engines.gondor.effects import frozen
from engines.gondor.formation_actions import BreakFormation, Form
from engines.gondor.formations import break_formation, form, formation_orders, partners, splits
from engines.gondor.hexes import cube, distance
from engines.gondor.movement import MoveError, group_of, reach
from engines.gondor.phase import PhaseRules
from engines.gondor.siege.moves import after_move, movement_started
from engines.gondor.state import ROAD_HEXES, SEATS, GondorState
from engines.gondor.victory import GATES_INTO
from engines.resources import data_path
from engines.rng import rng_for

MAIN_GATE = ROAD_HEXES[0]
MOVEMENT_PHASES = ("sauron-movement", "westernesse-movement")
SUGGESTED = 5
"""Suggested moves listed at most: each costs a path search at every listing."""
GROUP_NAMES: dict[str, str] = tomllib.loads(
    (data_path("gondor") / "phases.toml").read_text(encoding="utf-8")
)["groups"]


class Movement(PhaseRules):
    """A side's Movement Phase: each counter moves once, a group at a time (two clicks)."""

    def start(self, state: GondorState) -> list[Event]:
        """Reinforcements due in this phase arrive at the map edge (14.0); oil may pour."""
        state.formed, state.stuck = [], []
        return _arrivals(state) + movement_started(state)

    def choices(self, state: GondorState) -> list[Action]:
        """The movable groups and End movement; once a group is chosen, its destinations."""
        if state.selected:
            return [*destinations(state), Deselect()]
        board = state.board()
        return [*groups(state, board), *formation_orders(state, board), *_endings(state)]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Select or drop a group, or move it."""
        if isinstance(action, Select):
            state.selected = list(action.counters)
            return _nowhere(state)
        if isinstance(action, Deselect):
            state.selected = []
            return []
        if isinstance(action, Move):
            return _move(state, action)
        if isinstance(action, March):
            state.selected = list(action.counters)
            return _move(state, action.move())
        if isinstance(action, Form):
            return form(state, action)
        if isinstance(action, BreakFormation):
            return break_formation(state, action)
        if isinstance(action, BannerJoin) and action in _endings(state):
            return banner.join(state, action.leader)
        raise IllegalAction("That is not possible in a Movement Phase.")

    def finish(self, state: GondorState) -> list[Event]:
        """The Banner ends the Westernesse Movement Phase with a leader (18.13).

        A side ending it with nothing moved is remembered: it is asked that once a game.
        """
        if not state.moved and state.acting not in state.idle_ends:
            state.idle_ends.append(state.acting)
        return banner.settle(state)

    def unavailable(self, state: GondorState) -> list[Unavailable]:
        """End movement, greyed while the Banner stands alone and a move can fix it (18.13)."""
        where = banner_alone(state)
        if where is None or not banner_fixes(state):
            return []
        reason = (
            f"The Banner of the King stands alone in {where}: it must end the phase with a "
            "leader; move it to one, or one to it (18.13)."
        )
        return [Unavailable(label=EndMovement().label(), reason=reason)]

    def reveals(self, state: GondorState) -> bool:
        """Moving an oil carrier's only way would say nothing, but its choices differ (16.75)."""
        return any(state.counters[i].carries_oil for i in state.selected)

    def prompt(self, state: GondorState) -> str | None:
        """Which group is chosen, or that one should be."""
        who = side_name(state.acting)
        if state.selected:
            return f"{who}: choose where {counter_name(state.selected[0])} goes."
        return f"{who}: choose a group to move, or end movement."


def banner_alone(state: GondorState) -> str | None:
    """The Banner's hex while, in the Westernesse Movement Phase, no friendly leader is there."""
    flag = banner.banner(state)
    if state.phase != "westernesse-movement" or flag.hex is None:
        return None
    if any(state.counters[i].hex == flag.hex for i in banner.leaders_on_map(state)):
        return None
    return flag.hex


def banner_fixes(state: GondorState) -> list[tuple[int, str]]:
    """Moves that would stand the lone Banner with a leader: (counter moving alone, hex).

    The Banner to a leader's hex, or a leader to the Banner's (18.13), each if still movable.
    """
    where = banner_alone(state)
    if where is None:
        return []
    board = state.board()
    flag = banner.banner_index(state)
    leaders = banner.leaders_on_map(state)
    out: list[tuple[int, str]] = []
    if movable(state, flag):
        costs = reach(board, state.counters[flag].id).costs
        homes = sorted({state.counters[i].hex for i in leaders} & set(costs), key=str)
        out += [(flag, str(h)) for h in homes]
    for i in leaders:
        if movable(state, i) and where in reach(board, state.counters[i].id).costs:
            out.append((i, where))
    return out


def _endings(state: GondorState) -> list[Action]:
    """End movement; with the Banner alone, what the player must do first (18.13).

    Nothing while a move can still bring it and a leader together (End movement is greyed),
    else the leaders it may join, nearest first.
    """
    where = banner_alone(state)
    leaders = banner.leaders_on_map(state)
    if where is None or not leaders:
        return [EndMovement()]
    if banner_fixes(state):
        return []
    near = sorted(leaders, key=lambda i: (distance(where, state.counters[i].hex or where), i))
    return [BannerJoin(leader=i, hex=state.counters[i].hex or where) for i in near]


def movable(state: GondorState, index: int) -> bool:
    """Whether counter ``index`` may move now (its side, not moved yet, 3.4, 14.0)."""
    c = state.counters[index]
    if c.side != state.acting or index in state.moved or c.is_cauldron:
        return False
    if c.kind == "leader" and COUNTERS.leaders[c.type].magic > 0:
        return False  # 3.4: magic leaders move only in the magic phases
    if c.kind == "leader" and frozen(state, index):
        return False  # 17.12
    if c.hex is None:
        return c.group in state.arrived
    return True


def groups(state: GondorState, board: Board | None = None) -> list[Select]:
    """Each hex's whole movable stack, then each counter able to move alone; off-map last.

    ``board``: the position's, if the caller built it already (``state.board()``).
    """
    board = board or state.board()
    by_hex: dict[str | None, list[int]] = {}
    for i, c in enumerate(state.counters):
        if movable(state, i):
            by_hex.setdefault(c.hex, []).append(i)
    out: list[Select] = []
    for hex_ref in sorted(h for h in by_hex if h is not None):
        ids = by_hex[hex_ref]
        options = ([tuple(ids)] if len(ids) > 1 else []) + [(i,) for i in ids]
        # 6.0: a formation moves as one; a group found stuck is not offered until a move
        options = [o for o in options if not splits(state, o) and list(o) not in state.stuck]
        out += [Select(counters=o, hex=hex_ref) for o in options if _ok(state, board, o)]
    waiting = by_hex.get(None, [])
    units = [i for i in waiting if state.counters[i].kind == "unit" and not partners(state, i)]
    for i in waiting:
        option: tuple[int, ...] = (i, *partners(state, i))  # 14.2: a formation enters as one
        if any(j < i for j in option):
            continue
        if state.counters[i].kind == "equipment":
            pushers = [u for u in units if _ok(state, board, (u, i))]
            option = (pushers[0], i) if pushers else option
        if list(option) not in state.stuck and _ok(state, board, option):
            out.append(Select(counters=option, hex=None))
    return out


def targets(
    state: GondorState, group: list[int] | None = None, board: Board | None = None
) -> dict[str, tuple[float, str | None]]:
    """Destination -> (MP, entry hex or None) for the group (the selected one), cheapest first."""
    group = group or state.selected
    board = board or state.board()
    ids = [state.counters[i].id for i in group]
    lead = state.counters[group[0]]
    if lead.hex is not None:
        return {h: (mp, None) for h, mp in reach(board, ids).costs.items()}
    best: dict[str, tuple[float, str | None]] = {}
    for entry in sorted(SCHEDULE.groups[lead.group].entry_hexes):
        costs = reach(board, ids, (entry, state.entered.get(entry, 0))).costs
        for h, mp in costs.items():
            if h not in best or mp < best[h][0]:
                best[h] = (mp, entry)
    return dict(sorted(best.items()))


def _front(state: GondorState) -> Callable[[str], int]:
    """The distance from a hex to the enemy's nearest combat unit on the map (else the gate)."""
    enemy = other(state.acting)
    front = {c.hex for c in state.counters if c.side == enemy and c.kind == "unit" and c.hex}
    goals = tuple(sorted(front) or [MAIN_GATE])
    known = _distances(goals)
    cubes = [cube(h) for h in goals]

    def near(hex_ref: str) -> int:
        found = known.get(hex_ref)
        if found is None:
            x, y, z = cube(hex_ref)
            found = min(max(abs(x - a), abs(y - b), abs(z - c)) for a, b, c in cubes)
            known[hex_ref] = found
        return found

    return near


@lru_cache(maxsize=8)
def _distances(goals: tuple[str, ...]) -> dict[str, int]:
    """Hex -> its distance to the nearest of ``goals``, filled as hexes are asked for.

    Kept for the last few fronts: the enemy's units stand still through a Movement Phase, so
    each of its listings asks about the same front, and mostly the same hexes.
    """
    return {}


def destinations(
    state: GondorState,
    group: list[int] | None = None,
    board: Board | None = None,
    near: Callable[[str], int] | None = None,
) -> list[Move]:
    """The group's (the selected one's) moves, likeliest first: nearest the front, then reach.

    The front is the enemy's combat units on the map (none yet: the Main Gate); ties go to
    the move spending more MP, then the lower hex id. Only the order a player reads them in.
    ``board`` and ``near`` (``_front``): the position's, if the caller has them already.
    """
    near = near or _front(state)
    found = targets(state, group, board).items()
    moves = [Move(hex=h, mp=round(mp * 2), entry=e) for h, (mp, e) in found]
    return sorted(moves, key=lambda m: (near(m.hex), -m.mp, m.hex))


def _at_the_gate(state: GondorState) -> bool:
    """Whether Sauron's suggested moves aim at the Main Gate: his, while it stands unbreached."""
    return state.acting == "sauron" and GATES_INTO[1][0] not in state.breaches


def _gate_near(hex_ref: str) -> int:
    return distance(hex_ref, MAIN_GATE)


def suggestions(state: GondorState, movable: list[Select] | None = None) -> list[March]:
    """Up to ``SUGGESTED`` likely moves, one click each (nothing selected, nothing pending).

    The stacks on the map nearest the goal but not next to it nor to an enemy combat unit,
    nearest first (ties: lower hex id), each as a whole with its likeliest destination not
    already suggested, if that brings it nearer the goal; the same moves stay two clicks
    away (Select, then Move). The goal is the front (``destinations``), except Sauron's
    while the Main Gate stands: the hex before it (1918), kept for a group with Grond, the
    only weapon that breaches it (15.23). A path search per stack tried. ``movable``: the
    groups (``groups``) if the caller listed them already.
    """
    if state.selected or state.pending is not None or state.phase not in MOVEMENT_PHASES:
        return []
    board = state.board()  # one board and one front for every stack tried
    front = _front(state)
    gate = _at_the_gate(state)
    near = _gate_near if gate else front
    stacks: dict[str, Select] = {}
    for s in groups(state, board) if movable is None else movable:
        if s.hex is not None and near(s.hex) > 1 and front(s.hex) > 1:
            stacks.setdefault(s.hex, s)  # the whole stack comes first
    out: list[March] = []
    for hex_ref in sorted(stacks, key=lambda h: (near(h), h))[: 2 * SUGGESTED]:
        group = stacks[hex_ref].counters
        grond = any(state.counters[i].type == "grond" for i in group)
        taken = {m.hex for m in out} | ({MAIN_GATE} if gate and not grond else set())
        found = destinations(state, list(group), board, front)
        if gate:
            found.sort(key=lambda m: (near(m.hex), -m.mp, m.hex))
        best = next((m for m in found if m.hex not in taken), None)
        if best is not None and near(best.hex) < near(hex_ref):
            out.append(March(counters=group, start=hex_ref, hex=best.hex, mp=best.mp))
        if len(out) == SUGGESTED:
            break
    return out


def move_selected(state: GondorState, action: Move) -> tuple[list[int], Event, tuple[str, ...]]:
    """Carry the selected counters along their path to the Move's hex; drop the selection.

    Records the path for road and gate control, and an entry for the entry chain (14.0).
    Returns the counters moved, the public event and the hexes entered on the way.
    """
    ids = [state.counters[i].id for i in state.selected]
    lead = state.counters[state.selected[0]]
    start = lead.hex
    entry = (action.entry, state.entered.get(action.entry, 0)) if action.entry else None
    path = reach(state.board(), ids, entry).path(action.hex)
    if any(state.counters[i].kind == "unit" for i in state.selected):
        state.visit(lead.side, path)  # 15.15, 20.1 C: units only
    names = " + ".join(counter_name(i) for i in state.selected)
    for i in state.selected:
        state.counters[i].hex = action.hex
    if action.entry:
        units = sum(state.counters[i].kind == "unit" for i in state.selected)
        state.entered[action.entry] = state.entered.get(action.entry, 0) + units
    moved, state.selected = state.selected, []
    where = f"enters at {action.entry}" if start is None else f"moves from {start}"
    return moved, Event(text=f"{names} {where} to {action.hex} ({action.mp / 2:g} MP)."), path


def _nowhere(state: GondorState) -> list[Event]:
    """A chosen group with no destination is let go and not offered again until a move.

    Whether a group can go anywhere is known only once it is chosen (finding out for every
    group at each listing would cost a path search each). Its choices would be "Deselect" alone,
    and a player (or the computer) choosing it again and again would never end the phase.
    Only the mover reads why: an oil carrier's way may depend on its hidden oil (16.75).
    """
    if targets(state):
        return []
    group, state.selected = state.selected, []
    state.stuck.append(group)
    names = " + ".join(counter_name(i) for i in group)
    return [
        Event(
            text=f"{names} cannot move anywhere now; choose another group.",
            seat=SEATS.index(state.acting),
        )
    ]


def _move(state: GondorState, action: Move) -> list[Event]:
    moved, event, path = move_selected(state, action)
    state.moved += moved
    state.stuck = []  # the board changed: a stuck group may have a way now
    return [event, *after_move(state, moved, path)]


def _arrivals(state: GondorState) -> list[Event]:
    """Reinforcement groups due in this phase arrive (14.0); Rohan rolls first (14.2)."""
    events = []
    for gid, group in SCHEDULE.groups.items():
        if gid in state.arrived or group.phase != state.phase or state.turn < group.turn:
            continue
        name = GROUP_NAMES.get(gid, gid)
        if group.roll is not None:
            die = rng_for(state.seed, f"arrival-{gid}-{state.turn}").randint(1, 6)
            ok = die in group.roll["succeed"]  # type: ignore[operator]
            verdict = "they arrive" if ok else "not this turn"
            events.append(Event(text=f"Roll for {name}: {die}, {verdict}."))
            if not ok:
                continue
        state.arrived.append(gid)
        events.append(Event(text=f"{name} arrive at the map edge."))
        if group.demoralization:
            force = str(group.demoralization["force"])
            state.totals[force] += int(group.demoralization["points"])
    return events


def _ok(state: GondorState, board: Board, option: tuple[int, ...]) -> bool:
    try:
        group_of(board, [state.counters[i].id for i in option])
    except MoveError:
        return False
    return True


class BreakMove(PhaseRules):
    """After a formation breaks, the unit named moves out at once (6.0, "formation-break")."""

    def choices(self, state: GondorState) -> list[Action]:
        """Its destinations (no other choice: stacking must hold, 5.2)."""
        return list(destinations(state))

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Move it out."""
        if not isinstance(action, Move):
            raise IllegalAction("Choose where the unit moves out to.")
        state.pending = None
        return _move(state, action)

    def prompt(self, state: GondorState) -> str | None:
        """Which unit must move out."""
        who = side_name(state.acting)
        return (
            f"{who}: the formation is broken; choose where {counter_name(state.selected[0])} goes."
        )
