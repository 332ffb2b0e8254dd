"""Fireballs (16.6) and Severed Heads (16.8): targets, scatter, where they land, effects."""

from __future__ import annotations

from functools import cache

from engines.base import Action, Event, IllegalAction
from engines.gondor.actions import counter_name, side_name
from engines.gondor.data import GAME, MAP, TABLES, Side
from engines.gondor.hexes import distance, hex_id, step
from engines.gondor.removal import cauldron_lost, destroy
from engines.gondor.siege.actions import Hurl
from engines.gondor.state import GondorState
from engines.rng import rng_for

RANGE = int(TABLES.fireball["range"])  # type: ignore[arg-type]
SCATTER_FROM = int(TABLES.fireball["scatter_from"])  # type: ignore[arg-type]
ON_TARGET = tuple(TABLES.fireball["on_target"])  # type: ignore[arg-type]
BURNS = ("catapult", "siege-tower")  # 16.65; cauldrons too (below)
HEAD_POINTS = next(
    int(a["points"])
    for f in GAME.force
    for a in f["adjust"]  # type: ignore[attr-defined]
    if a["event"] == "severed-head-lands-in-city"
)
GARRISON = "garrison"  # game.toml [[force]] id (19.11)


def _mountain(hex_ref: str) -> bool:
    return MAP.hexes[hex_ref].terrain == "mountain"


@cache
def clear_line(a: str, b: str) -> bool:
    """16.24, 16.61: nothing but Mountain blocks (a line along a hexside only if both are)."""
    return not any(all(_mountain(h) for h in cells) for cells in MAP.grid.line(a, b)[1:])


@cache
def targets(hex_ref: str) -> tuple[tuple[str, int], ...]:
    """(hex, range) a catapult in ``hex_ref`` may hurl at (16.61).

    Range 1-4, counting the target and not the firer's hex; never Mountain; in a clear line.
    """
    return tuple(
        (h, distance(hex_ref, h))
        for h in MAP.grid.within(hex_ref, RANGE)
        if h != hex_ref and not _mountain(h) and clear_line(hex_ref, h)
    )


def catapults(state: GondorState, side: Side) -> list[int]:
    """The side's catapults on the map that have not fired this Game-Turn (16.12)."""
    return [
        i
        for i, c in enumerate(state.counters)
        if c.side == side
        and c.hex is not None
        and c.piece().mobility == "catapult"
        and i not in state.fired
    ]


def hurl_orders(state: GondorState, side: Side, heads: bool) -> list[Action]:
    """Every fireball (and Head, if ``heads``) a side's ready catapults may hurl."""
    out: list[Action] = []
    kinds = (False, True) if heads and state.heads_left > 0 else (False,)
    for i in catapults(state, side):
        hex_ref = state.counters[i].hex
        assert hex_ref is not None
        out += [Hurl(counter=i, hex=h, head=k, range=r) for k in kinds for h, r in targets(hex_ref)]
    return out


def fireball_orders(state: GondorState) -> list[Action]:
    """16.6: "Fireballs are always hurled in the Siege Phase": Westernesse's, after Sauron's."""
    return hurl_orders(state, "westernesse", heads=False)


@cache
def _scattered(hex_ref: str, die: int) -> str | None:
    """The hex a missile aimed at ``hex_ref`` scatters to on ``die`` (None: lost, 16.63)."""
    way = TABLES.directions[TABLES.scatter[die]]
    column, row = step(hex_ref, way.column, way.odd_row, way.even_row)
    if not MAP.grid.contains(column, row) or _mountain(hex_id(column, row)):
        return None
    return hex_id(column, row)


def landing(state: GondorState, action: Hurl) -> tuple[str | None, str]:
    """Where the missile lands (None: off the map or on Mountain, lost) and the roll's words."""
    if action.range < SCATTER_FROM:
        return action.hex, ""
    rng = rng_for(state.seed, f"hurl-{state.step}")
    die = rng.randint(1, 6)
    if die in ON_TARGET:
        return action.hex, f" Die {die}: on target."
    direction = TABLES.scatter[die]
    where = _scattered(action.hex, die)
    if where is None:
        return None, f" Die {die}: it scatters {direction} and is lost."
    return where, f" Die {die}: it scatters {direction} to {where}."


