"""Hexes named as players name places: "Road east", "city level 3", "Pelennor near the Main Gate".

The named places (data/gondor/phases.toml [labels], ringed and named on the map) come first;
then the city level, a road, or the ground outside the walls with its nearest named place.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache

from engines.gondor.data import MAP
from engines.gondor.hexes import distance
from engines.resources import data_path

NEAR = 2  # hexes from a named place within which a hex is "near" it
GROUND = {"clear": "Pelennor fields", "rough": "rough ground"}


@cache
def labels() -> dict[str, str]:
    """Hex id -> the name of the place it is (phases.toml [labels] order: first name wins)."""
    text = tomllib.loads((data_path("gondor") / "phases.toml").read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for place, name in text["labels"].items():
        where = MAP.places[place]
        for h in (where,) if isinstance(where, str) else where:
            out.setdefault(h, name)
    return out


@cache
def _roads() -> dict[str, str]:
    """Hex id -> the first road through it, named short ("the North road along the Outer Wall")."""
    out: dict[str, str] = {}
    for road in MAP.roads:
        name = road.name.split(" (")[0]
        for h in road.hexes:
            out.setdefault(h, f"the {name}")
    return out


@cache
def place(hex_id: str) -> str:
    """The hex as a place, in a few words (no id)."""
    named = labels().get(hex_id)
    if named:
        return named
    h = MAP.hexes[hex_id]
    if h.level:
        kind = {"tower": "a tower", "tunnel": "the tunnel"}.get(h.terrain)
        return f"{kind} of city level {h.level}" if kind else f"city level {h.level}"
    road = _roads().get(hex_id)
    if road:
        return road
    ground = GROUND.get(h.terrain, h.terrain)
    near = min(labels(), key=lambda p: (distance(p, hex_id), p))
    if distance(near, hex_id) <= NEAR:
        return f"{ground} near the {labels()[near]}"
    return ground


def hex_place(hex_id: str) -> str:
    """The id and the place: "1918, Road east"."""
    return f"{hex_id}, {place(hex_id)}"


HEX_ID = re.compile(r"(?<![\d/])\d{4}(?![\d/])")
"""A hex id standing alone (the ends of a hexside, "1714/1715", name a wall together)."""


def named(text: str) -> str:
    """``text`` with each hex id that lacks its place followed by it, as the buttons name hexes.

    "to 1919" becomes "to 1919, the East road to Osgiliath"; an id already named stays as it is.
    """

    def name(m: re.Match[str]) -> str:
        h = m.group()
        if h not in MAP.hexes or text.startswith(f", {place(h)}", m.end()):
            return h
        return hex_place(h)

    return HEX_ID.sub(name, text)
