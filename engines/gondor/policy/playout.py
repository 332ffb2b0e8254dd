"""A cheap playout policy for computer players (the estimate is in ``estimate.py``).

The policy reads only what the acting side may see: positions, the public odds printed on the
orders (``need``, ``back``), and for Westernesse its own oil. Sauron goes for the nearest
Westernesse unit and the Main Gate, hurls Heads into the city, batters walls and climbs them;
Westernesse keeps its garrison inside the walls, a keeper on every level, brings stragglers
and the relief forces to the fight and, at the end, to the road (``westernesse_end``), pours
every drop of oil it can, burns his siege engines, takes the road when it drives his unit off
it and spends Gandalf's points on the last Game-Turns (``westernesse_magic``). Fights are
picked by their odds.
"""

from __future__ import annotations

from engines.base import Action
from engines.gondor.actions import BannerJoin, EndMovement, EndPhase, Move, Place, Select
from engines.gondor.combat.actions import (
    Advance,
    Challenge,
    EndSegment,
    Fire,
    Melee,
    Rally,
    Retreat,
    Stay,
    Trample,
)
from engines.gondor.data import MAP
from engines.gondor.hexes import distance
from engines.gondor.magic.actions import BannerRally
from engines.gondor.movement import MoveError, group_of
from engines.gondor.moving import banner_alone, banner_fixes, movable
from engines.gondor.policy import (
    sauron_assault,
    sauron_movement,
    sauron_road,
    westernesse_end,
    westernesse_magic,
)
from engines.gondor.siege.actions import (
    BreachFire,
    GrondBreach,
    Hurl,
    NoLadder,
    PickUpOil,
    PlaceLadder,
    PourOil,
    SiegeAdvance,
)
from engines.gondor.siege.fireballs import BURNS, SCATTER_FROM, head_chance, wasted_hexes
from engines.gondor.state import ROAD_HEXES, GondorState
from engines.rng import Random

CITADEL = "1903"
MAIN_GATE = ROAD_HEXES[0]
MOVEMENT = ("sauron-movement", "westernesse-movement")
MAGIC = ("magic-1", "magic-2")
SURE = {n: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= n) / 36 for n in range(13)}
"""P(2d6 <= n): the chance of a hit, a rally, a hold (7.3, 8.2)."""


def _p(n: int) -> float:
    return SURE[max(0, min(12, n))]


def in_city(hex_ref: str | None) -> bool:
    """Whether the hex is inside Minas Tirith (a city level, 4.1)."""
    return hex_ref is not None and MAP.hexes[hex_ref].level > 0


def _units(state: GondorState, side: str) -> list[str]:
    """Hexes of ``side``'s combat units on the map."""
    return [c.hex for c in state.counters if c.kind == "unit" and c.side == side and c.hex]


def _nearest(hex_ref: str, goals: list[str]) -> int:
    return min((distance(hex_ref, g) for g in goals), default=0)


def quick(state: GondorState, side: str, rng: Random) -> Action | None:
    """The next group to move, built without listing every group; None: list the choices.

    Only with nothing selected or pending in a Movement Phase; a group waiting off the map is
    left to the listing half of the time.
    """
    if state.phase not in MOVEMENT or state.pending is not None or state.selected:
        return None
    stacks: dict[str, list[int]] = {}
    waiting = False
    for i, c in enumerate(state.counters):
        if movable(state, i):
            if c.hex is None:
                waiting = True
            elif side == "sauron" or not in_city(c.hex):
                stacks.setdefault(c.hex, []).append(i)
    stacks = {h: ids for h, ids in stacks.items() if ids not in state.stuck}
    if side == "sauron":
        stacks = {h: ids for h, ids in stacks.items() if not sauron_road.guards(state, h)}
    else:
        stacks = {h: ids for h, ids in stacks.items() if not westernesse_end.holds_road(state, h)}
    if waiting and (not stacks or rng.random() < 0.5):
        return None
    if not stacks or (side != "sauron" and rng.random() < 1 / (len(stacks) + 1)):
        return EndMovement()
    if side == "sauron":
        ids = sauron_road.sent_alone(state, stacks[sauron_movement.stack_order(state, stacks, rng)])
    else:
        ids = stacks[rng.choice(sorted(stacks))]
    try:
        group_of(state.board(), [state.counters[i].id for i in ids])
    except MoveError:
        return None
    return Select(counters=tuple(ids), hex=state.counters[ids[0]].hex)


