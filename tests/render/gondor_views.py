"""Hand-made Gondor views in the engine's format (engines.gondor.views.GondorView).

They give the renderer's tests positions a game reaches only after many moves. The map part is
built from data/gondor/map.json, the counters from counters.toml and deployment.toml (a test
helper may read data files; the renderer never does). A ``Position`` holds the whole truth,
cauldrons and oil included; ``view(position, you)`` projects what one side sees, as the engine
does: for Sauron (and spectators) every cauldron is "?" with a neutral id and every carried oil
is "?".
"""

from __future__ import annotations

import copy
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from render import common, gondor
from render.gondor import board, overlays, panel
from render.gondor import counters as counter_sprites
from render.gondor import map as gmap

DATA = Path(__file__).resolve().parents[2] / "data" / "gondor"
MAP = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
COUNTERS = tomllib.loads((DATA / "counters.toml").read_text(encoding="utf-8"))
DEPLOYMENT = tomllib.loads((DATA / "deployment.toml").read_text(encoding="utf-8"))
GROUP_NAMES = {
    "sauron-turn-2": "Sauron's second wave",
    "rohan": "Riders of Rohan",
    "aragorn": "Aragorn's host",
}


def map_part() -> dict:
    """The view's static map part, from map.json."""
    return {
        "columns": MAP["grid"]["columns"],
        "rows": MAP["grid"]["rows"],
        "hexes": [
            {"id": h["id"], "col": int(h["id"][:2]), "row": int(h["id"][2:]), **_terrain(h)}
            for h in MAP["hexes"]
        ],
        "hexsides": [
            {
                "a": s["hexes"][0],
                "b": s["hexes"][1],
                "kind": s["kind"],
                "level": s.get("into_level") or 6,
            }
            for s in MAP["hexsides"]
        ],
        "roads": [r["hexes"] for r in MAP["roads"]],
        "labels": {
            MAP["places"]["citadel_centre"]: "Citadel",
            MAP["places"]["main_gate"][1]: "Main Gate",
            MAP["places"]["sauron_entry_centre"]: "To Osgiliath",
        },
    }


def _terrain(h: dict) -> dict:
    return {"terrain": h["terrain"], "level": h["level"]}


def counter(table: str, entry: dict, n: int) -> dict:
    """A CounterView (with its truth) of the n-th counter of a counters.toml entry."""
    kind = {"unit": entry.get("type"), "leader": "leader"}.get(table) or entry.get("kind")
    dummy = bool(entry.get("dummy"))
    return {
        "id": f"{entry['id']}-{n}",
        "side": entry["side"],
        "kind": kind,
        "name": entry["name"],
        "short": entry["name"].split(" ")[0],
        "code": entry.get("code"),
        "rating": entry.get("rating") or entry.get("rally"),
        "disrupted": False,
        "formation": None,
        "carrying": None,
        "truth": ("dummy" if dummy else "real") if kind == "cauldron" else None,
    }


def counters(arrives: str) -> list[dict]:
    """Every counter arriving with ``arrives`` (deployment "start" or a reinforcement group)."""
    out = []
    for table in ("unit", "leader", "equipment"):
        for entry in COUNTERS[table]:
            if entry["arrives"] == arrives:
                out += [counter(table, entry, n) for n in range(1, entry.get("count", 1) + 1)]
    return out


@dataclass
class Position:
    """The whole truth of a moment: stacks by hex (cauldron truth included) and the rest."""

    stacks: dict[str, list[dict]]
    off_map: dict[str, list[dict]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)


SAURON_HEXES = [f"{c:02d}22" for c in range(9, 31)]
WEST_UNITS = ["1917", "1816", "2016", "2114", "2313", "1712", "1511", "2110", "2309"]
CAULDRONS = ["1716", "2116", "1815", "2015", "1614", "2214"]


