"""A light board model for ZOC, stacking and movement: pieces by hex, gates, breaches, ladders.

The game state builds a :class:`Board` from itself when it needs one; nothing here mutates. A
board caches what is derived from it (pieces by hex, occupied hexes, ZOC in :attr:`Board.memo`),
so never change its mappings after building it: build a new board instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from engines.gondor.data import COUNTERS, MAP, Side, UnitType

PieceKind = Literal["unit", "leader", "equipment", "banner"]
Formation = Literal["column", "wedge", "shieldwall"]
STACKED_EQUIPMENT = ("catapult", "siege-tower", "grond")  # cauldrons never count (16.73)
_MOBILITY: dict[tuple[str, str], str] = {
    **{("unit", u.id): u.type for u in COUNTERS.units.values()},
    **{("equipment", e.id): e.kind for e in COUNTERS.equipment.values()},
}


def other(side: Side) -> Side:
    """The opposing side."""
    return "westernesse" if side == "sauron" else "sauron"


@dataclass(frozen=True)
class Piece:
    """One counter on (or off, hex None) the map; type = its counters.toml id."""

    id: str
    side: Side
    kind: PieceKind
    type: str
    hex: str | None
    disrupted: bool = False
    formation: Formation | None = None
    oil: bool = False

    @property
    def unit_type(self) -> UnitType | None:
        """The combat unit type, for units."""
        return COUNTERS.units[self.type] if self.kind == "unit" else None

    @property
    def mobility(self) -> str:
        """infantry, cavalry, mumak, leader, banner, or the equipment kind (catapult, ...)."""
        if self.kind in ("unit", "equipment"):
            return _MOBILITY[self.kind, self.type]
        return self.kind

    @property
    def mounted(self) -> bool:
        """Cavalry or Mûmakil (15.22, 16.48)."""
        return self.mobility in ("cavalry", "mumak")

    @property
    def counts_for_stacking(self) -> bool:
        """Combat units and siege equipment count (5.2); leaders, Banner, cauldrons do not."""
        return self.kind == "unit" or self.mobility in STACKED_EQUIPMENT


def _all_gates_westernesse() -> dict[str, Side | None]:
    return {sid: "westernesse" for sid, s in MAP.hexsides.items() if s.kind == "gate"}


@dataclass(frozen=True)
class Board:
    """What ZOC and movement need to know about a position.

    gates: gate hexside id -> controlling side (15.15; Westernesse holds all at the start).
    breaches: breached hexside ids (16.27). ladders: hexside id -> the side of the Ladder
    standing against it (ZOC, armour and combat at once, 16.44-16.46). ready_ladders /
    ready_towers: hexside id -> the side whose Ladder placed in an earlier Game-Turn (16.43) or
    Siege Tower that began the Siege Phase in its lower hex (16.41) lets its units climb there.
    fires: hexes with a Fire counter (16.67).
    """

    pieces: tuple[Piece, ...]
    gates: Mapping[str, Side | None] = field(default_factory=_all_gates_westernesse)
    breaches: frozenset[str] = frozenset()
    ladders: Mapping[str, Side] = field(default_factory=dict)
    ready_ladders: Mapping[str, Side] = field(default_factory=dict)
    ready_towers: Mapping[str, Side] = field(default_factory=dict)
    fires: frozenset[str] = frozenset()

    @cached_property
    def by_id(self) -> dict[str, Piece]:
        """Every piece by id."""
        return {p.id: p for p in self.pieces}

    @cached_property
    def by_hex(self) -> dict[str, tuple[Piece, ...]]:
        """The pieces in each occupied hex."""
        out: dict[str, list[Piece]] = {}
        for p in self.pieces:
            if p.hex is not None:
                out.setdefault(p.hex, []).append(p)
        return {h: tuple(ps) for h, ps in out.items()}

    @property
    def piece_hexes(self) -> dict[Side, frozenset[str]]:
        """The hexes holding any piece of each side."""
        return self._occupied[0]

    @property
    def unit_hexes(self) -> dict[Side, frozenset[str]]:
        """The hexes holding a combat unit of each side."""
        return self._occupied[1]

    @cached_property
    def _occupied(self) -> tuple[dict[Side, frozenset[str]], dict[Side, frozenset[str]]]:
        pieces: dict[Side, set[str]] = {"sauron": set(), "westernesse": set()}
        units: dict[Side, set[str]] = {"sauron": set(), "westernesse": set()}
        for p in self.pieces:
            if p.hex is not None:
                pieces[p.side].add(p.hex)
                if p.kind == "unit":
                    units[p.side].add(p.hex)
        return _frozen(pieces), _frozen(units)

    @cached_property
    def memo(self) -> dict[object, object]:
        """Results derived from this board that other modules cache on it (ZOC by side)."""
        return {}

    def at(self, hex_ref: str) -> tuple[Piece, ...]:
        """The pieces in a hex."""
        return self.by_hex.get(hex_ref, ())

    def piece(self, piece_id: str) -> Piece:
        """A piece by id."""
        return self.by_id[piece_id]


def _frozen(hexes: dict[Side, set[str]]) -> dict[Side, frozenset[str]]:
    return {side: frozenset(found) for side, found in hexes.items()}


def stacking_problem(pieces: Iterable[Piece]) -> str | None:
    """Why these pieces may not share a hex (5.2), or None if they may."""
    pieces = list(pieces)
    if len(pieces) < 2:
        return None  # a lone counter always stacks
    if len({p.side for p in pieces if p.counts_for_stacking}) > 1:
        return "enemy units may not share a hex"
    units = [p for p in pieces if p.kind == "unit"]
    if len(units) > 2:
        return "at most one combat unit a hex (two in a Special Formation)"
    if len(units) == 2 and (units[0].formation is None or units[0].formation != units[1].formation):
        return "two combat units share a hex only in a Special Formation"
    if sum(p.mobility in STACKED_EQUIPMENT for p in pieces) > 1:
        return "at most one siege equipment counter a hex"
    return None
