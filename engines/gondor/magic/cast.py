"""Casting spells (8.5, 17.x): who may cast what now, the attempt roll (17.3), each effect."""

from __future__ import annotations

from engines.base import Unavailable
from engines.gondor import banner
from engines.gondor.data import COUNTERS, Side
from engines.gondor.effects import BANNER_SPELL, banner_hex, frozen, spell_active
from engines.gondor.hexes import distance
from engines.gondor.magic.actions import Cast
from engines.gondor.magic.chart import CHART, SPELLS, Spell, families, line_for
from engines.gondor.state import GondorState

NAZGUL, GANDALF = "nazgul-lord", "gandalf"


def magic_leader(state: GondorState, side: Side) -> int | None:
    """The index of the side's magic leader (8.5) while it is on the map, else None."""
    for i, c in enumerate(state.counters):
        on_map = c.side == side and c.kind == "leader" and c.hex is not None
        if on_map and COUNTERS.leaders[c.type].magic > 0:
            return i
    return None


def points_left(state: GondorState, leader: int) -> int:
    """What is left of the leader's pool for the game (Gandalf 10, the Nazgûl Lord 8; 8.5)."""
    type_id = state.counters[leader].type
    return COUNTERS.leaders[type_id].magic - state.magic_spent.get(type_id, 0)


def by_type(state: GondorState, type_id: str) -> int | None:
    """The index of the first counter of a type on the map, else None."""
    return next(
        (i for i, c in enumerate(state.counters) if c.type == type_id and c.hex is not None), None
    )


def blocked(state: GondorState, leader: int) -> str | None:
    """Why the leader may cast nothing at all now, or None."""
    type_id = state.counters[leader].type
    if frozen(state, leader):
        return "frozen by Freeze Leader (17.12)"
    if state.phase == "magic-2" and type_id in state.cast_in_a:
        return "cast or attempted a spell in phase A of this Game-Turn (8.52)"
    if type_id == NAZGUL and banner_hex(state) is not None:
        return "the Banner of the King is unfurled (18.23)"
    if points_left(state, leader) <= 0:
        return "no magic points left (8.5)"
    return None


def _condition(state: GondorState, leader: int, spell: Spell) -> str | None:
    """Why this spell's own condition fails now (17.x), or None."""
    where = state.counters[leader].hex or ""
    family = spell.family
    if family == "operate-grond":
        return _grond_problem(state, where, spell)
    if spell_active(state, family):
        return "already in force"
    if family == "freeze-leader" and not in_range(state, where, spell):
        return f"no Westernesse leader within {spell.range} hexes of the Nazgûl Lord (17.12)"
    if family == "stalemate":
        nazgul = by_type(state, NAZGUL)
        near = nazgul is not None and distance(where, state.counters[nazgul].hex or "") <= 1
        return None if near else "Gandalf must be adjacent to the Lord of the Nazgûl (17.22)"
    if family == BANNER_SPELL and banner.aragorn(state) is None:
        return "Aragorn is not on the map (17.23, 18.11)"
    return None


def _grond_problem(state: GondorState, where: str, spell: Spell) -> str | None:
    """17.13: the Nazgûl Lord within three hexes of Grond, stacked with a Troll or Uruk-Hai."""
    if state.grond_active:
        return "Grond is already operated for the rest of the game (17.13)"
    grond = next((c for c in state.counters if c.type == "grond" and c.hex is not None), None)
    if grond is None or distance(where, grond.hex or "") > (spell.range or 0):
        return f"Grond must be within {spell.range} hexes of the Nazgûl Lord (17.13)"
    carriers = [
        c
        for c in state.counters
        if c.hex == grond.hex and c.kind == "unit" and COUNTERS.units[c.type].carries_grond
    ]
    return None if carriers else "Grond must be stacked with a Troll or Uruk-Hai (17.13)"


def in_range(state: GondorState, where: str, spell: Spell) -> list[int]:
    """The Westernesse leaders within the spell's range of ``where`` (Freeze Leader, 17.12)."""
    return [
        i
        for i in banner.leaders_on_map(state)
        if distance(where, state.counters[i].hex or "") <= (spell.range or 0)
    ]


def options(state: GondorState, leader: int) -> tuple[list[Cast], list[Unavailable]]:
    """Every cast the leader may make now (one per point amount), and the spells it may not."""
    casts: list[Cast] = []
    refused: list[Unavailable] = []
    stop = blocked(state, leader)
    left = points_left(state, leader)
    for family in families(state.counters[leader].type):
        line, why = line_for(state, family)
        if line is not None and not why:
            why = stop or _condition(state, leader, line) or ""
        if line is not None and not why:
            amounts = [p for p in line.amounts() if p <= left]
            casts += [Cast(leader=leader, spell=CHART.index(line.id), points=p) for p in amounts]
            why = "" if amounts else f"needs at least {line.amounts()[0]} points, {left} left"
        if why:
            label = line.label if line else _family_label(family)
            refused.append(Unavailable(label=f"Cast {label}", reason=why))
    return casts, refused


def _family_label(family: str) -> str:
    return next(s.label for s in SPELLS.values() if s.family == family)
