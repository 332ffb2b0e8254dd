"""The Forces of Sauron Siege Phase (B; 16.x): breach fire, Grond, fireballs and Heads, advance.

Sauron fires first; then Westernesse's catapults may hurl fireballs, "always hurled in the
Siege Phase" (16.6), the only one the sequence of play has.

At its start fires outside the city go out (16.66) and Siege Towers' readiness is noted
(16.41). A breach made at range 1 lets the
infantry stacked with the weapon advance through it (16.51-16.52): a pending decision.
"""

from __future__ import annotations

from functools import cache

from engines.base import Action, Event, IllegalAction, Unavailable
from engines.gondor.actions import EndPhase, counter_name
from engines.gondor.board import stacking_problem
from engines.gondor.data import MAP, TABLES
from engines.gondor.hexes import distance
from engines.gondor.phase import PhaseRules
from engines.gondor.siege.actions import (
    BreachFire,
    GrondBreach,
    Hurl,
    SiegeAdvance,
    StayPut,
    breach_totals,
    totals_text,
    wall_name,
)
from engines.gondor.siege.fireballs import (
    apply_hurl,
    catapults,
    clear_line,
    fireball_orders,
    hurl_orders,
)
from engines.gondor.state import GondorState, Pending, climbable_walls
from engines.gondor.victory import adjustment, settle
from engines.gondor.zoc import zoc
from engines.rng import rng_for

CATAPULT_RANGE = max(
    int(r["range"])
    for r in TABLES.breach["row"]  # type: ignore[attr-defined]
    if r["weapon"] == "catapult"
)
MAIN_GATE = "/".join(sorted(MAP.places["main_gate"]))


def activate_grond(state: GondorState) -> None:
    """Operate Grond (17.13) succeeded: Grond may batter from now on (16.13, 16.28)."""
    state.grond_active = True


@cache
def breach_targets(hex_ref: str) -> tuple[tuple[str, int], ...]:
    """(hexside, range) a catapult in ``hex_ref`` may fire at (16.21-16.24).

    Range = 1 + the distance to the nearer hex of the hexside; only hexsides the map lets a
    catapult breach (never the Outer Wall or the Main Gate, 15.23); in a clear line.
    """
    out: dict[str, int] = {}
    for h in MAP.grid.within(hex_ref, CATAPULT_RANGE - 1):
        for n in MAP.neighbours[h]:
            wall = MAP.side(h, n)
            if wall is None or "catapult" not in wall.breachable_by or wall.id in out:
                continue
            near = min(distance(hex_ref, x) for x in wall.hexes)
            seen = any(clear_line(hex_ref, x) for x in wall.hexes if distance(hex_ref, x) == near)
            if seen and breach_totals("catapult", near + 1, wall.id):
                out[wall.id] = near + 1
    return tuple(sorted(out.items()))


def breach_orders(state: GondorState) -> list[Action]:
    """Every breach fire Sauron's ready catapults may make at unbreached hexsides."""
    out: list[Action] = []
    for i in catapults(state, "sauron"):
        hex_ref = state.counters[i].hex
        assert hex_ref is not None
        for wall, rng in breach_targets(hex_ref):
            if wall not in state.breaches:
                a, b = wall.split("/")
                out.append(BreachFire(counter=i, a=a, b=b, range=rng))
    return out


def grond_orders(state: GondorState) -> list[Action]:
    """16.28: once activated, Grond with a Troll or Uruk-Hai batters an adjacent hexside."""
    if not state.grond_active:
        return []
    out: list[Action] = []
    for i, c in enumerate(state.counters):
        if c.hex is None or c.piece().mobility != "grond" or i in state.fired:
            continue
        for n in MAP.neighbours[c.hex] if _carried(state, c.hex) else ():
            wall = MAP.side(c.hex, n)
            if wall and "grond" in wall.breachable_by and wall.id not in state.breaches:
                a, b = wall.hexes
                out.append(GrondBreach(counter=i, a=a, b=b))
    return out


def _carried(state: GondorState, hex_ref: str) -> bool:
    """A Troll or Uruk-Hai stands in the hex: Grond may move and batter (16.13, 16.28)."""
    return any(
        d.hex == hex_ref and (u := d.piece().unit_type) is not None and u.carries_grond
        for d in state.counters
    )


def _idle_grond(state: GondorState) -> list[tuple[int, str]]:
    """Grond counters facing a wall they could batter but may not yet, and why."""
    out = []
    for i, c in enumerate(state.counters):
        if c.hex is None or c.piece().mobility != "grond" or i in state.fired:
            continue
        walls = (MAP.side(c.hex, n) for n in MAP.neighbours[c.hex])
        if not any(w and "grond" in w.breachable_by and w.id not in state.breaches for w in walls):
            continue
        if not state.grond_active:
            out.append((i, "Operate Grond first: the Nazgûl Lord casts it (17.13)."))
        elif not _carried(state, c.hex):
            out.append((i, "Grond batters only with Trolls or Uruk-Hai in its hex (16.28)."))
    return out


