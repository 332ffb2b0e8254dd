"""Words for the Gondolin Cards image: card key numbers, headings and the alt text.

Everything is made from the view alone; the public view has only the hand count, so nothing
here can name a card in the hand unless the view (the player's own) lists it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

View = Mapping[str, Any]
Card = Mapping[str, Any]

ALT_LIMIT = 1000
PHASES = {
    "choose_hand": "Founding",
    "main": "Main phase",
    "defence": "Defence phase",
    "maintenance": "Maintenance check",
    "over": "Game over",
}
STATS = (
    ("r", "R", "resources"),
    ("s", "S", "surroundings"),
    ("m", "M", "maintenance"),
    ("p", "P", "proficiency"),
    ("td", "TD", "total defence"),
    ("ta", "TA", "total attack"),
)


def phase_title(view: View) -> str:
    """A short name for the phase."""
    phase = str(view.get("phase", ""))
    return PHASES.get(phase, phase.replace("_", " ").capitalize())


def key_numbers(card: Card) -> tuple[str, str]:
    """A card's strip label (costs, else its kind) and its big number (D, A, stats...)."""
    kind = str(card.get("kind", ""))
    if card.get("current_a") is not None or card.get("a") is not None:
        return kind, f"A {card.get('current_a', card.get('a'))}"
    if card.get("d") is not None:
        d = card.get("current_d")
        return _costs(card, ("r", "m")) or kind, f"D {card['d'] if d is None else d}"
    if kind == "Location":
        return kind, _costs(card, ("s", "r", "p"))
    if card.get("px") is not None:
        return _costs(card, ("r", "px", "m")), kind
    return kind, ""


def _costs(card: Card, keys: tuple[str, ...]) -> str:
    return " ".join(f"{k.upper()}{card[k]}" for k in keys if card.get(k) is not None)


def countdown(enemy: Card) -> str:
    """When a sieging enemy attacks."""
    left = int(enemy.get("turns_left") or 0)
    if left <= 0:
        return "attacks now"
    return f"{left} turn{'s' if left != 1 else ''} left"


def siege_heading(view: View) -> str:
    """One line for the siege: how many enemies and when they attack."""
    siege = view.get("siege") or {}
    enemies = siege.get("enemies") or []
    if not enemies:
        return "No siege"
    left = siege.get("turns_left")
    when = siege.get("attack_turn")
    n = len(enemies)
    head = f"Siege · {n} enem{'ies' if n != 1 else 'y'}"
    if when is not None:
        head += " · attack now" if not left else f" · attack turn {when} (in {left})"
    if siege.get("flying"):
        head += " · flying"
    return head


def event_lines(view: View) -> tuple[str, str]:
    """The story events of the current turn and the next ones coming."""
    track = (view.get("story") or {}).get("track") or []
    now = [
        f"{e['name']}: {e['text']}" for t in track if t["status"] == "current" for e in t["events"]
    ]
    coming = [t for t in track if t["status"] == "coming" and t["events"]]
    now_text = "This turn: " + ("; ".join(now) if now else "no story event").rstrip(".")
    if coming:
        nxt = coming[0]
        names = ", ".join(e["name"] for e in nxt["events"])
        next_text = f"Next event: turn {nxt['turn']}, {names}"
    else:
        next_text = "No more story events"
    return now_text, next_text


def _card_list(cards: list[Card]) -> str:
    parts = []
    for c in cards:
        strip, big = key_numbers(c)
        extra = " ".join(x for x in (big.replace(" ", ""), strip) if x and x != c.get("kind"))
        parts.append(f"{c['name']} ({extra})" if extra else str(c["name"]))
    return ", ".join(parts)


def alt_text(view: View) -> str:
    """A description of the image (at most 1000 characters), from the view alone."""
    story = view.get("story") or {}
    stats = view.get("stats") or {}
    turn = view.get("turn")
    parts = [
        f"Gondolin Cards, {story.get('name', '')}: turn {turn} of {story.get('turns', '?')}, "
        f"{phase_title(view).lower()}."
    ]
    result = view.get("result")
    if result:
        parts.append(
            f"Result: settlement {result.get('outcome')}, score {result.get('score')}. "
            f"{result.get('text', '')}"
        )
    parts.append(
        "Stats: " + ", ".join(f"{label} {stats.get(key, '?')}" for key, label, _ in STATS) + "."
    )
    siege = view.get("siege") or {}
    enemies = siege.get("enemies") or []
    if enemies:
        foes = ", ".join(
            f"{e['name']} (A{e.get('current_a')}, {countdown(e)}"
            + (", flying)" if e.get("flying") else ")")
            for e in enemies
        )
        parts.append(f"{siege_heading(view)}: {foes}.")
    else:
        parts.append("No siege.")
    location = view.get("location") or {}
    parts.append(f"Location: {location.get('name', '?')}.")
    table = [*view.get("defenders", []), *view.get("improvements", []), *view.get("continuous", [])]
    parts.append("In play: " + (_card_list(table) if table else "no cards") + ".")
    piles = (
        f"Deck {view.get('deck_count', 0)}, played {view.get('played_count', 0)}, "
        f"hand {view.get('hand_count', 0)}."
    )
    parts.append(piles)
    hand = view.get("hand")
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
