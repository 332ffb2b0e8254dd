"""Card lookup: one Gondolin card with its numbers and full rules text, as a JSON view.

The card itself is the sheet's card dict (``sheet.sheet_card``), so the lookup draws the same
fields as the card sheets; the sections spell out each number and the deck-building limit.
"""

from __future__ import annotations

from typing import Any

from engines.base import EngineError
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.sheet import sheet_card
from engines.text import quoted

NUMBER_MEANINGS: tuple[tuple[str, str], ...] = (
    ("s", "S {}: surroundings (half of S becomes R each turn)"),
    ("r", "R {0}: costs {0} resources to play"),
    ("p", "P {}: proficiency it gives"),
    ("px", "PX {}: proficiency needed to play it"),
    ("d", "D {}: defence, added to TD while it stands"),
    ("m", "M {}: maintenance, paid from R every turn"),
    ("a", "A {}: attack, added to TA while it besieges you"),
    ("siege", "Siege {}: turns before it attacks"),
)


def card_names() -> list[str]:
    """Every card's name, in catalogue order."""
    return [c.name for c in CATALOGUE.cards.values()]


def find_card(name: str) -> str:
    """The card id for a card name (any case) or id."""
    key = name.strip().lower()
    for card in CATALOGUE.cards.values():
        if key in (card.id, card.name.lower()):
            return card.id
    raise EngineError(f"No Gondolin card called {quoted(name)}. `/gondolin cards` lists them all.")


def card_view(name: str) -> dict[str, Any]:
    """The lookup view of one card: the sheet card and its text, number by number."""
    cid = find_card(name)
    card = CATALOGUE.card(cid)
    shown = sheet_card(cid)
    numbers = [text.format(shown[key]) for key, text in NUMBER_MEANINGS if shown.get(key)]
    if card.type == "location":  # a Location is not paid for: it sets the starting R
        numbers = [
            f"R {shown['r']}: your starting resources" if n.startswith("R ") else n for n in numbers
        ]
    if shown.get("flying"):
        numbers.append("Flying: only a defender that can defend against flyers stops it.")
    use = str(shown.get("use") or "")
    rules = [card.text] if card.text else []
    if use and "use" not in card.text.lower():
        rules.append(f"Use: {use}")
    sections = [{"heading": "Numbers", "lines": numbers}] if numbers else []
    sections.append({"heading": "Rules", "lines": rules or ["No special rule."]})
    limit = card.max_copies
    deck = f"Up to {limit} in a deck." if limit else "Comes only with its story; not for decks."
    sections.append({"heading": "Deck building", "lines": [deck]})
    if card.flavour:
        sections.append({"heading": "Flavour", "lines": [card.flavour]})
    return {
        "game": "gondolin",
        "lookup": {
            "title": card.name,
            "subtitle": f"{card.kind_label} · no. {card.num}",
            "card": shown,
            "sections": sections,
        },
    }
