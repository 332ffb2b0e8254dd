"""Sauron's siege plan for the playout policy (docs/rules/gondor.md, "Computer player").

Sauron wins only if, after the last Game-Turn, the garrison is demoralized, he is not, and he
holds the road (20.1). The plan: take the Main Gate (Ladders over the Outer Wall, Grond), then
pour the host through it and up the city, level by level, after the garrison's units (kills
and levels both demoralize it: 9.1, 19.11); Ladders go on the inner walls, below a defender or
near the next gate; the Nazgûl Lord operates Grond, which batters the next gate, then duels
the garrison's leaders (19.2); a Mûmak stands on each road hex (1918 once Grond has breached
the Main Gate), and in the last Game-Turns the units outside the walls walk the road (1918,
2124) and stay on it. Reads only positions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from engines.base import Action
from engines.gondor.actions import Move, Select
from engines.gondor.combat.actions import Fire, Melee
from engines.gondor.combat.odds import rating
from engines.gondor.combat.orders import MISSILE_RANGE, clear_line
from engines.gondor.data import COUNTERS, GAME, MAP
from engines.gondor.hexes import distance
from engines.gondor.magic.actions import Cast, MagicSelect
from engines.gondor.magic.cast import magic_leader, points_left
from engines.gondor.movement import reachable
from engines.gondor.siege.actions import PlaceLadder
from engines.gondor.state import ROAD_HEXES, Counter, GondorState
from engines.gondor.victory import GATES_INTO, gates_his, keepers
from engines.rng import Random

MAIN_GATE = ROAD_HEXES[0]
MUMAK = "mumakil"
GATES = tuple(g for lv in sorted(GATES_INTO) for g in GATES_INTO[lv])
ROAD_TURN = GAME.turns - 2
"""From this Game-Turn on, Sauron's units outside the walls make sure of the road (20.1 C)."""
GARRISON = "garrison"
FIGHTERS = ("A", "B", "C")
"""Melee classes that hunt the garrison on their level; the rest climb on (1.3)."""
CLIMBERS = 2
"""Of the other units, one in this many (by counter index) climbs on even while defenders
remain on its level (over 192 policy games against random play, 2 won 85 and 3 won 70)."""
ROAD_WATCH = 4
"""Cavalry goes for relief units within this many hexes of a road hex."""
NIGHT = frozenset(GAME.night)
ROAD_WATCH_HEXES = tuple(
    sorted(
        n
        for h in ROAD_HEXES
        for n in MAP.neighbours[h]
        if MAP.hexes[n].level == 0
        and not any(n in MAP.hexsides[g].hexes for g in GATES)
        and n not in ROAD_HEXES
    )
)
"""Where cavalry waits once the road is his: next to its hexes, clear of the Main Gate."""
GROND_RANGE = 3
FEAR_TURN = GAME.turns
"""The Game-Turn of his one sure FearSpell (17.11: 5 of the Nazgûl Lord's 8 points; see magic)."""
FEAR_TRY_TURN = GAME.turns - 3
"""From this Game-Turn he attempts a FearSpell with his spare points (two after Grond's one)."""


def level(hex_ref: str | None) -> int:
    """The hex's city level (0 outside the walls, 4.1)."""
    return MAP.hexes[hex_ref].level if hex_ref is not None else 0


def garrison(state: GondorState) -> list[str]:
    """Hexes of Westernesse combat units inside the city (what keeps the levels theirs, 20.2)."""
    return [
        c.hex
        for c in state.counters
        if c.kind == "unit" and c.side == "westernesse" and c.hex is not None and level(c.hex) > 0
    ]


def blockers(state: GondorState) -> dict[int, int]:
    """A level's keepers (victory.keepers) where its gates are all his, by counter index.

    Each is what still keeps its level from him (20.2: +10 to the garrison when it falls,
    19.11 A); the value is how many stand on its level (the fewer, the nearer the fall).
    """
    return {i: len(ids) for lv, ids in keepers(state).items() if gates_his(state, lv) for i in ids}


def next_gate(state: GondorState) -> str | None:
    """The gate into the lowest level Sauron does not hold (20.2: levels fall gate by gate)."""
    for lv in sorted(GATES_INTO):
        for gate in GATES_INTO[lv]:
            if state.gates.get(gate) != "sauron":
                return gate
    return None


