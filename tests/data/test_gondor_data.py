"""Gondor's data files (data/gondor/) parse and agree with the seed and with each other.

These checks read the files directly, without the engine. Source: the Exclusive Rules of
*Gondor: The Siege of Minas Tirith* (SPI, 1977), cases 12.0-20.0; rule numbers 1-10 are our
reconstruction in docs/rules/gondor.md.
"""

import itertools
import json
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "data" / "gondor"
UNIT_CODE = re.compile(r"^(?P<melee>[A-E])?(?P<missile>[a-e])?-(?P<apr>[1-4])-(?P<morale>[W-Z])$")


def toml(name: str) -> dict:
    with (DATA / name).open("rb") as f:
        return tomllib.load(f)


MAP = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
COUNTERS = toml("counters.toml")
TABLES = toml("tables.toml")
GAME = toml("game.toml")
DEPLOYMENT = toml("deployment.toml")
REINFORCEMENTS = toml("reinforcements.toml")
HEXES = {h["id"]: h for h in MAP["hexes"]}
COLS, ROWS = MAP["grid"]["columns"], MAP["grid"]["rows"]


def cr(hex_id: str) -> tuple[int, int]:
    return int(hex_id[:2]), int(hex_id[2:])


def neighbours(hex_id: str) -> set[str]:
    """The six neighbours of the grid in map.json's 'about' (even columns shifted down)."""
    c, r = cr(hex_id)
    steps = [(0, -1), (0, 1)]
    side = [(-1, -1), (-1, 0), (1, -1), (1, 0)] if c % 2 else [(-1, 0), (-1, 1), (1, 0), (1, 1)]
    out = {(c + dc, r + dr) for dc, dr in steps + side}
    return {f"{a:02d}{b:02d}" for a, b in out if 1 <= a <= COLS and 1 <= b <= ROWS}


def distance(a: str, b: str) -> int:
    def cube(h: str) -> tuple[int, int, int]:
        c, r = cr(h)
        z = r - (c + (c & 1)) // 2
        return c, -c - z, z

    return max(abs(p - q) for p, q in zip(cube(a), cube(b), strict=True))


def step(hex_id: str, direction: str) -> str:
    d = TABLES["directions"][direction]
    c, r = cr(hex_id)
    return f"{c + d['column']:02d}{r + (d['odd_row'] if c % 2 else d['even_row']):02d}"


# ---- map ----------------------------------------------------------------------------------


def test_every_hex_of_the_grid_exactly_once():
    ids = [h["id"] for h in MAP["hexes"]]
    assert len(ids) == len(set(ids)) == COLS * ROWS == 768
    for hex_id in ids:
        c, r = cr(hex_id)
        assert 1 <= c <= COLS and 1 <= r <= ROWS, hex_id


def test_terrain_and_levels_are_known_and_consistent():
    kinds = set(MAP["terrain_kinds"])
    assert kinds == {t["kind"] for t in TABLES["terrain"]}
    for h in MAP["hexes"]:
        assert h["terrain"] in kinds, h
        assert 0 <= h["level"] <= 7, h
        in_city = h["terrain"] in ("city", "tunnel", "tower")
        assert in_city == (h["level"] > 0), h
    assert {h["level"] for h in MAP["hexes"]} == set(range(8))


def test_neighbour_rule_matches_hex_distance():
    for hex_id in ("0101", "1903", "2124", "1632", "3224", "1517"):
        if hex_id in HEXES:
            assert all(distance(hex_id, n) == 1 for n in neighbours(hex_id))
    assert len(neighbours("1510")) == 6


def test_every_hexside_feature_joins_two_adjacent_hexes():
    seen = set()
    for side in MAP["hexsides"]:
        a, b = side["hexes"]
        assert a in HEXES and b in HEXES, side
        assert b in neighbours(a), side
        key = frozenset((a, b))
        assert key not in seen, f"hexside {a}/{b} listed twice"
        seen.add(key)
        assert side["kind"] in ("wall", "tower", "gate"), side
        if side["wall"] == "spur":
            continue
        low, up = HEXES[side["lower"]], HEXES[side["upper"]]
        assert {low["id"], up["id"]} == {a, b}
        assert up["level"] == low["level"] + 1 == side["into_level"], side
        if side["kind"] == "tower":
            assert up["terrain"] == "tower", side


