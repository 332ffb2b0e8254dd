"""Combat models: what the engine hands in (setup), what it gets back (outcome), the state."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engines.guardians.cards import TerrainType

ATTACKER, DEFENDER = 0, 1
"""Sides inside a combat: index 0 is the attacker, 1 the defender (seats are in the setup)."""

Step = Literal[
    "declare",  # attacker, then defender: calling reserves, then a command card or not
    "command",  # the declared sides pick their command cards at once
    "command_window",  # dispel the revealed command cards, attacker first
    "primary",  # both pick a primary attacker at once
    "bribe",  # the sides that may bribe decide at once
    "answer",  # the side whose creature was just bribed away (and bribed nothing) may bribe back
    "prestrike",  # "any time" spells before a pending destruction
    "window",  # spells, ranged attackers, channeling, until both pass in a row
    "secondary",  # the side with creatures left picks a secondary attacker and its target
    "heal",  # the winner heals beaten creatures (card abilities)
    "over",
]
Role = Literal["command", "primary", "ranged", "secondary", "out"]
Fate = Literal["beaten", "bribed", "destroyed", "healed"]


class CombatSide(BaseModel):
    """One side of a combat, built by the engine when the combat starts."""

    seat: int
    shield: str | None  # the shield uid (None: a Stronghold defended without a shield)
    creatures: list[str]  # creatures (and creature items) in the combat hand
    storage: list[str]  # double-bordered cards: spells, hand items, bribery
    channelers: list[str]  # channelers under this side's Strongholds, unused this turn
    stones: int
    guardian_id: str
    stronghold_defence: int = 0  # on its own Stronghold space: its defence + Battlements
    off_shield: list[str] = Field(default_factory=list)  # hand creatures not under the Shield
    reserve: list[str] = Field(default_factory=list)  # may join the hand (Death Pit of Djoser)
    reserve_cost: int = 0  # power stones a reserve creature costs to join
    channel_bonus: dict[str, int] = Field(default_factory=dict)  # extra CMP by channeler uid


class CombatSetup(BaseModel):
    """Where and between whom a combat is fought."""

    space: str
    came_from: str
    attacker: CombatSide
    defender: CombatSide
    terrain: TerrainType | None
    terrain_card: str | None
    terrain_owner: int | None = None  # the seat owning the special terrain card (its effects)


class CombatOutcome(BaseModel):
    """What the engine does with the cards once the combat is over."""

    winner: int
    attacker_total: int
    defender_total: int
    survivors: dict[int, list[str]]
    discarded: list[str]
    out_of_play: list[str]
    stones_spent: dict[int, int]
    channelers_used: list[str]
    terrain_destroyed: bool
    loser_may_destroy: bool = True


class Fighter(BaseModel):
    """A creature on the table: a command card, an attacker, or one set aside by an AOE."""

    uid: str
    side: int
    role: Role
    fight: int = -1  # the match-up it fought in (-1: command card / set aside)
    opponent: str | None = None  # primary: its opponent; secondary: its target; ranged: its ally
    fate: Fate | None = None
    no_damage: bool = False  # its opponent was immune to it (the card is turned round)
    channel: int = 0  # channeling that needs the right to receive (green bar, Power Lunch)
    channel_free: int = 0  # channeling from sources that allow it anyway (Valkyrie Spirit)


class Cast(BaseModel):
    """A command card, spell or hand item put into play."""

    uid: str
    side: int
    fight: int  # -1: the command step
    target: str | None = None  # a creature uid, or the uid of the cast it dispels
    command: bool = False
    dispelled: bool = False  # by a contradiction or a command card that dispels
    final: bool = False  # its window has closed: it can no longer be dispelled


class Choice(BaseModel):
    """A hidden simultaneous choice: a card (and a target), or None for 'no'."""

    uid: str | None = None
    target: str | None = None


class CombatState(BaseModel):
    """A combat in progress; the engine stores it as ``state.combat``."""

    setup: CombatSetup
    step: Step = "declare"
    actor: int = ATTACKER  # who acts in a sequential step
    passes: int = 0  # consecutive passes in a window
    waiting: list[int] = Field(default_factory=list)  # sides choosing in a simultaneous step
    pending: dict[int, Choice] = Field(default_factory=dict)  # hidden until all have chosen
    declared: list[bool] = Field(default_factory=lambda: [False, False])
    hands: list[list[str]]  # creatures still in each combat hand
    items: list[list[str]]  # creature items in each combat hand
    storage: list[list[str]]  # unused double-bordered cards
    channelers: list[list[str]]  # unused stronghold channelers
    reserve: list[list[str]] = [[], []]  # reserve creatures that may still join the hand
    stones: list[int]
    stones_spent: list[int] = Field(default_factory=lambda: [0, 0])
    channelers_used: list[str] = Field(default_factory=list)
    table: list[Fighter] = Field(default_factory=list)
    casts: list[Cast] = Field(default_factory=list)
    used: list[str] = Field(default_factory=list)  # spent bribery cards, spells, items
    carried: dict[str, str] = Field(default_factory=dict)  # creature item uid -> its carrier
    fight: int = -1  # the current match-up
    secondary_side: int | None = None
    terrain_destroyed: bool = False
    totals: list[int] = Field(default_factory=lambda: [0, 0])
    winner: int | None = None  # side
    heal_left: int = 0
    outcome: CombatOutcome | None = None

    def seat(self, side: int) -> int:
        """The seat playing ``side``."""
        return (self.setup.attacker, self.setup.defender)[side].seat

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays (ValueError if it is not in this combat)."""
        return [self.seat(0), self.seat(1)].index(seat)

    def fighter(self, uid: str) -> Fighter | None:
        """The table entry of ``uid``, if it is on the table."""
        return next((f for f in self.table if f.uid == uid), None)

    def current(self, side: int | None = None) -> list[Fighter]:
        """Fighters of the current match-up that are still standing (of ``side``, if given)."""
        return [
            f
            for f in self.table
            if f.fight == self.fight
            and f.fate is None
            and f.role in ("primary", "secondary")
            and (side is None or f.side == side)
        ]
