"""engines.gondor.data: the six files load into frozen models; bad entries are named."""

import copy
import json

import pytest
from pydantic import ValidationError

from engines.gondor.data import COUNTERS, DATA_DIR, GAME, MAP, SCHEDULE, TABLES, UnitType
from engines.gondor.mapdata import DataError, entry, parse_map

RAW_MAP = json.loads((DATA_DIR / "map.json").read_text(encoding="utf-8"))


def test_the_map_loads_whole():
    assert (MAP.grid.columns, MAP.grid.rows) == (32, 24)
    assert len(MAP.hexes) == 768 and len(MAP.hexsides) == 330
    h = MAP.hexes["1903"]
    assert (h.col, h.row, h.level, h.in_city) == (19, 3, 7, True)  # 13.2: the Citadel Guard's hex
    main = MAP.side("1918", "1917")
    assert main is not None and main.name == "Main Gate" and main.breachable_by == ("grond",)
    assert MAP.side("2201", "2101").wall == "spur"  # errata: the wall between 2101 and 2201
    assert MAP.side("2615", "2616") is None
    assert MAP.place("citadel_guard") == "1903"
    assert "1918/1919" in MAP.road_links and "1918/1917" not in MAP.road_links


def test_unit_codes_follow_the_grammar_of_1_3_1():
    archers = COUNTERS.units["orc-archers"]  # Ee-3-X
    assert (archers.melee, archers.missile, archers.apr, archers.morale) == ("E", "e", 3, "X")
    bowman = COUNTERS.units["gondor-bowman"]  # e-2-X: no melee letter, never melees (1.3.1)
    assert (bowman.melee, bowman.missile, bowman.apr, bowman.morale) == (None, "e", 2, "X")
    mumak = COUNTERS.units["mumakil"]
    assert (mumak.type, mumak.melee, mumak.apr, mumak.morale) == ("mumak", "C", 4, "Y")
    assert COUNTERS.units["trolls"].carries_grond  # 16.13
    assert not COUNTERS.units["orc-infantry"].carries_grond


def test_other_files_load():
    assert COUNTERS.leaders["nazgul-lord"].night_rally == 10
    assert COUNTERS.equipment["cauldron"].movement == 0
    assert TABLES.movement.infantry == 4 and TABLES.movement.city == 5  # 3.1, 15.21
    assert TABLES.terrain["rough"].cavalry_mp == 3 and not TABLES.terrain["mountain"].passable
    assert TABLES.scatter[4] == "E"
    assert SCHEDULE.fixed == {"citadel-guard": "1903"}
    assert SCHEDULE.groups["sauron-turn-2"].entry_hexes == ("1924", "2024", "2124", "2224", "2324")
    assert GAME.turns == 16 and GAME.night == (2, 3, 4, 5, 6)


def test_models_are_frozen():
    with pytest.raises(ValidationError):
        MAP.hexes["1903"].level = 1  # type: ignore[misc]


def test_a_bad_unit_code_names_the_entry():
    raw = dict(COUNTERS.units["trolls"].model_dump(exclude={"melee", "missile", "apr", "morale"}))
    raw["code"] = "B-5-Z"
    with pytest.raises(DataError, match=r"counters.toml \[\[unit\]\] #7 \(trolls\)"):
        entry(UnitType, raw, "counters.toml [[unit]] #7 (trolls)")


def test_map_errors_name_the_file_and_the_entry():
    bad = copy.deepcopy(RAW_MAP)
    bad["hexes"][5]["terrain"] = "swamp"
    with pytest.raises(DataError, match=r"map.json hexes\[5\] \(0106\)"):
        parse_map(bad)
    bad = copy.deepcopy(RAW_MAP)
    bad["hexsides"][0]["hexes"] = ["1607", "1609"]
    with pytest.raises(DataError, match=r"(?s)map.json hexsides\[0\] \(1607/1609\).*not adjacent"):
        parse_map(bad)
    bad = copy.deepcopy(RAW_MAP)
    bad["roads"][0]["hexes"].append("9999")
    with pytest.raises(DataError, match=r"map\.json roads"):
        parse_map(bad)
