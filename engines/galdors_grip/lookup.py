"""Card lookup: one Galdor's Grip card with every face, side and ability, as a JSON view.

The card is shown as the player would see it face-up on top of the deck (its first face,
upright), built by the same ``views.card_view`` the board uses, plus its full printed text.
"""

from __future__ import annotations

from typing import Any

from engines.base import EngineError
from engines.galdors_grip.cards import ATTRIBUTE_NAMES, CARDS, card_name
from engines.galdors_grip.state import CardState
from engines.galdors_grip.views import SideView
from engines.galdors_grip.views import card_view as deck_card_view
from engines.text import quoted


def card_names() -> list[str]:
    """Every card's name (with its values where two cards share a name), in set order."""
    return [card_name(cid) for cid in CARDS]


def find_card(name: str) -> str:
    """The card id for a name from ``card_names``, a plain card name or an id."""
    key = name.strip().lower()
    for cid in CARDS:
        if key in (cid, card_name(cid).lower()):
            return cid
    for cid, card in CARDS.items():
        if key == card.name.lower():
            return cid
    raise EngineError(f"No card called {quoted(name)} in this game.")


def _side_lines(label: str, side: SideView) -> list[str]:
    bits = [f"value {side.value}"]
    if side.rotate:
        bits.append("has the Rotate symbol")
    if side.stars:
        bits.append(f"{side.stars} ★")
    lines = [f"{label}: " + ", ".join(bits) + "."]
    lines += [f"{a.trigger}: {a.text}" for a in side.abilities]
    return lines


def card_view(name: str) -> dict[str, Any]:
    """The lookup view of one card: the card as drawn on the board and its full text."""
    cid = find_card(name)
    card = CARDS[cid]
    shown = deck_card_view(CardState(id=cid, face_up=True), 0)
    sections = []
    for i, face in enumerate(shown.faces):
        heading = f"Face {i + 1}: {face.title}" if face.title else "The card"
        lines = _side_lines("Upright", face.upright)
        if face.inverted != face.upright:
            lines += _side_lines("Upside down", face.inverted)
        else:
            lines.append("Upside down: the same.")
        sections.append({"heading": heading, "lines": lines})
    attributes = [ATTRIBUTE_NAMES[a] for a in card.attributes]
    return {
        "game": "galdors_grip",
        "lookup": {
            "title": card_name(cid),
            "subtitle": " · ".join(attributes),
            "card": shown.model_dump(),
            "sections": sections,
        },
    }
