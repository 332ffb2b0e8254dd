"""Combat results (7.4-7.6, 8.3, 9.1, 16.47): Morale rolls, losses, eliminations, retreat hexes.

Results that need a player's answer (a retreat hex, advance or stay) or more dice (a Mûmak's
rampage) are queued in ``state.follow_ups`` and settled by :mod:`engines.gondor.combat.follow`.
"""

from __future__ import annotations

import tomllib
from typing import Protocol

from engines.base import Event
from engines.gondor.actions import counter_name, side_name
from engines.gondor.board import Board, other, stacking_problem
from engines.gondor.combat.odds import morale_modifier, morale_row, rating
from engines.gondor.combat.tables import LEADER_POINT, NO_EFFECT, morale_result
from engines.gondor.data import COUNTERS, MAP
from engines.gondor.hexes import distance
from engines.gondor.removal import destroy, wreck_at
from engines.gondor.state import GondorState
from engines.gondor.zoc import zoc
from engines.resources import data_path

LEADER_RESCUE_RANGE = 6  # 8.3: a leader joins the nearest friendly unit within 6 hexes
RETREAT_HEXES = {"R1": 1, "R2": 2, "D": 1}  # 7.4
RESULT_WORDS = {
    NO_EFFECT: "no effect",
    "R1": "retreat 1",
    "R2": "retreat 2",
    "D": "disrupted, retreat 1",
    "E": "eliminated",
}
MISSILE_WORDS = {**RESULT_WORDS, "D": "disrupted"}
FORCE_NAMES: dict[str, str] = tomllib.loads(
    (data_path("gondor") / "phases.toml").read_text(encoding="utf-8")
)["forces"]


class Dice(Protocol):
    """The part of a seeded generator (``engines.rng.rng_for``) that combat uses."""

    def randint(self, a: int, b: int) -> int:
        """A number from a to b inclusive."""
        ...


def roll(dice: Dice, n: int = 2) -> list[int]:
    """``n`` six-sided dice."""
    return [dice.randint(1, 6) for _ in range(n)]


def shown(faces: list[int], modifier: int = 0) -> str:
    """Dice as the log shows them: "4", "3+5 = 8", "3+5+1 = 9"."""
    text = "+".join(str(f) for f in faces) + (f"{modifier:+d}" if modifier else "")
    return f"{text} = {sum(faces) + modifier}" if len(faces) > 1 or modifier else text


def add_points(state: GondorState, force: str, points: int) -> str:
    """Add demoralization points to a force (9.1, 19.2); the words for the log."""
    state.totals[force] = state.totals.get(force, 0) + points
    return f"+{points} demoralization for the {FORCE_NAMES[force]}"


def eliminate(state: GondorState, index: int, why: str, dice: Dice) -> list[Event]:
    """A combat unit is eliminated (7.4): its force scores 9.1's points; its leaders roll (8.3)."""
    c = state.counters[index]
    kind = COUNTERS.units[c.type]
    where = c.hex
    points = f"+{destroy(state, index)} demoralization for the {FORCE_NAMES[kind.force]}"
    events = [Event(text=f"{counter_name(index)} is eliminated ({why}): {points}.")]
    assert where is not None
    return events + leaders_bereft(state, where, c.side, dice)


def lose_points(state: GondorState, leader: int, points: int) -> list[Event]:
    """A leader loses Rally Points (7.2, 8.3); at 0 it is eliminated; each counts (19.2)."""
    c = state.counters[leader]
    points = min(points, rating(state, leader))
    state.rating_lost[c.id] = state.rating_lost.get(c.id, 0) + points
    force = COUNTERS.leaders[c.type].force
    score = add_points(state, force, points * LEADER_POINT)
    text = f"{counter_name(leader)} loses {points} Rally Points ({score})"
    if rating(state, leader) > 0:
        return [Event(text=f"{text}; rating now {rating(state, leader)}.")]
    destroy(state, leader)
    return [Event(text=f"{text} and is eliminated.")]


def leaders_bereft(state: GondorState, hex_ref: str, side: str, dice: Dice) -> list[Event]:
    """8.3: leaders left without a friendly unit in their hex roll for a wound, then rejoin.

    2d6 <= rating or lose 1 Rally Point; then to the nearest friendly unit within six hexes,
    else eliminated. The Nazgûl Lord neither rolls nor dies here (7.2).
    """
    if any(c.hex == hex_ref and c.side == side and c.kind == "unit" for c in state.counters):
        return []
    events: list[Event] = []
    for i, c in enumerate(state.counters):
        if c.hex != hex_ref or c.side != side or c.kind != "leader":
            continue
        duel_only = COUNTERS.leaders[c.type].duel_only
        if not duel_only:
            faces = roll(dice)
            ok = sum(faces) <= rating(state, i)
            verdict = "safe" if ok else "wounded"
            events.append(Event(text=f"{counter_name(i)} rolls {shown(faces)}: {verdict} (8.3)."))
            if not ok:
                events += lose_points(state, i, 1)
                if c.hex is None:
                    continue
        events += _rejoin(state, i, None if duel_only else LEADER_RESCUE_RANGE)
    return events


