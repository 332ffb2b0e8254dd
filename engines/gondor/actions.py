"""Gondor's actions: frozen models with their labels and details (kinds per the plan)."""

from __future__ import annotations

from functools import cache
from typing import ClassVar, Literal

from engines.base import Action
from engines.gondor.data import COUNTERS, MAP
from engines.gondor.places import hex_place
from engines.gondor.state import new_counters


def mp_text(mp: float) -> str:
    """MP as a player reads it: 2, 1.5."""
    return f"{mp:g} MP"


class Order(Action):
    """An order a player may also give by slash command (``/gondor <command> unit target``).

    ``command`` is one of "fire", "attack", "cast", "breach", "rally"; the bot lists the legal
    orders of a command by :meth:`actor` and then by :meth:`target`.
    """

    command: ClassVar[str]

    def actor(self) -> str:
        """Who carries the order out (a counter or leader name)."""
        raise NotImplementedError

    def target(self) -> str:
        """What the order aims at (a counter, hex, hexside or spell)."""
        raise NotImplementedError


class Place(Action):
    """Deploy the next counter on a hex (13.0); for a cauldron, real or dummy (16.71)."""

    kind: Literal["place"] = "place"
    counter: int
    hex: str
    dummy: bool = False

    def label(self) -> str:
        """E.g. "Place Orc Archers 2 on 2322, Pelennor fields"."""
        truth = " (dummy)" if self.dummy else ""
        return f"Place {counter_name(self.counter)}{truth} on {hex_place(self.hex)}"

    def detail(self) -> str | None:
        """Where the hex is."""
        level = MAP.hexes[self.hex].level
        return f"City level {level}." if level else "Outside the city."


OTHER_DEPLOYMENTS = "Other ways to place the rest"
"""The heading of the ways to place every counter left that leave the side to adjust them."""


class AutoDeploy(Action):
    """Place the rest of the side's start counters on random legal hexes."""

    kind: Literal["auto_deploy"] = "auto_deploy"

    def label(self) -> str:
        """Says how it differs from the standard set-up: at random, and not finished."""
        return "Place the rest at random, then adjust"

    def detail(self) -> str | None:
        """What it does."""
        return "Each counter left goes to a random legal hex; take any back to move it, then Done."


class StandardDeploy(Action):
    """Place the rest of the side's start counters in the standard set-up (13.0, ruling)."""

    kind: Literal["standard_deploy"] = "standard_deploy"
    done: bool = False

    def label(self) -> str:
        """Says where the counters go, and whether the side is then done deploying."""
        return "Place the rest near the Main Gate" + (
            " and finish" if self.done else ", then adjust"
        )

    def detail(self) -> str | None:
        """What it does."""
        if self.done:
            return (
                "The standard set-up: each counter left on the free hex of its area nearest the "
                "Main Gate (Westernesse inside the walls; cauldrons real or dummy at random); "
                "then the side is done deploying."
            )
        return "Each counter left nearest the Main Gate; take any back to move it, then Done."


class TakeBack(Action):
    """Lift a placed start counter off the map to place it again (deployment, before Done)."""

    kind: Literal["take_back"] = "take_back"
    counter: int
    hex: str

    def label(self) -> str:
        """E.g. "Take back Orc Archers 2 from 2322, Pelennor fields"."""
        return f"Take back {counter_name(self.counter)} from {hex_place(self.hex)}"

    def detail(self) -> str | None:
        """What it does."""
        return f"Lifts it off {hex_place(self.hex)}; then choose where it goes."


class SetupDone(Action):
    """Finish deploying."""

    kind: Literal["setup_done"] = "setup_done"

    def label(self) -> str:
        """Button text."""
        return "Done"


class Select(Action):
    """Choose the counters to move together (first click of a move)."""

    kind: Literal["select"] = "select"
    counters: tuple[int, ...]
    hex: str | None

    def label(self) -> str:
        """E.g. "Select Trolls 3 + Grond 1 (2419, Pelennor fields)"; off the map: "(to enter)"."""
        names = " + ".join(counter_name(i) for i in self.counters)
        return f"Select {names} ({hex_place(self.hex) if self.hex else 'to enter'})"


class Deselect(Action):
    """Drop the selection and choose another group."""

    kind: Literal["deselect"] = "deselect"

    def label(self) -> str:
        """Button text."""
        return "Choose another group"