class SiegePhase(PhaseRules):
    """Phase B: Sauron's catapults and Grond, one firing each."""

    def start(self, state: GondorState) -> list[Event]:
        """Fires outside the city go out (16.66); Siege Towers in place are noted (16.41)."""
        if state.acting == "westernesse":
            return []  # its part of the phase: the phase began with Sauron's
        out = [h for h in state.fires if not MAP.hexes[h].in_city]
        state.fires = [h for h in state.fires if h not in out]
        state.tower_bases = {
            c.id: c.hex
            for c in state.counters
            if c.hex is not None and c.piece().mobility == "siege-tower" and climbable_walls(c.hex)
        }
        return [Event(text=f"The fires outside the city go out: {', '.join(out)}.")] if out else []

    def choices(self, state: GondorState) -> list[Action]:
        """Sauron: breach fire, Grond, fireballs and Heads; Westernesse: fireballs; End phase."""
        if state.acting == "westernesse":
            return [*fireball_orders(state), EndPhase()]
        hurls = hurl_orders(state, "sauron", heads=True)
        return [*breach_orders(state), *grond_orders(state), *hurls, EndPhase()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Fire one weapon."""
        if isinstance(action, Hurl):
            events = apply_hurl(state, action)
        elif isinstance(action, BreachFire):
            events = _breach(state, action.counter, action.hexside, "catapult", action.range)
        elif isinstance(action, GrondBreach):
            events = _breach(state, action.counter, action.hexside, "grond", 1)
        else:
            raise IllegalAction("That is not possible in the Siege Phase.")
        settle(state)
        return events

    def unavailable(self, state: GondorState) -> list[Unavailable]:
        """Grond next to a wall it could batter, greyed with what it lacks (16.28, 17.13)."""
        if state.acting == "westernesse":
            return []
        return [
            Unavailable(label=f"{counter_name(i)} batters", reason=why)
            for i, why in _idle_grond(state)
        ]

    def prompt(self, state: GondorState) -> str | None:
        """What the acting side does here."""
        if state.acting == "westernesse":
            return "Westernesse: hurl fireballs with your catapults (16.6), or end the phase."
        return "Sauron: fire the catapults (breach, fireball, Head), batter with Grond, or end."


def _breach(state: GondorState, weapon: int, wall: str, kind: str, rng: int) -> list[Event]:
    """Roll 2d6 on the Breach Probability Table (16.3): exactly a listed total breaches."""
    need = breach_totals(kind, rng, wall)
    dice = rng_for(state.seed, f"breach-{state.step}")
    a, b = dice.randint(1, 6), dice.randint(1, 6)
    state.fired.append(weapon)
    hit = a + b in need
    verdict = "breached!" if hit else "no effect."
    text = (
        f"{counter_name(weapon)} at {wall_name(wall)} (range {rng}, breaches on "
        f"{totals_text(need)}): rolls {a}+{b} = {a + b}, {verdict}"
    )
    events = [Event(text=text)]
    if not hit:
        return events
    state.breaches.append(wall)
    if kind == "grond" and wall == MAIN_GATE:
        points = adjustment("garrison", "main-gate-breached-by-grond")
        state.totals["garrison"] = state.totals.get("garrison", 0) + points
        events.append(Event(text=f"Grond has broken the Main Gate: garrison +{points} (19.11)."))
    if rng == 1:
        _offer_advance(state, weapon, wall)
    return events


def _offer_advance(state: GondorState, weapon: int, wall: str) -> None:
    """16.51-16.52: ask whether infantry stacked with the weapon advances through the breach.

    Never into an enemy counter or an enemy ZOC, nor breaking stacking.
    """
    here = state.counters[weapon].hex
    assert here is not None
    there = next(h for h in MAP.hexsides[wall].hexes if h != here)
    board = state.board()
    if there in zoc(board, "westernesse") or any(p.side != "sauron" for p in board.at(there)):
        return
    units = [
        i
        for i, c in enumerate(state.counters)
        if c.hex == here
        and c.side == "sauron"
        and c.piece().mobility == "infantry"
        and stacking_problem([*board.at(there), c.piece()]) is None
    ]
    if units:
        data = {"units": units, "hex": there}
        state.pending = Pending(side="sauron", kind="siege-advance", data=data)


class SiegeAdvanceRules(PhaseRules):
    """The pending decision after a range-1 breach: advance one hex through it, or stay."""

    def choices(self, state: GondorState) -> list[Action]:
        """Each infantry unit that may advance, and Stay."""
        assert state.pending is not None
        there = str(state.pending.data["hex"])
        units = state.pending.data["units"]
        return [*(SiegeAdvance(counter=i, hex=there) for i in units), StayPut()]

    def apply(self, state: GondorState, action: Action) -> list[Event]:
        """Advance the unit, or not."""
        state.pending = None
        if not isinstance(action, SiegeAdvance):
            return [Event(text="Sauron does not advance through the breach.")]
        state.counters[action.counter].hex = action.hex
        state.visit("sauron", [action.hex])
        return [Event(text=f"{action.label()} (16.51).")]

    def prompt(self, state: GondorState) -> str | None:
        """The question."""
        return "Sauron: advance through the breach (16.51), or stay?"
