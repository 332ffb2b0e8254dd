"""The actions of the Magic Leader Phases (A, E; 8.5, 17.0) and of the Banner (18.22)."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from engines.base import Action
from engines.gondor.actions import Order, counter_name
from engines.gondor.magic.chart import CHART, SPELLS, Spell, odds_text
from engines.gondor.places import hex_place
from engines.text import plural


class Cast(Order):
    """A magic leader spends ``points`` on a spell: sure at its cost, else a d6 attempt (17.3)."""

    kind: Literal["cast"] = "cast"
    command: ClassVar[str] = "cast"
    leader: int
    spell: int = Field(ge=0, lt=len(CHART))  # the chart line pricing this cast (CHART index)
    points: int = Field(ge=1)

    @property
    def line(self) -> Spell:
        """The chart line (tables.toml [[spell]]) this cast is priced by."""
        return SPELLS[CHART[self.spell]]

    @property
    def needs(self) -> int:
        """The highest d6 that casts the spell (6 = sure)."""
        return self.line.needs(self.points) or 0

    @property
    def sure(self) -> bool:
        """True when the points buy an automatic cast."""
        return self.points >= self.line.auto

    def label(self) -> str:
        """E.g. "Cast FearSpell with 5 points (sure)" or "Attempt ... (succeeds on 1-4)"."""
        verb = "Cast" if self.sure else "Attempt"
        spell = self.line
        points = plural(self.points, "point")
        return f"{verb} {spell.label} with {points} ({odds_text(self.needs)})"

    def detail(self) -> str | None:
        """The effect, and what a failure costs."""
        summary = self.line.summary
        effect = f"{summary[0].upper()}{summary[1:]}."
        if self.sure:
            return effect
        fails = f"On {self.needs + 1}-6 it fails and costs nothing (17.3)."
        both = f"{effect} {fails}"
        return both if len(both) <= 100 else fails

    def actor(self) -> str:
        """The magic leader."""
        return counter_name(self.leader)

    def target(self) -> str:
        """The spell, with the points (the same spell is offered at several amounts)."""
        return f"{self.line.label} ({plural(self.points, 'point')})"


class MagicSelect(Action):
    """Choose to move the magic leader this phase instead of casting (3.4); then a Move."""

    kind: Literal["magic_select"] = "magic_select"
    leader: int

    def label(self) -> str:
        """E.g. "Move Gandalf"."""
        return f"Move {counter_name(self.leader)}"

    def detail(self) -> str | None:
        """What moving costs."""
        return "Up to 6 MP; a leader that moves may not cast in this phase (3.4)."


class DriveNazgul(Action):
    """Stalemate Nazgûl (17.22): where Gandalf's player places the Lord of the Nazgûl."""

    kind: Literal["drive_nazgul"] = "drive_nazgul"
    hex: str

    def label(self) -> str:
        """E.g. "Drive the Lord of the Nazgûl to 0420"."""
        return f"Drive the Lord of the Nazgûl to {hex_place(self.hex)}"

    def detail(self) -> str | None:
        """The rule."""
        return "Six hexes from Gandalf, towards the east edge (17.22)."


class BannerRally(Order):
    """The Banner of the King rallies a disrupted Westernesse unit within six hexes (18.22)."""

    kind: Literal["banner_rally"] = "banner_rally"
    command: ClassVar[str] = "rally"
    unit: int

    def label(self) -> str:
        """E.g. "Banner rallies Gondor Spearmen 2"."""
        return f"Banner rallies {counter_name(self.unit)}"

    def detail(self) -> str | None:
        """No roll needed."""
        return "Automatic, no roll: two units a Game-Turn while the Banner is unfurled (18.22)."

    def actor(self) -> str:
        """The Banner."""
        return "Banner of the King"

    def target(self) -> str:
        """The unit rallied."""
        return counter_name(self.unit)


MAGIC_ACTIONS: tuple[type[Action], ...] = (Cast, MagicSelect, BannerRally, DriveNazgul)
"""This module's action types, for the game's ``action_types`` (they subclass actions.Order,
so actions.py cannot import them back)."""