def test_walls_enclose_every_level_change():
    """Walls, towers and gates sit on every hexside where the city level changes (15.1)."""
    featured = {frozenset(s["hexes"]) for s in MAP["hexsides"]}
    for h in MAP["hexes"]:
        for n in neighbours(h["id"]):
            other = HEXES[n]
            if "mountain" in (h["terrain"], other["terrain"]):
                continue
            if h["level"] != other["level"]:
                assert frozenset((h["id"], n)) in featured, (h["id"], n)


def test_one_gate_into_each_level_and_the_main_gate_is_grond_only():
    gates = [s for s in MAP["hexsides"] if s["kind"] == "gate"]
    assert sorted(g["into_level"] for g in gates) == list(range(1, 8))
    main = next(g for g in gates if g["into_level"] == 1)
    assert set(main["hexes"]) == set(MAP["places"]["main_gate"]) == {"1917", "1918"}
    assert main["breachable_by"] == ["grond"]  # 15.23
    for side in MAP["hexsides"]:
        if side["wall"] == "outer" and side["kind"] != "gate":
            assert side["breachable_by"] == [], side  # 15.23: never breached
    for gate in gates:
        towers = [n for n in neighbours(gate["upper"]) if HEXES[n]["terrain"] == "tower"]
        assert len(towers) == 2, gate  # every gate flanked by two towers


def test_errata_wall_between_2101_and_2201():
    assert any(set(s["hexes"]) == {"2101", "2201"} for s in MAP["hexsides"])


def test_seed_hexes_sit_where_the_rules_need_them():
    assert HEXES["1903"]["level"] == 7  # 13.2 Citadel Guard
    assert HEXES["1918"]["level"] == 0 and HEXES["1917"]["level"] == 1
    assert cr("2124")[1] == ROWS and "2124" in MAP["edges"]["east"]  # 14.1, 20.1 C
    assert HEXES["2906"]["level"] > 0  # 16.63 example target is in the city
    assert step("2906", TABLES["scatter"]["4"]) == "2907"  # 16.63 example
    road = MAP["roads"][0]["hexes"]
    assert road[0] == "1918" and road[-1] == "2124"


def test_roads_are_chains_of_adjacent_open_hexes():
    for road in MAP["roads"]:
        chain = road["hexes"]
        for a, b in itertools.pairwise(chain):
            assert b in neighbours(a), (road["name"], a, b)
        for hex_id in chain:
            assert HEXES[hex_id]["terrain"] in ("clear", "rough"), hex_id


def test_edges_hold_open_hexes_of_their_edge():
    where = {
        "north": lambda c, r: c == COLS,
        "south": lambda c, r: c == 1,
        "east": lambda c, r: r == ROWS,
        "west": lambda c, r: r == 1,
    }
    for edge, hexes in MAP["edges"].items():
        for hex_id in hexes:
            assert where[edge](*cr(hex_id)), (edge, hex_id)
            assert HEXES[hex_id]["terrain"] != "mountain", hex_id
    assert MAP["edges"]["north"] and MAP["edges"]["south"] and MAP["edges"]["east"]


# ---- counters ------------------------------------------------------------------------------