def _rejoin(state: GondorState, leader: int, reach: int | None) -> list[Event]:
    """Move a leader to the nearest friendly combat unit (ties: lower hex id)."""
    c = state.counters[leader]
    assert c.hex is not None
    start = c.hex
    found = sorted(
        (distance(start, o.hex), o.hex)
        for o in state.counters
        if o.kind == "unit" and o.side == c.side and o.hex is not None
    )
    found = [f for f in found if reach is None or f[0] <= reach]
    if found:
        c.hex = found[0][1]
        return [Event(text=f"{counter_name(leader)} joins the unit in {c.hex} (8.3).")]
    if reach is None:
        return []  # the Nazgûl Lord is harmed only by individual combat (7.2)
    # 19.2: the leader is lost to combat, so every Rally Point he has left counts
    lost = lose_points(state, leader, rating(state, leader))
    return [Event(text=f"{counter_name(leader)} finds no friendly unit within reach (8.3)."), *lost]


def morale_check(state: GondorState, index: int, missile: bool, dice: Dice) -> tuple[str, Event]:
    """Roll on the Morale Table for a unit hit (7.4); the result and the log line."""
    row, modifier = morale_row(state, index), morale_modifier(state, index)
    faces = roll(dice)
    result = morale_result(row, sum(faces) + modifier, missile)
    words = (MISSILE_WORDS if missile else RESULT_WORDS)[result]
    text = f"Morale roll for {counter_name(index)} (row {row}): {shown(faces, modifier)}, {words}."
    return result, Event(text=text)


def apply_result(
    state: GondorState, index: int, result: str, enemy_hex: str | None, dice: Dice
) -> list[Event]:
    """Carry out a Morale result; ``enemy_hex`` = the melee foe's hex (None: missile fire)."""
    c = state.counters[index]
    if result == NO_EFFECT or c.hex is None:
        return []
    events = wreck_at(state, c.hex) if enemy_hex else []
    if result == "E":
        return events + eliminate(state, index, "Morale Table", dice)
    if result == "D":
        if c.disrupted:
            return events + eliminate(state, index, "disrupted again", dice)
        c.disrupted = True
        events.append(Event(text=f"{counter_name(index)} is disrupted."))
    if enemy_hex is None:
        return events
    if COUNTERS.units[c.type].type == "mumak":
        state.follow_ups.append({"kind": "rampage", "unit": index})
    else:
        hexes = RETREAT_HEXES[result]
        state.follow_ups.append(
            {"kind": "retreat", "unit": index, "hexes": hexes, "away": enemy_hex}
        )
    return events


def _may_cross(board: Board, side: str, mounted: bool, a: str, b: str) -> bool:
    """A retreat step a->b: never up an unbreached wall, mounted units only through gates."""
    wall = MAP.side(a, b)
    if wall is None:
        return True
    if wall.kind == "gate" and (wall.id in board.breaches or board.gates.get(wall.id) == side):
        return True
    return not mounted and (wall.id in board.breaches or wall.upper == a)


def retreat_paths(state: GondorState, index: int, hexes: int, away: str) -> dict[str, list[str]]:
    """End hex -> path of every legal retreat (7.5).

    Each hex further from ``away``; never into enemy counters, enemy ZOC or Mountain, nor up an
    unbreached wall; cavalry never next to a Mûmak (14.31); stacking holds at the end.
    """
    c = state.counters[index]
    assert c.hex is not None
    board = state.board()
    me = board.piece(c.id)
    enemy_zoc = zoc(board, other(c.side))
    near_mumak = {
        n
        for p in board.pieces
        if p.mobility == "mumak" and p.hex is not None
        for n in (p.hex, *MAP.neighbours[p.hex])
    }
    paths: list[list[str]] = [[c.hex]]
    for _ in range(hexes):
        longer = []
        for path in paths:
            here = path[-1]
            for n in MAP.neighbours[here]:
                if distance(away, n) <= distance(away, here) or n in enemy_zoc:
                    continue
                if MAP.hexes[n].terrain == "mountain" or (
                    me.mobility == "cavalry" and n in near_mumak
                ):
                    continue
                if any(p.side != c.side for p in board.at(n)):
                    continue
                if _may_cross(board, c.side, me.mounted, here, n):
                    longer.append([*path, n])
        paths = longer
    out: dict[str, list[str]] = {}
    for path in paths:
        end = path[-1]
        staying = [p for p in board.at(end) if p.side == c.side]
        if end not in out and stacking_problem([*staying, me]) is None:
            out[end] = path[1:]
    return dict(sorted(out.items()))


def retreat(state: GondorState, index: int, path: list[str]) -> list[Event]:
    """Move a unit and the leaders in its hex along a retreat path (7.5); formations break."""
    c = state.counters[index]
    start = c.hex
    unit_left = any(
        o.hex == start and o.side == c.side and o.kind == "unit" and o is not c
        for o in state.counters
    )
    for o in state.counters:
        if o.hex == start and o.side == c.side and o.formation is not None:
            o.formation = None
    goes = [c] + (
        []
        if unit_left
        else [
            o for o in state.counters if o.hex == start and o.side == c.side and o.kind == "leader"
        ]
    )
    for o in goes:
        o.hex = path[-1]
    state.visit(c.side, path)
    return [
        Event(
            text=f"{side_name(c.side)} retreats {counter_name(index)} from {start} to {path[-1]}."
        )
    ]
