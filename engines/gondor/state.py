"""The Gondor game state: counters, turn and phase, movement bookkeeping, road control, log."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from engines.gondor.board import Board, Formation, Piece, PieceKind
from engines.gondor.data import COUNTERS, MAP, SCHEDULE, Side

SCHEMA_VERSION = 1
LOG_KEPT = 40  # public lines a state keeps: a save stays small however long the game

SEATS: tuple[Side, Side] = ("sauron", "westernesse")
ROAD_HEXES = ("1918", "2124")  # 20.1 C
HEADS = COUNTERS.markers["head"].count


def _gate_hexes() -> dict[str, tuple[str, ...]]:
    """Each hex of a gate -> the gate hexsides it belongs to (15.15)."""
    out: dict[str, tuple[str, ...]] = {}
    for gate in (w for w in MAP.hexsides.values() if w.kind == "gate"):
        for h in gate.hexes:
            out[h] = (*out.get(h, ()), gate.id)
    return out


GATE_HEXES = _gate_hexes()


class Counter(BaseModel):
    """One counter: its type, where it is (None = off the map) and its flags.

    group: its arrival group ("start" or a reinforcements.toml id). dummy: a cauldron's truth,
    set when Westernesse places it (None until then), or the truth of the oil a unit carries.
    oil: oil counters under a cauldron (16.72).
    """

    model_config = ConfigDict(extra="forbid")

    id: str
    side: Side
    kind: PieceKind
    type: str
    group: str
    hex: str | None = None
    disrupted: bool = False
    formation: Formation | None = None
    carries_oil: bool = False
    dummy: bool | None = None
    oil: int = 0

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        """Older saves remembered where a carrier picked its oil up (now secret, 16.72)."""
        if isinstance(data, dict) and "oil_from" in data:
            data = {k: v for k, v in data.items() if k != "oil_from"}
        return data

    @property
    def is_cauldron(self) -> bool:
        """True for a cauldron counter (real or dummy: the state knows, Sauron does not)."""
        return self.kind == "equipment" and COUNTERS.equipment[self.type].kind == "cauldron"

    def piece(self) -> Piece:
        """The board piece for ZOC, stacking and movement."""
        return Piece(
            self.id,
            self.side,
            self.kind,
            self.type,
            self.hex,
            self.disrupted,
            self.formation,
            self.carries_oil,
        )


class Ladder(BaseModel):
    """A Ladder against a hexside: whose it is and the Game-Turn it was placed (16.43)."""

    model_config = ConfigDict(extra="forbid")

    side: Side
    turn: int


class Pending(BaseModel):
    """A decision a player owes in the middle of a phase (a retreat hex, the oil question).

    kind names the PhaseRules that offers the answers (game.DECISIONS); data holds what that
    rule needs to remember (JSON values only).
    """

    model_config = ConfigDict(extra="forbid")

    side: Side
    kind: str
    data: dict[str, Any] = {}


class ActiveSpell(BaseModel):
    """A spell in force (17.x): it ends at the start of ``phase`` of Game-Turn ``ends``."""

    model_config = ConfigDict(extra="forbid")

    id: str  # tables.toml [[spell]] id as cast
    family: str  # its limit_group (freeze-leader, stalemate), else its id
    phase: str  # the magic phase it was cast in
    ends: int  # the Game-Turn at whose ``phase`` it ends
    leaders: list[int] = []  # unused: who is frozen follows the range (17.12); old games have it


class GondorState(BaseModel):
    """Everything about a game of Gondor; ``acting`` is the side to act now."""

    model_config = ConfigDict(extra="forbid")

    version: int = SCHEMA_VERSION
    seed: int
    step: int = 0
    turn: int = 0  # 0 = initial deployment (13.0)
    phase: str = "setup"
    acting: Side = "sauron"
    counters: list[Counter]
    placed: dict[str, bool] = {}  # setup: side -> finished deploying
    selected: list[int] = []  # counters chosen for a move (movement phases)
    moved: list[int] = []  # counters that moved (or entered) this phase
    idle_ends: list[Side] = []  # sides that ended a Movement Phase moving nothing (asked once)
    stuck: list[list[int]] = []  # groups chosen that had nowhere to go, since the last move
    entered: dict[str, int] = {}  # entry hex -> combat units that entered by it this phase
    arrived: list[str] = []  # reinforcement groups whose arrival came
    gates: dict[str, Side | None] = {}
    road: dict[str, Side | None] = {h: None for h in ROAD_HEXES}
    totals: dict[str, int] = {}  # demoralization force id -> accumulated points (19.0)
    pending: Pending | None = None  # a decision owed mid-phase; its side acts until it clears
    fired: list[int] = []  # counters that fired this Game-Turn (a catapult fires once, 16.12)
    spotlight: list[str] = []  # hexes the last action visibly changed (the board's close-up)
    last_moves: list[tuple[str, str]] = []  # (from, to) hexes counters moved by, last action

    # ---- combat and rally (7.0, 8.2) ----
    segment: str | None = None  # combat phases: "missile", "individual" or "melee" (7.0)
    shot: list[int] = []  # units that fired missiles this phase (7.1)
    struck: list[int] = []  # units that made their melee attack this phase (7.3)
    challenged: list[int] = []  # leaders that challenged this phase (7.2)
    rallying: dict[str, int] = {}  # rally phase: leader id -> rally attempts made (8.2)
    tried: list[int] = []  # rally phase: units a leader tried to rally (8.2)
    rating_lost: dict[str, int] = {}  # leader id -> Rally Points lost in combat (7.2, 8.3, 19.2)
    follow_ups: list[dict[str, Any]] = []  # combat results still to settle (retreats, advance)

    # ---- siege (16.x) ----
    breaches: list[str] = []  # breached hexside ids (16.27)
    ladders: dict[str, Ladder] = {}  # hexside id -> its Ladder (16.43)
    ladders_placed: int = 0  # Ladders used so far, destroyed ones included (16.47)
    tower_bases: dict[str, str] = {}  # Siege Tower id -> hex where it began the Siege Phase
    fires: list[str] = []  # hexes with a Fire counter (16.66)
    heads: list[str] = []  # hexes with a Severed Head: a morale row worse there (16.83-16.84)
    heads_left: int = HEADS  # Severed Heads still to hurl (16.81)
    grond_active: bool = False  # Operate Grond was cast (16.13, 17.13)
    gate_seen: dict[str, dict[str, Side]] = {}  # gate id -> hex -> the side last there (15.15)
    garrison_fell: bool = False  # the garrison has been demoralized once (19.13)

    # ---- magic and the Banner (17.x, 18.x) ----
    magic_spent: dict[str, int] = {}  # magic leader type id -> points spent this game (8.5)
    casts: dict[str, int] = {}  # spell family -> successful casts (allowances, 17.x)
    spells: list[ActiveSpell] = []  # spells in force, oldest first
    magic_acted: list[str] = []  # magic leaders that moved, cast or attempted this phase
    cast_in_a: list[str] = []  # magic leaders that cast or attempted in phase A (8.52)
    banner_leader: int | None = None  # the leader the Banner stands with (18.13, 18.14)
    banner_rallied: list[int] = []  # units the Banner rallied this Game-Turn (18.22)

    # ---- formations and arrivals (6.0, 14.2) ----
    formed: list[int] = []  # leaders that formed a Special Formation this Movement Phase (6.0)
    charged: list[int] = []  # units of a Wedge whose charge is spent (6.0 [R])

    @model_validator(mode="before")
    @classmethod
    def _upgrade(cls, data: Any) -> Any:
        """Drop what older saves kept: "proven" cauldrons and one Game-Turn's shaken hexes.

        A pour now proves no cauldron (16.71); every Head's hex shakes while it stays (16.84).
        """
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k not in ("proven", "shaken")}
        return data

    @field_validator("counters")
    @classmethod
    def _with_banner(cls, counters: list[Counter]) -> list[Counter]:
        """States saved before the Banner was a counter get it, off the map (18.1)."""
        if not any(c.kind == "banner" for c in counters):
            counters.append(banner_counter())
        return counters

    log: list[str] = []
    """The latest public lines (``LOG_KEPT``) for the view; the session's actions keep them all."""
    winner: Side | None = None
    summary: str | None = None

    def __deepcopy__(self, memo: dict | None = None) -> GondorState:
        """A fast deep copy (counters hold only immutable fields, so a shallow copy each)."""
        return self.model_copy(update={k: _copy(v) for k, v in self.__dict__.items()})

    def board(self) -> Board:
        """The board model of the current position, with the siege markers (16.x)."""
        return Board(
            tuple(c.piece() for c in self.counters),
            gates=dict(self.gates),
            breaches=frozenset(self.breaches),
            ladders={h: x.side for h, x in self.ladders.items()},
            ready_ladders={h: x.side for h, x in self.ladders.items() if x.turn < self.turn},
            ready_towers=self._ready_towers(),
            fires=frozenset(self.fires),
        )

    def _ready_towers(self) -> dict[str, Side]:
        """Hexside -> side of each Siege Tower still where it began the Siege Phase (16.41)."""
        out: dict[str, Side] = {}
        for c in self.counters:
            if c.hex is not None and self.tower_bases.get(c.id) == c.hex:
                out.update((w, c.side) for w in climbable_walls(c.hex))
        return out

    def side_of(self, seat: int) -> Side:
        """The side a seat plays (seat 0 Sauron, seat 1 Westernesse)."""
        return SEATS[seat]

    def visit(self, side: Side, hexes: tuple[str, ...] | list[str]) -> None:
        """Record that a combat unit of ``side`` occupied or passed these hexes.

        Only units take a gate (15.15) or the road (20.1 C): callers call this only when a
        combat unit moves, never for leaders, equipment or the Banner alone.
        """
        for h in hexes:
            if h in self.road:
                self.road[h] = side
            for gate in GATE_HEXES.get(h, ()):
                seen = self.gate_seen.setdefault(gate, {})
                seen[h] = side
                if len(seen) == 2 and set(seen.values()) == {side}:
                    self.gates[gate] = side


