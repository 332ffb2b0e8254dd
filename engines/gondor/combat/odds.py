"""What combat numbers a position gives: classes, modified APR, walls, morale rows, ratings.

Nothing here changes the state. Spells come through :mod:`engines.gondor.effects`; Ladders
through the board (``Board.ladders``, filled by the siege rules); Siege Towers are counters.
"""

from __future__ import annotations

from engines.gondor import effects
from engines.gondor.board import Board
from engines.gondor.combat.actions import SURE
from engines.gondor.combat.tables import (
    MORALE_MODIFIERS,
    cpt_number,
    missile_row,
    shift_class,
    shift_morale,
)
from engines.gondor.data import COUNTERS, GAME, MAP, TABLES, UnitType
from engines.gondor.state import GondorState
from engines.gondor.victory import demoralized


def unit_type(state: GondorState, index: int) -> UnitType:
    """The counters.toml type of combat unit ``index``."""
    return COUNTERS.units[state.counters[index].type]


def night(state: GondorState) -> bool:
    """A Night Game-Turn (10.0)."""
    return state.turn in GAME.night


def fanatical(state: GondorState, index: int) -> bool:
    """7.37: on Night Game-Turns Sauron's combat units always hit when they attack."""
    return night(state) and state.counters[index].side == "sauron"


def has_siege_tower(state: GondorState, hex_ref: str) -> bool:
    """A Siege Tower counter stands in the hex (16.42, 16.47)."""
    return any(
        c.hex == hex_ref
        and c.kind == "equipment"
        and COUNTERS.equipment[c.type].kind == "siege-tower"
        for c in state.counters
    )


def has_ladder(board: Board, hex_ref: str) -> bool:
    """A Ladder stands against a wall from this hex (16.45)."""
    return any(MAP.hexsides[s].lower == hex_ref for s in board.ladders)


def blocking_wall(board: Board, a: str, b: str, side: str) -> bool:
    """An unbreached wall or tower hexside, or a gate ``side`` does not control, lies a-b."""
    wall = MAP.side(a, b)
    if wall is None or wall.id in board.breaches:
        return False
    return not (wall.kind == "gate" and board.gates.get(wall.id) == side)


def may_fight_across(state: GondorState, board: Board, a: str, b: str, side: str) -> bool:
    """7.3 [R]: across a blocking wall only from or against a Siege Tower or Ladder facing it."""
    if not blocking_wall(board, a, b, side):
        return True
    wall = MAP.side(a, b)
    assert wall is not None
    if wall.id in board.ladders:
        return True
    return wall.lower is not None and has_siege_tower(state, wall.lower)


def higher(a: str, b: str) -> bool:
    """Hex b is higher than its neighbour a (4.2, 15.14): tower, upper side of a wall, level."""
    if MAP.hexes[b].terrain == "tower" and MAP.hexes[a].terrain != "tower":
        return True
    wall = MAP.side(a, b)
    if wall is not None and wall.upper in (b, None):
        return True
    return MAP.hexes[b].level > MAP.hexes[a].level


def apr(state: GondorState, board: Board, target: int, striker: int | None, missile: bool) -> int:
    """The target's modified APR against a strike (7.3 modifiers; ``striker`` None = catapult).

    Missile fire counts 16.42 (+1 with a Siege Tower), 16.45, 16.75, 15.24 and the Shieldwall;
    melee adds the higher defender (+1 once, 4.2) and Rough against cavalry.
    """
    c = state.counters[target]
    assert c.hex is not None
    rule = TABLES.terrain[MAP.hexes[c.hex].terrain]
    value = rule.fixed_apr or unit_type(state, target).apr
    tower = has_siege_tower(state, c.hex)
    value += (1 if missile else -1) if tower else 0
    value -= 1 if has_ladder(board, c.hex) else 0
    value -= 1 if c.carries_oil else 0
    value += 1 if c.formation == "shieldwall" else 0
    if missile or striker is None:
        return value
    source = state.counters[striker]
    assert source.hex is not None
    value += 1 if higher(source.hex, c.hex) else 0
    if unit_type(state, striker).type == "cavalry":
        value += rule.defender_apr_vs_cavalry
    return value