def initial_position(real: tuple[int, ...] = (0, 2, 4)) -> Position:
    """The start of the game after deployment (13.0); ``real`` picks the real cauldrons' hexes."""
    start = counters("start")
    stacks: dict[str, list[dict]] = {}
    sauron_units = [c for c in start if c["side"] == "sauron" and c["code"]]
    for hex_id, unit in zip(SAURON_HEXES, sauron_units, strict=True):
        stacks[hex_id] = [unit]
    extras = {"nazgul-lord-1": "1922", "gothmog-1": "2022"}
    towers = ["1222", "2022", "2722"]
    catapults = ["1423", "1923", "2423"]
    for c in start:
        if c["id"] in extras:
            stacks[extras[c["id"]]].append(c)
        elif c["kind"] == "siege-tower":
            stacks[towers.pop(0)].append(c)
        elif c["kind"] == "catapult" and c["side"] == "sauron":
            stacks[catapults.pop(0)] = [c]
    fixed = {f["counter"]: f["hex"] for f in DEPLOYMENT["fixed"]}
    west = [c for c in start if c["side"] == "westernesse" and c["code"]]
    hexes = iter(WEST_UNITS)
    for unit in west:
        base = unit["id"].rsplit("-", 1)[0]
        stacks.setdefault(fixed.get(base) or next(hexes), []).append(unit)
    stacks["1903"].append(next(c for c in start if c["id"] == "gandalf-1"))
    stacks["1917"].append(next(c for c in start if c["id"] == "imrahil-1"))
    for c, hex_id in zip(
        [c for c in start if c["kind"] == "catapult" and c["side"] == "westernesse"],
        ["1916", "2115", "1715"],
        strict=True,
    ):
        stacks.setdefault(hex_id, []).append(c)
    cauldrons = [c for c in start if c["kind"] == "cauldron"]
    for i, hex_id in enumerate(CAULDRONS):
        c = copy.deepcopy(cauldrons[i])
        c["truth"] = "real" if i in real else "dummy"
        c["id"] = f"cauldron-{i + 1}"
        stacks.setdefault(hex_id, []).append(c)
    off = {g: counters(g) for g in GROUP_NAMES}
    return Position(stacks, off, {"turn": 1, "phase": ("A", "First Magic Leader Phase")})


def mid_siege_position(real: tuple[int, ...] = (0, 2, 4)) -> Position:
    """Turn 8, Sauron's melee: the Main Gate broken, fires, heads, ladders, oil carried."""
    pos = initial_position(real)
    s = pos.stacks
    moves = {"1322": "1817", "1422": "1718", "1522": "2018", "1622": "2117", "1722": "1919"}
    for src, dst in moves.items():
        s[dst] = s.pop(src)
    s["1918"] = s.pop("1822") + s.pop("1922")[1:]  # an Orc with the Nazgûl Lord in the gateway
    s["1918"][0]["disrupted"] = True
    s["2117"][0]["disrupted"] = True
    wave = pos.off_map.pop("sauron-turn-2")
    grond = next(c for c in wave if c["kind"] == "grond")
    troll = next(c for c in wave if c["id"] == "trolls-1")
    mumak = next(c for c in wave if c["id"] == "mumakil-1")
    s["2019"] = [troll, grond]
    s["2220"] = [mumak]
    rohan = pos.off_map.pop("rohan")
    for hex_id, c in zip(["3214", "3215", "3116", "3217"], rohan, strict=False):
        s[hex_id] = [c]
    s["3215"].append(next(c for c in rohan if c["id"] == "theoden-1"))
    s["2016"][0]["carrying"] = "oil"
    s["1816"][0]["carrying"] = "dummy"
    s["1816"][0]["disrupted"] = True
    s["2114"][0]["formation"] = None
    pos.extra = {
        "turn": 8,
        "phase": ("D", "Sauron Combat Phase"),
        "segment": "melee",
        "spotlight": ["1822", "1918"],
        "moves": [["1822", "1918"]],
        "fires": ["1815", "2117", "2412"],
        "heads": ["1716", "2015", "1610"],
        "breaches": [["1917", "1918"], ["2213", "2214"]],
        "ladders": [["1816", "1817"], ["2016", "2117"]],
        "gates": {"1917/1918": "sauron"},
        "levels": {1: "westernesse"},
        "forces": {"garrison": 29, "relief": 3, "sauron": 41},
        "spells": [{"id": "fear", "name": "FearSpell", "turns_left": 1}],
        "magic_points": {"sauron": 1, "westernesse": 4},
        "road_control": {"1918": "sauron", "2124": "sauron"},
        "to_act": ["sauron"],
        "pending": "choose the next melee (Trolls 1 must attack the Gondor Spearmen).",
        "log": [
            "Grond breached the Main Gate (2d6 = 7).",
            "A Head landed in 1716: the garrison loses 1 point.",
            "Oil poured from 2016 on Orc Infantry 4: eliminated.",
        ],
    }
    return pos