def guards(state: GondorState, hex_ref: str | None) -> bool:
    """True for a road hex he holds in the last Game-Turns or with a Mûmak: it stays (20.1 C).

    A Westernesse unit or leader passing 1918 or 2124 after his last one takes the road from
    him; none may enter a hex where his combat unit stands.
    """
    if hex_ref not in ROAD_HEXES or state.road[hex_ref] != "sauron":
        return False
    return state.turn >= ROAD_TURN or _mumak_on(state, hex_ref)


def _mumak_on(state: GondorState, hex_ref: str) -> bool:
    return any(c.hex == hex_ref and c.type == MUMAK and c.side == "sauron" for c in state.counters)


def _mumak_posts(state: GondorState) -> dict[str, int]:
    """Road hex -> the Mûmak sent to stand on it, all game long (20.1 C, 14.31).

    No cavalry may move next to a Mûmak (14.31), and the relief is mostly cavalry: a Mûmak on
    a road hex keeps the relief's horse from the hexes round it, so none can take the road
    or enter the city through the Main Gate past it, and only its infantry can strike it.
    1918 once Grond has breached the Main Gate (Grond stands there to batter it).
    """
    main = _main_gate()
    empty = [
        h
        for h in ROAD_HEXES
        if not _mumak_on(state, h)
        and (h != MAIN_GATE or main in state.breaches or _grond(state) is None)
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

    ``rank`` takes a unit's index and its walk to the road hex (:func:`walks`); lowest first.
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


def _unguarded(state: GondorState) -> list[str]:
    """The road hexes no unit of his stands on, in the last Game-Turns (see :func:`guards`)."""
    if state.turn < ROAD_TURN:
        return []
    held = {c.hex for c in state.counters if c.kind == "unit" and c.side == "sauron"}
    return [h for h in ROAD_HEXES if h not in held]


def _road_guards(state: GondorState) -> dict[str, int]:
    """Road hex -> the unit of his sent to stand on it, in the last Game-Turns (20.1 C).

    A unit passing 1918 or 2124 after his last one takes the road from him, and none may
    enter a hex where his combat unit stands: for each road hex none of his units stands on,
    a unit that has yet to move this phase, outside the walls or on level 1 (the relief
    gathers round the Main Gate, so the nearest are often inside it). The best guard that
    can get there this move (:func:`_guard_rank`); if none can, one walks there: within two
    hexes' walk a fighter first (bound to melee there, 7.31), else the nearest, never a Mûmak
    (14.31 bars it from every hex next to cavalry, so it may wait for ever).
    """
    empty = _unguarded(state)
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
        lambda i, steps: (steps > 2, not _fighter(state.counters[i]), steps, i),
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


def _all_posts(state: GondorState) -> dict[str, int]:
    """Road hex -> the unit sent to stand on it: a Mûmak, or in the last Game-Turns a guard."""
    return {**_mumak_posts(state), **_road_guards(state)}


def sent_alone(state: GondorState, ids: list[int]) -> list[int]:
    """The stack's unit sent to a post (:func:`_all_posts`), alone; else the whole stack.

    Equipment slows a unit to 2 hexes (3.1) and may not stack everywhere (with Grond, 16.13).
    A unit found with nowhere to go alone is not offered alone again this phase (moving.py).
    """
    if len(ids) == 1:  # the common case: nothing to leave behind, no posts to work out
        return ids
    posts = set(_all_posts(state).values())
    sent = next(([i] for i in ids if i in posts), ids)
    return ids if sent in state.stuck else sent


def _grond(state: GondorState) -> int | None:
    return next((i for i, c in enumerate(state.counters) if c.type == "grond" and c.hex), None)


def _pusher(counter: Counter) -> bool:
    """A Troll or Uruk-Hai: only they move Grond (16.13)."""
    return counter.kind == "unit" and COUNTERS.units[counter.type].carries_grond


def _stranded(state: GondorState) -> str | None:
    """Grond's hex while no Troll or Uruk-Hai stands with it and it has a gate to go to."""
    grond = _grond(state)
    if grond is None or _grond_target(state) is None:
        return None
    where = state.counters[grond].hex
    mates = [c for c in state.counters if c.hex == where and c.side == "sauron"]
    return None if any(_pusher(c) for c in mates) else where


def _nearest_pusher(state: GondorState, where: str) -> int | None:
    """The Troll or Uruk-Hai nearest Grond's hex (counter index), to fetch it."""
    pushers = [
        (distance(c.hex, where), i)
        for i, c in enumerate(state.counters)
        if c.hex and c.side == "sauron" and _pusher(c)
    ]
    return min(pushers)[1] if pushers else None


def destination(state: GondorState, moves: list[Move]) -> Move:
    """Where the selected Sauron group goes: up to the level its plan wants, then nearest.

    Among the reachable hexes: the highest up to that level, then (outside the walls) one not
    in the hexes of a gate his host passes, the nearest a goal, the cheapest. Inside the city
    (and outside it for goals inside once the Main Gate is his: else the Outer Wall below them
    looks nearest) "nearest" is a walk (:func:`_walk`) and comes before keeping clear of a
    gate: past the gate a hex is nearer still, so only a unit that cannot get through this
    move stops in it (and goes on next turn). Once the Main Gate is his and until Grond
    batters it, no other group stops in the gate's hexes (Grond comes through).
    """
    targets, climb = plan(state)
    group = [state.counters[i] for i in state.selected]
    clear = _kept_clear(state, group)
    moves = [m for m in moves if m.hex not in clear] or moves
    gates = open_gate_hexes(state) - set(targets)
    inside = bool(group) and level(group[0].hex) > 0
    into = _passes(state, _main_gate()) and any(level(t) > 0 for t in targets)
    walk = _walk(state, targets) if inside or into else None

    def key(m: Move) -> tuple[int, int, int, int, str]:
        blocks = int(m.hex in gates)
        if walk is not None:
            first, second = walk(m.hex), blocks
        else:
            first, second = blocks, _nearest(m.hex, targets)
        return -min(level(m.hex), climb), first, second, m.mp, m.hex

    return min(moves, key=key)


def _kept_clear(state: GondorState, group: list[Counter]) -> set[str]:
    """Hexes this group must not stop in, so that Grond or a Mûmak can pass or be fetched.

    The Main Gate's hexes while it is his and Grond has yet to batter it; a Grond's hex while
    no Troll or Uruk-Hai stands with it, for a group that has none (one combat unit a hex,
    16.13). Until the last Game-Turns a road hex a Mûmak holds or is sent to
    (:func:`_mumak_posts`), and for cavalry every hex within two of it: no Mûmak may enter a
    hex next to cavalry, his own included (14.31).
    """
    clear: set[str] = set()
    if state.selected and state.selected[0] in _road_guards(state).values():
        return clear
    if not any(c.type == "grond" for c in group) and _grond(state) is not None:
        main = MAP.hexsides[_main_gate()]
        if main.id not in state.breaches and state.gates.get(main.id) == "sauron":
            clear.update(main.hexes)
    stranded = _stranded(state)
    if stranded is not None and not any(_pusher(c) for c in group):
        clear.add(stranded)
    if not any(c.type == MUMAK for c in group):
        posts = [h for h in ROAD_HEXES if _mumak_on(state, h)] + list(_mumak_posts(state))
        if state.turn < ROAD_TURN:
            clear.update(posts)
        if any(c.piece().mobility == "cavalry" for c in group):  # 14.31, on the way too
            clear.update(n for h in posts for n in MAP.grid.within(h, 2))
    return clear


def _nearest(hex_ref: str, goals: list[str]) -> int:
    return min((distance(hex_ref, g) for g in goals), default=0)


def _walk(state: GondorState, goals: list[str]) -> Callable[[str], int]:
    """How many hexes a walk from a hex to the nearest goal takes (see :func:`walks`).

    A straight count misleads inside the city: a level is a bent strip, and from the wrong part
    of it a straight line to its far end only gets shorter by going nowhere; a defender a level
    up is nearest, in a straight line, from the wall below him (hunters stopped there for good).
    Hexes no walk joins count their straight distance on top of every walk.
    """
    found = walks(frozenset(goals), frozenset(state.breaches))
    return lambda hex_ref: found.get(hex_ref, len(MAP.hexes) + _nearest(hex_ref, goals))


@functools.lru_cache(maxsize=512)
def walks(goals: frozenset[str], breaches: frozenset[str]) -> dict[str, int]:
    """Hexes from each hex to the nearest goal: walls shut unless breached, gates open.

    Units and zones of control are left out: the walk is where a unit heads for, turn after
    turn, not this move's path (the legal moves already say what is reachable now).
    """
    found = dict.fromkeys(goals, 0)
    frontier = list(goals)
    while frontier:
        nxt = []
        for h in frontier:
            for n, wall, _road in MAP.links[h]:
                if n in found or MAP.hexes[n].terrain == "mountain":
                    continue
                if wall is not None and wall.kind != "gate" and wall.id not in breaches:
                    continue
                found[n] = found[h] + 1
                nxt.append(n)
        frontier = nxt
    return found


def plan(state: GondorState) -> tuple[list[str], int]:
    """The selected Sauron group's goal hexes and the city level it climbs to.

    Grond: the gate to batter; the Troll or Uruk-Hai nearest a Grond left alone: Grond's hex.
    A Mûmak sent to a road hex (:func:`_mumak_posts`), and in the last Game-Turns a road hex's
    guard (:func:`_road_guards`): that hex.
    Cavalry and Mûmakil, who cannot climb (15.22, 16.48), keep the road (20.1 C): its hexes he
    does not hold, else (late) those none of his units stands on, else the relief's units near
    it, else the hexes beside it. Late in the game, any unit outside the walls: the road hexes
    he does not hold. At night, missile units: the hexes in range of any garrison unit (every
    shot hits, 7.37). Before the Main Gate falls: its two hexes and the Westernesse units
    outside the walls. Then missile units: the hexes in range of the keepers of the level
    nearest to falling (:func:`_sights`). Then the
    best fighters (melee class A-C) and half of the others go for the defenders on their own
    level (outside the walls: the garrison's units left there); the rest, and everyone once
    their level is clear, climb: through the gate above if it is open to them, else to its
    lower hex (a Ladder goes up against it).
    """
    group = [state.counters[i] for i in state.selected]
    here = level(group[0].hex) if group else 0
    if any(c.type == "grond" for c in group):
        target = _grond_target(state)
        if target is not None:
            return list(MAP.hexsides[target].hexes), here
    stranded = _stranded(state)
    if stranded is not None and state.selected[0] == _nearest_pusher(state, stranded):
        return [stranded], level(stranded)
    mine = [h for h, i in _all_posts(state).items() if i in state.selected]
    if mine:
        return mine, level(mine[0])
    road = [h for h in ROAD_HEXES if state.road[h] != "sauron"]
    if group and group[0].piece().mounted:
        near = [h for h in _outside(state) if _nearest(h, list(ROAD_HEXES)) <= ROAD_WATCH]
        return road or _unguarded(state) or near or list(ROAD_WATCH_HEXES), 0
    if here == 0 and state.turn >= ROAD_TURN and road:
        return road, 0
    if group and _archer(group[0]) and state.turn in NIGHT:
        posts = _in_range(_marks(state))
        if posts:
            return posts, here
    main = MAP.hexsides[_main_gate()]
    if not _passes(state, main.id):
        return [*main.hexes, *_outside(state)], 0
    sights = _sights(state) if group and _archer(group[0]) else []
    if sights:
        return sights, 0
    hunter = bool(group) and (_fighter(group[0]) or state.selected[0] % CLIMBERS != 0)
    return _aim(state, here, hunter, [*garrison(state), *_outside(state, GARRISON)])


def _aim(state: GondorState, here: int, hunter: bool, foes: list[str]) -> tuple[list[str], int]:
    """Goals from level ``here`` on, and the level they lie on.

    Its defenders (for a hunter); else, through the gate above if Sauron holds it or it is
    breached, the next level's goals; up the gate's Ladder if one of his stands there; else
    that gate's lower hex (a Ladder goes up against it).
    """
    same = [h for h in foes if level(h) == here]
    if same and hunter:
        return same, here
    gate = MAP.hexsides[GATES_INTO[here + 1][0]] if here + 1 in GATES_INTO else None
    if gate is None or not foes:
        return same or foes or [MAIN_GATE], here
    if _passes(state, gate.id):
        return _aim(state, here + 1, True, foes)
    if _open(state, gate.id):  # a Ladder: one unit at a time from its foot
        return [gate.upper or gate.hexes[0]], here + 1
    return [gate.lower or gate.hexes[0]], here


def open_gate_hexes(state: GondorState) -> set[str]:
    """The hexes of the gates his host passes (held or breached): a unit stopping there blocks it.

    A gate with only a Ladder against it lets one climber at a time through: its foot is where
    the next climber waits (a burning foot, 16.67, takes a whole move to reach).
    """
    return {h for g in GATES if _passes(state, g) for h in MAP.hexsides[g].hexes}


def _archer(counter: Counter) -> bool:
    """A missile unit (7.1): it can shoot over walls, two hexes away."""
    return counter.kind == "unit" and bool(COUNTERS.units[counter.type].missile)


def _sights(state: GondorState) -> list[str]:
    """Hexes in missile range (7.1) of the keepers of the level nearest to falling.

    In the city's one-hex-wide arms only one unit reaches a keeper to melee it (one combat unit
    a hex, 5.2), at poor odds by day; a missile hit disrupts it (the level falls, 20.2), and
    walls do not stop fire. In the last Game-Turn, of every level's keepers (:func:`storm`).
    """
    keep = blockers(state)
    if not keep:
        return []
    last = state.turn >= GAME.turns
    fewest = min(keep.values())
    return _in_range([state.counters[i].hex for i, n in keep.items() if last or n == fewest])


def _in_range(marks: Iterable[str | None]) -> list[str]:
    """The hexes a missile unit may shoot at any of ``marks`` from (:func:`_posts`)."""
    return sorted({h for m in marks if m for h in _posts(m)})


@functools.cache
def _posts(mark: str) -> frozenset[str]:
    """The hexes a missile unit may shoot at ``mark`` from (7.1: range 2, no Mountain between)."""
    return frozenset(
        h
        for h in MAP.grid.within(mark, MISSILE_RANGE)
        if MAP.hexes[h].terrain != "mountain" and clear_line(h, mark)
    )


def _marks(state: GondorState) -> list[str]:
    """Hexes of the garrison's units: at night every shot hits (7.37), over the walls (7.1)."""
    return [c.hex for c in state.counters if c.kind == "unit" and c.hex and _force(c) == GARRISON]


def _force(counter: Counter) -> str:
    return COUNTERS.units[counter.type].force


def _outside(state: GondorState, force: str | None = None) -> list[str]:
    """Hexes of Westernesse combat units outside the walls (of ``force`` if given).

    The garrison's units there are easy kills once the host is inside (9.1: 6 or 8 points).
    """
    return [
        c.hex
        for c in state.counters
        if c.kind == "unit"
        and c.side == "westernesse"
        and c.hex
        and level(c.hex) == 0
        and force in (None, _force(c))
    ]


def _fighter(counter: Counter) -> bool:
    """A unit good enough in melee (class A-C, 1.3) to hunt the garrison."""
    return counter.kind == "unit" and COUNTERS.units[counter.type].melee in FIGHTERS


def _passes(state: GondorState, gate: str) -> bool:
    """Whether his whole host passes the gate: he holds it (15.15) or it is breached."""
    return state.gates.get(gate) == "sauron" or gate in state.breaches


def _open(state: GondorState, gate: str) -> bool:
    """Whether Sauron's units may pass the gate now.

    His host passes it, or a Ladder of his placed before this Game-Turn stands against it
    (16.43: one climber at a time).
    """
    if _passes(state, gate):
        return True
    ladder = state.ladders.get(gate)
    return ladder is not None and ladder.side == "sauron" and ladder.turn < state.turn


def whole_stacks(state: GondorState, selects: list[Select]) -> list[Select]:
    """The largest choice in each hex (the whole stack moves), and every group to enter.

    Grond's group alone while it waits to enter: the rules offer Grond with the first Troll
    or Uruk-Hai still off the map, and once each had entered alone Grond never could (16.13;
    15 of 48 policy games). A stack guarding the road at the end stays (:func:`guards`).

    Below a Ladder against a gate the smallest: equipment cannot climb (16.48), the unit can.
    """
    climb = {
        MAP.hexsides[g].lower
        for g, lad in state.ladders.items()
        if lad.side == "sauron" and MAP.hexsides[g].kind == "gate"
    }
    posted = set(_all_posts(state).values())
    alone = {a.hex: a for a in selects if a.counters[0] in posted and len(a.counters) == 1}
    best: dict[str | None, Select] = {}
    for a in selects:
        if a.hex is None or guards(state, a.hex):
            continue
        size = -len(a.counters) if a.hex in climb else len(a.counters)
        here = best.get(a.hex)
        if here is None or size > (-len(here.counters) if a.hex in climb else len(here.counters)):
            best[a.hex] = a
    best.update(alone)  # a unit sent to a post leaves its equipment behind
    entering = [a for a in selects if a.hex is None]
    grond = [a for a in entering if any(state.counters[i].type == "grond" for i in a.counters)]
    return grond or [*entering, *best.values()]


def stack_order(state: GondorState, stacks: dict[str, list[int]], rng: Random) -> str:
    """Which stack moves next: mostly one of those highest up the city (they make room)."""
    hexes = sorted(stacks)
    if rng.random() < 0.7:
        top = max(level(h) for h in hexes)
        hexes = [h for h in hexes if level(h) == top]
    return rng.choice(hexes)


def _main_gate() -> str:
    return GATES_INTO[1][0]


def _grond_target(state: GondorState) -> str | None:
    """The gate Grond goes to batter (16.28: from either hex).

    The Main Gate until Grond breaches it (+5 to the garrison, 19.11 B), then the lowest gate
    neither breached nor held.
    """
    main = _main_gate()
    if main not in state.breaches:
        return main
    for lv in sorted(GATES_INTO):
        for gate in GATES_INTO[lv]:
            if not _passes(state, gate):
                return gate
    return None


WALL_LADDERS = 4
"""Of the eight Ladders (16.47), at most this many go on walls; the rest wait for gates (over
192 policy games against random play, 97 wins with four, 88 with none)."""


def ladder(state: GondorState, legal: list[Action]) -> Action | None:
    """A Ladder against a gate Sauron does not hold, else against a wall below a defender.

    Climbing a gate's Ladder passes both of the gate's hexes, so the gate becomes his (15.15)
    and the whole host may follow through it. From the next Game-Turn on, a wall's Ladder lets
    his units strike the defender above across the wall (7.3 [R]; at night a sure hit, 7.37)
    and climb to him. Wall Ladders placed are counted as all placed less those standing
    against gates (one thrown down at a gate counts against the walls: the reserve errs
    towards the gates).
    """
    places = [(a, MAP.hexsides[a.hexside]) for a in legal if isinstance(a, PlaceLadder)]
    gate = next(
        (a for a, w in places if w.kind == "gate" and state.gates.get(w.id) != "sauron"), None
    )
    at_gates = sum(MAP.hexsides[g].kind == "gate" for g in state.ladders)
    if gate is not None or state.ladders_placed - at_gates >= WALL_LADDERS:
        return gate
    above = {state.counters[i].hex for ids in keepers(state).values() for i in ids}
    return next((a for a, w in places if w.kind != "gate" and w.upper in above), None)


def magic(state: GondorState, legal: list[Action]) -> Action | None:
    """The Nazgûl Lord's phase; None: end it.

    He operates Grond (17.13), walking to it first; with Grond operated (or gone), a sure
    FearSpell in phase A of the last Game-Turn while Westernesse units stand in the city
    (17.11: for one full Game-Turn their attack and morale one worse, and no rally, so a keeper
    disrupted then stays disrupted at the end, 20.2), attempts before it (:func:`_fear`);
    otherwise he goes after the garrison's leaders (:func:`_hunt`).
    """
    casts = [a for a in legal if isinstance(a, Cast)]
    grond_casts = [a for a in casts if (a.line.limit_group or a.line.id) == "operate-grond"]
    if grond_casts:
        return grond_casts[0]
    grond = _grond(state)
    if grond is None or state.grond_active:
        fear = _fear(state, casts) if state.phase == "magic-1" and garrison(state) else None
        return fear or _hunt(state, legal)
    where = state.counters[grond].hex or ""
    moves = [a for a in legal if isinstance(a, Move)]
    if moves:
        return min(moves, key=lambda m: (max(0, distance(m.hex, where) - GROND_RANGE), m.mp, m.hex))
    select = next((a for a in legal if isinstance(a, MagicSelect)), None)
    if (
        select is not None
        and distance(state.counters[select.leader].hex or "", where) > GROND_RANGE - 1
    ):
        return select
    return None


def _fear(state: GondorState, casts: list[Cast]) -> Cast | None:
    """His FearSpell this phase, if any (17.11).

    The sure one in the last Game-Turn; before it, from FEAR_TRY_TURN, an attempt with the
    points he can spare beyond it (17.3: a failure costs nothing but the phase).
    """
    fear = [a for a in casts if a.line.id == "fear"]
    if not fear or state.turn < FEAR_TRY_TURN:
        return None
    if state.turn >= FEAR_TURN:
        return next((a for a in fear if a.sure), None)
    spare = points_left(state, fear[0].leader) - fear[0].line.auto
    tries = [a for a in fear if not a.sure and a.points <= spare]
    return max(tries, key=lambda a: a.points, default=None)


def _prey(state: GondorState, lord: int) -> list[str]:
    """Hexes of the garrison's leaders the Nazgûl Lord is not weaker than (7.2).

    Each Rally Point they lose adds 1 to the garrison's total (19.2), a kill all they have left
    (Imrahil 8, Gandalf 10), and only individual combat harms him (7.2).
    """
    mine = rating(state, lord)
    return [
        c.hex
        for i, c in enumerate(state.counters)
        if c.kind == "leader"
        and c.hex
        and COUNTERS.leaders[c.type].force == GARRISON
        and rating(state, i) <= mine
    ]


def _hunt(state: GondorState, legal: list[Action]) -> Action | None:
    """The Nazgûl Lord walks next to a garrison leader he may challenge; None: he stays."""
    lord = magic_leader(state, "sauron")
    prey = [] if lord is None else _prey(state, lord)
    if lord is None or not prey:
        return None
    walk = _walk(state, prey)
    moves = [a for a in legal if isinstance(a, Move)]
    if moves:
        return min(moves, key=lambda m: (max(1, walk(m.hex)), m.mp, m.hex))
    select = next((a for a in legal if isinstance(a, MagicSelect)), None)
    return select if select is not None and walk(state.counters[lord].hex or "") > 1 else None


STORM_NEED = 4
"""Sauron melees a garrison unit when he hits on 2d6 <= this or better (1 in 6), whatever the
strike back: his host is four times the garrison and his level (93) far off."""


def _on_road(state: GondorState) -> set[int]:
    """Westernesse units standing on a road hex in the last Game-Turns: struck first (20.1 C).

    Driven off or eliminated, the hex is his again when a unit of his advances into it (7.5).
    """
    if state.turn < ROAD_TURN:
        return set()
    return {
        i
        for i, c in enumerate(state.counters)
        if c.hex in ROAD_HEXES and c.side == "westernesse" and c.kind == "unit"
    }


def storm(state: GondorState, melees: list[Melee]) -> Melee | None:
    """The melee against a garrison unit with the best chance to hit, if it is fair enough.

    In the last Game-Turns a Westernesse unit standing on the road goes first, whatever the
    odds (:func:`_on_road`). In the last Game-Turn a level's keeper (:func:`blockers`) is
    struck whatever the odds: 20.2 counts the levels after it, and no rally comes between.
    """
    road = _on_road(state)
    taking = [m for m in melees if m.target_unit in road]
    if taking:
        return max(taking, key=lambda m: (m.need, -m.back))
    onto = [m for m in melees if _force(state.counters[m.target_unit]) == GARRISON]
    keep = blockers(state)
    best = max(onto, key=lambda m: (m.target_unit in keep, m.need, -m.back), default=None)
    if best is None:
        return None
    last = state.turn >= GAME.turns and best.target_unit in keep  # no rally follows (20.2)
    return best if last or best.need >= STORM_NEED else None


def aim_fire(state: GondorState, fires: list[Fire]) -> Fire:
    """A shot at the road's taker, a level's last keepers, a disrupted unit, else the likeliest.

    A unit on the road in the last Game-Turns first (:func:`_on_road`). A hit on a last keeper
    disrupts it and the level falls (20.2); disrupted again, a unit is eliminated (7.4: 6 or 8
    points, 9.1).
    """
    keep = blockers(state)
    road = _on_road(state)
    return max(
        fires,
        key=lambda a: (
            a.target_unit in road,
            -keep.get(a.target_unit, 99),
            state.counters[a.target_unit].disrupted,
            a.need,
        ),
    )
