"""The Gondor map (data/gondor/map.json) as frozen models: hexes, hexside features, roads, edges."""

from __future__ import annotations

from functools import cached_property
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engines.gondor import hexes
from engines.gondor.hexes import Grid

Terrain = Literal["clear", "rough", "mountain", "city", "tunnel", "tower"]
HEX_ID = r"^\d{4}$"


class DataError(ValueError):
    """A Gondor data file is malformed; the message names the file and the entry."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


M = TypeVar("M", bound=BaseModel)


class Hex(_Frozen):
    """One map hex: terrain and city level (0 = outside Minas Tirith, 4.1)."""

    id: str = Field(pattern=HEX_ID)
    terrain: Terrain
    level: int = Field(ge=0, le=7)

    @property
    def col(self) -> int:
        """Column 01-32 (South to North)."""
        return hexes.to_cr(self.id)[0]

    @property
    def row(self) -> int:
        """Row 01-24 (West to East)."""
        return hexes.to_cr(self.id)[1]

    @property
    def in_city(self) -> bool:
        """True for a hex of Minas Tirith (city, tunnel or tower; 15.11)."""
        return self.level > 0


class Hexside(_Frozen):
    """A wall, tower or gate hexside (4.1, 15.1); the spur wall has no lower/upper side."""

    hexes: tuple[str, str]
    lower: str | None
    upper: str | None
    wall: Literal["outer", "inner", "spur"]
    into_level: int = Field(ge=1, le=7)
    kind: Literal["wall", "tower", "gate"]
    name: str | None = None
    breachable_by: tuple[Literal["catapult", "grond"], ...]

    @cached_property
    def id(self) -> str:
        """The hexside id, as :func:`engines.gondor.hexes.hexside_id` spells it."""
        return hexes.hexside_id(*self.hexes)

    @model_validator(mode="after")
    def _sides(self) -> Hexside:
        if not hexes.adjacent(*self.hexes):
            raise ValueError(f"{self.hexes} are not adjacent")
        ends = {self.lower, self.upper}
        if self.wall == "spur" and ends != {None}:
            raise ValueError("the spur wall has no lower or upper hex")
        if self.wall != "spur" and ends != set(self.hexes):
            raise ValueError("lower and upper must be the two hexes")
        return self


class Road(_Frozen):
    """A road: a chain of adjacent hexes (3.3)."""

    name: str
    hexes: tuple[str, ...] = Field(min_length=2)

    @model_validator(mode="after")
    def _chain(self) -> Road:
        for a, b in zip(self.hexes, self.hexes[1:], strict=False):
            if not hexes.adjacent(a, b):
                raise ValueError(f"{a} and {b} are not adjacent")
        return self


class MapData(_Frozen):
    """The whole map: grid, hexes by id, hexside features by hexside id, roads, edges, places."""

    grid: Grid
    hexes: dict[str, Hex]
    hexsides: dict[str, Hexside]
    roads: tuple[Road, ...]
    edges: dict[Literal["north", "south", "east", "west"], tuple[str, ...]]
    places: dict[str, str | tuple[str, ...]]

    @cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Each hex's on-map neighbours, in id order."""
        return {h: self.grid.neighbours(h) for h in self.hexes}

    @cached_property
    def road_links(self) -> frozenset[str]:
        """Hexside ids joining two consecutive hexes of a road chain (3.3)."""
        return frozenset(
            hexes.hexside_id(a, b)
            for road in self.roads
            for a, b in zip(road.hexes, road.hexes[1:], strict=False)
        )

    @cached_property
    def between(self) -> dict[tuple[str, str], Hexside]:
        """Each hexside feature under both orders of its two hexes: (a, b) and (b, a)."""
        out = {}
        for s in self.hexsides.values():
            a, b = s.hexes
            out[a, b] = out[b, a] = s
        return out

    @cached_property
    def road_pairs(self) -> frozenset[tuple[str, str]]:
        """:attr:`road_links` as hex pairs, in both orders."""
        return frozenset(
            pair
            for road in self.roads
            for a, b in zip(road.hexes, road.hexes[1:], strict=False)
            for pair in ((a, b), (b, a))
        )

    @cached_property
    def edge_hexes(self) -> frozenset[str]:
        """Every hex of a map edge that reinforcements enter by (14.0)."""
        return frozenset(h for edge in self.edges.values() for h in edge)

    @cached_property
    def links(self) -> dict[str, tuple[tuple[str, Hexside | None, bool], ...]]:
        """Hex -> (neighbour, hexside feature or None, road joins them) for each neighbour."""
        return {
            a: tuple((b, self.between.get((a, b)), (a, b) in self.road_pairs) for b in ns)
            for a, ns in self.neighbours.items()
        }

    def side(self, a: str, b: str) -> Hexside | None:
        """The feature on the hexside between adjacent a and b, if any (a, b not checked)."""
        return self.between.get((a, b))

    def is_road(self, a: str, b: str) -> bool:
        """True if adjacent a and b are consecutive hexes of one road chain (3.3)."""
        return (a, b) in self.road_pairs

    def place(self, name: str) -> str:
        """A single named hex of map.json "places"."""
        value = self.places[name]
        if not isinstance(value, str):
            raise KeyError(f"place {name!r} is a list of hexes")
        return value


def entry(model: type[M], raw: object, where: str) -> M:
    """Validate one data entry; a failure raises :class:`DataError` naming ``where``."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataError(f"{where}: {exc}") from exc


def parse_map(raw: dict, file: str = "map.json") -> MapData:
    """Validate map.json; errors name the file and the entry."""
    grid = Grid(raw["grid"]["columns"], raw["grid"]["rows"])
    hex_map: dict[str, Hex] = {}
    for i, h in enumerate(raw["hexes"]):
        hx = entry(Hex, h, f"{file} hexes[{i}] ({h.get('id')})")
        if not grid.contains(hx.col, hx.row) or hx.id in hex_map:
            raise DataError(f"{file} hexes[{i}] ({hx.id}): off the grid or listed twice")
        hex_map[hx.id] = hx
    if len(hex_map) != grid.columns * grid.rows:
        raise DataError(f"{file} hexes: {len(hex_map)} hexes for a {grid} grid")
    sides: dict[str, Hexside] = {}
    for i, s in enumerate(raw["hexsides"]):
        where = f"{file} hexsides[{i}] ({'/'.join(s.get('hexes', []))})"
        side = entry(Hexside, s, where)
        if side.id in sides:
            raise DataError(f"{where}: listed twice")
        sides[side.id] = side
    roads = tuple(
        entry(Road, r, f"{file} roads[{i}] ({r.get('name')})") for i, r in enumerate(raw["roads"])
    )
    places = {k: v if isinstance(v, str) else tuple(v) for k, v in raw["places"].items()}
    edges = {k: tuple(v) for k, v in raw["edges"].items()}
    named = [h for v in places.values() for h in ((v,) if isinstance(v, str) else v)]
    named += [h for group in edges.values() for h in group]
    named += [h for road in roads for h in road.hexes]
    named += [h for side in sides.values() for h in side.hexes]
    missing = sorted(set(named) - set(hex_map))
    if missing:
        raise DataError(f"{file}: hexes {missing} are named but not on the map")
    return MapData(
        grid=grid, hexes=hex_map, hexsides=sides, roads=roads, edges=edges, places=places
    )