def choose(state: GondorState, side: str, legal: list[Action], rng: Random) -> Action:
    """A sensible move for ``side`` among ``legal`` (the rules' choices now)."""
    kinds = {type(a) for a in legal}
    if state.phase == "setup":
        return _deploy(state, side, legal, rng)
    if state.pending is not None:
        return _decision(state, side, legal)
    if state.phase in MAGIC:
        if side == "sauron":
            return sauron_assault.magic(state, legal) or _end(legal)
        return westernesse_magic.magic(state, legal) or _end(legal)
    fix = _banner(state, legal) if side == "westernesse" else None
    if fix is not None:
        return fix
    if Move in kinds:
        return _destination(state, side, [a for a in legal if isinstance(a, Move)])
    if Select in kinds or EndMovement in kinds:
        return _group(state, side, legal, rng)
    if state.phase == "siege":
        if side == "sauron":
            return _siege(state, legal)
        return _fireball(state, [a for a in legal if isinstance(a, Hurl)]) or _end(legal)
    if kinds & {Fire, Melee, Challenge, EndSegment}:
        return _combat(state, side, legal)
    if Rally in kinds or BannerRally in kinds:
        if side == "westernesse":
            return max(legal, key=lambda a: westernesse_end.rally_worth(state, a))
        return max(legal, key=_rally_worth)
    return _end(legal)


def _banner(state: GondorState, legal: list[Action]) -> Action | None:
    """18.13: a lone Banner goes to a leader, or a leader to it, before the phase may end."""
    if banner_alone(state) is None:
        return None
    joins = [a for a in legal if isinstance(a, BannerJoin)]
    fixes = banner_fixes(state)
    if joins or not fixes:
        return joins[0] if joins else None
    mover, goal = fixes[0]
    if state.selected == [mover]:
        return next((a for a in legal if isinstance(a, Move) and a.hex == goal), None)
    if state.selected:
        return None
    pick = Select(counters=(mover,), hex=state.counters[mover].hex)
    return pick if pick in legal else None


def _deploy(state: GondorState, side: str, legal: list[Action], rng: Random) -> Action:
    """Where the next counter goes: near the Main Gate for Sauron, inside the walls for Westernesse.

    Westernesse's units are spread over the city levels and its leaders join them
    (``westernesse_end.posts``). Sauron's equipment is stacked with his units, so it can move
    and its catapults reach the city; cauldrons go anywhere.
    """
    places = [a for a in legal if isinstance(a, Place)]
    if not places:
        return legal[0]
    counter = state.counters[places[0].counter]
    if side == "westernesse":
        return rng.choice(westernesse_end.posts(state, counter, places) or places)
    if counter.kind == "equipment":
        mine = set(_units(state, "sauron"))
        places = [a for a in places if a.hex in mine] or places
    best = min(distance(a.hex, MAIN_GATE) for a in places)
    return rng.choice([a for a in places if distance(a.hex, MAIN_GATE) == best])


def _rally_worth(action: Action) -> int:
    """Sauron's likeliest rally first, then End phase."""
    return action.need if isinstance(action, Rally) else -1


def _first(legal: list[Action], *kinds: str) -> Action:
    for kind in kinds:
        for a in legal:
            if a.kind == kind:
                return a
    return legal[-1]


def _end(legal: list[Action]) -> Action:
    """End the phase, the segment or the move."""
    return _first(legal, "end_phase", "move_done", "end_segment")


