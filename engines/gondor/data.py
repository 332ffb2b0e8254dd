"""Loads Gondor's six data files (data/gondor/) once into frozen models: map, counters, tables.

Every entry is validated on load; a bad one raises :class:`DataError` naming its file and entry.
The map models live in :mod:`engines.gondor.mapdata`.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.gondor.mapdata import DataError, MapData, entry, parse_map
from engines.resources import data_path

DATA_DIR = data_path("gondor")
Side = Literal["sauron", "westernesse"]
UnitKind = Literal["infantry", "cavalry", "mumak"]
MP = float | Literal["prohibited", "all", "as wall"]
UNIT_CODE = re.compile(r"^(?P<melee>[A-E])?(?P<missile>[a-e])?-(?P<apr>[1-4])-(?P<morale>[W-Z])$")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class UnitType(_Frozen):
    """A combat unit type; its code (1.3.1) parsed into melee, missile, APR and morale."""

    id: str
    name: str
    side: Side
    nationality: Literal["mordor", "harad", "gondor", "rohan", "men"]
    type: UnitKind
    code: str
    count: int = Field(ge=1)
    force: Literal["sauron", "garrison", "relief"]
    arrives: str
    seed: str
    carries_grond: bool = False
    melee: Literal["A", "B", "C", "D", "E"] | None
    missile: Literal["e"] | None
    apr: int = Field(ge=1, le=4)
    morale: Literal["W", "X", "Y", "Z"]

    @model_validator(mode="before")
    @classmethod
    def _parse_code(cls, data: Any) -> Any:
        if not isinstance(data, dict) or "code" not in data:
            return data
        found = UNIT_CODE.match(str(data["code"]))
        if found is None:
            raise ValueError(f"unit code {data['code']!r} does not follow 1.3.1")
        return {**data, **found.groupdict(), "apr": int(found["apr"])}


class LeaderType(_Frozen):
    """A leader (1.5, 8.1): Rally Rating, night rating, magic points."""

    id: str
    name: str
    side: Side
    force: Literal["sauron", "garrison", "relief"]
    rally: int = Field(ge=1)
    night_rally: int | None = None
    magic: int = Field(ge=0)
    arrives: str
    seed: str
    individual_combat_bonus: dict[str, str | int] | None = None
    duel_only: bool = False


class EquipmentType(_Frozen):
    """Siege equipment and cauldrons (16.1, 16.7); movement 0 = never moves."""

    id: str
    name: str
    kind: Literal["catapult", "siege-tower", "grond", "cauldron"]
    side: Side
    count: int = Field(ge=1)
    movement: int = Field(ge=0)
    dummy: bool = False
    oil: int = 0
    arrives: str
    seed: str


class MarkerType(_Frozen):
    """Oil, heads, ladders, banner, fire, breach (1.6); count -1 = as many as needed."""

    id: str
    name: str | None = None
    kind: Literal["oil", "head", "ladder", "banner", "fire", "breach"]
    side: Side | Literal["both"]
    count: int
    dummy: bool = False
    seed: str


class Counters(_Frozen):
    """counters.toml: every counter type by id, and what each side sees only as "?"."""

    units: dict[str, UnitType]
    leaders: dict[str, LeaderType]
    equipment: dict[str, EquipmentType]
    markers: dict[str, MarkerType]
    hidden: dict[str, Side]


class Allowances(_Frozen):
    """Movement Allowances (3.1); city = Westernesse units starting inside Minas Tirith (15.21)."""

    infantry: int
    cavalry: int
    mumak: int
    leader: int
    banner: int
    siege: int
    city: int
    disrupted: str


class TerrainRule(_Frozen):
    """A Terrain Effects Chart line for a hex kind (4.2)."""

    kind: str
    mp: int
    cavalry_mp: int
    defender_apr: int
    defender_apr_vs_cavalry: int = 0
    fixed_apr: int | None = None
    passable: bool
    blocks_fire: bool = False
    blocks_zoc: bool = False
    higher_than_neighbours: bool = False


class HexsideRule(_Frozen):
    """A Terrain Effects Chart line for a hexside or a passage (4.2)."""

    kind: str
    mp: MP
    note: str = ""
    defender_apr: int = 0


class Direction(_Frozen):
    """A step: column change and row change for odd and for even columns."""

    column: int
    odd_row: int
    even_row: int


class Tables(_Frozen):
    """tables.toml. The combat and magic tables stay raw dicts; their modules read them."""

    movement: Allowances
    terrain: dict[str, TerrainRule]
    hexside: dict[str, HexsideRule]
    directions: dict[str, Direction]
    scatter: dict[int, str]
    demoralization: dict[str, int]
    cpt: dict[str, object]
    morale: dict[str, object]
    individual: dict[str, object]
    rally: dict[str, object]
    spell: tuple[dict[str, object], ...]
    banner: dict[str, int | str]
    breach: dict[str, object]
    fireball: dict[str, int | str | tuple[int, ...]]


class Area(_Frozen):
    """A deployment area (13.0)."""

    id: str
    side: Side
    counters: tuple[str, ...]
    rows: tuple[int, int] | None = None
    city: bool = False
    near_walls: int = 0
    city_only: bool = False
    seed: str


class Group(_Frozen):
    """A reinforcement group (14.0): when, where, and how it enters."""

    id: str
    side: Side
    turn: int
    roll: dict[str, object] | None = None
    phase: str
    entry_hexes: tuple[str, ...] = Field(min_length=1)
    late_entry: bool
    formations: bool
    attack_blockers: bool
    demoralization: dict[str, str | int] | None = None
    seed: str


class Schedule(_Frozen):
    """deployment.toml and reinforcements.toml: who is placed where, who arrives when."""

    order: tuple[Side, Side]
    areas: dict[str, Area]
    fixed: dict[str, str]
    stacks: tuple[dict[str, str | int], ...]
    groups: dict[str, Group]


class GameFrame(_Frozen):
    """game.toml: length, night turns, phases, forces, victory (raw dicts, read where used)."""

    turns: int
    night: tuple[int, ...]
    first_player: Side
    sides: tuple[Side, Side]
    phase: tuple[dict[str, object], ...]
    force: tuple[dict[str, object], ...]
    victory: dict[str, object]


def _toml(name: str) -> dict:
    return tomllib.loads((DATA_DIR / name).read_text(encoding="utf-8"))


def _by_id(
    model: type[BaseModel], items: list[dict], file: str, table: str, key: str = "id"
) -> dict:
    out: dict = {}
    for i, raw in enumerate(items):
        where = f"{file} [[{table}]] #{i + 1} ({raw.get(key)})"
        item = entry(model, raw, where)
        if getattr(item, key) in out:
            raise DataError(f"{where}: id listed twice")
        out[getattr(item, key)] = item
    return out


def load_counters() -> Counters:
    """Parse counters.toml."""
    raw, f = _toml("counters.toml"), "counters.toml"
    return Counters(
        units=_by_id(UnitType, raw["unit"], f, "unit"),
        leaders=_by_id(LeaderType, raw["leader"], f, "leader"),
        equipment=_by_id(EquipmentType, raw["equipment"], f, "equipment"),
        markers=_by_id(MarkerType, raw["marker"], f, "marker"),
        hidden=raw["hidden"],
    )


def load_tables() -> Tables:
    """Parse tables.toml."""
    raw, f = _toml("tables.toml"), "tables.toml"
    return entry(
        Tables,
        {
            **raw,
            "movement": entry(Allowances, raw["movement"], f"{f} [movement]"),
            "terrain": _by_id(TerrainRule, raw["terrain"], f, "terrain", "kind"),
            "hexside": _by_id(HexsideRule, raw["hexside"], f, "hexside", "kind"),
        },
        f,
    )


def load_schedule() -> Schedule:
    """Parse deployment.toml and reinforcements.toml."""
    dep, f = _toml("deployment.toml"), "deployment.toml"
    fixed = {item["counter"]: item["hex"] for item in dep["fixed"]}
    return Schedule(
        order=dep["order"],
        areas=_by_id(Area, dep["area"], f, "area"),
        fixed=fixed,
        stacks=tuple(dep["stack"]),
        groups=_by_id(Group, _toml("reinforcements.toml")["group"], "reinforcements.toml", "group"),
    )


def _check(counters: Counters, schedule: Schedule, map_data: MapData) -> None:
    """Cross-file checks: arrival groups exist, named hexes are on the map."""
    groups = {"start", *schedule.groups}
    for kind in (counters.units, counters.leaders, counters.equipment):
        for item in kind.values():
            if item.arrives not in groups:
                raise DataError(f"counters.toml {item.id}: unknown arrival group {item.arrives!r}")
    hexes = [
        *schedule.fixed.values(),
        *(h for g in schedule.groups.values() for h in g.entry_hexes),
    ]
    missing = sorted(set(hexes) - set(map_data.hexes))
    if missing:
        raise DataError(f"deployment/reinforcements: hexes {missing} are not on the map")
    unknown = sorted(set(schedule.fixed) - set(counters.units))
    if unknown:
        raise DataError(f"deployment.toml [[fixed]]: unknown counters {unknown}")


MAP = parse_map(json.loads((DATA_DIR / "map.json").read_text(encoding="utf-8")))
COUNTERS = load_counters()
TABLES = load_tables()
SCHEDULE = load_schedule()
GAME = entry(GameFrame, _toml("game.toml"), "game.toml")
_check(COUNTERS, SCHEDULE, MAP)