FORCE_LEVELS = {"garrison": 36, "relief": 76, "sauron": 93}
SIDES = ("sauron", "westernesse")


def view(pos: Position, you: str | None) -> dict:
    """The view side ``you`` (None: a spectator, who sees what Sauron sees) gets of ``pos``."""
    x = pos.extra
    sees_truth = you == "westernesse"
    stacks = []
    n_cauldron = 0
    for hex_id in sorted(pos.stacks):
        shown = []
        for c in pos.stacks[hex_id]:
            c = dict(c)
            if not sees_truth and c["kind"] == "cauldron":
                n_cauldron += 1
                c["truth"], c["id"] = "?", f"cauldron-{n_cauldron}"
            if not sees_truth and c["carrying"]:
                c["carrying"] = "?"
            shown.append(c)
        stacks.append({"hex": hex_id, "counters": shown})
    gates = [
        {"hexside": [s["a"], s["b"]], "controller": x.get("gates", {}).get(f"{s['a']}/{s['b']}")}
        for s in map_part()["hexsides"]
        if s["kind"] == "gate"
    ]
    for g in gates:
        g["controller"] = g["controller"] or "westernesse"
    forces = x.get("forces", {})
    turn = x.get("turn", 1)
    return {
        "game": "gondor",
        "map": map_part(),
        "turn": turn,
        "turns": 16,
        "night": turn in (2, 3, 4, 5, 6),
        "phase": {"letter": x["phase"][0], "name": x["phase"][1]},
        "segment": x.get("segment"),
        "to_act": x.get("to_act", ["westernesse"]),
        "you": you,
        "pending": x.get("pending", "cast a spell, move Gandalf, or pass."),
        "spotlight": x.get("spotlight", []),
        "moves": x.get("moves", []),
        "fires": x.get("fires", []),
        "heads": x.get("heads", []),
        "breaches": x.get("breaches", []),
        "ladders": x.get("ladders", []),
        "gates": gates,
        "levels": [
            {"level": lv, "controller": x.get("levels", {}).get(lv, "westernesse")}
            for lv in range(1, 8)
        ],
        "stacks": stacks,
        "off_map": [
            {"name": GROUP_NAMES[g], "counters": [dict(c) for c in cs]}
            for g, cs in pos.off_map.items()
        ],
        "forces": [
            {
                "id": f,
                "name": f.title(),
                "total": forces.get(f, 0),
                "level": level,
                "demoralized": forces.get(f, 0) >= level,
            }
            for f, level in FORCE_LEVELS.items()
        ],
        "spells": x.get("spells", []),
        "magic_points": x.get("magic_points", {"sauron": 8, "westernesse": 10}),
        "road_control": x.get("road_control", {"1918": None, "2124": None}),
        "log_tail": x.get("log", []),
        "result": None,
    }


def focus(v: dict, hexes: list[str]) -> dict:
    """The same view as a zoomed crop around ``hexes``."""
    return {**v, "focus": hexes}


def clear_caches() -> None:
    """Every picture part and map Gondor's renderer keeps, emptied (drawn afresh after)."""
    caches = (counter_sprites.sprite, gmap.full_background, gmap.zoom_background, gmap.zoom_tile)
    overlays._ring.cache_clear()
    overlays._hex_ring.cache_clear()
    panel.drawn_header.cache_clear()
    panel.drawn_footer.cache_clear()
    board.WHOLE_KEPT.clear()
    board.WHOLE_MAPPED.clear()
    for mapped in (board._header_mapped, board._footer_mapped, gondor._legend_mapped):
        mapped.cache_clear()
    for cached in (*caches, panel.legend):
        cached.cache_clear()
    if hasattr(common._load, "cache_clear"):  # not while the recorder replaces it
        common._load.cache_clear()
