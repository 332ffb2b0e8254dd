"""Words for Gondor images: the header lines and the alt text, from the view alone."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engines.gondor.places import place
from engines.gondor.views import CounterView, GondorView, Hexside
from engines.text import join_and, plural
from render.gondor.counters import COMBAT

ALT_MAX = 1000
SIDE_NAMES = {"sauron": "Sauron", "westernesse": "Westernesse"}
DEPLOYMENT = "Initial Deployment"  # the phase's name while the sides deploy
REACH_LISTED = 30  # reachable hexes listed by id in the alt text; the rest counted


def side_name(side: str | None) -> str:
    """The side's name: Sauron, Westernesse or nobody."""
    return SIDE_NAMES.get(str(side), "nobody")


def hexside_name(side: Hexside) -> str:
    """A hexside as "2213/2214"."""
    return "/".join(side)


def title(view: GondorView) -> str:
    """The title line: turn, day or night, phase ("Turn 8 of 16 · Day · Phase D: ... (melee)")."""
    letter = view.phase.letter
    name = f"Phase {letter}: {view.phase.name}" if letter else view.phase.name
    if view.segment:
        name += f" ({view.segment})"
    turn = f"Turn {view.turn} of {view.turns}" if view.turns else f"Turn {view.turn}"
    return " · ".join(p for p in (turn, "Night" if view.night else "Day", name) if p)


def force_parts(view: GondorView) -> list[tuple[str, bool]]:
    """("Garrison 29/36", demoralized) for each force: its losses and its limit (19.0)."""
    return [(f"{f.id.title()} {f.total}/{f.level}", f.demoralized) for f in view.forces]


def forces_sentence(view: GondorView) -> str:
    """The forces in words: "Losses so far of the limit at which a force loses heart: ..."."""
    forces = [
        f"{f.name or f.id.title()} {f.total} of {f.level}"
        + (" (demoralized)" if f.demoralized else "")
        for f in view.forces
    ]
    return (
        f"Losses so far of the limit at which a force is demoralized: {', '.join(forces)}."
        if forces
        else ""
    )


def spells_line(view: GondorView) -> str:
    """Spells in force and magic points left."""
    spells = [
        f"{s.name or s.id} ({plural(s.turns_left, 'turn')} left)"
        if s.turns_left is not None
        else s.name or s.id
        for s in view.spells
    ]
    points = ", ".join(f"{side_name(k)} {v}" for k, v in sorted(view.magic_points.items()))
    parts = [f"Spells: {join_and(spells)}" if spells else "No spell in force"]
    if points:
        parts.append(f"Magic points: {points}")
    return " · ".join(parts)


def status_parts(view: GondorView) -> list[str]:
    """The short status under the whole map: spells, magic points, levels held, groups waiting."""
    spells = [
        f"{s.name or s.id} ({plural(s.turns_left, 'turn')} left)"
        if s.turns_left is not None
        else s.name or s.id
        for s in view.spells
    ]
    points = ", ".join(f"{side_name(k)} {v}" for k, v in sorted(view.magic_points.items()))
    levels = [str(lv.level) for lv in view.levels if lv.controller == "sauron"]
    parts = [*spells, f"Magic points: {points}" if points else ""]
    parts.append(f"Sauron holds level {join_and(levels)}" if levels else "")
    parts += [
        f"{g.name} off map ({plural(len(g.counters), 'counter')})"
        for g in view.off_map
        if g.counters
    ]
    return [p for p in parts if p]


def control_line(view: GondorView) -> str:
    """Levels Sauron holds, and who last held each East road hex (the goal's road)."""
    levels = [str(lv.level) for lv in view.levels if lv.controller == "sauron"]
    held = f"Sauron holds level {join_and(levels)}" if levels else "Sauron holds no city level"
    by_side: dict[str, list[str]] = {}
    for h, s in sorted(view.road_control.items()):
        by_side.setdefault(side_name(s), []).append(h)
    roads = "; ".join(f"by {s}: {join_and(hexes)}" for s, hexes in by_side.items())
    return f"{held} · the East road's goal hexes last held {roads}" if roads else held


def pending_line(view: GondorView) -> str:
    """Whose decision it is, and what."""
    to_act = [side_name(s) for s in view.to_act]
    if view.result:
        return view.result
    you = view.you
    if you and you in view.to_act:
        who = f"Your decision ({side_name(you)})"
    else:
        who = f"Waiting for {join_and(to_act)}" if to_act else ""
        who += f" (you play {side_name(you)})" if you else ""
    pending = view.pending or ""
    for name in to_act:  # "Waiting for Sauron: Sauron: choose ..." says the name once
        pending = pending.removeprefix(f"{name}: ")
    return f"{who}: {pending}" if who and pending else who or pending


