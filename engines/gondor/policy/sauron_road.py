"""Sauron's posts on the road (20.1 C): the Mûmakil on it all game, guards in the last turns.

He wins only if he holds the road at the end: a Mûmak stands on each road hex (1918 once
Grond has breached the Main Gate), and in the last Game-Turns a unit stands on each road hex
none of his units holds. The units sent to a post move alone and stay.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from engines.gondor.data import COUNTERS, GAME, MAP
from engines.gondor.movement import reachable
from engines.gondor.policy.sauron_city import (
    MAIN_GATE,
    fighter,
    grond_index,
    level,
    main_gate,
    walks,
)
from engines.gondor.state import ROAD_HEXES, Counter, GondorState

ROAD_TURN = GAME.turns - 2
"""From this Game-Turn on, Sauron's units outside the walls make sure of the road (20.1 C)."""
MUMAK = "mumakil"


def guards(state: GondorState, hex_ref: str | None) -> bool:
    """True for a road hex he holds in the last Game-Turns or with a Mûmak: it stays (20.1 C).

    A Westernesse combat unit passing 1918 or 2124 after his last one takes the road from
    him; none may enter a hex where his combat unit stands.
    """
    if hex_ref not in ROAD_HEXES or state.road[hex_ref] != "sauron":
        return False
    return state.turn >= ROAD_TURN or mumak_on(state, hex_ref)


def mumak_on(state: GondorState, hex_ref: str) -> bool:
    """Whether a Mûmak of his stands on the hex."""
    return any(c.hex == hex_ref and c.type == MUMAK and c.side == "sauron" for c in state.counters)


def mumak_posts(state: GondorState) -> dict[str, int]:
    """Road hex -> the Mûmak sent to stand on it, all game long (20.1 C, 14.31).

    No cavalry may move next to a Mûmak (14.31), and the relief is mostly cavalry: a Mûmak on
    a road hex keeps the relief's horse from the hexes round it, so none can take the road
    or enter the city through the Main Gate past it, and only its infantry can strike it.
    1918 once Grond has breached the Main Gate (Grond stands there to batter it).
    """
    main = main_gate()
    empty = [
        h
        for h in ROAD_HEXES
        if not mumak_on(state, h)
        and (h != MAIN_GATE or main in state.breaches or grond_index(state) is None)
    ]
    if not empty:
        return {}
    free = [
        i
        for i, c in enumerate(state.counters)
        if c.type == MUMAK
        and c.side == "sauron"
        and c.hex
        and c.hex not in ROAD_HEXES
        and not c.disrupted
        and i not in state.moved
    ]
    return _send(state, empty, free, lambda i, steps: (steps, i))


def _send(
    state: GondorState, roads: list[str], free: list[int], rank: Callable[[int, int], tuple]
) -> dict[str, int]:
    """Road hex -> the unit sent to it: for each in turn, the best ranked of those left.

    ``rank`` takes a unit's index and its walk to the road hex (:func:`sauron_city.walks`);
    lowest first.
    """
    out: dict[str, int] = {}
    free = list(free)
    for road in roads:
        if not free:
            break
        walk = walks(frozenset([road]), frozenset(state.breaches))
        far = len(MAP.hexes)
        unit = min(free, key=lambda i: rank(i, walk.get(state.counters[i].hex or "", far)))
        out[road] = unit
        free.remove(unit)
    return out


def unguarded(state: GondorState) -> list[str]:
    """The road hexes no unit of his stands on, in the last Game-Turns (see :func:`guards`)."""
    if state.turn < ROAD_TURN:
        return []
    held = {c.hex for c in state.counters if c.kind == "unit" and c.side == "sauron"}
    return [h for h in ROAD_HEXES if h not in held]


def road_guards(state: GondorState) -> dict[str, int]:
    """Road hex -> the unit of his sent to stand on it, in the last Game-Turns (20.1 C).

    A unit passing 1918 or 2124 after his last one takes the road from him, and none may
    enter a hex where his combat unit stands: for each road hex none of his units stands on,
    a unit that has yet to move this phase, outside the walls or on level 1 (the relief
    gathers round the Main Gate, so the nearest are often inside it). The best guard that
    can get there this move (:func:`_guard_rank`); if none can, one walks there: within two
    hexes' walk a fighter first (bound to melee there, 7.31), else the nearest, never a Mûmak
    (14.31 bars it from every hex next to cavalry, so it may wait for ever).
    """
    empty = unguarded(state)
    if not empty:
        return {}
    spent = set(state.moved) | {i for group in state.stuck for i in group}
    free = sorted(
        (
            i
            for i, c in enumerate(state.counters)
            if c.kind == "unit"
            and c.side == "sauron"
            and c.hex
            and level(c.hex) <= 1
            and c.hex not in ROAD_HEXES
            and i not in spent
        ),
        key=lambda i: _guard_rank(state.counters[i]),
    )
    board = state.board()
    reach = functools.cache(lambda i: reachable(board, [state.counters[i].id]))  # both roads
    out: dict[str, int] = {}
    for road in empty:
        unit = next((i for i in free if road in reach(i)), None)
        if unit is not None:
            out[road] = unit
            free.remove(unit)
    walkers = [i for i in free if state.counters[i].type != MUMAK]
    return out | _send(
        state,
        [r for r in empty if r not in out],
        walkers,
        lambda i, steps: (steps > 2, not fighter(state.counters[i]), steps, i),
    )


def _guard_rank(counter: Counter) -> tuple[bool, int, str]:
    """The best road guard first: a Mûmak, then by armour and morale (1.3).

    The relief is mostly cavalry, barred from every hex next to a Mûmak (14.31), and its
    strikes hit a light unit on 1918 five times in six and drive it off (7.5); over 576 paired
    games from Game-Turn 14 this guard lost the road 68 times where the nearest fighter lost
    it 72.
    """
    unit = COUNTERS.units[counter.type]
    return counter.type != MUMAK, -unit.apr, unit.morale


def all_posts(state: GondorState) -> dict[str, int]:
    """Road hex -> the unit sent to stand on it: a Mûmak, or in the last Game-Turns a guard."""
    return {**mumak_posts(state), **road_guards(state)}


def sent_alone(state: GondorState, ids: list[int]) -> list[int]:
    """The stack's unit sent to a post (:func:`all_posts`), alone; else the whole stack.

    Equipment slows a unit to 2 hexes (3.1) and may not stack everywhere (with Grond, 16.13).
    A unit found with nowhere to go alone is not offered alone again this phase (moving.py).
    """
    if len(ids) == 1:  # the common case: nothing to leave behind, no posts to work out
        return ids
    posts = set(all_posts(state).values())
    sent = next(([i] for i in ids if i in posts), ids)
    return ids if sent in state.stuck else sent
