"""The Special Formation actions (6.0, 14.2): form one, break one, attack from off the map."""

from __future__ import annotations

import tomllib
from typing import Literal

from engines.base import Action
from engines.gondor.actions import counter_name
from engines.gondor.board import Formation
from engines.gondor.combat.actions import MAX_LABEL, Melee
from engines.gondor.places import hex_place
from engines.resources import data_path

FORMATIONS: dict[str, dict[str, str]] = tomllib.loads(
    (data_path("gondor") / "phases.toml").read_text(encoding="utf-8")
)["formations"]
"""Each formation kind -> its name and effect (phases.toml [formations])."""


def formation_name(kind: str) -> str:
    """The formation's name: Column, Wedge or Shieldwall."""
    return FORMATIONS[kind]["name"]


class Form(Action):
    """A leader forms a Special Formation (6.0): unit ``joins`` steps into ``unit``'s hex.

    hex None: two waiting reinforcements form to enter together (14.2); ``joins`` then does not
    move yet, and the pair with the leader is selected for its entry.
    """

    kind: Literal["form"] = "form"
    leader: int
    unit: int
    joins: int
    formation: Formation
    hex: str | None = None
    mp: int = 0  # the joining step's MP, in half MP

    def label(self) -> str:
        """E.g. "Form a Shieldwall: Gondor Spearmen 1 + Gondor Spearmen 2 (2015)"."""
        head = f"Form a {formation_name(self.formation)}: "
        pair = f"{counter_name(self.unit)} + {counter_name(self.joins)}"
        where = f" ({hex_place(self.hex)})" if self.hex else " to enter"
        full = f"{head}{pair}{where}"
        return full if len(full) <= MAX_LABEL else f"{head}{pair}"

    def detail(self) -> str | None:
        """Who forms it, what the joining unit does, and the formation's effect."""
        who = counter_name(self.leader)
        if self.hex is None:
            move = "they enter together next"
        else:
            move = f"{counter_name(self.joins)} steps in ({self.mp / 2:g} MP, its move)"
        return f"{who}: {move}; {FORMATIONS[self.formation]['effect']}."


class BreakFormation(Action):
    """Break a Special Formation (6.0): ``unit`` moves out next (or, off the map, just stays)."""

    kind: Literal["break_formation"] = "break_formation"
    unit: int
    formation: Formation
    hex: str | None

    def label(self) -> str:
        """E.g. "Break the Column in 2015: Gondor Spearmen 2 moves out"."""
        name = formation_name(self.formation)
        if self.hex is None:
            return f"Break the {name} of {counter_name(self.unit)} (waiting to enter)"
        return f"Break the {name} in {hex_place(self.hex)}: {counter_name(self.unit)} moves out"

    def detail(self) -> str | None:
        """What breaking does."""
        if self.hex is None:
            return "Both units enter one by one instead."
        return "The units lose the formation; your next click is where this unit moves."


class EdgeMelee(Melee):
    """14.2: a waiting reinforcement attacks an enemy unit on one of its group's entry hexes."""

    kind: Literal["edge_melee"] = "edge_melee"  # type: ignore[assignment]

    def label(self) -> str:
        """E.g. "Horse Archers (Rohan) 1 from off the map melee Orcs 2 in 3215 (<=7 / <=5)"."""
        short = f"<={self.need}" if self.need < 12 else "always"
        back = f"<={self.back}" if self.back else "none"
        head = f"{self.actor()} from off the map melee {self.target()}"
        full = f"{head} in {hex_place(self.hex)} ({short} / {back})"
        return full if len(full) <= MAX_LABEL else f"{self.actor()} melee {self.target()} (edge)"

    def detail(self) -> str | None:
        """Both strikes; what follows."""
        back = f"they strike back on <= {self.back}" if self.back else "they cannot strike back"
        return f"Hits on 2d6 <= {self.need}; {back}. Off the map it never retreats (14.2)."


FORMATION_ACTIONS: tuple[type[Action], ...] = (Form, BreakFormation, EdgeMelee)