class Move(Action):
    """Move the selected group to a hex (second click); entry = the edge hex it enters by."""

    kind: Literal["move"] = "move"
    hex: str
    mp: int  # MP spent, in half MP (roads cost 1/2)
    entry: str | None = None

    def label(self) -> str:
        """E.g. "Move to 1918, East road (1 MP)" or "Enter at 3216, move to 3014, … (3 MP)"."""
        cost = mp_text(self.mp / 2)
        if self.entry is None:
            return f"Move to {hex_place(self.hex)} ({cost})"
        if self.entry == self.hex:
            return f"Enter at {hex_place(self.hex)} ({cost})"
        return f"Enter at {hex_place(self.entry)}, move to {hex_place(self.hex)} ({cost})"

    def detail(self) -> str | None:
        """The terrain of the destination."""
        h = MAP.hexes[self.hex]
        where = f"city level {h.level}" if h.level else "outside the city"
        return f"Ends on {h.terrain} terrain, {where}; spends {mp_text(self.mp / 2)}."


class March(Action):
    """Select a group and move it, one click: a suggested move (3.0, ruling)."""

    kind: Literal["march"] = "march"
    counters: tuple[int, ...]
    start: str | None
    hex: str
    mp: int  # MP spent, in half MP, as in Move
    entry: str | None = None

    def label(self) -> str:
        """E.g. "Orc Infantry 4 to 0520, Pelennor fields (4 MP)"; "… enter at 3216, …, to …".

        The group is named by its counters (each stands in one hex), so its start is left out.
        """
        names = " + ".join(counter_name(i) for i in self.counters)
        cost = mp_text(self.mp / 2)
        if self.entry is None:
            return f"{names} to {hex_place(self.hex)} ({cost})"
        return f"{names} enter at {hex_place(self.entry)}, to {hex_place(self.hex)} ({cost})"

    def detail(self) -> str | None:
        """The terrain of the destination."""
        return self.move().detail()

    def move(self) -> Move:
        """The second click it stands for."""
        return Move(hex=self.hex, mp=self.mp, entry=self.entry)


class EndMovement(Action):
    """End the movement phase."""

    kind: Literal["move_done"] = "move_done"

    def label(self) -> str:
        """Button text."""
        return "End movement"


class BannerJoin(Action):
    """18.13: the Banner, left where no move can bring it and a leader together, joins one."""

    kind: Literal["banner_join"] = "banner_join"
    leader: int
    hex: str

    def label(self) -> str:
        """E.g. "The Banner of the King joins Aragorn in 0413"."""
        return f"The Banner of the King joins {counter_name(self.leader)} in {hex_place(self.hex)}"

    def detail(self) -> str | None:
        """Why it is asked."""
        return "It must end the Movement Phase stacked with a Westernesse leader (18.13)."


class EndPhase(Action):
    """End the acting side's part of the current phase (or segment)."""

    kind: Literal["end_phase"] = "end_phase"

    def label(self) -> str:
        """Button text."""
        return "End phase"


SETUP_AND_MOVEMENT_ACTIONS: tuple[type[Action], ...] = (
    Place,
    AutoDeploy,
    StandardDeploy,
    TakeBack,
    SetupDone,
    Select,
    Deselect,
    Move,
    March,
    EndMovement,
    BannerJoin,
    EndPhase,
)


def type_name(type_id: str) -> str:
    """The printed name of a counter type."""
    for table in (COUNTERS.units, COUNTERS.leaders, COUNTERS.equipment):
        if type_id in table:
            return table[type_id].name
    marker = COUNTERS.markers.get(type_id)
    return (marker.name or type_id) if marker else type_id


@cache
def _names() -> tuple[str, ...]:
    out = []
    for c in new_counters():
        number = c.id.rsplit("-", 1)[-1]
        name = type_name(c.type)
        out.append(name if c.kind in ("leader", "banner") else f"{name} {number}")
    return tuple(out)


def counter_name(index: int) -> str:
    """The name of counter ``index`` of the state's list ("Orc Archers 2", "Cauldron 4")."""
    return _names()[index]


def side_name(side: str) -> str:
    """The side as players name it: Sauron or Westernesse."""
    return "Sauron" if side == "sauron" else "Westernesse"
