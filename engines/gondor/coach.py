"""Why the coach's suggested move is good, in one plain sentence (``Game.suggestion_reason``).

Reads only public facts: where the counters stand, the zones of control, the city levels, the
road and the odds printed on the move. A cauldron's truth (Sauron's secret) is never read.
"""

from __future__ import annotations

from engines.base import Action
from engines.gondor import actions as ga
from engines.gondor.board import other
from engines.gondor.combat import actions as ca
from engines.gondor.data import MAP
from engines.gondor.formation_actions import BreakFormation, Form
from engines.gondor.hexes import distance
from engines.gondor.magic import actions as ma
from engines.gondor.places import place
from engines.gondor.siege import actions as sa
from engines.gondor.state import ROAD_HEXES, GondorState
from engines.gondor.zoc import zoc

MAIN_GATE = "1918"
"""The hex before the Main Gate, where the road to the east begins (20.1 C)."""

FIXED: dict[str, str] = {
    "auto_deploy": "Puts every counter left on a legal hex of its area at once.",
    "standard_deploy": "The standard set-up: each counter as near the Main Gate as it may stand.",
    "setup_done": "Your counters are placed: the siege can begin.",
    "deselect": "Another group has a better move than this one.",
    "move_done": "No other group gains from moving now.",
    "end_phase": "Nothing more in this phase is worth doing now.",
    "stay": "Holds the hex it stands on.",
    "siege_stay": "Holds the hex it stands on.",
    "no_ladder": "No wall here is worth a Ladder now.",
    "leave_oil": "Leaves the oil for another carrier.",
    "hold_oil": "Keeps the oil for a better target.",
}
"""Moves whose reason needs nothing from the position."""

TWO_DICE = {n: sum(6 - abs(t - 7) for t in range(2, n + 1)) for n in range(2, 13)}
"""Ways in 36 that 2d6 show ``n`` or less."""


def _chance(need: int) -> str:
    """A hit on 2d6 of ``need`` or less, as a player reads it: "hits 21 in 36"."""
    ways = TWO_DICE.get(min(need, 12), 0)
    return "always hits" if ways == 36 else f"hits {ways} in 36"


def reason(state: GondorState, seat: int, action: Action) -> str | None:
    """One sentence saying what ``action`` does for ``seat``; None for a move without one."""
    fixed = FIXED.get(action.kind)
    if fixed is not None:
        return fixed
    if isinstance(action, ga.Move | ga.March):
        counters = action.counters if isinstance(action, ga.March) else tuple(state.selected)
        return _move(state, seat, counters, action.hex)
    if isinstance(action, ga.Select):
        where = f"from {place(action.hex)}" if action.hex else "onto the map"
        return f"{ga.counter_name(action.counters[0])} moves next, {where}."
    if isinstance(action, ga.Place):
        return _deploy(state, action)
    if isinstance(action, ga.TakeBack):
        return f"{ga.counter_name(action.counter)} is better placed elsewhere."
    if isinstance(action, ga.BannerJoin):
        return "The Banner must end the phase with a leader of yours."
    if isinstance(action, sa.Hurl):
        return _hurl(state, seat, action)
    return _fight(action) or _siege(action) or _magic(action)


def _deploy(state: GondorState, action: ga.Place) -> str:
    """Where a counter starts; in the city, what a garrison counter keeps there (8.2, 20.2)."""
    name = ga.counter_name(action.counter)
    counter = state.counters[action.counter]
    level = MAP.hexes[action.hex].level
    if not level:
        return f"{name} starts outside the walls, on {place(action.hex)}."
    if counter.side == "westernesse" and counter.kind == "unit":
        return f"{name} keeps city level {level}: empty, it falls once its gates are Sauron's."
    friend = next(
        (i for i, c in enumerate(state.counters) if c.hex == action.hex and c.kind == "unit"), None
    )
    if counter.kind == "leader" and friend is not None:
        return f"{name} joins {ga.counter_name(friend)} to rally it."
    return f"{name} starts on {place(action.hex)}."


def _move(state: GondorState, seat: int, counters: tuple[int, ...], to: str) -> str:
    """The road, a city level, the enemy's zone of control, the Main Gate."""
    side = state.side_of(seat)
    if to in ROAD_HEXES:
        if side == "sauron":
            return "Holds an East road hex: you need both at the end."
        return "Stands on an East road hex, so Sauron cannot hold the road."
    level = MAP.hexes[to].level
    start = state.counters[counters[0]].hex if counters else None
    enemy = zoc(state.board(), other(side))
    if to in enemy:
        return f"Closes with the enemy on {place(to)}, ready to fight."
    if start is not None and start in enemy:
        return "Gets out of the enemy's zone of control."
    if side == "westernesse" and level:
        return f"Goes behind the walls, to city level {level}."
    if side == "sauron" and level:
        return f"Climbs into the city, to level {level}."
    nearer = start is not None and distance(to, MAIN_GATE) < distance(start, MAIN_GATE)
    if side == "sauron" and nearer:
        return "Closes on the Main Gate, out of the enemy's zone of control."
    return f"Moves to {place(to)}, out of the enemy's zone of control."


