"""Words for Gondor images: the header lines and the alt text, from the view alone."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engines.text import join_and, plural
from render.gondor.counters import COMBAT

View = Mapping[str, Any]
ALT_MAX = 1000
SIDE_NAMES = {"sauron": "Sauron", "westernesse": "Westernesse"}
REACH_LISTED = 30  # reachable hexes listed by id in the alt text; the rest counted


def side_name(side: Any) -> str:
    """The side's name: Sauron, Westernesse or nobody."""
    return SIDE_NAMES.get(str(side), "nobody")


def hexside_name(side: Any) -> str:
    """A hexside as "2213/2214"."""
    return side if isinstance(side, str) else "/".join(str(h) for h in side)


def title(view: View) -> str:
    """The title line: turn, day or night, phase (e.g. "Turn 8 of 16 · Day · D ... (melee)")."""
    phase = view.get("phase") or {}
    name = " ".join(str(p) for p in (phase.get("letter"), phase.get("name")) if p)
    if view.get("segment"):
        name += f" ({view['segment']})"
    turn = f"Turn {view.get('turn')} of {view.get('turns')}" if view.get("turns") else ""
    turn = turn or f"Turn {view.get('turn')}"
    return " · ".join(p for p in (turn, "Night" if view.get("night") else "Day", name) if p)


def force_parts(view: View) -> list[tuple[str, bool]]:
    """("Garrison 29/36", demoralized) for each force."""
    return [
        (
            f"{f.get('name') or str(f['id']).title()} {f['total']}/{f['level']}",
            bool(f.get("demoralized")),
        )
        for f in view.get("forces") or []
    ]


def spells_line(view: View) -> str:
    """Spells in force and magic points left."""
    spells = [
        f"{s.get('name') or s['id']} ({plural(int(s['turns_left']), 'turn')} left)"
        if s.get("turns_left") is not None
        else str(s.get("name") or s["id"])
        for s in view.get("spells") or []
    ]
    magic = view.get("magic_points") or {}
    points = ", ".join(f"{side_name(k)} {v}" for k, v in sorted(magic.items()))
    parts = [f"Spells: {join_and(spells)}" if spells else "No spell in force"]
    if points:
        parts.append(f"Magic points: {points}")
    return " · ".join(parts)


def control_line(view: View) -> str:
    """Levels and road hexes Sauron holds."""
    levels = [
        str(lv["level"]) for lv in view.get("levels") or [] if lv.get("controller") == "sauron"
    ]
    held = f"Sauron holds level {join_and(levels)}" if levels else "Sauron holds no city level"
    road = view.get("road_control") or {}
    roads = ", ".join(f"{h} {side_name(s)}" for h, s in sorted(road.items()))
    return f"{held} · Road: {roads}" if roads else held


def pending_line(view: View) -> str:
    """Whose decision it is, and what."""
    to_act = [side_name(s) for s in view.get("to_act") or []]
    if view.get("result"):
        return str(view["result"])
    you = view.get("you")
    if you and you in (view.get("to_act") or []):
        who = f"Your decision ({side_name(you)})"
    else:
        who = f"Waiting for {join_and(to_act)}" if to_act else ""
        who += f" (you play {side_name(you)})" if you else ""
    pending = str(view.get("pending") or "")
    for name in to_act:  # "Waiting for Sauron: Sauron: choose ..." says the name once
        pending = pending.removeprefix(f"{name}: ")
    return f"{who}: {pending}" if who and pending else who or pending


def off_map_line(view: View) -> str:
    """Groups waiting off the map."""
    groups = [
        f"{g['name']} ({len(g.get('counters') or [])})"
        for g in view.get("off_map") or []
        if g.get("counters")
    ]
    return f"Off the map: {join_and(groups)}" if groups else ""


def describe(c: Mapping[str, Any]) -> str:
    """A counter in words: "Orc Infantry E-2-Y (disrupted, carrying oil)"."""
    name = str(c.get("name") or c.get("kind"))
    if c.get("kind") == "cauldron":
        truth = str(c.get("truth") or "?")
        name = {"real": "Cauldron (real)", "dummy": "Cauldron (dummy)"}.get(truth, "Cauldron (?)")
    if c.get("code"):
        name += f" {c['code']}"
    notes = []
    if c.get("disrupted"):
        notes.append("disrupted")
    if c.get("formation"):
        notes.append(str(c["formation"]))
    carrying = c.get("carrying")
    if carrying:
        notes.append(
            {"oil": "carrying oil", "dummy": "carrying dummy oil"}.get(
                str(carrying), "carrying oil (?)"
            )
        )
    return f"{name} ({', '.join(notes)})" if notes else name