SAURON_SEED = [  # (name, code, count, arrives): 13.1 and 14.1
    ("Orc Archers", "Ee-3-X", 4, "start"),
    ("Light Orc Infantry", "E-1-Z", 9, "start"),
    ("Orc Infantry", "E-2-Y", 9, "start"),
    ("Uruk-Hai", "E-3-Y", 3, "sauron-turn-2"),
    ("Mordor Bowmen", "e-1-Y", 2, "sauron-turn-2"),
    ("Mordor Cavalry", "D-2-Y", 2, "sauron-turn-2"),
    ("Mûmakil (Harad)", "C-4-Y", 3, "sauron-turn-2"),
    ("Cataphracted Cavalry (Harad)", "D-3-X", 2, "sauron-turn-2"),
    ("Heavy Cavalry (Harad)", "D-3-Y", 2, "sauron-turn-2"),
    ("Axemen (Harad)", "E-2-Y", 3, "sauron-turn-2"),
    ("Mordor Orcs", "E-2-Y", 3, "sauron-turn-2"),
    ("Mordor Axemen", "B-3-Z", 2, "sauron-turn-2"),
    ("Mordor Light Archers", "e-1-Z", 2, "sauron-turn-2"),
    ("Trolls", "B-3-Z", 4, "sauron-turn-2"),
]
WESTERNESSE_SEED = [  # 13.2 and 14.2
    ("Gondor Spearmen", "D-3-X", 4, "start"),
    ("Gondor Armored Archer", "De-3-X", 1, "start"),
    ("Gondor Mounted Knight", "B-3-X", 1, "start"),
    ("Gondor Lance Knight", "B-3-W", 1, "start"),
    ("Gondor Axeman", "B-3-X", 1, "start"),
    ("Gondor Bowman", "e-2-X", 1, "start"),
    ("Citadel Guard", "D-3-W", 1, "start"),
    ("Heavy Cavalry (Rohan)", "B-3-X", 3, "rohan"),
    ("Horse Archers (Rohan)", "Be-3-X", 7, "rohan"),
    ("Heavy Cavalry (Men)", "B-3-X", 4, "aragorn"),
    ("Spearmen (Men)", "D-3-X", 6, "aragorn"),
    ("Light Cavalry (Men)", "C-2-W", 1, "aragorn"),
]
LEADERS_SEED = {
    "sauron": {
        "The Lord of the Nazgûl": "start",
        "Gothmog": "start",
        "King of Harad": "sauron-turn-2",
    },
    "westernesse": {
        "Gandalf": "start",
        "Imrahil": "start",
        "Théoden": "rohan",
        "Éomer": "rohan",
        "Éowyn": "rohan",
        "Aragorn": "aragorn",
    },
}
EQUIPMENT_SEED = {  # (side, kind, dummy) -> {arrives: count}: 13.1, 13.2, 14.1, 16.71
    ("sauron", "catapult", False): {"start": 3},
    ("sauron", "siege-tower", False): {"start": 3, "sauron-turn-2": 1},
    ("sauron", "grond", False): {"sauron-turn-2": 1},
    ("westernesse", "catapult", False): {"start": 3},
    ("westernesse", "cauldron", False): {"start": 3},
    ("westernesse", "cauldron", True): {"start": 3},
}


@pytest.mark.parametrize(
    ("side", "seed"), [("sauron", SAURON_SEED), ("westernesse", WESTERNESSE_SEED)]
)
def test_combat_units_match_the_seed(side, seed):
    units = [u for u in COUNTERS["unit"] if u["side"] == side]
    got = sorted((u["name"], u["code"], u["count"], u["arrives"]) for u in units)
    assert got == sorted(seed)


@pytest.mark.parametrize("side", ["sauron", "westernesse"])
def test_leaders_match_the_seed(side):
    leaders = {ld["name"]: ld["arrives"] for ld in COUNTERS["leader"] if ld["side"] == side}
    assert leaders == LEADERS_SEED[side]


def test_equipment_matches_the_seed():
    got: dict = {}
    for e in COUNTERS["equipment"]:
        key = (e["side"], e["kind"], e.get("dummy", False))
        got.setdefault(key, Counter())[e["arrives"]] += e["count"]
    assert {k: dict(v) for k, v in got.items()} == EQUIPMENT_SEED


def test_markers_of_the_seed():
    markers = {m["id"]: m for m in COUNTERS["marker"]}
    assert markers["head"]["count"] == 12  # 16.81
    assert markers["oil"]["count"] == 3 * 3 and markers["dummy-oil"]["count"] == 3 * 3  # 16.72
    assert markers["banner"]["count"] == 1  # 18.1
    assert COUNTERS["hidden"] == {"cauldron": "sauron", "oil": "sauron"}  # 16.71-16.74


