"""The alt text of a Guardians image: the same facts in words, from the view alone.

At most 1000 characters: less important parts (the board space by space, events) are dropped
first when everything does not fit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.text import join_and, plural, sentence
from render.guardians.card import card_line
from render.guardians.combat import (
    cast_phrase,
    matchups,
    others,
    seat_of,
    side_phrase,
    title,
)
from render.guardians.style import (
    PHASE_TITLES,
    TERRAIN_NAMES,
    View,
    named,
    seat_name,
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
        f"{who(view, seat)}: {g.get('name', 'Guardian')} "
        f"{g.get('vitality')}/{g.get('max_vitality', g.get('vitality'))} vitality, "
        f"{plural(int(g.get('stones', 0)), 'stone')}, "
        f"{plural(int(player.get('lands', 0)), 'land')}, "
        f"{player.get('shields_destroyed', 0)}/5 Shields lost, "
        f"deck {player.get('deck', 0)}, discard {player.get('discard', 0)}, "
        f"storage {player.get('storage', 0)}, pen {player.get('pen', 0)}"
    )
    if player.get("up_card"):
        text += f", Up card {card_line(player['up_card'])}"
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


def combat_parts(view: View) -> list[str]:
    """The combat so far as sentences: title, sides, casts, match-ups, the winner, own hand."""
    combat = view.get("combat")
    if not combat:
        return []
    parts = [title(combat)]
    if combat.get("status"):
        parts.append(str(combat["status"]))
    parts += [side_phrase(view, combat, s) for s in combat.get("sides") or []]
    parts += [cast_phrase(combat, c) for c in combat.get("casts") or []]
    for role, label in (
        ("command", "command creature"),
        ("ranged", "ranged"),
        ("out", "set aside"),
    ):
        parts += [f"{label}: {_fighter(combat, f)}" for f in others(combat, role)]
    for heading, pair in matchups(combat):
        parts.append(f"{heading}: " + " vs ".join(_fighter(combat, f) for f in pair))
    winner = combat.get("winner")
    if isinstance(winner, int):
        parts.append(f"{seat_name(view, winner)} holds {combat.get('space')}")
    for side in combat.get("sides") or []:
        if side.get("hand"):
            parts.append("Your combat hand: " + ", ".join(card_line(c) for c in side["hand"]))
    return [sentence(named(view, p)) for p in parts]


def _fighter(combat: Mapping[str, Any], f: Mapping[str, Any]) -> str:
    text = f"{tag(seat_of(combat, f.get('side')))} {card_line(f)}"
    if f.get("strength") is not None:
        text += f" strength {f['strength']}"
    if f.get("fate"):
        text += f" {f['fate']}"
    return text


def private_sentence(view: View) -> str:
    """The viewer's own hand and pen."""
    bits = []
    for key, label in (("hand", "Your Storage hand"), ("pen", "your Creature Pen")):
        cards = view.get(key)
        if cards is not None:
            listed = ", ".join(card_line(c) for c in cards) or "empty"
            bits.append(f"{label}: {listed}")
    return sentence("; ".join(bits)) if bits else ""


def _board_parts(view: View) -> list[str]:
    """Space phrases, the busiest first (Shields, then Strongholds, then terrain)."""
    spaces = list(view.get("spaces") or [])
    spaces.sort(key=lambda s: (not s.get("shields"), s.get("kind") != "stronghold"))
    return [p + "." for p in (space_phrase(view, s) for s in spaces) if p]


def alt_text(view: View) -> str:
    """Describe the image for screen readers, from the view alone, in at most 1000 characters.

    Parts are taken by importance while they fit, then said in reading order; the board comes
    space by space, the busiest spaces first.
    """
    viewer = view.get("viewer")
    phase = PHASE_TITLES.get(str(view.get("phase")), str(view.get("phase")))
    seen = f"Your view as {who(view, viewer)}." if viewer in (0, 1) else "Spectator view."
    result = view.get("result")
    outcome = ""
    if result:
        winners = join_and([seat_name(view, s) for s in result.get("winners") or []])
        summary = named(view, str(result.get("summary") or ""))
        outcome = f"{winners or 'Nobody'} wins. {sentence(summary)}".strip()
    to_act = [seat_name(view, s) for s in view.get("to_act") or []]
    events = [named(view, str(e)) for e in (view.get("recent") or [])[-3:]]
    players = [player_sentence(view, p) for p in view.get("players") or []]
    # (importance, text) in reading order; lower importance numbers are kept first.
    parts: list[tuple[float, str]] = [
        (0, f"Guardians, turn {view.get('turn', 1)}, {phase.lower()}. {seen}"),
        (0, outcome),
        (1, sentence(named(view, str(view.get("status") or "")))),
        (1, f"To act: {join_and(to_act)}." if to_act and not result else ""),
        *[(2 + i / 100, p) for i, p in enumerate(combat_parts(view))],
        *[(2, p) for p in players],
        (2.5, private_sentence(view)),
        *[(4 + i / 100, p) for i, p in enumerate(_board_parts(view))],
        (5, sentence("Recent: " + " ".join(sentence(e) for e in events)) if events else ""),
    ]
    chosen: set[int] = set()
    used = -1
    for i in sorted(range(len(parts)), key=lambda i: parts[i][0]):
        text = parts[i][1]
        if text and used + 1 + len(text) <= ALT_MAX:
            chosen.add(i)
            used += 1 + len(text)
    text = " ".join(parts[i][1] for i in sorted(chosen))
    return text if text else parts[0][1][:ALT_MAX]
