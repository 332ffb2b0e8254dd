"""Resolving combat orders (7.1-7.3, 7.37): missile fire, individual combat, melee."""

from __future__ import annotations

from engines.base import Event
from engines.gondor.combat.actions import SURE, Challenge, Fire, Melee
from engines.gondor.combat.odds import rating
from engines.gondor.combat.results import (
    Dice,
    apply_result,
    lose_points,
    morale_check,
    roll,
    shown,
)
from engines.gondor.combat.tables import individual_result
from engines.gondor.state import GondorState


def strike(dice: Dice, who: str, whom: str, need: int) -> tuple[bool, Event]:
    """One strike on the CPT: 2d6 <= need hits; a fanatical strike (need 12) needs no roll."""
    if need >= SURE:
        return True, Event(text=f"{who} strikes {whom}: fanatical, a hit (7.37).")
    faces = roll(dice)
    hit = sum(faces) <= need
    verdict = "a hit" if hit else "a miss"
    return hit, Event(text=f"{who} strikes {whom}: {shown(faces)} against {need}, {verdict}.")


def exchange(dice: Dice, order: Melee) -> tuple[bool, bool, list[Event]]:
    """7.3: attacker and defender strike at once; a defender with no melee letter does not."""
    hit, line = strike(dice, order.actor(), order.target(), order.need)
    events = [line]
    struck_back = False
    if order.back:
        struck_back, back_line = strike(dice, order.target(), order.actor(), order.back)
        events.append(back_line)
    return hit, struck_back, events


def fire(state: GondorState, order: Fire, dice: Dice) -> list[Event]:
    """7.1: one shot; a hit makes the target roll on the missile line of the Morale Table."""
    if state.counters[order.unit].kind == "unit":
        state.shot.append(order.unit)
    else:
        state.fired.append(order.unit)  # 16.12: a catapult fires once per Game-Turn
    hit, line = strike(dice, order.actor(), order.target(), order.need)
    events = [line]
    if hit:
        result, check = morale_check(state, order.target_unit, missile=True, dice=dice)
        events += [check, *apply_result(state, order.target_unit, result, None, dice)]
    return events


def challenge(state: GondorState, order: Challenge, dice: Dice) -> list[Event]:
    """7.2: 1d6 on the individual combat column of the rating difference."""
    state.challenged.append(order.leader)
    die = roll(dice, 1)[0]
    result = individual_result(order.difference, die)
    events = [
        Event(
            text=f"{order.actor()} challenges {order.target()} "
            f"(difference {order.difference:+d}): die {die}, {result}."
        )
    ]
    if result.startswith("A"):
        events += lose_points(state, order.leader, int(result[1]))
    elif result.startswith("D"):
        events += lose_points(state, order.foe, int(result[1]))
    elif result == "K":
        events += lose_points(state, order.foe, rating(state, order.foe))
    return events


def melee(state: GondorState, order: Melee, dice: Dice) -> list[Event]:
    """7.3: both strike at once; each unit hit rolls for morale.

    Results queue retreats and the attacker's advance into an emptied hex (7.5).
    """
    state.struck.append(order.unit)
    attacker, defender = state.counters[order.unit], state.counters[order.target_unit]
    start, target_hex = attacker.hex, defender.hex
    assert start is not None and target_hex is not None
    if attacker.formation == "wedge":  # 6.0: the Wedge's first melee spends its charge [R]
        state.charged += [
            i
            for i, c in enumerate(state.counters)
            if c.hex == start and c.side == attacker.side and c.formation == "wedge"
        ]
    hit, struck_back, events = exchange(dice, order)
    results = []
    for unit, was_hit, foe_hex in (
        (order.target_unit, hit, start),
        (order.unit, struck_back, target_hex),
    ):
        if was_hit:
            result, check = morale_check(state, unit, missile=False, dice=dice)
            events.append(check)
            results.append((unit, result, foe_hex))
    for unit, result, foe_hex in results:
        events += apply_result(state, unit, result, foe_hex, dice)
    state.follow_ups.append(
        {"kind": "advance", "unit": order.unit, "from": start, "into": target_hex}
    )
    return events
