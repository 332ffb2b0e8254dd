"""The position estimate for computer players: Sauron's chance to win (docs/rules/gondor.md).

Sauron wins only if, after the last Game-Turn, all three of 20.1 hold: A the garrison is
demoralized (its total reaches 36), B he is not (his below 93), C he holds the road. Each is a
logistic of its margin with a spread that widens with the Game-Turns left; the chance is their
product. A's margin is the garrison's total projected to the end from what is public: the Heads
still to hurl, the relief still to come (19.11 C, D: −10 each), Grond's blow at the Main Gate
still to come (19.11 B), the levels Sauron's units already stand on above those he holds (a
level is worth 10 when it falls, 19.11 A), the levels whose gates are all his, by how few
undisrupted defenders still keep them (20.2), and the garrison's disrupted units (a second blow
kills them, 7.4). Nothing hidden is read.
"""

from __future__ import annotations

import math
from collections import Counter

from engines.gondor.data import COUNTERS, GAME, MAP, SCHEDULE
from engines.gondor.policy.sauron_city import blockers
from engines.gondor.state import ROAD_HEXES, GondorState
from engines.gondor.victory import FORCES, GATES_INTO, adjustment, levels_held, total

GARRISON = "garrison"
SCALE = 4.0
"""Demoralization points worth about one logit at the end; the spread grows with turns left."""
WIDEN = 0.75
"""Points of spread added per Game-Turn left."""
HEAD_SHARE = 0.9
"""Heads still in hand that are expected to land in the city (16.83: +1 each)."""
GROND_SHARE = 0.5
"""The chance given to Grond's coming blow at the Main Gate (+5, 19.11 B)."""
FOOTHOLD = 4.0
"""Points for each level Sauron's units stand on above the levels he holds."""
DISRUPTED = 2.0
"""Points for each disrupted garrison unit (half-way to its elimination)."""
GATED = 0.4
"""A level whose gates are all his counts GATED**n of its 10 points with n keepers left."""
RELIEF = {
    g.id: int(g.demoralization["points"])
    for g in SCHEDULE.groups.values()
    if g.demoralization and g.demoralization["force"] == GARRISON
}
"""Reinforcement groups whose arrival changes the garrison's total (19.11 C, D)."""
MAIN_GATE = GATES_INTO[1][0]


def evaluate(state: GondorState, seat: int) -> float:
    """The chance that ``seat`` wins; once over, the result."""
    if state.winner is not None:
        return 1.0 if state.winner == ("sauron", "westernesse")[seat] else 0.0
    left = max(0, GAME.turns - state.turn)
    spread = SCALE + WIDEN * left
    p_fall = _logistic(garrison_margin(state) / spread)
    p_hold = _logistic((_level("sauron") - total(state, "sauron")) / spread)
    p = p_fall * p_hold * road_chance(state, left)
    return p if seat == 0 else 1.0 - p


def garrison_margin(state: GondorState) -> float:
    """The garrison's total projected to the end, less its level (36): > 0, it falls."""
    points = float(total(state, "garrison"))
    points += HEAD_SHARE * state.heads_left
    points += sum(p for g, p in RELIEF.items() if g not in state.arrived)
    grond = any(c.type == "grond" and c.hex for c in state.counters)
    if grond and MAIN_GATE not in state.breaches:
        points += GROND_SHARE * adjustment("garrison", "main-gate-breached-by-grond")
    units = [c for c in state.counters if c.kind == "unit" and c.hex]
    top = max((_level_of(c.hex) for c in units if c.side == "sauron"), default=0)
    points += FOOTHOLD * max(0, top - levels_held(state))
    broken = [c for c in units if c.disrupted and COUNTERS.units[c.type].force == GARRISON]
    points += DISRUPTED * len(broken)
    level_points = adjustment(GARRISON, "city-level-controlled-by-sauron")
    keepers = Counter(_level_of(state.counters[i].hex) for i in blockers(state))
    points += sum(level_points * GATED**n for n in keepers.values())
    return points - _level(GARRISON)


def road_chance(state: GondorState, left: int) -> float:
    """C: the share of the two road hexes he holds, weighing more as the end comes."""
    road = sum(state.road[h] == "sauron" for h in ROAD_HEXES)
    late = 1.0 - left / GAME.turns
    return (0.3 + 0.6 * (1 - late)) + (0.7 - 0.6 * (1 - late)) * road / 2


def _level_of(hex_ref: str | None) -> int:
    return MAP.hexes[hex_ref].level if hex_ref else 0


def _level(force: str) -> int:
    return int(FORCES[force]["level"])  # type: ignore[call-overload]


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))