def _decision(state: GondorState, side: str, legal: list[Action]) -> Action:
    """Pour, pick up, place Ladders, advance (Sauron) or stay (Westernesse), retreat far.

    A rampaging Mûmak tramples the enemy it most likely hits, a friend only if it must.

    Sauron's guard on the road stays (sauron_road.guards); Westernesse advances only onto a
    road hex, which takes the road (20.1 C).
    """
    first = legal[0]
    if isinstance(first, PourOil | PickUpOil | SiegeAdvance):
        return first
    if isinstance(first, PlaceLadder | NoLadder):
        return sauron_assault.ladder(state, legal) or _first(legal, "no_ladder")
    if isinstance(first, Trample):
        mine = state.counters[first.unit].side
        tramples = [a for a in legal if isinstance(a, Trample)]
        return max(tramples, key=lambda a: (state.counters[a.target_unit].side != mine, a.need))
    if isinstance(first, Retreat):
        foes = _units(state, "westernesse" if side == "sauron" else "sauron")
        retreats = [a for a in legal if isinstance(a, Retreat)]
        return max(retreats, key=lambda a: (_nearest(a.hex, foes), in_city(a.hex)))
    if any(isinstance(a, Advance) for a in legal):
        if side == "sauron":
            go = next(a for a in legal if isinstance(a, Advance))
            if sauron_road.guards(state, state.counters[go.unit].hex):  # it keeps the road
                return next((a for a in legal if isinstance(a, Stay)), go)
            return go
        road = [a for a in legal if isinstance(a, Advance) and a.hex in ROAD_HEXES]
        return road[0] if road else next((a for a in legal if isinstance(a, Stay)), legal[-1])
    if isinstance(first, Move):
        return _destination(state, side, [a for a in legal if isinstance(a, Move)])
    return first


def _group(state: GondorState, side: str, legal: list[Action], rng: Random) -> Action:
    """The next group to move: any for Sauron; for Westernesse those outside the walls.

    Westernesse's takers of the road stay there at the end (``westernesse_end.holds_road``).

    Sauron moves every stack whole (sauron_movement.whole_stacks) and ends the phase only once
    none is left to move: a stack chosen with nowhere to go is not offered again (moving.py).
    """
    selects = [a for a in legal if isinstance(a, Select)]
    if side == "sauron":
        pick = sauron_movement.whole_stacks(state, selects)
        if not pick:
            return _first(legal, "move_done")
        return rng.choice(pick)
    selects = [
        a for a in selects if not in_city(a.hex) and not westernesse_end.holds_road(state, a.hex)
    ]
    whole = [a for a in selects if a.hex is None or len(a.counters) > 1]
    pick = whole or selects
    if not pick or rng.random() < 1 / (len(pick) + 1):  # a stuck group cannot loop for ever
        return _first(legal, "move_done")
    return rng.choice(pick)


def _goals(state: GondorState) -> list[str]:
    """Where a moving Westernesse group heads for.

    The garrison the city; the relief the road in the last Game-Turns (``westernesse_end``),
    else Sauron's units.
    """
    lead = state.counters[state.selected[0]] if state.selected else None
    if lead is not None and lead.group == "start":
        return [CITADEL]
    return westernesse_end.open_road(state) or _units(state, "sauron") or [CITADEL]


def _destination(state: GondorState, side: str, moves: list[Move]) -> Action:
    """The reachable hex nearest a goal (a garrison unit: the city), cheapest on a tie.

    Sauron's groups follow his siege plan (``sauron_movement``).
    """
    if side == "sauron":
        return sauron_movement.destination(state, moves)
    goals = _goals(state)
    if goals == [CITADEL]:
        inside = [m for m in moves if in_city(m.hex)]
        if inside:
            return min(inside, key=lambda m: (m.mp, m.hex))
    return min(moves, key=lambda m: (_nearest(m.hex, goals), m.mp, m.hex))