def wasted_hexes(state: GondorState) -> frozenset[str]:
    """Hexes where a Head is removed with no point: fires and cauldrons (16.86)."""
    cauldrons = (c.hex for c in state.counters if c.is_cauldron and c.hex is not None)
    return frozenset((*state.fires, *cauldrons))


def head_chance(state: GondorState, action: Hurl, wasted: frozenset[str] | None = None) -> float:
    """The chance a Head hurled so lands where it scores: public, the die is not yet rolled.

    ``wasted``: ``wasted_hexes(state)``, worked out once when many Heads are weighed.
    """
    wasted = wasted_hexes(state) if wasted is None else wasted
    if action.range < SCATTER_FROM:
        lands: list[str | None] = [action.hex]
    else:
        lands = [action.hex if d in ON_TARGET else _scattered(action.hex, d) for d in range(1, 7)]
    scores = [h is not None and MAP.hexes[h].in_city and h not in wasted for h in lands]
    return sum(scores) / len(scores)


def apply_hurl(state: GondorState, action: Hurl) -> list[Event]:
    """Hurl a fireball or a Head (16.6, 16.8): the catapult's one firing this Game-Turn."""
    c = state.counters[action.counter]
    if action.counter not in catapults(state, c.side) or c.side != state.acting:
        raise IllegalAction("That catapult cannot fire now.")
    state.fired.append(action.counter)
    what = "a Severed Head" if action.head else "a fireball"
    if action.head:
        state.heads_left -= 1
    where, roll = landing(state, action)
    who = f"{side_name(c.side)}: {counter_name(action.counter)} hurls {what} at {action.hex}."
    events = [Event(text=who + roll)]
    if where is None:
        return events
    effects = _head(state, where) if action.head else _fire(state, where)
    return [*events, *effects]


def _fire(state: GondorState, hex_ref: str) -> list[Event]:
    """16.65-16.67, 16.86: a Fire counter; what burns; a Head there is removed.

    Catapults, cauldrons and siege towers burn, and any combat unit stacked with a siege tower;
    the Head's point stays.
    """
    out = [Event(text=f"Fire in {hex_ref}.")]
    if hex_ref not in state.fires:
        state.fires.append(hex_ref)
    here = [i for i, c in enumerate(state.counters) if c.hex == hex_ref]
    tower = any(state.counters[i].piece().mobility == "siege-tower" for i in here)
    for i in here:
        c = state.counters[i]
        if c.is_cauldron:
            out += cauldron_lost(state, i, "burns")
        elif c.piece().mobility in BURNS or (tower and c.kind == "unit"):
            out.append(Event(text=f"{counter_name(i)} burns."))
            destroy(state, i)
    if hex_ref in state.heads:
        state.heads.remove(hex_ref)
        out.append(Event(text=f"The Head in {hex_ref} burns (its point stays)."))
    return out


def _head(state: GondorState, hex_ref: str) -> list[Event]:
    """16.83-16.86: in the city it stays (garrison +1, its hex's units shaken); else removed."""
    if not MAP.hexes[hex_ref].in_city:
        text = f"The Head lands in {hex_ref}, outside the city, and is removed (16.85)."
        return [Event(text=text)]
    if hex_ref in wasted_hexes(state):
        text = f"The Head lands on a fire or a cauldron in {hex_ref}: removed (16.86)."
        return [Event(text=text)]
    state.heads.append(hex_ref)
    state.totals[GARRISON] = state.totals.get(GARRISON, 0) + HEAD_POINTS
    text = (
        f"The Head lands in {hex_ref}: garrison +{HEAD_POINTS}; Westernesse units in its hex "
        "are one morale row worse while it stays (16.83-16.84)."
    )
    return [Event(text=text)]
