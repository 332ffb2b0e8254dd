"""Siege actions (16.x): breach fire, Grond, fireballs and Heads, advance, Ladders, oil."""

from __future__ import annotations

from typing import ClassVar, Literal

from engines.base import Action
from engines.gondor.actions import Order, counter_name
from engines.gondor.data import MAP, TABLES
from engines.gondor.hexes import hexside_id
from engines.gondor.places import hex_place


def breach_totals(weapon: str, rng: int, hexside: str) -> tuple[int, ...]:
    """The 2d6 totals that breach this hexside (16.3 table; exactly these, 16.22)."""
    kind = MAP.hexsides[hexside].kind
    for row in TABLES.breach["row"]:  # type: ignore[attr-defined]
        if row["weapon"] == weapon and row["range"] == rng:
            return tuple(row[kind])
    return ()


def totals_text(totals: tuple[int, ...]) -> str:
    """9; 8 or 9; 4-10 (a run of three or more)."""
    if len(totals) > 2 and totals == tuple(range(totals[0], totals[-1] + 1)):
        return f"{totals[0]}-{totals[-1]}"
    return " or ".join(map(str, totals))


def _chance(totals: tuple[int, ...]) -> str:
    ways = sum(6 - abs(t - 7) for t in totals)
    return f"{ways} in 36"


def wall_name(hexside: str) -> str:
    """The wall section: "the wall 2213/2214 of city level 1", "the Main Gate 1917/1918".

    An unnamed wall, tower or gate is named by the city level it closes.
    """
    side = MAP.hexsides[hexside]
    if side.name:
        return f"the {side.name} {hexside}"
    of = f" of city level {side.into_level}" if side.into_level else ""
    return f"the {side.kind} {hexside}{of}"


class _Hexside(Action):
    a: str
    b: str

    @property
    def hexside(self) -> str:
        """The hexside id ("2213/2214")."""
        return hexside_id(self.a, self.b)


class BreachFire(Order, _Hexside):
    """A Sauron catapult fires at a wall, gate or tower hexside (16.21-16.23)."""

    kind: Literal["breach_fire"] = "breach_fire"
    command: ClassVar[str] = "breach"
    counter: int
    range: int

    def actor(self) -> str:
        """The catapult."""
        return counter_name(self.counter)

    def target(self) -> str:
        """The hexside."""
        return wall_name(self.hexside)

    def label(self) -> str:
        """E.g. "Catapult 1 at the wall 2213/2214 (range 2: breaches on 9)"."""
        need = totals_text(breach_totals("catapult", self.range, self.hexside))
        return f"{self.actor()} at {self.target()} (range {self.range}: breaches on {need})"

    def detail(self) -> str | None:
        """The odds."""
        need = breach_totals("catapult", self.range, self.hexside)
        return f"2d6 must show exactly {totals_text(need)} ({_chance(need)}); its firing this turn."


class GrondBreach(Order, _Hexside):
    """Grond batters an adjacent hexside (16.28)."""

    kind: Literal["grond"] = "grond"
    command: ClassVar[str] = "breach"
    counter: int

    def actor(self) -> str:
        """Grond."""
        return counter_name(self.counter)

    def target(self) -> str:
        """The hexside."""
        return wall_name(self.hexside)

    def label(self) -> str:
        """E.g. "Grond at the Main Gate 1917/1918 (breaches on 4-10)"."""
        need = totals_text(breach_totals("grond", 1, self.hexside))
        return f"{self.actor()} at {self.target()} (breaches on {need})"

    def detail(self) -> str | None:
        """The odds."""
        need = breach_totals("grond", 1, self.hexside)
        return f"2d6 must show exactly {totals_text(need)} ({_chance(need)}); once a Siege Phase."