def _siege(state: GondorState, legal: list[Action]) -> Action:
    """Grond first, then a Head sure to score, a close breach shot, the likeliest Head; else end.

    A Head scores only where it lands in the city off fires and cauldrons (16.83-16.86), so
    from range 3 it goes where its scatter stays inside too (``head_chance``).
    """
    grond = [a for a in legal if isinstance(a, GrondBreach)]
    if grond:
        return grond[0]
    wasted = wasted_hexes(state)
    heads = [(head_chance(state, a, wasted), a) for a in legal if isinstance(a, Hurl) and a.head]
    best = min(heads, key=lambda h: (-h[0], h[1].range, h[1].hex), default=None)
    if best is not None and best[0] == 1:
        return best[1]
    breach = [a for a in legal if isinstance(a, BreachFire) and a.range <= 2]
    if breach:
        return min(breach, key=lambda a: (a.range, a.a, a.b))
    if best is not None and best[0] > 0:
        return best[1]
    return _end(legal)


def _fireball(state: GondorState, hurls: list[Hurl]) -> Hurl | None:
    """Westernesse's catapults in the Siege Phase (16.6): a fireball at his towers and catapults.

    Fire burns them, and a unit stacked with a tower (16.65); no other harm outside the city,
    where it goes out at his next Siege Phase (16.66). Nearest first: from range 3 it may
    scatter (16.63).
    """
    towers = {c.hex for c in state.counters if c.piece().mobility == "siege-tower"}
    prey: dict[str, int] = {}
    for c in state.counters:
        burns = c.piece().mobility in BURNS or (c.kind == "unit" and c.hex in towers)
        if c.side == "sauron" and c.hex is not None and burns:
            prey[c.hex] = prey.get(c.hex, 0) + 1
    aimed = [a for a in hurls if a.hex in prey]
    return min(aimed, key=lambda a: (a.range >= SCATTER_FROM, -prey[a.hex], a.hex), default=None)


def _combat(state: GondorState, side: str, legal: list[Action]) -> Action:
    """The likeliest shot, a duel when not weaker, melee by odds; else move on.

    Sauron spends his host on the garrison (sauron_assault.storm): any fair chance will do.
    Westernesse strikes at the road late, and its levels' last keepers stay out of melee
    (``westernesse_end``).
    """
    fires = [a for a in legal if isinstance(a, Fire)]
    if fires and side == "sauron":
        return sauron_assault.aim_fire(state, fires)
    if fires:
        held = westernesse_end.open_road(state)
        return max(fires, key=lambda a: (state.counters[a.target_unit].hex in held, a.need))
    duels = [a for a in legal if isinstance(a, Challenge) and a.mine >= a.theirs]
    if duels:
        return max(duels, key=lambda a: a.mine - a.theirs)
    melees = [a for a in legal if isinstance(a, Melee)]
    if side == "sauron":  # the strike back may drive the road's guard off it (7.5)
        melees = [a for a in melees if not sauron_road.guards(state, state.counters[a.unit].hex)]
    ending = [a for a in legal if isinstance(a, EndSegment | EndPhase)]
    if side == "westernesse":  # nor the road's taker, nor a level's last keepers, if it may
        spared = [
            a
            for a in westernesse_end.spare_keepers(state, melees)
            if not westernesse_end.holds_road(state, state.counters[a.unit].hex)
        ]
        melees = spared if spared or ending else melees  # 7.31: a unit in a ZOC must melee
        road = westernesse_end.strike_road(state, melees)
        if road is not None:
            return road
    if side == "sauron":
        storm = sauron_assault.storm(state, melees)
        if storm is not None:
            return storm
    if melees:
        best = max(melees, key=lambda a: _p(a.need) - _p(a.back))
        if _p(best.need) >= _p(best.back) or not ending:
            return best
    return ending[0] if ending else legal[-1]
