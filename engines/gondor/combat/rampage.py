"""The Mûmakil rampage (14.32): a Mûmak given a retreat result runs wild on the Scatter Diagram.

It runs until it leaves the map (eliminated), runs into a Wall or a gate its side does not
control (eliminated, 15.15: such a gate is a wall), meets a hexside or hex it cannot enter (it
stops), comes next to a combat unit or spends its Movement Allowance.
Where it stops it melees one combat unit next to it, friend or foe; with more than one, its
owner chooses (pending "trample"). Then it is disrupted until rallied.
"""

from __future__ import annotations

from engines.base import Event
from engines.gondor.actions import counter_name, side_name
from engines.gondor.board import Board
from engines.gondor.combat.actions import Trample
from engines.gondor.combat.odds import may_fight_across, melee_need
from engines.gondor.combat.results import Dice, apply_result, eliminate, morale_check
from engines.gondor.combat.strikes import strike
from engines.gondor.data import MAP, TABLES
from engines.gondor.hexes import hex_id, step
from engines.gondor.state import GondorState, Pending


def _crossable(board: Board, side: str, a: str, b: str) -> bool | None:
    """The hexside a-b for a rampaging Mûmak: True it crosses, False it stops, None it dies.

    An unbreached Wall kills it (14.32), and so does a gate that is neither breached nor its
    side's: "uncontrolled gates are treated as walls" (15.15). It passes a breached gate or its
    side's; a breached wall or a tower hexside, which it may not cross (15.22), stop it.
    """
    wall = MAP.side(a, b)
    if wall is None:
        return True
    if wall.kind == "gate":
        return True if wall.id in board.breaches or board.gates.get(wall.id) == side else None
    if wall.kind == "wall" and wall.id not in board.breaches:
        return None
    return False


def rampage(state: GondorState, index: int, dice: Dice) -> list[Event]:
    """14.32: one die on the Scatter Diagram; the Mûmak moves up to its MA that way.

    Then it melees a combat unit next to where it stops (its owner's choice among several).
    """
    c = state.counters[index]
    die = dice.randint(1, 6)
    direction = TABLES.scatter[die]
    way = TABLES.directions[direction]
    events = [Event(text=f"{counter_name(index)} rampages (14.32): die {die}, {direction}.")]
    assert c.hex is not None
    board = state.board()
    for _ in range(TABLES.movement.mumak):
        col, row = step(c.hex, way.column, way.odd_row, way.even_row)
        if not MAP.grid.contains(col, row):
            return events + eliminate(state, index, "ran off the map", dice)
        ahead = hex_id(col, row)
        crossing = _crossable(board, c.side, c.hex, ahead)
        if crossing is None:
            wall = MAP.side(c.hex, ahead)
            gate = wall is not None and wall.kind == "gate"
            why = "ran into a gate it does not hold, a Wall (15.15)" if gate else "ran into a Wall"
            return events + eliminate(state, index, why, dice)
        if not crossing or MAP.hexes[ahead].terrain == "mountain":
            break
        if any(o.hex == ahead for o in state.counters):
            break
        c.hex = ahead
        state.visit(c.side, [ahead])  # 15.15, 20.1 C: it passes the hex
        if any(o.kind == "unit" and o.hex in MAP.neighbours[ahead] for o in state.counters):
            break
    events.append(Event(text=f"{counter_name(index)} stops in {c.hex}."))
    found = trample_orders(state, index)
    if len(found) > 1:
        state.pending = Pending(side=c.side, kind="trample", data={"unit": index})
        return events
    return events + trample(state, found[0] if found else None, dice, index)


def trample_orders(state: GondorState, index: int) -> list[Trample]:
    """The melees the rampaging Mûmak may make, with both sides' odds.

    One per combat unit next to it, friend or foe, that it can fight across their hexside (7.3).
    """
    c = state.counters[index]
    assert c.hex is not None
    board = state.board()
    out = []
    for t, o in enumerate(state.counters):
        if o.kind != "unit" or t == index or o.hex not in MAP.neighbours[c.hex]:
            continue
        if not may_fight_across(state, board, c.hex, o.hex, c.side):
            continue
        need = melee_need(state, board, index, t, attack=True)
        back = melee_need(state, board, t, index, attack=False)
        out.append(Trample(unit=index, target_unit=t, hex=o.hex, need=need, back=back))
    return out


def trample(state: GondorState, order: Trample | None, dice: Dice, index: int) -> list[Event]:
    """The rampage's melee (7.3), if any, then the Mûmak is disrupted until rallied (14.32).

    Both strike at once; the victim's result is carried out as any melee's (retreat away from
    the Mûmak); the Mûmak's own result is taken where it stands: it neither retreats nor
    rampages again, it has stopped.
    """
    events: list[Event] = []
    if order is not None:
        hit, line = strike(dice, order.actor(), order.target(), order.need)
        events.append(line)
        struck_back = False
        if order.back:
            struck_back, back_line = strike(dice, order.target(), order.actor(), order.back)
            events.append(back_line)
        mumak_hex = state.counters[index].hex
        results = []
        pairs = ((order.target_unit, hit, mumak_hex), (index, struck_back, None))
        for unit, was_hit, foe_hex in pairs:
            if was_hit:
                result, check = morale_check(state, unit, missile=False, dice=dice)
                events.append(check)
                results.append((unit, result, foe_hex))
        for unit, result, foe_hex in results:
            events += apply_result(state, unit, result, foe_hex, dice)
    c = state.counters[index]
    if c.hex is not None and not c.disrupted:
        c.disrupted = True
        events.append(Event(text=f"{counter_name(index)} is disrupted (14.32)."))
    return events


def trample_prompt(state: GondorState, index: int) -> str:
    """The owner's question when the Mûmak stops next to several units."""
    c = state.counters[index]
    return (
        f"{side_name(c.side)}: {counter_name(index)} stopped in {c.hex} next to several units; "
        "choose which it attacks (14.32)."
    )
