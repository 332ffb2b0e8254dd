"""Sauron's siege plan for the playout policy (docs/rules/gondor.md, "Computer player").

Sauron wins only if, after the last Game-Turn, the garrison is demoralized, he is not, and he
holds the road (20.1). The plan: take the Main Gate (Ladders over the Outer Wall, Grond), then
pour the host through it and up the city, level by level, after the garrison's units (kills
and levels both demoralize it: 9.1, 19.11); Ladders go on the inner walls, below a defender or
near the next gate; the Nazgûl Lord operates Grond, which batters the next gate, then duels
the garrison's leaders (19.2); a Mûmak stands on each road hex (1918 once Grond has breached
the Main Gate), and in the last Game-Turns the units outside the walls walk the road (1918,
2124) and stay on it. Reads only positions.

This module moves his groups: which stack goes next and where it goes. The road's posts are
in :mod:`~engines.gondor.policy.sauron_road`, Ladders, magic and fights in
:mod:`~engines.gondor.policy.sauron_assault`, what they all read of the city in
:mod:`~engines.gondor.policy.sauron_city`.
"""

from __future__ import annotations

from engines.gondor.actions import Move, Select
from engines.gondor.data import GAME, MAP
from engines.gondor.hexes import distance
from engines.gondor.policy.sauron_assault import garrison_marks, in_range, keeper_sights
from engines.gondor.policy.sauron_city import (
    GARRISON,
    GATES,
    MAIN_GATE,
    archer,
    fighter,
    garrison,
    grond_index,
    level,
    main_gate,
    nearest,
    outside,
    passes,
    pusher,
    walk_to,
)
from engines.gondor.policy.sauron_road import (
    MUMAK,
    ROAD_TURN,
    all_posts,
    guards,
    mumak_on,
    mumak_posts,
    road_guards,
    unguarded,
)
from engines.gondor.state import ROAD_HEXES, Counter, GondorState
from engines.gondor.victory import GATES_INTO
from engines.rng import Random

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


def destination(state: GondorState, moves: list[Move]) -> Move:
    """Where the selected Sauron group goes: up to the level its plan wants, then nearest.

    Among the reachable hexes: the highest up to that level, then (outside the walls) one not
    in the hexes of a gate his host passes, the nearest a goal, the cheapest. Inside the city
    (and outside it for goals inside once the Main Gate is his: else the Outer Wall below them
    looks nearest) "nearest" is a walk (:func:`sauron_city.walk_to`) and comes before keeping
    clear of a gate: past the gate a hex is nearer still, so only a unit that cannot get
    through this move stops in it (and goes on next turn). Once the Main Gate is his and until Grond
    batters it, no other group stops in the gate's hexes (Grond comes through).
    """
    targets, climb = plan(state)
    group = [state.counters[i] for i in state.selected]
    clear = _kept_clear(state, group)
    moves = [m for m in moves if m.hex not in clear] or moves
    gates = open_gate_hexes(state) - set(targets)
    inside = bool(group) and level(group[0].hex) > 0
    into = passes(state, main_gate()) and any(level(t) > 0 for t in targets)
    walk = walk_to(state, targets) if inside or into else None

    def key(m: Move) -> tuple[int, int, int, int, str]:
        blocks = int(m.hex in gates)
        if walk is not None:
            first, second = walk(m.hex), blocks
        else:
            first, second = blocks, nearest(m.hex, targets)
        return -min(level(m.hex), climb), first, second, m.mp, m.hex

    return min(moves, key=key)


def _kept_clear(state: GondorState, group: list[Counter]) -> set[str]:
    """Hexes this group must not stop in, so that Grond or a Mûmak can pass or be fetched.

    The Main Gate's hexes while it is his and Grond has yet to batter it; a Grond's hex while
    no Troll or Uruk-Hai stands with it, for a group that has none (one combat unit a hex,
    16.13). Until the last Game-Turns a road hex a Mûmak holds or is sent to
    (:func:`sauron_road.mumak_posts`), and for cavalry every hex within two of it: no Mûmak
    may enter a hex next to cavalry, his own included (14.31).
    """
    clear: set[str] = set()
    if state.selected and state.selected[0] in road_guards(state).values():
        return clear
    if not any(c.type == "grond" for c in group) and grond_index(state) is not None:
        main = MAP.hexsides[main_gate()]
        if main.id not in state.breaches and state.gates.get(main.id) == "sauron":
            clear.update(main.hexes)
    stranded = _stranded(state)
    if stranded is not None and not any(pusher(c) for c in group):
        clear.add(stranded)
    if not any(c.type == MUMAK for c in group):
        posts = [h for h in ROAD_HEXES if mumak_on(state, h)] + list(mumak_posts(state))
        if state.turn < ROAD_TURN:
            clear.update(posts)
        if any(c.piece().mobility == "cavalry" for c in group):  # 14.31, on the way too
            clear.update(n for h in posts for n in MAP.grid.within(h, 2))
    return clear


