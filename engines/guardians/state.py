"""The Guardians game state: pydantic models only, rules live in the phase modules.

Every physical deck card has a uid (``a07``: seat 0's card 7, ``b12``: seat 1's card 12);
``GuardiansState.cards`` maps uids to catalogue ids. Lists hold uids.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engines.guardians.combat import CombatState

Phase = Literal["organize", "up", "move", "combat", "settle", "over"]
COLUMNS = ("L", "C", "R")


class Hold(BaseModel):
    """One Stronghold space of a seat: face-down creatures on it and channelers under it.

    ``reserve``: creatures waiting under the upgrade beside it (the Death Pit of Djoser).
    """

    on: list[str] = []
    under: list[str] = []
    upgrade: str | None = None
    reserve: list[str] = []
    rubbled: bool = False


class Stack(BaseModel):
    """A Shield on the board with the creatures (and creature items) under it."""

    shield: str
    owner: int
    space: str
    cards: list[str] = []
    turned: bool = False
    revealed: bool = False  # contents shown since it flew, until they next change


class Land(BaseModel):
    """A terrain card on a disputed space (face-down: any card, no basic type)."""

    uid: str
    owner: int
    face_down: bool = False


class Placement(BaseModel):
    """One pending Draw & Organize choice, applied when both seats are done.

    ``target``: ``L``/``C``/``R`` (on that Stronghold, under its Shield if any), ``uL``…
    (under it, to channel), ``pen`` (also a card taken back from a Stronghold), ``discard``
    (Storage Hand limit).
    """

    uid: str
    target: str


class Seat(BaseModel):
    """Everything one player owns outside the board's stacks."""

    guardian: str
    strongholds: str
    vitality: int
    stones: int
    deck: list[str]
    discard: list[str] = []
    storage: list[str] = []  # the Storage Hand: double-bordered cards
    pen: list[str] = []  # the Creature Pen
    drawn: list[str] = []  # drawn this Draw & Organize, not yet placed
    holds: list[Hold] = Field(default_factory=lambda: [Hold(), Hold(), Hold()])
    up: str | None = None  # the Up-card, turned face-up this turn
    up_from_discard: bool = False
    lower_up: bool = False  # had the lower Up-card last turn (LUC bonus)
    shields_lost: int = 0
    plan: list[Placement] = []
    ready: bool = False  # done organising
    up_choice: bool = False  # Tes Let: keep or discard the old Up-card before drawing
    channel_used: list[str] = []
    flew: bool = False  # one flight per turn
    offered: int = 0  # the last turn in which this seat offered a draw


class MoveState(BaseModel):
    """The shield turn in progress: the turned Shield and what it did so far."""

    shield: str
    path: list[str]  # spaces visited, the start first
    mode: Literal["choose", "walk", "reinforce", "fly"] = "choose"


class Fight(BaseModel):
    """What the engine keeps about the combat in progress (the combat package has the rest)."""

    attacker: int
    attacker_shield: str
    defender_shield: str | None
    space: str
    came_from: str
    stronghold: bool  # a Stronghold attack
    origins: dict[str, str] = {}  # defender uid -> "stack" / "on" / "under"
    winner: int | None = None


class Retreat(BaseModel):
    """A beaten Shield must retreat (or be destroyed by its owner)."""

    seat: int
    shield: str
    options: list[str]  # spaces it may retreat to
    may_destroy: bool = True
    merge: list[str] = []  # retreated onto its own Shield: the owner keeps one of these
    trim: str | None = None  # the Shield its owner discards from, down to 30 points


class Challenge(BaseModel):
    """The Guardian challenge: one creature against the enemy Guardian."""

    seat: int  # the challenger
    shield: str
    creature: str | None = None
    stage: Literal["pick", "attacker", "defender"] = "pick"
    attack_channel: int = 0
    defence_channel: int = 0
    attack_bonus: int = 0  # "any time" spells cast on the creature
    defence_bonus: int = 0  # and on the Guardian
    optional: bool = True  # after a won Stronghold attack it may be declined


class GuardiansState(BaseModel):
    """The whole game."""

    seed: int
    turn: int = 1
    phase: Phase = "organize"
    seats: list[Seat]
    cards: dict[str, str]
    stacks: list[Stack] = []
    lands: dict[str, Land] = {}
    first: int = 0  # who moves first this turn (higher Up-card)
    mover: int = 0  # whose shield turn it is
    move: MoveState | None = None
    moved: list[str] = []  # cards picked up, dropped off or reinforced this turn
    combat: CombatState | None = None
    fight: Fight | None = None
    retreat: Retreat | None = None
    challenge: Challenge | None = None
    settle: dict[str, int] = {}  # terrainless space -> seat that must settle it
    settle_done: list[int] = []  # seats that remove no more terrain (until new terrain is laid)
    draw_offer: int | None = None  # the seat whose draw offer awaits an answer
    shuffles: int = 0
    log: list[str] = []
    winners: list[int] | None = None
    summary: str = ""

    def stack(self, shield: str) -> Stack:
        """The stack of ``shield`` (KeyError if it is not on the board)."""
        for s in self.stacks:
            if s.shield == shield:
                return s
        raise KeyError(shield)

    def stacks_at(self, space: str) -> list[Stack]:
        """The Shields on ``space``."""
        return [s for s in self.stacks if s.space == space]
