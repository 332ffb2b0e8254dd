"""The alt text of a Guardians image: the same facts in words, from the view alone.

At most 1000 characters: less important parts (the board space by space, events) are dropped
first when everything does not fit.
"""

from __future__ import annotations

from engines.guardians.views import CombatView, FighterView, GuardiansView, PlayerView, SpaceView
from engines.text import join_and, plural, sentence, shorten
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
    named,
    seat_name,
    tag,
)

ALT_MAX = 1000


def who(view: GuardiansView, seat: int) -> str:
    """A seat as "Alice (P1)"."""
    return f"{seat_name(view, seat)} ({tag(seat)})"


def player_sentence(view: GuardiansView, player: PlayerView) -> str:
    """A seat's Guardian, stones, lands, losses, piles and Up card."""
    g = player.guardian
    text = (
        f"{who(view, player.seat)}: {g.name} {g.vitality}/{g.max_vitality} vitality, "
        f"{plural(g.stones, 'stone')}, {plural(player.lands, 'land')}, "
        f"{player.shields_destroyed}/5 Shields lost, "
        f"deck {player.deck}, discard {player.discard}, "
        f"storage {player.storage}, pen {player.pen}"
    )
    if player.up_card is not None:
        text += f", Up card {card_line(player.up_card)}"
    return text + "."


def space_phrase(space: SpaceView) -> str:
    """One space as the image shows it, or "" for an empty disputed space."""
    bits: list[str] = []
    terrain = space.terrain
    if terrain is not None and terrain.face_down:
        bits.append(f"face-down terrain of {tag(terrain.owner)}")
    elif terrain is not None:
        kind = str(terrain.type)
        kind = TERRAIN_NAMES.get(kind, kind)
        name = terrain.name or kind
        bits.append(name if name == kind else f"{name} ({kind})")
    sh = space.stronghold
    if sh is not None and sh.rubbled:
        bits.append(f"{sh.name} RUBBLE")
    elif sh is not None:
        text = f"{sh.name} +{sh.defence}, on {sh.on} under {sh.under}"
        text += f" reserve {sh.reserve}" if sh.reserve else ""
        if sh.upgrade:
            text += f", {sh.upgrade}"
        bits.append(text)
    for s in space.shields:
        text = f"{tag(s.owner)} {s.name} {'turned' if s.turned else 'unturned'}"
        text += f" {plural(s.count, 'creature')}"
        if s.cards:
            text += ": " + ", ".join(card_line(c) for c in s.cards)
        bits.append(text)
    if not bits and space.controller is None:
        return ""
    held = f" held by {tag(space.controller)}" if space.controller is not None else ""
    return f"{space.id}{held}: " + ("; ".join(bits) or "empty")


def combat_parts(view: GuardiansView) -> list[str]:
    """The combat so far as sentences: title, sides, casts, match-ups, the winner, own hand."""
    combat = view.combat
    if combat is None:
        return []
    parts = [title(combat)]
    if combat.status:
        parts.append(combat.status)
    parts += [side_phrase(view, combat, s) for s in combat.sides]
    parts += [cast_phrase(combat, c) for c in combat.casts]
    for role, label in (
        ("command", "command creature"),
        ("ranged", "ranged"),
        ("out", "set aside"),
    ):
        parts += [f"{label}: {_fighter(combat, f)}" for f in others(combat, role)]
    for heading, pair in matchups(combat):
        parts.append(f"{heading}: " + " vs ".join(_fighter(combat, f) for f in pair))
    if combat.winner is not None:
        parts.append(f"{seat_name(view, combat.winner)} holds {combat.space}")
    for side in combat.sides:
        if side.hand:
            parts.append("Your combat hand: " + ", ".join(card_line(c) for c in side.hand))
    return [sentence(named(view, p)) for p in parts]


def _fighter(combat: CombatView, f: FighterView) -> str:
    text = f"{tag(seat_of(combat, f.side))} {card_line(f)}"
    if f.strength is not None:
        text += f" strength {f.strength}"
    if f.fate:
        text += f" {f.fate}"
    return text


def private_sentence(view: GuardiansView) -> str:
    """The viewer's own hand and pen."""
    bits = []
    for cards, label in ((view.hand, "Your Storage hand"), (view.pen, "your Creature Pen")):
        if cards is not None:
            listed = ", ".join(card_line(c) for c in cards) or "empty"
            bits.append(f"{label}: {listed}")
    return sentence("; ".join(bits)) if bits else ""


def _board_parts(view: GuardiansView) -> list[str]:
    """Space phrases, the busiest first (Shields, then Strongholds, then terrain)."""
    spaces = sorted(view.spaces, key=lambda s: (not s.shields, s.kind != "stronghold"))
    return [p + "." for p in (space_phrase(s) for s in spaces) if p]


def alt_text(view: GuardiansView) -> str:
    """Describe the image for screen readers, from the view alone, in at most 1000 characters.

    Parts are taken by importance while they fit, then said in reading order; the board comes
    space by space, the busiest spaces first.
    """
    viewer = view.viewer
    phase = PHASE_TITLES.get(view.phase, view.phase)
    seen = "Spectator view."
    if viewer is not None and viewer in (0, 1):
        seen = f"Your view as {who(view, viewer)}."
    result = view.result
    outcome = ""
    if result is not None:
        winners = join_and([seat_name(view, s) for s in result.winners])
        summary = named(view, result.summary)
        said = " wins" in summary or "draw" in summary  # "Alice wins: five of Bob's Shields…"
        outcome = sentence(summary) if said else f"{winners or 'Nobody'} wins. {sentence(summary)}"
    to_act = [seat_name(view, s) for s in view.to_act]
    events = [named(view, e) for e in view.recent[-3:]]
    if result is not None:  # the outcome is said once, not again as the status and the log
        events = [e for e in events if e != named(view, result.summary)]
    players = [player_sentence(view, p) for p in view.players]
    reach = view.reach
    # (importance, text) in reading order; lower importance numbers are kept first.
    parts: list[tuple[float, str]] = [
        (0, f"Guardians, turn {view.turn}, {phase.lower()}. {seen}"),
        (0, outcome),
        (1, sentence(named(view, view.status)) if result is None else ""),
        *[(1, f"Warning: {sentence(named(view, w))}") for w in view.warnings],
        (1, f"To act: {join_and(to_act)}." if to_act and not result else ""),
        (1.5, f"Your Shield may go to {join_and(reach)} (green frames)." if reach else ""),
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
    return text if text else shorten(parts[0][1], ALT_MAX)
