"""Words for the Gondolin Cards image: card key numbers, headings and the alt text.

Everything is made from the view alone: nothing here can name a card the view does not list.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.gondolin.views import (
    CardView,
    EnemyView,
    GondolinView,
    HandCardView,
    StatsView,
    TableCardView,
)

ALT_LIMIT = 1000
PHASES = {
    "choose_hand": "Founding",
    "main": "Main phase",
    "defence": "Defence phase",
    "maintenance": "Maintenance check",
    "over": "Game over",
}


def stat_cells(stats: StatsView) -> list[tuple[str, str, int]]:
    """The stats panel's cells in order: (label, caption, value)."""
    return [
        ("R", "resources", stats.r),
        ("S", "surroundings", stats.s),
        ("M", "maintenance", stats.m),
        ("P", "proficiency", stats.p),
        ("TD", "total defence", stats.td),
        ("TA", "total attack", stats.ta),
    ]


def phase_title(view: GondolinView) -> str:
    """A short name for the phase."""
    return PHASES.get(view.phase, view.phase.replace("_", " ").capitalize())


def key_numbers(card: CardView) -> tuple[str, str]:
    """A card's strip label (costs, else its kind) and its big number (D, A, stats...)."""
    kind = card.kind
    a = card.current_a if isinstance(card, EnemyView) else card.a
    if a is not None:
        return kind, f"A {a}"
    if card.d is not None:
        d = card.current_d if isinstance(card, TableCardView | HandCardView) else None
        return _costs(("R", card.r), ("M", card.m)) or kind, f"D {card.d if d is None else d}"
    if kind == "Location":
        return kind, _costs(("S", card.s), ("R", card.r), ("P", card.p))
    if card.px is not None:
        return _costs(("R", card.r), ("M", card.m)), f"PX {card.px}"
    return kind, ""


def _costs(*numbers: tuple[str, int | None]) -> str:
    return " ".join(f"{label}{value}" for label, value in numbers if value is not None)


def countdown(enemy: EnemyView) -> str:
    """When a sieging enemy attacks."""
    left = enemy.turns_left
    if left <= 0:
        return "attacks now"
    return f"{left} turn{'s' if left != 1 else ''} left"


def siege_heading(view: GondolinView) -> str:
    """One line for the siege: how many enemies and when they attack."""
    siege = view.siege
    if not siege.enemies:
        return "No siege"
    left = siege.turns_left
    when = siege.attack_turn
    n = len(siege.enemies)
    head = f"Siege · {n} enem{'ies' if n != 1 else 'y'}"
    if when is not None:
        head += " · attack now" if not left else f" · attack turn {when} (in {left})"
    if siege.flying:
        head += " · flying"
    return head


def event_lines(view: GondolinView) -> tuple[str, str]:
    """The story events of the current turn and the next ones coming."""
    track = view.story.track
    now = [f"{e.name}: {e.text}" for t in track if t.status == "current" for e in t.events]
    coming = [t for t in track if t.status == "coming" and t.events]
    now_text = "This turn: " + ("; ".join(now) if now else "no story event").rstrip(".")
    if coming:
        nxt = coming[0]
        names = ", ".join(e.name for e in nxt.events)
        next_text = f"Next event: turn {nxt.turn}, {names}"
    else:
        next_text = "No more story events"
    return now_text, next_text


def _card_list(cards: Sequence[CardView]) -> str:
    parts = []
    for c in cards:
        strip, big = key_numbers(c)
        extra = " ".join(x for x in (big.replace(" ", ""), strip) if x and x != c.kind)
        parts.append(f"{c.name} ({extra})" if extra else c.name)
    return ", ".join(parts)


def alt_text(view: GondolinView) -> str:
    """A description of the image (at most 1000 characters), from the view alone."""
    story = view.story
    parts = [
        f"Gondolin Cards, {story.name} ({story.difficulty} story, {view.mode} mode): "
        f"turn {view.turn} of {story.turns}, {phase_title(view).lower()}."
    ]
    result = view.result
    if result is not None:
        parts.append(f"Result: settlement {result.outcome}, score {result.score}. {result.text}")
    cells = stat_cells(view.stats)
    parts.append("Stats: " + ", ".join(f"{label} {value}" for label, _, value in cells) + ".")
    enemies = view.siege.enemies
    if enemies:
        foes = ", ".join(
            f"{e.name} (A{e.current_a}, {countdown(e)}" + (", flying)" if e.flying else ")")
            for e in enemies
        )
        parts.append(f"{siege_heading(view)}: {foes}.")
    else:
        parts.append("No siege.")
    parts.append(f"Location: {view.location.name}.")
    table = [*view.defenders, *view.improvements, *view.continuous]
    parts.append("In play: " + (_card_list(table) if table else "no cards") + ".")
    piles = f"Deck {view.deck_count}, played {view.played_count}, hand {view.hand_count}."
    parts.append(piles)
    hand = view.hand
    if hand:
        parts.append("Hand: " + _card_list(hand) + ".")
    now, nxt = event_lines(view)
    parts.append(f"{now}. {nxt}.")
    return _fit(parts)


def _fit(parts: list[str]) -> str:
    """Join sentences, cutting the last ones that do not fit in the limit."""
    text = ""
    for part in parts:
        candidate = f"{text} {part}".strip()
        if len(candidate) > ALT_LIMIT:
            room = ALT_LIMIT - len(text) - 2
            if room > 40:
                text = f"{text} {part[:room].rstrip()}…"
            break
        text = candidate
    return text
