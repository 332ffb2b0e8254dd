"""The Combat (7.0) and Rally (8.2) actions: fire, challenge, melee, rally, retreat, advance.

An order carries what its label shows (hex, odds), computed when it is offered, so the label
needs no state. A needed total of 12 or more on 2d6 always hits (fanatical units, 7.37).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from engines.base import Action
from engines.gondor.actions import Order, counter_name
from engines.gondor.combat.tables import individual_column
from engines.gondor.places import hex_place

SURE = 12  # 2d6 <= 12 always: how a fanatical attack (7.37) is offered
SEGMENT_NAMES = {"missile": "missile fire", "individual": "individual combat", "melee": "melee"}
MAX_LABEL = 80


def odds(need: int) -> str:
    """E.g. "hit on <= 6", or "always hit" for a fanatical attack."""
    return "always hit" if need >= SURE else f"hit on <= {need}"


def _fit(*labels: str) -> str:
    """The first label that fits a button (80 characters), else the last."""
    return next((t for t in labels if len(t) <= MAX_LABEL), labels[-1])


class Fire(Order):
    """Missile fire (7.1): a missile unit or catapult shoots an enemy combat unit."""

    command: ClassVar[str] = "fire"
    kind: Literal["fire"] = "fire"
    unit: int
    target_unit: int
    hex: str
    need: int

    def actor(self) -> str:
        """The firer."""
        return counter_name(self.unit)

    def target(self) -> str:
        """The unit shot at."""
        return counter_name(self.target_unit)

    def label(self) -> str:
        """E.g. "Orc Archers 1 shoot Gondor Bowman 1 in 2015 (hit on <= 5)"."""
        head = f"{self.actor()} shoot {self.target()}"
        return _fit(
            f"{head} in {hex_place(self.hex)} ({odds(self.need)})", f"{head} ({odds(self.need)})"
        )

    def detail(self) -> str | None:
        """The odds and what follows a hit."""
        if self.need >= SURE:
            return "Fanatical at night: always hits (7.37), then a Morale roll on the missile line."
        return f"Hits on 2d6 <= {self.need} (CPT e), then a Morale roll on the missile line (7.4)."


class Challenge(Order):
    """Individual combat (7.2): a leader challenges an adjacent or stacked enemy leader."""

    command: ClassVar[str] = "attack"
    kind: Literal["challenge"] = "challenge"
    leader: int
    foe: int
    hex: str
    mine: int  # the challenger's rating in this fight (7.2, 16.46)
    theirs: int  # the defender's

    @property
    def difference(self) -> int:
        """The attacker's rating minus the defender's: the table's column (7.2)."""
        return self.mine - self.theirs

    def actor(self) -> str:
        """The challenger."""
        return counter_name(self.leader)

    def target(self) -> str:
        """The leader challenged."""
        return counter_name(self.foe)

    def label(self) -> str:
        """E.g. "Gothmog challenges Imrahil in 2014 (rating 7 against 8)"."""
        head = f"{self.actor()} challenges {self.target()}"
        ratings = f"{self.mine} against {self.theirs}"
        return _fit(f"{head} in {hex_place(self.hex)} (rating {ratings})", f"{head} ({ratings})")

    def detail(self) -> str | None:
        """The d6 results of the column: A = you lose Rally Points, D = they do, K killed."""
        column = individual_column(self.difference)
        cells = ", ".join(f"{d}:{r}" for d, r in enumerate(column, 1))
        return f"1d6 -> {cells} (A you lose, D they lose Rally Points, K killed)."


class Melee(Order):
    """Melee (7.3): one unit attacks one adjacent enemy unit; both strike at once."""

    command: ClassVar[str] = "attack"
    kind: Literal["melee"] = "melee"
    unit: int
    target_unit: int
    hex: str
    need: int
    back: int  # what the defender needs to strike back; 0 = it does not (no melee letter)

    def actor(self) -> str:
        """The attacker."""
        return counter_name(self.unit)

    def target(self) -> str:
        """The defender."""
        return counter_name(self.target_unit)

    def label(self) -> str:
        """E.g. "Trolls 2 melee Gondor Spearmen 3 in 2014 (you hit on <= 8, they on <= 5)"."""
        head = f"{self.actor()} melee {self.target()}"
        mine = "you always hit" if self.need >= SURE else f"you hit on <= {self.need}"
        theirs = f"they on <= {self.back}" if self.back else "no strike back"
        short = "always" if self.need >= SURE else f"<={self.need}"
        short_back = f"<={self.back}" if self.back else "none"
        return _fit(
            f"{head} in {hex_place(self.hex)} ({mine}, {theirs})",
            f"{head} ({mine}, {theirs})",
            f"{head} ({short} / {short_back})",
        )

    def detail(self) -> str | None:
        """Both strikes and what follows a hit."""
        back = f"they strike back on <= {self.back}" if self.back else "they cannot strike back"
        mine = "always hits (7.37)" if self.need >= SURE else f"hits on 2d6 <= {self.need}"
        return f"Your strike {mine}; {back}. A hit means a Morale roll (7.4)."