def lowered(state: GondorState, index: int) -> int:
    """How many steps spells lower the combat unit's attack strength, melee and missile.

    17.11: FearSpell lowers every Westernesse unit; 17.21: Break Darkness every Mordor unit.
    """
    c = state.counters[index]
    steps = int(c.side == "westernesse" and effects.spell_active(state, "fear"))
    mordor = unit_type(state, index).nationality == "mordor"
    return steps + int(mordor and effects.spell_active(state, "break-darkness"))


def strike_class(state: GondorState, index: int, attack: bool = True) -> str | None:
    """The unit's melee class with spells (and Wedge when attacking) applied (7.3).

    A class-E unit lowered by a spell strikes on F, the row below E. None: it has no melee
    class and cannot melee.
    """
    c = state.counters[index]
    kind = unit_type(state, index)
    if kind.melee is None:
        return None
    worse = lowered(state, index)
    if attack and c.formation == "wedge" and index not in state.charged:
        worse -= 1  # 6.0: the Wedge's first melee
    return shift_class(kind.melee, worse)


def melee_need(state: GondorState, board: Board, striker: int, target: int, attack: bool) -> int:
    """What ``striker`` needs on 2d6 to hit ``target`` in melee; 0 = it cannot strike."""
    letter = strike_class(state, striker, attack)
    if letter is None:
        return 0
    if attack and fanatical(state, striker):
        return SURE
    return cpt_number(letter, apr(state, board, target, striker, missile=False))


def fire_need(state: GondorState, board: Board, firer: int, target: int) -> int:
    """What a missile unit or catapult needs on 2d6 to hit ``target`` (7.1, 16.25).

    A spell lowers a unit's fire to the row below e (17.11, 17.21); a catapult is equipment,
    not a unit, and keeps e.
    """
    if fanatical(state, firer):
        return SURE
    shooter = firer if state.counters[firer].kind == "unit" else None
    row = missile_row(0 if shooter is None else lowered(state, firer))
    return cpt_number(row, apr(state, board, target, shooter, missile=True))


def morale_row(state: GondorState, index: int) -> str:
    """The unit's Morale Table row: printed, one line worse for each shift (7.4, 16.84, 19.3)."""
    c = state.counters[index]
    kind = unit_type(state, index)
    rows = int(demoralized(state, kind.force))
    if c.side == "westernesse":
        rows += int(effects.spell_active(state, "fear")) + int(c.hex in state.heads)
    return shift_morale(kind.morale, rows)


def morale_modifier(state: GondorState, index: int) -> int:
    """The Morale roll's modifier (7.4): disrupted, a friendly leader with it, night."""
    c = state.counters[index]
    total = MORALE_MODIFIERS["disrupted"] if c.disrupted else 0
    if c.hex is not None and any(
        o.kind == "leader" and o.side == c.side and o.hex == c.hex for o in state.counters
    ):
        total += MORALE_MODIFIERS["stacked_with_friendly_leader"]
    if c.side == "westernesse" and night(state):
        total += MORALE_MODIFIERS["westernesse_on_night_turn"]
    return total


def rating(state: GondorState, leader: int) -> int:
    """A leader's current Rally Rating: night rating on Night turns, less points lost (8.1)."""
    c = state.counters[leader]
    kind = COUNTERS.leaders[c.type]
    base = kind.night_rally if kind.night_rally and night(state) else kind.rally
    return base - state.rating_lost.get(c.id, 0)


def duel_rating(state: GondorState, leader: int, foe: int) -> int:
    """A leader's rating in a fight with ``foe``: Éowyn's bonus against the Nazgûl Lord (7.2)."""
    bonus = COUNTERS.leaders[state.counters[leader].type].individual_combat_bonus
    extra = 0
    if bonus and bonus["against"] == state.counters[foe].type:
        extra = int(bonus["bonus"])
    return rating(state, leader) + extra
