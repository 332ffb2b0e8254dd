"""Scripted Gondor players: they choose among the moves the bot offers, with a plan, not at random.

Sauron fires the breach order with the best odds each Siege Phase, marches a few groups towards
the Main Gate (1918) each movement phase and takes every melee offered; Westernesse sends a unit
onto a cauldron to pick up oil, pours it when Sauron stands below (else holds), casts a spell
with Gandalf when he can and melees when offered. Both rally what they can. A policy sees only
the offered actions and its own seat's view (what its map image shows). Like a person, a
player takes a suggested move (one click) when it is the move its plan would make, and opens
only the lists of moves it may choose from (neither side hurls fireballs or Heads), and
switches a standing choice on ("Pass my magic phases") once its plan has no use for the
phases it passes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engines.base import Action
from engines.gondor.hexes import distance
from engines.gondor.siege.actions import breach_totals

GATE = "1918"
"""The hex before the Main Gate: where Sauron marches, and where Grond batters the gate."""
MAIN_GATE = ("1917", "1918")
CITADEL = "1903"
"""Where Sauron marches once the Main Gate is breached."""
MOVES_PER_PHASE = 3
"""Groups Sauron moves in a movement phase before he ends it (each costs two clicks)."""
FIRES_PER_SEGMENT = 2
"""Missile fire orders a side gives in one missile segment before it ends the segment."""
PRIORITY = {
    "standard_deploy": 0,
    "auto_deploy": 1,
    "setup_done": 1,
    "pick_oil": 0,
    "pour": 0,
    "hold_oil": 1,
    "leave_oil": 2,
    "retreat": 0,
    "advance": 0,
    "stay": 1,
    "siege_advance": 0,
    "siege_stay": 1,
    "ladder": 0,
    "no_ladder": 1,
    "melee": 0,
    "challenge": 1,
    "rally": 0,
    "banner_rally": 0,
}
"""Kinds chosen in this order when offered (lower first); kinds absent are the policy's own."""
ENDS = ("end_phase", "move_done", "end_segment", "setup_done")


def kind(action: Action) -> str:
    """The action's kind ("move", "end_phase")."""
    return str(action.kind)  # type: ignore[attr-defined]


