"""14.2: waiting Westernesse reinforcements attack enemy units blocking their entry hexes.

In its Combat Phase's melee segment a unit still off the map whose group has arrived may melee
an enemy combat unit standing on one of its group's entry hexes, as if from a hex just beyond
the map edge (no height, no terrain of its own). Off the map it never retreats; if the entry hex
empties it may advance onto it (the usual advance after combat, 7.5).
"""

from __future__ import annotations

from engines.base import Event
from engines.gondor.actions import counter_name
from engines.gondor.combat.actions import SURE
from engines.gondor.combat.odds import apr, fanatical, strike_class, unit_type
from engines.gondor.combat.results import FORCE_NAMES, Dice, apply_result, morale_check
from engines.gondor.combat.strikes import exchange
from engines.gondor.combat.tables import NO_EFFECT, cpt_number
from engines.gondor.data import MAP, SCHEDULE, TABLES
from engines.gondor.formation_actions import EdgeMelee
from engines.gondor.formations import partners
from engines.gondor.hexes import hex_id, to_cr
from engines.gondor.removal import destroy
from engines.gondor.state import GondorState


def beyond(hex_ref: str) -> str:
    """The hex just off the map next to an edge hex: where an attack from off the map comes from."""
    c, r = to_cr(hex_ref)
    return next(
        hex_id(x, y)
        for x, y in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1))
        if not MAP.grid.contains(x, y)
    )


def _attackers(state: GondorState) -> list[int]:
    """Waiting units of arrived groups that may attack from off the map (14.2, 7.6, 6.0)."""
    out = []
    for i, c in enumerate(state.counters):
        if c.kind != "unit" or c.hex is not None or c.side != state.acting:
            continue
        if c.group not in state.arrived or not SCHEDULE.groups[c.group].attack_blockers:
            continue
        fit = not c.disrupted and c.formation != "column" and i not in state.struck
        if fit and strike_class(state, i) is not None:
            out.append(i)
    return out


def _attacker_apr(state: GondorState, index: int) -> int:
    """The waiting unit's APR: its rating, +1 in a Shieldwall (no terrain off the map)."""
    shieldwall = state.counters[index].formation == "shieldwall"
    return unit_type(state, index).apr + int(shieldwall)


def edge_melee_orders(state: GondorState) -> list[EdgeMelee]:
    """Every attack from off the map allowed now, with both sides' odds (14.2, 7.3)."""
    attackers = _attackers(state)
    if not attackers:
        return []
    board = state.board()
    out = []
    for a in attackers:
        entries = SCHEDULE.groups[state.counters[a].group].entry_hexes
        cavalry = unit_type(state, a).type == "cavalry"
        for t, c in enumerate(state.counters):
            if c.kind != "unit" or c.side == state.acting or c.hex not in entries:
                continue
            assert c.hex is not None
            rough = TABLES.terrain[MAP.hexes[c.hex].terrain].defender_apr_vs_cavalry
            mine = apr(state, board, t, None, missile=False) + (rough if cavalry else 0)
            letter = strike_class(state, a)
            assert letter is not None
            need = SURE if fanatical(state, a) else cpt_number(letter, mine)
            theirs = strike_class(state, t, attack=False)
            back = cpt_number(theirs, _attacker_apr(state, a)) if theirs else 0
            out.append(EdgeMelee(unit=a, target_unit=t, hex=c.hex, need=need, back=back))
    return out


def edge_melee(state: GondorState, order: EdgeMelee, dice: Dice) -> list[Event]:
    """Resolve an attack from off the map (7.3): both strike, Morale rolls, then an advance."""
    state.struck.append(order.unit)
    attacker = state.counters[order.unit]
    if attacker.formation == "wedge":  # 6.0: the Wedge's charge is spent
        state.charged += [order.unit, *partners(state, order.unit)]
    hit, struck_back, events = exchange(dice, order)
    results = []
    for unit, was_hit in ((order.target_unit, hit), (order.unit, struck_back)):
        if was_hit:
            result, check = morale_check(state, unit, missile=False, dice=dice)
            events.append(check)
            results.append((unit, result))
    for unit, result in results:
        if unit == order.target_unit:
            events += apply_result(state, unit, result, beyond(order.hex), dice)
        else:
            events += _off_map_result(state, unit, result)
    state.follow_ups.append(
        {"kind": "advance", "unit": order.unit, "from": None, "into": order.hex}
    )
    return events


def _off_map_result(state: GondorState, index: int, result: str) -> list[Event]:
    """A Morale result for a unit off the map: E or a second D eliminates, D disrupts [I]."""
    c, name = state.counters[index], counter_name(index)
    if result == "E" or (result == "D" and c.disrupted):
        for mate in partners(state, index):
            state.counters[mate].formation = None
        force = FORCE_NAMES[unit_type(state, index).force]
        points = destroy(state, index)
        text = f"{name} is eliminated off the map: +{points} demoralization for the {force}."
        return [Event(text=text)]
    if result == "D":
        c.disrupted = True
        return [Event(text=f"{name} is disrupted (it stays off the map).")]
    if result == NO_EFFECT:
        return []
    return [Event(text=f"{name} stays off the map (no retreat there, 14.2).")]