def plan(state: GondorState) -> tuple[list[str], int]:
    """The selected Sauron group's goal hexes and the city level it climbs to.

    Grond: the gate to batter; the Troll or Uruk-Hai nearest a Grond left alone: Grond's hex.
    A Mûmak sent to a road hex (:func:`sauron_road.mumak_posts`), and in the last Game-Turns a
    road hex's guard (:func:`sauron_road.road_guards`): that hex.
    Cavalry and Mûmakil, who cannot climb (15.22, 16.48), keep the road (20.1 C): its hexes he
    does not hold, else (late) those none of his units stands on, else the relief's units near
    it, else the hexes beside it. Late in the game, any unit outside the walls: the road hexes
    he does not hold. At night, missile units: the hexes in range of any garrison unit (every
    shot hits, 7.37). Before the Main Gate falls: its two hexes and the Westernesse units
    outside the walls. Then missile units: the hexes in range of the keepers of the level
    nearest to falling (:func:`sauron_assault.keeper_sights`). Then the
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
    mine = [h for h, i in all_posts(state).items() if i in state.selected]
    if mine:
        return mine, level(mine[0])
    road = [h for h in ROAD_HEXES if state.road[h] != "sauron"]
    if group and group[0].piece().mounted:
        near = [h for h in outside(state) if nearest(h, list(ROAD_HEXES)) <= ROAD_WATCH]
        return road or unguarded(state) or near or list(ROAD_WATCH_HEXES), 0
    if here == 0 and state.turn >= ROAD_TURN and road:
        return road, 0
    if group and archer(group[0]) and state.turn in NIGHT:
        posts = in_range(garrison_marks(state))
        if posts:
            return posts, here
    main = MAP.hexsides[main_gate()]
    if not passes(state, main.id):
        return [*main.hexes, *outside(state)], 0
    sights = keeper_sights(state) if group and archer(group[0]) else []
    if sights:
        return sights, 0
    hunter = bool(group) and (fighter(group[0]) or state.selected[0] % CLIMBERS != 0)
    return _aim(state, here, hunter, [*garrison(state), *outside(state, GARRISON)])


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
    if passes(state, gate.id):
        return _aim(state, here + 1, True, foes)
    if _open(state, gate.id):  # a Ladder: one unit at a time from its foot
        return [gate.upper or gate.hexes[0]], here + 1
    return [gate.lower or gate.hexes[0]], here


def open_gate_hexes(state: GondorState) -> set[str]:
    """The hexes of the gates his host passes (held or breached): a unit stopping there blocks it.

    A gate with only a Ladder against it lets one climber at a time through: its foot is where
    the next climber waits (a burning foot, 16.67, takes a whole move to reach).
    """
    return {h for g in GATES if passes(state, g) for h in MAP.hexsides[g].hexes}


def _open(state: GondorState, gate: str) -> bool:
    """Whether Sauron's units may pass the gate now.

    His host passes it, or a Ladder of his placed before this Game-Turn stands against it
    (16.43: one climber at a time).
    """
    if passes(state, gate):
        return True
    ladder = state.ladders.get(gate)
    return ladder is not None and ladder.side == "sauron" and ladder.turn < state.turn


def whole_stacks(state: GondorState, selects: list[Select]) -> list[Select]:
    """The largest choice in each hex (the whole stack moves), and every group to enter.

    Grond's group alone while it waits to enter: the rules offer Grond with the first Troll
    or Uruk-Hai still off the map, and once each had entered alone Grond never could (16.13;
    15 of 48 policy games). A stack guarding the road at the end stays (:func:`sauron_road.guards`).

    Below a Ladder against a gate the smallest: equipment cannot climb (16.48), the unit can.
    """
    climb = {
        MAP.hexsides[g].lower
        for g, lad in state.ladders.items()
        if lad.side == "sauron" and MAP.hexsides[g].kind == "gate"
    }
    posted = set(all_posts(state).values())
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


def _stranded(state: GondorState) -> str | None:
    """Grond's hex while no Troll or Uruk-Hai stands with it and it has a gate to go to."""
    grond = grond_index(state)
    if grond is None or _grond_target(state) is None:
        return None
    where = state.counters[grond].hex
    mates = [c for c in state.counters if c.hex == where and c.side == "sauron"]
    return None if any(pusher(c) for c in mates) else where


def _nearest_pusher(state: GondorState, where: str) -> int | None:
    """The Troll or Uruk-Hai nearest Grond's hex (counter index), to fetch it."""
    pushers = [
        (distance(c.hex, where), i)
        for i, c in enumerate(state.counters)
        if c.hex and c.side == "sauron" and pusher(c)
    ]
    return min(pushers)[1] if pushers else None


def _grond_target(state: GondorState) -> str | None:
    """The gate Grond goes to batter (16.28: from either hex).

    The Main Gate until Grond breaches it (+5 to the garrison, 19.11 B), then the lowest gate
    neither breached nor held.
    """
    main = main_gate()
    if main not in state.breaches:
        return main
    for lv in sorted(GATES_INTO):
        for gate in GATES_INTO[lv]:
            if not passes(state, gate):
                return gate
    return None
