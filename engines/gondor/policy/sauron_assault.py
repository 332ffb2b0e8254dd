"""Sauron's assault in the playout policy: Ladders, the Nazgûl Lord's magic, melee and fire.

Where the Ladders go (gates first, then walls below a defender), what the Nazgûl Lord does in
the Magic Leader Phases (Grond, FearSpell, duels with the garrison's leaders), and which
melees and shots his host takes against the garrison and the road's takers; the hexes his
missile units shoot from. Reads only positions and the odds printed on the orders.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from engines.base import Action
from engines.gondor.actions import Move
from engines.gondor.combat.actions import Fire, Melee
from engines.gondor.combat.odds import rating
from engines.gondor.combat.orders import MISSILE_RANGE, clear_line
from engines.gondor.data import COUNTERS, GAME, MAP
from engines.gondor.hexes import distance
from engines.gondor.magic.actions import Cast, MagicSelect
from engines.gondor.magic.cast import magic_leader, points_left
from engines.gondor.policy.sauron_city import (
    GARRISON,
    blockers,
    force_of,
    garrison,
    grond_index,
    walk_to,
)
from engines.gondor.policy.sauron_road import ROAD_TURN
from engines.gondor.siege.actions import PlaceLadder
from engines.gondor.state import ROAD_HEXES, GondorState
from engines.gondor.victory import keepers

GROND_RANGE = 3
"""The Nazgûl Lord operates Grond from within this many hexes of it (17.13)."""
FEAR_TURN = GAME.turns
"""The Game-Turn of his one sure FearSpell (17.11: 5 of the Nazgûl Lord's 8 points; see magic)."""
FEAR_TRY_TURN = GAME.turns - 3
"""From this Game-Turn he attempts a FearSpell with his spare points (two after Grond's one)."""
WALL_LADDERS = 4
"""Of the eight Ladders (16.47), at most this many go on walls; the rest wait for gates (over
192 policy games against random play, 97 wins with four, 88 with none)."""


def ladder(state: GondorState, legal: list[Action]) -> Action | None:
    """A Ladder against a gate Sauron does not hold, else against a wall below a defender.

    Climbing a gate's Ladder passes both of the gate's hexes, so the gate becomes his (15.15)
    and the whole host may follow through it. A wall's Ladder lets his units strike the
    defender above across the wall at once (7.3 [R]; at night a sure hit, 7.37) and climb to
    him from the next Game-Turn on (16.43). Wall Ladders placed are counted as all placed
    less those standing against gates (one thrown down at a gate counts against the walls:
    the reserve errs towards the gates).
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
    grond = grond_index(state)
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
    walk = walk_to(state, prey)
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
    odds (:func:`_on_road`). In the last Game-Turn a level's keeper
    (:func:`sauron_city.blockers`) is struck whatever the odds: 20.2 counts the levels after
    it, and no rally comes between.
    """
    road = _on_road(state)
    taking = [m for m in melees if m.target_unit in road]
    if taking:
        return max(taking, key=lambda m: (m.need, -m.back))
    onto = [m for m in melees if force_of(state.counters[m.target_unit]) == GARRISON]
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


def keeper_sights(state: GondorState) -> list[str]:
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
    return in_range([state.counters[i].hex for i, n in keep.items() if last or n == fewest])


def in_range(marks: Iterable[str | None]) -> list[str]:
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


def garrison_marks(state: GondorState) -> list[str]:
    """Hexes of the garrison's units: at night every shot hits (7.37), over the walls (7.1)."""
    return [c.hex for c in state.counters if c.kind == "unit" and c.hex and force_of(c) == GARRISON]
