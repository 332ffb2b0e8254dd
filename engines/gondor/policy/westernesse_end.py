"""Westernesse's last Game-Turns in the playout policy: the road and the levels' keepers.

Sauron wins only if all three of 20.1 hold after the last Game-Turn; two of them Westernesse
can still take from him at the end. C: he must have been last on both road hexes, so from
``CONTEST_TURN`` the relief heads for a road hex he was last on, strikes the unit standing on
it at any odds (the relief's losses count for no condition of 20.1) and stays on a road hex
it took. A: a level whose gates are all his falls (+10 to the garrison, 19.11 A) once no
undisrupted Westernesse unit stands on it (20.2), so its last keepers melee only when a ZOC
binds them (7.31; a strike back disrupts, 7.4), the garrison's rallies go first to the units
whose level would fall without them, and the garrison is deployed to keep every level: its
units spread over the levels, its leaders with them to rally them (8.2). Reads only positions
and the odds printed on the orders.
"""

from __future__ import annotations

from engines.base import Action
from engines.gondor.actions import Place
from engines.gondor.combat.actions import Melee, Rally
from engines.gondor.data import GAME, MAP
from engines.gondor.magic.actions import BannerRally
from engines.gondor.policy.sauron_city import GARRISON, blockers, force_of
from engines.gondor.state import ROAD_HEXES, Counter, GondorState
from engines.gondor.victory import gates_his, keepers

CONTEST_TURN = GAME.turns - 3
"""From this Game-Turn the relief goes for the road (20.1 C): time to reach it from the west."""
LAST_KEEPERS = 2
"""A level with this many keepers or fewer whose gates are his keeps them out of melee."""


def open_road(state: GondorState) -> list[str]:
    """The road hexes Westernesse was not last on, once the relief contests the road."""
    if state.turn < CONTEST_TURN:
        return []
    return [h for h in ROAD_HEXES if state.road[h] != "westernesse"]


def holds_road(state: GondorState, hex_ref: str | None) -> bool:
    """A road hex Westernesse was last on in the last Game-Turns: its stack stays (20.1 C).

    While a Westernesse unit stands on it none of his may enter; once it leaves, his next
    unit to pass takes the road back.
    """
    return (
        state.turn >= CONTEST_TURN
        and hex_ref in ROAD_HEXES
        and state.road[hex_ref] == "westernesse"
    )


def spare_keepers(state: GondorState, melees: list[Melee]) -> list[Melee]:
    """The melees left once a level's last keepers (``LAST_KEEPERS``) are kept out of them."""
    last = {i for i, n in blockers(state).items() if n <= LAST_KEEPERS}
    return [m for m in melees if m.unit not in last]


def strike_road(state: GondorState, melees: list[Melee]) -> Melee | None:
    """A relief unit's melee on his unit standing on a road hex he holds, the likeliest first.

    Driven off or eliminated, the hex is the attacker's to advance into (7.5), which takes the
    road (the policy advances only onto a road hex).
    """
    road = open_road(state)
    onto = [
        m
        for m in melees
        if state.counters[m.target_unit].hex in road
        and force_of(state.counters[m.unit]) != GARRISON
    ]
    return max(onto, key=lambda m: (m.need, -m.back), default=None)


def rally_worth(state: GondorState, action: Action) -> tuple[bool, int]:
    """A unit whose level falls without it first; the Banner's sure rallies, then the odds."""
    if isinstance(action, BannerRally):
        return (_saves_level(state, action.unit), 13)
    if isinstance(action, Rally):
        return (_saves_level(state, action.unit), action.need)
    return (False, -1)


def _saves_level(state: GondorState, unit: int) -> bool:
    """Whether rallying the unit keeps its level: his gates, no other keeper on it (20.2)."""
    level = _level(state.counters[unit].hex)
    return level > 0 and gates_his(state, level) and not keepers(state).get(level)


def posts(state: GondorState, counter: Counter, places: list[Place]) -> list[Place]:
    """Where a garrison counter may be deployed to keep the levels (13.2); [] if anywhere.

    A unit goes to a level with the fewest of its units yet (each level's first keeper before
    any level's second); a leader onto a hex of the city holding one of them.
    """
    inside = [a for a in places if _level(a.hex) > 0]
    if counter.kind == "leader":
        held = {c.hex for c in state.counters if c.kind == "unit" and c.side == "westernesse"}
        return [a for a in inside if a.hex in held] or inside
    if counter.kind != "unit":
        return []
    count = {lv: 0 for lv in {_level(a.hex) for a in inside}}
    for c in state.counters:
        if c.side == "westernesse" and c.kind == "unit" and _level(c.hex) in count:
            count[_level(c.hex)] += 1
    fewest = min(count.values(), default=0)
    return [a for a in inside if count[_level(a.hex)] == fewest]


def _level(hex_ref: str | None) -> int:
    return MAP.hexes[hex_ref].level if hex_ref else 0