def _fight(action: Action) -> str | None:
    """Missile fire, melee, challenges, rallies and the combat's follow-ups."""
    if isinstance(action, ca.Fire):
        return f"Shoots {action.target()}: {_chance(action.need)}."
    if isinstance(action, ca.Melee | ca.Trample):
        back = f"; it {_chance(action.back)} back" if action.back else ", which cannot strike back"
        return f"Strikes {action.target()}: {_chance(action.need)}{back}."
    if isinstance(action, ca.Challenge):
        if action.mine < action.theirs:
            return f"A long shot in single combat, {action.mine} vs {action.theirs}."
        verdict = "stronger" if action.mine > action.theirs else "no weaker"
        return f"Your leader is {verdict} in single combat: {action.mine} vs {action.theirs}."
    if isinstance(action, ca.Rally):
        return f"{action.target()} fights again on a roll of {action.need} or less on 2d6."
    if isinstance(action, ca.Retreat):
        return f"{ga.counter_name(action.unit)} falls back to {place(action.hex)} and lives."
    if isinstance(action, ca.Advance):
        return f"{ga.counter_name(action.unit)} takes {place(action.hex)}, the hex the enemy left."
    if isinstance(action, ca.EndSegment):
        return "No other attack in this segment is worth its risk."
    if isinstance(action, Form):
        return f"{ga.counter_name(action.leader)} forms up: the pair fights better together."
    if isinstance(action, BreakFormation):
        return f"{ga.counter_name(action.unit)} is freer to move on its own."
    return None


def _siege(action: Action) -> str | None:
    """Breaches, fireballs and heads, ladders and oil."""
    if isinstance(action, sa.BreachFire | sa.GrondBreach):
        return f"Batters {sa.wall_name(action.hexside)} to open a way into the city."
    if isinstance(action, sa.SiegeAdvance):
        return f"{ga.counter_name(action.counter)} goes through the breach to {place(action.hex)}."
    if isinstance(action, sa.PlaceLadder):
        return f"A Ladder at {sa.wall_name(action.hexside)} lets your units climb the wall."
    if isinstance(action, sa.PickUpOil):
        return f"{ga.counter_name(action.counter)} can pour the oil on attackers below."
    if isinstance(action, sa.PourOil):
        return f"The oil destroys every Sauron unit and Siege Tower on {place(action.hex)}."
    return None


BURNS = {"sauron-catapult", "gondor-catapult", "siege-tower", "siege-tower-reinforcement"}
"""The engines a fireball burns, named on the map (a cauldron burns too, unnamed: 16.6)."""


def _hurl(state: GondorState, seat: int, action: sa.Hurl) -> str:
    """What the missile hits: the enemy engines or units in that hex, by name."""
    side = state.side_of(seat)
    enemy = [(i, c) for i, c in enumerate(state.counters) if c.hex == action.hex and c.side != side]
    where = place(action.hex)
    if action.head:
        units = [ga.counter_name(i) for i, c in enemy if c.kind == "unit"]
        shaken = f"; {_names(units)} there roll morale one row worse" if units else ""
        return f"A Severed Head on {where} adds 1 to the garrison's losses{shaken}."
    whose = ga.side_name(other(side))
    burnt = [f"{whose}'s {ga.counter_name(i)}" for i, c in enemy if c.type in BURNS]
    burnt += ["a cauldron"] if any(c.type == "cauldron" for _, c in enemy) else []
    if burnt:
        return f"A fireball on {where} burns {_names(burnt)} (and the units with them)."
    return f"A fireball on {where} sets it on fire: +3 MP to enter."


def _names(names: list[str]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def _magic(action: Action) -> str | None:
    """Spells, the magic leaders' moves, the Nazgûl driven away, the Banner."""
    if isinstance(action, ma.Cast):
        if action.sure:
            return f"{action.line.label} is cast for sure with these points."
        return f"{action.line.label} works on a d6 roll of {action.needs} or less."
    if isinstance(action, ma.MagicSelect):
        return f"{ga.counter_name(action.leader)} moves to where his magic is needed."
    if isinstance(action, ma.DriveNazgul):
        return f"Drives the Lord of the Nazgûl to {place(action.hex)}, far from the fight."
    if isinstance(action, ma.BannerRally):
        return f"The Banner rallies {ga.counter_name(action.unit)}, no roll needed."
    return None