class Hurl(Order):
    """A catapult hurls a fireball (16.6) or a Severed Head (16.8) at a hex."""

    kind: Literal["hurl"] = "hurl"
    command: ClassVar[str] = "fire"
    counter: int
    hex: str
    head: bool
    range: int

    def actor(self) -> str:
        """The catapult."""
        return counter_name(self.counter)

    def target(self) -> str:
        """The hex and the place it is: "1921, Pelennor fields near the East road"."""
        return hex_place(self.hex)

    def label(self) -> str:
        """E.g. "Catapult 1 hurls a fireball at 2213, city level 1 (range 3: may scatter)"."""
        scatter = ": may scatter" if self.range >= int(TABLES.fireball["scatter_from"]) else ""  # type: ignore[arg-type]
        return f"{self.heading()} {self.target()} (range {self.range}{scatter})"

    def heading(self) -> str:
        """What every hurl of this catapult and missile shares: "Catapult 1 hurls a fireball at"."""
        what = "a Severed Head" if self.head else "a fireball"
        return f"{self.actor()} hurls {what} at"

    def detail(self) -> str | None:
        """What it does."""
        if self.head:
            return "In the city: garrison +1 and units there one morale row worse this turn."
        return "Fire: burns catapults, cauldrons, siege towers (and units with them); +3 MP."


class SiegeAdvance(Action):
    """16.51: the infantry stacked with the weapon advances through the breach it made."""

    kind: Literal["siege_advance"] = "siege_advance"
    counter: int
    hex: str

    def label(self) -> str:
        """E.g. "Orc Infantry 3 advances through the breach to 2213"."""
        return f"{counter_name(self.counter)} advances through the breach to {hex_place(self.hex)}"


class StayPut(Action):
    """16.52: the advance is voluntary."""

    kind: Literal["siege_stay"] = "siege_stay"

    def label(self) -> str:
        """Button text."""
        return "Stay (no advance)"


class PlaceLadder(_Hexside):
    """16.43: a Ladder against a wall hexside, usable from the next Game-Turn."""

    kind: Literal["ladder"] = "ladder"

    def label(self) -> str:
        """E.g. "Place a ladder at the wall 2213/2214 of city level 1"."""
        return f"Place a ladder at {wall_name(self.hexside)}"

    def detail(self) -> str | None:
        """When it can be used."""
        return "From the next Game-Turn your units climb here for +3 MP (16.43)."


class NoLadder(Action):
    """Place no Ladder."""

    kind: Literal["no_ladder"] = "no_ladder"

    def label(self) -> str:
        """Button text."""
        return "No ladder"


class PickUpOil(Action):
    """16.75: a unit entering a cauldron's hex picks up one oil counter."""

    kind: Literal["pick_oil"] = "pick_oil"
    counter: int

    def label(self) -> str:
        """E.g. "Gondor Spearmen 2 picks up oil"."""
        return f"{counter_name(self.counter)} picks up oil"

    def detail(self) -> str | None:
        """What carrying costs."""
        return "The carrier may pour it from above (16.74); MA -1 and APR -1 while it carries."


class LeaveOil(Action):
    """Pick up no oil."""

    kind: Literal["leave_oil"] = "leave_oil"

    def label(self) -> str:
        """Button text."""
        return "Leave it"


class PourOil(Action):
    """16.74: pour a carrier's oil on the enemy below."""

    kind: Literal["pour"] = "pour"
    counter: int
    hex: str

    def label(self) -> str:
        """E.g. "Pour oil from Gondor Spearmen 2 on 2214, Pelennor fields"."""
        return f"Pour oil from {counter_name(self.counter)} on {hex_place(self.hex)}"

    def detail(self) -> str | None:
        """What it does."""
        return "Destroys every Sauron combat unit and Siege Tower there; the oil is used up."


class HoldOil(Action):
    """Do not pour now."""

    kind: Literal["hold_oil"] = "hold_oil"

    def label(self) -> str:
        """Button text."""
        return "Hold"


SIEGE_ACTIONS: tuple[type[Action], ...] = (
    BreachFire,
    GrondBreach,
    Hurl,
    SiegeAdvance,
    StayPut,
    PlaceLadder,
    NoLadder,
    PickUpOil,
    LeaveOil,
    PourOil,
    HoldOil,
)
