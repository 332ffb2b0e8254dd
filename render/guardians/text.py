"""The alt text of a Guardians image: the same facts in words, from the view alone.

At most 1000 characters: less important parts (the board space by space, events) are dropped
first when everything does not fit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.text import join_and, plural, sentence
from render.guardians.card import card_line
from render.guardians.combat import command_phrase, title
from render.guardians.style import (
    PHASE_TITLES,
    TERRAIN_NAMES,
    View,
    named,
    seat_name,
    seats_key,
    tag,
)

ALT_MAX = 1000


def who(view: View, seat: int) -> str:
    """A seat as "Alice (P1)"."""
    return f"{seat_name(view, seat)} ({tag(seat)})"


def player_sentence(view: View, player: Mapping[str, Any]) -> str:
    """A seat's Guardian, stones, lands, losses, piles and Up card."""
    seat = int(player["seat"])
    g = player.get("guardian") or {}
    text = (
        f"{who(view, seat)}: {g.get('name', 'Guardian')} vitality {g.get('vitality')}/"
        f"{g.get('max_vitality', g.get('vitality'))}, {plural(int(g.get('stones', 0)), 'stone')}; "
        f"{plural(int(player.get('lands', 0)), 'land')}, "
        f"{player.get('shields_destroyed', 0)} of 5 Shields destroyed; "
        f"deck {player.get('deck', 0)}, discard {player.get('discard', 0)}, "
        f"storage {player.get('storage', 0)}, pen {player.get('pen', 0)}"
    )
    if player.get("up_card"):
        text += f"; Up card {card_line(player['up_card'])}"
    return text + "."


def space_phrase(view: View, space: Mapping[str, Any]) -> str:
    """One space as the image shows it, or "" for an empty disputed space."""
    bits: list[str] = []
    terrain = space.get("terrain")
    if terrain and terrain.get("face_down"):
        bits.append(f"face-down terrain of {tag(terrain.get('owner'))}")
    elif terrain:
        kind = TERRAIN_NAMES.get(str(terrain.get("type")), str(terrain.get("type")))
        name = str(terrain.get("name") or kind)
        bits.append(name if name == kind else f"{name} ({kind})")
    sh = space.get("stronghold")
    if sh and sh.get("rubbled"):
        bits.append(f"{sh.get('name')} RUBBLE")
    elif sh:
        text = f"{sh.get('name')} +{sh.get('defence', 0)}, on {sh.get('on', 0)}"
        text += f" under {sh.get('under', 0)}"
        if sh.get("upgrade"):
            text += f", {sh['upgrade']}"
        bits.append(text)
    for s in space.get("shields") or []:
        text = (
            f"{tag(s.get('owner'))} {s.get('name')} {'turned' if s.get('turned') else 'unturned'}"
        )
        text += f" {plural(int(s.get('count', 0)), 'creature')}"
        if s.get("cards"):
            text += ": " + ", ".join(card_line(c) for c in s["cards"])
        bits.append(text)
    if not bits and space.get("controller") is None:
        return ""
    held = (
        f" held by {tag(space['controller'])}" if isinstance(space.get("controller"), int) else ""
    )
    return f"{space.get('id')}{held}: " + ("; ".join(bits) or "empty")


def combat_sentence(view: View) -> str:
    """The combat so far: command cards, match-ups with cards and totals, the winner."""
    combat = view.get("combat")
    if not combat:
        return ""
    parts = [title(view, combat)]
    parts += [command_phrase(view, c) for c in combat.get("commands") or []]
    for i, m in enumerate(combat.get("matchups") or [], start=1):
        sides = []
        for side in m.get("sides") or []:
            text = f"{tag(side.get('seat'))} {card_line(side.get('card'))}"
            if side.get("total") is not None:
                text += f" total {side['total']}"
            if side.get("fate"):
                text += f" {side['fate']}"
            sides.append(text)
        kind = "secondary" if m.get("kind") == "secondary" else "primary"
        line = f"{kind} {i}: " + " vs ".join(sides)
        if m.get("result"):
            line += f", {m['result']}"
        parts.append(line)
    totals = combat.get("totals")
    if totals:
        parts.append(
            "totals "
            + ", ".join(
                f"{tag(s)} {seats_key(view, totals, s)}"
                for s in (0, 1)
                if seats_key(view, totals, s) is not None
            )
        )
    return sentence(named(view, ". ".join(parts)))


def private_sentence(view: View) -> str:
    """The viewer's own hand and pen."""
    bits = []
    for key, label in (("hand", "Your Storage hand"), ("pen", "your Creature Pen")):
        cards = view.get(key)
        if cards is not None:
            listed = ", ".join(card_line(c) for c in cards) or "empty"
            bits.append(f"{label}: {listed}")
    return sentence("; ".join(bits)) if bits else ""


def alt_text(view: View) -> str:
    """Describe the image for screen readers, from the view alone, in at most 1000 characters."""
    viewer = view.get("viewer")
    phase = PHASE_TITLES.get(str(view.get("phase")), str(view.get("phase")))
    seen = f"Your view as {who(view, viewer)}." if viewer in (0, 1) else "Spectator view."
    result = view.get("result")
    outcome = ""
    if result:
        winners = [seat_name(view, s) for s in result.get("winners") or []]
        outcome = sentence(
            f"{join_and(winners) or 'Nobody'} wins. {named(view, str(result.get('summary') or ''))}"
        )
    to_act = [seat_name(view, s) for s in view.get("to_act") or []]
    spaces = [space_phrase(view, s) for s in view.get("spaces") or []]
    board = sentence("Board: " + ". ".join(p for p in spaces if p)) if any(spaces) else ""
    events = [named(view, str(e)) for e in (view.get("recent") or [])[-3:]]
    parts: list[tuple[int, str]] = [
        (0, f"Guardians, turn {view.get('turn', 1)}, {phase.lower()}. {seen}"),
        (0, outcome),
        (1, sentence(named(view, str(view.get("status") or "")))),
        (1, f"To act: {join_and(to_act)}." if to_act and not result else ""),
        (2, combat_sentence(view)),
        (2, " ".join(player_sentence(view, p) for p in view.get("players") or [])),
        (3, private_sentence(view)),
        (4, board),
        (5, sentence("Recent: " + " ".join(sentence(e) for e in events)) if events else ""),
    ]
    for cutoff in range(5, -1, -1):
        text = " ".join(t for prio, t in parts if t and prio <= cutoff)
        if len(text) <= ALT_MAX:
            return text
    return text[: ALT_MAX - 1] + "…"