def test_every_unit_code_matches_the_grammar_and_types_are_known():
    ids = Counter(u["id"] for u in COUNTERS["unit"])
    assert max(ids.values()) == 1
    for u in COUNTERS["unit"]:
        assert UNIT_CODE.match(u["code"]), u["code"]
        assert u["type"] in TABLES["movement"], u
        assert u["force"] in {f["id"] for f in GAME["force"]}, u
    grond = {u["id"] for u in COUNTERS["unit"] if u.get("carries_grond")}
    assert grond == {"trolls", "uruk-hai"}  # 16.13


def test_magic_points_and_ratings():
    leaders = {ld["id"]: ld for ld in COUNTERS["leader"]}
    assert leaders["gandalf"]["magic"] == 10 and leaders["nazgul-lord"]["magic"] == 8
    assert {i for i, ld in leaders.items() if ld["magic"]} == {"gandalf", "nazgul-lord"}
    for ld in leaders.values():
        assert 1 <= ld["rally"] <= 12, ld
    # 7.2: the Nazgul Lord is harmed only by individual combat
    assert {i for i, ld in leaders.items() if ld.get("duel_only")} == {"nazgul-lord"}


def test_demoralization_points_of_each_force():
    """Our 9.1 values against the seed's levels 36 / 76 / 93 (19.1)."""
    pts = TABLES["demoralization"]
    total = Counter()
    for u in COUNTERS["unit"]:
        total[u["force"]] += u["count"] * pts[u["code"][-1]]
    assert dict(total) == {"garrison": 64, "relief": 128, "sauron": 178}
    assert {f["id"]: f["level"] for f in GAME["force"]} == {
        "garrison": 36,
        "relief": 76,
        "sauron": 93,
    }


# ---- deployment and reinforcements ---------------------------------------------------------


def test_deployment_areas():
    assert DEPLOYMENT["order"] == ["sauron", "westernesse"]  # 13.0
    areas = {a["id"]: a for a in DEPLOYMENT["area"]}
    first, last = areas["sauron-start"]["rows"]
    sauron = [
        h for h in MAP["hexes"] if first <= cr(h["id"])[1] <= last and h["terrain"] != "mountain"
    ]
    starters = sum(
        u["count"] for u in COUNTERS["unit"] if u["side"] == "sauron" and u["arrives"] == "start"
    )
    assert len(sauron) >= starters
    assert all(h["level"] == 0 for h in sauron)
    fixed = {f["counter"]: f["hex"] for f in DEPLOYMENT["fixed"]}
    assert fixed == {"citadel-guard": "1903"}


def test_reinforcement_groups_cover_every_late_counter():
    groups = {g["id"]: g for g in REINFORCEMENTS["group"]}
    arrivals = {c["arrives"] for kind in ("unit", "leader", "equipment") for c in COUNTERS[kind]}
    assert arrivals - {"start"} == set(groups)
    assert groups["sauron-turn-2"]["turn"] == 2  # 14.1
    assert groups["rohan"]["turn"] == 5 and groups["rohan"]["roll"]["succeed"] == [5, 6]
    assert groups["aragorn"]["turn"] == 10


def test_reinforcement_entry_hexes_are_map_edge_hexes():
    edge_of = {"sauron-turn-2": "east", "rohan": "north", "aragorn": "south"}
    for group in REINFORCEMENTS["group"]:
        edge = MAP["edges"][edge_of[group["id"]]]
        assert group["entry_hexes"], group["id"]
        assert set(group["entry_hexes"]) <= set(edge), group["id"]
    sauron = next(g for g in REINFORCEMENTS["group"] if g["id"] == "sauron-turn-2")
    assert all(distance(h, "2124") <= 2 for h in sauron["entry_hexes"])  # 14.1
    rohan = next(g for g in REINFORCEMENTS["group"] if g["id"] == "rohan")
    assert rohan["entry_hexes"] == MAP["edges"]["north"]  # "anywhere along the Northern edge"


# ---- tables and game frame -----------------------------------------------------------------


def test_casualty_probability_table_is_complete():
    cpt = TABLES["cpt"]
    assert set(cpt["rows"]) == {"A", "B", "C", "D", "E", "F", "e"}
    for row in cpt["rows"].values():
        assert len(row) == len(cpt["columns"]) == 4
        assert all(2 <= n <= 12 for n in row) and row == sorted(row, reverse=True)