def _copy(value: Any) -> Any:
    """A deep copy of a state field, fast for the long list of counters."""
    if isinstance(value, Counter):
        return value.model_copy()
    if isinstance(value, BaseModel):
        return value.model_copy(deep=True)
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def _counter_ids() -> list[tuple[str, PieceKind, str, Side, str, int]]:
    """(type id, kind, counter name stem, side, arrival group, how many) for every counter."""
    out: list[tuple[str, PieceKind, str, Side, str, int]] = []
    for u in COUNTERS.units.values():
        out.append((u.id, "unit", u.id, u.side, u.arrives, u.count))
    for ld in COUNTERS.leaders.values():
        out.append((ld.id, "leader", ld.id, ld.side, ld.arrives, 1))
    for e in COUNTERS.equipment.values():
        stem = "cauldron" if e.kind == "cauldron" else e.id
        out.append((e.id, "equipment", stem, e.side, e.arrives, e.count))
    return out


def new_counters() -> list[Counter]:
    """Every counter of counters.toml, off the map; cauldrons get neutral ids (cauldron-1..6)."""
    out: list[Counter] = []
    numbers: dict[str, int] = {}
    for type_id, kind, stem, side, group, count in _counter_ids():
        for _ in range(count):
            numbers[stem] = numbers.get(stem, 0) + 1
            n = numbers[stem]
            cid = stem if kind == "leader" else f"{stem}-{n}"
            out.append(Counter(id=cid, side=side, kind=kind, type=type_id, group=group))
    cauldron_type = next(e.id for e in COUNTERS.equipment.values() if e.kind == "cauldron")
    for c in out:
        if c.is_cauldron:
            c.type = cauldron_type  # the truth lives in ``dummy``, set on placement
    out.append(banner_counter())
    for counter_id, hex_ref in SCHEDULE.fixed.items():
        fixed = next(c for c in out if c.type == counter_id and c.hex is None)
        fixed.hex = hex_ref
    return out


def banner_counter() -> Counter:
    """The Banner of the King (18.1): a Westernesse counter, off the map until unfurled."""
    return Counter(id="banner", side="westernesse", kind="banner", type="banner", group="banner")


@cache
def climbable_walls(hex_ref: str) -> tuple[str, ...]:
    """The wall, tower and gate hexsides a unit in ``hex_ref`` faces from below (16.41, 16.43)."""
    return tuple(
        w.id
        for n in MAP.neighbours[hex_ref]
        if (w := MAP.side(hex_ref, n)) is not None and w.upper != hex_ref
    )


def all_gates() -> dict[str, Side | None]:
    """Every gate hexside, held by Westernesse at the start (15.15)."""
    return {sid: "westernesse" for sid, s in MAP.hexsides.items() if s.kind == "gate"}