def _sides_summary(view: View) -> list[str]:
    """Per side: units on the map, disrupted ones, where the leaders are; cauldrons."""
    out = []
    stacks = view.get("stacks") or []
    for side in SIDE_NAMES:
        units = [
            c
            for s in stacks
            for c in s["counters"]
            if c.get("side") == side and c.get("kind") in COMBAT
        ]
        disrupted = sum(1 for c in units if c.get("disrupted"))
        leaders = [
            f"{c['name']} {s['hex']}"
            for s in stacks
            for c in s["counters"]
            if c.get("side") == side and c.get("kind") == "leader"
        ]
        text = f"{side_name(side)}: {plural(len(units), 'unit')} on the map"
        if disrupted:
            text += f" ({disrupted} disrupted)"
        if leaders:
            text += f"; leaders {', '.join(leaders)}"
        out.append(text)
    cauldrons = [
        (s["hex"], c) for s in stacks for c in s["counters"] if c.get("kind") == "cauldron"
    ]
    if cauldrons:
        by_truth: dict[str, list[str]] = {}
        for hex_id, c in cauldrons:
            by_truth.setdefault(str(c.get("truth") or "?"), []).append(hex_id)
        parts = [
            f"{ {'real': 'real', 'dummy': 'dummy'}.get(t, 'unknown') } at {', '.join(h)}"
            for t, h in sorted(by_truth.items())
        ]
        out.append(f"{plural(len(cauldrons), 'cauldron')}: {'; '.join(parts)}")
    return out


def _marks(view: View) -> list[str]:
    """Breaches, fires, heads, ladders and gates held by Sauron."""
    out = []
    for key, label in (("breaches", "Breaches"), ("ladders", "Ladders")):
        if view.get(key):
            out.append(f"{label}: {', '.join(hexside_name(s) for s in view[key])}")
    for key, label in (("fires", "Fires"), ("heads", "Heads")):
        if view.get(key):
            out.append(f"{label}: {', '.join(str(h) for h in view[key])}")
    gates = [
        hexside_name(g["hexside"])
        for g in view.get("gates") or []
        if g.get("controller") == "sauron"
    ]
    if gates:
        out.append(f"Gates held by Sauron: {', '.join(gates)}")
    return out


def stack_lines(view: View, hexes: Iterable[str]) -> list[str]:
    """A line per stacked hex: 1918: Orc Infantry E-2-Y (disrupted), The Lord of the Nazgûl."""
    wanted = list(hexes)
    by_hex = {str(s["hex"]): s["counters"] for s in view.get("stacks") or []}
    return [f"{h}: {', '.join(describe(c) for c in by_hex[h])}" for h in wanted if by_hex.get(h)]


def alt_text(view: View, shown: Sequence[str] = ()) -> str:
    """The image in words (at most ALT_MAX characters); ``shown`` are the hexes of a crop."""
    focus = list(view.get("focus") or [])
    head = "Gondor, close-up of " + ", ".join(focus) if focus else "Gondor map"
    parts = [f"{head}. {title(view)}.", _sentence(pending_line(view)), reach_line(view)]
    forces = ", ".join(t + (" (demoralized)" if bad else "") for t, bad in force_parts(view))
    if forces:
        parts.append(f"Demoralization: {forces}.")
    if focus:
        rest = [h for h in shown if h not in focus]
        parts += [f"{line}." for line in stack_lines(view, [*focus, *rest])]
        parts += [f"{m}." for m in _marks(view)]
    else:
        parts += [f"{spells_line(view)}.", f"{control_line(view)}."]
        parts += [f"{m}." for m in _marks(view)]
        parts += [f"{s}." for s in _sides_summary(view)]
        if off_map_line(view):
            parts.append(f"{off_map_line(view)}.")
    return _fit(parts)


def reach_line(view: View) -> str:
    """The highlighted hexes in words ("Can reach 3 hexes: 1903, 1904, 2003.")."""
    hexes = [str(h) for h in view.get("highlight") or []]
    if not hexes:
        return ""
    shown = ", ".join(hexes[:REACH_LISTED]) + (", …" if len(hexes) > REACH_LISTED else "")
    return f"Can reach {len(hexes)} {'hex' if len(hexes) == 1 else 'hexes'}: {shown}."


def _sentence(text: str) -> str:
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def _fit(parts: Sequence[str]) -> str:
    """Join sentences, dropping the ones that do not fit (and ending with "…")."""
    out = ""
    for part in parts:
        if not part:
            continue
        candidate = f"{out} {part}".strip()
        if len(candidate) > ALT_MAX - 2:
            return out + " …"
        out = candidate
    return out
