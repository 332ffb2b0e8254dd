"""Gondor views in the renderer's format (render/gondor/__init__.py), built from the state.

Sauron and spectators never learn a cauldron's or an oil's truth: every cauldron shows
truth "?", every carried oil "?". The map part is built once from data and shared.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from engines.gondor.actions import counter_name
from engines.gondor.data import COUNTERS, GAME, MAP, SCHEDULE, Side
from engines.gondor.magic.effects import spells_view
from engines.gondor.state import Counter, GondorState
from engines.gondor.victory import FORCES, demoralized, level_controller, total
from engines.resources import data_path

LOG_TAIL = 8
_TEXT = tomllib.loads((data_path("gondor") / "phases.toml").read_text(encoding="utf-8"))


@cache
def map_view() -> dict[str, Any]:
    """The static map from map.json, in the renderer's format (built once)."""
    labels: dict[str, str] = {}
    for place, name in _TEXT["labels"].items():
        where = MAP.places[place]
        for h in (where,) if isinstance(where, str) else where:
            labels.setdefault(h, name)
    return {
        "columns": MAP.grid.columns,
        "rows": MAP.grid.rows,
        "hexes": [
            {"id": h.id, "col": h.col, "row": h.row, "terrain": h.terrain, "level": h.level}
            for h in MAP.hexes.values()
        ],
        "hexsides": [
            {"a": s.hexes[0], "b": s.hexes[1], "kind": s.kind, "level": s.into_level}
            for s in MAP.hexsides.values()
        ],
        "roads": [list(r.hexes) for r in MAP.roads],
        "labels": labels,
    }


@cache
def _static(index: int, counter_id: str, kind: str, type_id: str) -> dict[str, Any]:
    """The parts of a CounterView that never change (a cauldron's are alike, real or dummy)."""
    unit = COUNTERS.units.get(type_id) if kind == "unit" else None
    leader = COUNTERS.leaders.get(type_id) if kind == "leader" else None
    shown = kind
    if unit:
        shown = unit.type
    elif kind == "equipment":
        shown = COUNTERS.equipment[type_id].kind
    name = counter_name(index)
    return {
        "id": counter_id,
        "kind": shown,
        "name": name,
        "short": name.split(" ")[0],
        "code": unit.code if unit else None,
        "rating": leader.rally if leader else None,
    }


def counter_view(c: Counter, index: int, knows_truth: bool) -> dict[str, Any]:
    """One CounterView; a cauldron's truth and carried oil only for Westernesse."""
    out = {**_static(index, c.id, c.kind, c.type), "side": c.side}
    truth = None
    if c.is_cauldron:
        truth = ("dummy" if c.dummy else "real") if knows_truth else "?"
        out["name"] = f"Cauldron ({c.oil} oil)"
    carrying = None
    if c.carries_oil:
        carrying = ("dummy" if c.dummy else "oil") if knows_truth else "?"
    out.update(disrupted=c.disrupted, formation=c.formation, carrying=carrying, truth=truth)
    return out


def build_view(state: GondorState, you: Side | None, pending: str | None) -> dict[str, Any]:
    """The whole view for ``you`` (None: a spectator, who sees what Sauron sees)."""
    knows = you == "westernesse"
    stacks: dict[str, list[dict[str, Any]]] = {}
    off: dict[str, list[dict[str, Any]]] = {}
    for i, c in enumerate(state.counters):
        if c.hex is not None:
            stacks.setdefault(c.hex, []).append(counter_view(c, i, knows))
        elif c.group in SCHEDULE.groups:
            off.setdefault(c.group, []).append(counter_view(c, i, knows))
    phase = next((p for p in GAME.phase if p["id"] == state.phase), None)
    gates = [
        {"hexside": list(MAP.hexsides[g].hexes), "controller": side}
        for g, side in sorted(state.gates.items())
    ]
    return {
        "map": map_view(),
        "turn": state.turn,
        "turns": GAME.turns,
        "night": state.turn in GAME.night,
        "phase": _phase_view(state, phase),
        "segment": state.segment,
        "to_act": [] if state.winner else [state.pending.side if state.pending else state.acting],
        "you": you,
        "pending": pending,
        "result": state.summary,
        "spotlight": list(state.spotlight),
        "fires": sorted(state.fires),
        "heads": sorted(state.heads),
        "breaches": [w.split("/") for w in sorted(state.breaches)],
        "ladders": [w.split("/") for w in sorted(state.ladders)],
        "gates": gates,
        "levels": [{"level": lv, "controller": level_controller(state, lv)} for lv in range(1, 8)],
        "stacks": [{"hex": h, "counters": cs} for h, cs in sorted(stacks.items())],
        "off_map": [{"name": _TEXT["groups"][g], "counters": cs} for g, cs in off.items()],
        "forces": [
            {
                "id": f,
                "name": _TEXT["forces"][f],
                "total": total(state, f),
                "level": FORCES[f]["level"],
                "demoralized": demoralized(state, f),
            }
            for f in FORCES
        ],
        "spells": spells_view(state),
        "magic_points": _magic(state),
        "road_control": dict(state.road),
        "log_tail": state.log[-LOG_TAIL:],
    }


def _phase_view(state: GondorState, phase: dict[str, object] | None) -> dict[str, str]:
    if phase is not None:
        return {"letter": str(phase["letter"]), "name": str(phase["name"])}
    if state.phase == "setup":
        return {"letter": "", "name": "Initial Deployment"}
    return {"letter": "", "name": "Game over"}


def _magic(state: GondorState) -> dict[str, int]:
    """Magic points left in the pools of each side's magic leaders on the map (8.5)."""
    out = {"sauron": 0, "westernesse": 0}
    for c in state.counters:
        if c.kind == "leader" and c.hex is not None:
            out[c.side] += COUNTERS.leaders[c.type].magic - state.magic_spent.get(c.type, 0)
    return out