def test_morale_and_individual_combat_tables_are_complete():
    morale = TABLES["morale"]
    assert set(morale["rows"]) == set("WXYZ")
    results = {"-", "R1", "R2", "D", "E"}
    for row in morale["rows"].values():
        assert len(row) == len(morale["bands"]) and set(row) <= results
    assert set(morale["missile"]) == results
    ind = TABLES["individual"]
    assert set(ind["rows"]) == {str(d) for d in range(1, 7)}
    for row in ind["rows"].values():
        assert len(row) == len(ind["bands"])


def test_breach_table_is_complete_and_keeps_the_seed_cell():
    breach = TABLES["breach"]
    rows = {(r["weapon"], r["range"]): r for r in breach["row"]}
    assert set(rows) == {("catapult", n) for n in range(1, 5)} | {("grond", 1)}  # 16.21: max 4
    for row in rows.values():
        for target in breach["targets"]:
            assert all(2 <= n <= 12 for n in row[target]), row
    assert rows[("catapult", 2)]["wall"] == [9]  # 16.22: range 2 against a wall needs a nine


def test_fireball_range_and_scatter_keep_the_seed():
    fireball = TABLES["fireball"]
    assert fireball["range"] == 4  # 16.61: up to four hexes
    assert fireball["scatter_from"] == 3  # 16.63: at range three or four a die is rolled
    assert fireball["on_target"] == [1, 2, 3]  # 16.63: 1-3 on target, 4-6 scatters


def test_magic_chart_keeps_the_seed_costs_and_allowances():
    spells = {s["id"]: s for s in TABLES["spell"]}
    seed = {
        "fear": (5, 2),
        "freeze-leader-1": (3, 3),
        "freeze-leader-2": (4, 3),
        "operate-grond": (1, 1),
        "break-darkness": (6, 2),
        "reveal-aragorn": (4, 1),
    }
    for sid, (auto, limit) in seed.items():
        assert (spells[sid]["auto"], spells[sid]["limit"]) == (auto, limit), sid
    assert spells["reveal-aragorn"]["duration"] == 3
    casters = {ld["id"] for ld in COUNTERS["leader"] if ld["magic"]}
    for s in spells.values():
        assert s["caster"] in casters
        for points, top in s["attempt"].items():
            assert 1 <= int(points) < s["auto"] and 1 <= top <= 5, s["id"]


def test_magic_chart_groups_price_every_cast_once_and_buttons_have_words():
    """17.12: Freeze first 3, second and third 4; 17.22: a Stalemate price by day, one by night."""
    spells = TABLES["spell"]
    freeze = [s for s in spells if s.get("limit_group") == "freeze-leader"]
    assert sorted(n for s in freeze for n in s["casts"]) == [1, 2, 3]
    stalemate = [s for s in spells if s.get("limit_group") == "stalemate"]
    assert sorted((s.get("day_only", False), s.get("night_only", False)) for s in stalemate) == [
        (False, True),
        (True, False),
    ]
    for s in spells:
        assert s["label"] and len(s["summary"]) <= 80, s["id"]


def test_the_banner_rallies_two_units_within_six_hexes():
    """18.21-18.22: six hexes; two units a turn. The Banner counter has a printed name."""
    assert (TABLES["banner"]["range"], TABLES["banner"]["rallies"]) == (6, 2)
    markers = {m["id"]: m for m in COUNTERS["marker"]}
    assert markers["banner"]["name"] == "Banner of the King"


def test_scatter_directions_are_the_six_neighbours():
    assert set(TABLES["scatter"]) == {str(d) for d in range(1, 7)}
    for hex_id in ("1510", "1611"):
        reached = {step(hex_id, TABLES["scatter"][str(d)]) for d in range(1, 7)}
        assert reached == neighbours(hex_id)


def test_game_frame():
    assert GAME["turns"] == 16 and GAME["night"] == [2, 3, 4, 5, 6]  # 12.0
    assert [p["letter"] for p in GAME["phase"]] == list("ABCDEFGH")
    assert GAME["victory"]["conditions"][2]["hexes"] == ["1918", "2124"]  # 20.1 C