class Trample(Action):
    """14.32: the owner picks which unit next to a rampaging Mûmak it melees (7.3)."""

    kind: Literal["trample"] = "trample"
    unit: int
    target_unit: int
    hex: str
    need: int
    back: int  # what the victim needs to strike back; 0 = it does not

    def actor(self) -> str:
        """The Mûmak."""
        return counter_name(self.unit)

    def target(self) -> str:
        """The unit it attacks."""
        return counter_name(self.target_unit)

    def label(self) -> str:
        """E.g. "Mûmakil (Harad) 1 tramples Gondor Axeman 1 in 2623 (hit on <= 6, they on <= 5)"."""
        head = f"{self.actor()} tramples {self.target()}"
        theirs = f"they on <= {self.back}" if self.back else "no strike back"
        return _fit(f"{head} in {hex_place(self.hex)} ({odds(self.need)}, {theirs})", head)

    def detail(self) -> str | None:
        """A melee like any other."""
        return "A melee (7.3): both strike at once, a hit means a Morale roll (7.4)."


class Rally(Order):
    """Rally (8.2): a leader tries to rally a disrupted friendly unit in or next to its hex."""

    command: ClassVar[str] = "rally"
    kind: Literal["rally"] = "rally"
    leader: int
    unit: int
    need: int

    def actor(self) -> str:
        """The rallying leader."""
        return counter_name(self.leader)

    def target(self) -> str:
        """The disrupted unit."""
        return counter_name(self.unit)

    def label(self) -> str:
        """E.g. "Gothmog rallies Orc Infantry 3 (2d6 <= 7)"."""
        return f"{self.actor()} rallies {self.target()} (2d6 <= {self.need})"

    def detail(self) -> str | None:
        """What a success does."""
        return f"Succeeds on 2d6 <= {self.need}: the unit is no longer disrupted."


class Retreat(Action):
    """The owner's answer to a retreat result (7.5): where the unit ends its retreat."""

    kind: Literal["retreat"] = "retreat"
    unit: int
    hex: str

    def label(self) -> str:
        """E.g. "Retreat Gondor Spearmen 3 to 2016, a tower of city level 1"."""
        return f"Retreat {counter_name(self.unit)} to {hex_place(self.hex)}"

    def detail(self) -> str | None:
        """What goes with it."""
        return "Leaders in its hex go with it (7.5)."


class Advance(Action):
    """After combat (7.5): the attacker moves into the emptied hex."""

    kind: Literal["advance"] = "advance"
    unit: int
    hex: str

    def label(self) -> str:
        """E.g. "Advance Trolls 2 into 2014, city level 2"."""
        return f"Advance {counter_name(self.unit)} into {hex_place(self.hex)}"

    def detail(self) -> str | None:
        """What it does."""
        return "Takes the hex the defender left; enemy equipment there is destroyed."


class Stay(Action):
    """After combat: do not advance."""

    kind: Literal["stay"] = "stay"

    def label(self) -> str:
        """Button text."""
        return "Stay"


class EndSegment(Action):
    """End the current combat segment and go on to the next (7.0)."""

    kind: Literal["end_segment"] = "end_segment"
    segment: str

    def label(self) -> str:
        """E.g. "End missile fire"."""
        return f"End {SEGMENT_NAMES.get(self.segment, self.segment)}"


COMBAT_ACTIONS: tuple[type[Action], ...] = (
    Fire,
    Challenge,
    Melee,
    Rally,
    Retreat,
    Advance,
    Stay,
    EndSegment,
    Trample,
)