@dataclass
class Player:
    """One side's scripted player; remembers what it did this phase."""

    side: str
    done: Counter[tuple[int, str, str | None]] = field(default_factory=Counter)
    tried: set[tuple[tuple, tuple[int, ...]]] = field(default_factory=set)
    halt: int = 0  # how near its goal the selected group stops
    grond_operated: bool = False

    def choose(self, view: dict[str, Any], offered: list[Action]) -> Action:
        """One of the offered actions."""
        kinds = {kind(a) for a in offered}
        phase = (int(view["turn"]), str(view["phase"]["letter"]), view.get("segment"))
        ranked = sorted(
            (a for a in offered if kind(a) in PRIORITY), key=lambda a: PRIORITY[kind(a)]
        )
        if ranked and not kinds & {"move", "select", "fire", "cast", "breach_fire", "grond"}:
            return ranked[0]
        chosen = (
            self._melee(offered)
            or self._siege(offered)
            or self._magic(view, offered, phase)
            or self._fire(offered, phase)
            or self._move(view, offered, phase)
        )
        if chosen is not None:
            self.done[phase] += 2 if kind(chosen) == "march" else 1  # a march: select + move
            return chosen
        ends = [a for a in offered if kind(a) in ENDS]
        return ends[0] if ends else ranked[0] if ranked else offered[0]

    def switch(self, view: dict[str, Any], shown: dict[str, bool]) -> str | None:
        """The standing choice to switch on now (its label), once the plan has no use for it.

        Neither side's catapults hurl (Sauron's still fire at walls); a side passes its magic
        phases once its plan is done with magic (Sauron's Grond operated, Gandalf's points
        spent).
        """
        wanted = {"My catapults hurl nothing": True}  # neither side hurls
        if self.side == "sauron":
            wanted["Pass my magic phases"] = self.grond_operated
        else:
            wanted["Pass my magic phases"] = view["magic_points"]["westernesse"] == 0
        return next((k for k, on in shown.items() if not on and wanted.get(k)), None)

    def opens(self, label: str) -> bool:
        """Whether the player opens a list of moves by its link's label: not hurls."""
        return " hurls " not in label

    # ---- the parts of the plan ------------------------------------------------------------
    def _melee(self, offered: list[Action]) -> Action | None:
        return next((a for a in offered if kind(a) in ("melee", "challenge", "rally")), None)

    def _siege(self, offered: list[Action]) -> Action | None:
        breaches = [a for a in offered if kind(a) in ("breach_fire", "grond")]
        return max(breaches, key=_ways) if breaches else None

    def _magic(self, view: dict, offered: list[Action], phase: tuple) -> Action | None:
        casts = [a for a in offered if kind(a) == "cast"]
        if self.side == "sauron":  # only to set Grond to work, walking the Nazgul Lord to it
            grond = [a for a in casts if "Grond" in a.label()]
            if grond:
                self.grond_operated = True
                return grond[0]
            walk = [a for a in offered if kind(a) == "magic_select"]
            if walk and _grond(view) and not self.grond_operated and not self.done[phase]:
                self.halt = 3
                return walk[0]
            return None
        if not casts or self.done[phase]:
            return None
        return max(casts, key=lambda a: (a.sure, -a.points))  # type: ignore[attr-defined]

    def _fire(self, offered: list[Action], phase: tuple) -> Action | None:
        fires = [a for a in offered if kind(a) == "fire"]
        if not fires or self.done[phase] >= FIRES_PER_SEGMENT:
            return None
        return max(fires, key=lambda a: a.need)  # type: ignore[attr-defined]

    def _move(self, view: dict, offered: list[Action], phase: tuple) -> Action | None:
        goal = self._goals(view)
        moves = [a for a in offered if kind(a) == "move"]
        if moves and goal:

            def off(a: Any) -> tuple[bool, int, int]:
                d = min(distance(a.hex, g) for g in goal)
                return d < self.halt, abs(d - self.halt), a.mp

            return min(moves, key=off)
        selects = [
            a for a in offered if kind(a) == "select" and (phase, a.counters) not in self.tried
        ]
        if not selects or not goal or self.done[phase] >= 2 * MOVES_PER_PHASE:
            return None

        def far(a: Any) -> int:
            return min(distance(a.hex, g) for g in goal) if a.hex else 99

        if self.side == "westernesse":  # the nearest unit to a cauldron, once a phase
            chosen = min(selects, key=far)
            if self.done[phase] or not 0 < far(chosen) <= 4:
                return None
        else:  # Grond to the gate, catapults into range, then the nearest group, or one entering
            marching = [a for a in selects if far(a) > _halt(a.label())]
            chosen = min(marching, key=lambda a: (_rank(a.label()), far(a)), default=None)
        if chosen is None:
            return None
        self.tried.add((phase, chosen.counters))  # type: ignore[attr-defined]
        self.halt = _halt(chosen.label()) if self.side == "sauron" else 0
        marches = [a for a in offered if kind(a) == "march"]
        for n, march in enumerate(marches):
            # One click when the suggestion stops where the plan would: at the plan's distance,
            # or, for the host marching on the gate, the first suggestion (nothing suggested
            # before it took a hex: it goes as near the gate as the group can, 1918 left to
            # Grond, as the plan does).
            ours = march.counters == chosen.counters  # type: ignore[attr-defined]
            nearest = n == 0 and goal == [GATE] and self.halt <= 1
            if ours and (far(march) == self.halt or nearest):
                return march
        return chosen

    def _goals(self, view: dict) -> list[str]:
        if self.side == "sauron":
            if view["phase"]["letter"] in "AE":
                return _grond(view)
            return [CITADEL] if sorted(MAIN_GATE) in view["breaches"] else [GATE]
        return [
            s["hex"]
            for s in view["stacks"]
            if any(c["kind"] == "cauldron" and c.get("truth") == "real" for c in s["counters"])
            and not any(c.get("carrying") for c in s["counters"])
        ]


def _ways(breach: Any) -> int:
    """How many of the 36 rolls of 2d6 breach with this order."""
    weapon = "grond" if kind(breach) == "grond" else "catapult"
    totals = breach_totals(weapon, getattr(breach, "range", 1), breach.hexside)
    return sum(6 - abs(t - 7) for t in totals)


def _grond(view: dict) -> list[str]:
    """Grond's hex, if it is on the map."""
    return [s["hex"] for s in view["stacks"] if any(c["kind"] == "grond" for c in s["counters"])]


def _rank(label: str) -> int:
    """Which Sauron groups march first: Grond's, then catapults', then the rest."""
    return 0 if "Grond" in label else 1 if "Catapult" in label else 2


def _halt(label: str) -> int:
    """How near the gate a Sauron group stops: Grond at it, catapults in breach range (3)."""
    return 0 if "Grond" in label else 3 if "Catapult" in label else 1