def off_map_line(view: GondorView) -> str:
    """Groups waiting off the map."""
    groups = [f"{g.name} ({len(g.counters)})" for g in view.off_map if g.counters]
    return f"Off the map: {join_and(groups)}" if groups else ""


def describe(c: CounterView) -> str:
    """A counter in words: "Orc Infantry E-2-Y (disrupted, carrying oil)"."""
    name = c.name or c.kind
    if c.kind == "cauldron":
        truth = c.truth or "?"
        name = {"real": "Cauldron (real)", "dummy": "Cauldron (dummy)"}.get(truth, "Cauldron (?)")
    if c.code:
        name += f" {c.code}"
    notes = []
    if c.disrupted:
        notes.append("disrupted")
    if c.formation:
        notes.append(c.formation)
    if c.carrying:
        notes.append(
            {"oil": "carrying oil", "dummy": "carrying dummy oil"}.get(
                c.carrying, "carrying oil (?)"
            )
        )
    return f"{name} ({', '.join(notes)})" if notes else name


def _sides_summary(view: GondorView) -> list[str]:
    """Per side: units on the map, disrupted ones, where the leaders are; cauldrons."""
    out = []
    stacks = view.stacks
    for side in SIDE_NAMES:
        units = [c for s in stacks for c in s.counters if c.side == side and c.kind in COMBAT]
        disrupted = sum(1 for c in units if c.disrupted)
        leaders = [
            f"{c.name} {s.hex} ({place(s.hex)})"
            for s in stacks
            for c in s.counters
            if c.side == side and c.kind == "leader"
        ]
        text = f"{side_name(side)}: {plural(len(units), 'unit')} on the map"
        if disrupted:
            text += f" ({disrupted} disrupted)"
        if leaders:
            text += f"; leaders {', '.join(leaders)}"
        out.append(text)
    cauldrons = [(s.hex, c) for s in stacks for c in s.counters if c.kind == "cauldron"]
    if cauldrons:
        by_truth: dict[str, list[str]] = {}
        for hex_id, c in cauldrons:
            by_truth.setdefault(c.truth or "?", []).append(hex_id)
        parts = [
            f"{ {'real': 'real', 'dummy': 'dummy'}.get(t, 'unknown') } at {', '.join(h)}"
            for t, h in sorted(by_truth.items())
        ]
        out.append(f"{plural(len(cauldrons), 'cauldron')}: {'; '.join(parts)}")
    return out


def _marks(view: GondorView) -> list[str]:
    """Breaches, fires, heads, ladders and gates held by Sauron."""
    out = []
    for sides, label in ((view.breaches, "Breaches"), (view.ladders, "Ladders")):
        if sides:
            out.append(f"{label}: {', '.join(hexside_name(s) for s in sides)}")
    for hexes, label in ((view.fires, "Fires"), (view.heads, "Heads")):
        if hexes:
            out.append(f"{label}: {', '.join(hexes)}")
    gates = [hexside_name(g.hexside) for g in view.gates if g.controller == "sauron"]
    if gates:
        out.append(f"Gates held by Sauron: {', '.join(gates)}")
    return out


def stack_lines(view: GondorView, hexes: Iterable[str]) -> list[str]:
    """A line per stacked hex: 1918: Orc Infantry E-2-Y (disrupted), The Lord of the Nazgûl."""
    by_hex = {s.hex: s.counters for s in view.stacks}
    return [f"{h}: {', '.join(describe(c) for c in by_hex[h])}" for h in hexes if by_hex.get(h)]


def alt_text(view: GondorView, shown: Sequence[str] = (), places: str = "") -> str:
    """The image in words (at most ALT_MAX characters).

    ``shown`` are the hexes of a crop, ``places`` the line naming the ringed places among them.
    """
    focus = view.focus
    head = "Gondor, close-up of " + ", ".join(focus) if focus else "Gondor map"
    parts = [f"{head}. {title(view)}."]
    parts += [f"Warning: {_sentence(w)}" for w in view.warnings if not view.result]
    parts += [_sentence(pending_line(view)), reach_line(view)]
    parts += [forces_sentence(view), _sentence(places)]
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
    return fit_sentences(parts)


def reach_line(view: GondorView) -> str:
    """The highlighted hexes in words: "Can reach 3 hexes: 1903, 1904, 2003.".

    While a side deploys: "Can be placed on 3 hexes: …".
    """
    hexes = view.highlight
    if not hexes:
        return ""
    shown = ", ".join(hexes[:REACH_LISTED]) + (", …" if len(hexes) > REACH_LISTED else "")
    verb = "Can be placed on" if view.phase.name == DEPLOYMENT else "Can reach"
    return f"{verb} {len(hexes)} {'hex' if len(hexes) == 1 else 'hexes'}: {shown}."


def _sentence(text: str) -> str:
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def fit_sentences(parts: Sequence[str]) -> str:
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
