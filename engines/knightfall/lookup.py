"""Card lookup: what one playing card does in Knightfall, as a JSON-ready view.

Only power and colour matter (rulebook, Setup); the camp row a card stands in gives its role.
The roles and rows come from the camp layout (data/knightfall/camp.json).
"""

from __future__ import annotations

from typing import Any

from engines.base import EngineError
from engines.knightfall.camp import load_layout
from engines.knightfall.cards import SUITS, Card
from engines.knightfall.rules import KNIGHT_BONUS
from engines.text import plural, quoted

RANK_WORDS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
ROLE_TEXT = {
    "knight": "defends when you choose DEFEND, with +{bonus} power; the slot is never empty",
    "archer": "attacks when you choose ATTACK; the Archer power turns one STRONG enemy card WEAK",
    "mage": "attacks when you choose ATTACK; the Mage power reverses this round's battle",
    "reserve": "does not fight; it still counts at the end and can link a power's three cards",
}


def _card_name(card: Card) -> str:
    rank = RANK_WORDS.get(card.rank_name, card.rank_name)
    return f"{rank} of {SUIT_WORDS[card.suit]} ({card.label})"


def card_names() -> list[str]:
    """Every card's name, Ace to King, suit by suit."""
    return [_card_name(Card(rank=r, suit=s)) for s in SUITS for r in range(1, 14)]


def find_card(name: str) -> Card:
    """A card from "Q♠", "qs", "10h", "Queen of spades" or a name from ``card_names``."""
    key = name.strip().lower()
    for card in (Card(rank=r, suit=s) for s in SUITS for r in range(1, 14)):
        rank = card.rank_name.lower()
        forms = {
            card.label.lower(),
            rank + card.suit.lower(),
            f"{RANK_WORDS.get(card.rank_name, card.rank_name)} of {SUIT_WORDS[card.suit]}".lower(),
            _card_name(card).lower(),
        }
        if key in forms:
            return card
    raise EngineError(f"No card called {quoted(name)}. Try a name such as Q♠, 10♥ or Ace of clubs.")


def _rows() -> list[tuple[str, int]]:
    """Each role with its number of slots, in camp order (Knight first)."""
    counts: dict[str, int] = {}
    for slot in load_layout().slots:
        counts[slot.role] = counts.get(slot.role, 0) + 1
    return list(counts.items())


def card_view(name: str) -> dict[str, Any]:
    """The lookup view of one card: its power, colour and what it can do in each row."""
    card = find_card(name)
    power = card.power
    colour = card.colour
    tie = (
        "Two Aces in one battle both survive and turn WEAK."
        if card.rank == 1
        else "A tie discards both cards."
    )
    rows = [
        f"{role.title()} ({plural(n, 'slot')}): " + ROLE_TEXT[role].format(bonus=KNIGHT_BONUS) + "."
        for role, n in _rows()
    ]
    sections = [
        {
            "heading": "In battle",
            "lines": [
                f"Fights with power {power}; as your Knight defending, {power + KNIGHT_BONUS}.",
                f"The higher power wins and turns WEAK; the loser is discarded. {tie}",
                "Only a STRONG card can attack or defend; a WEAK card still counts at the end.",
            ],
        },
        {"heading": "Rows: the slot, not the rank, gives the role", "lines": rows},
        {
            "heading": f"Colour: {colour}",
            "lines": [
                f"Discard three linked {colour} cards, in any rows, to use the Archers' or "
                "the Mages' power, once for each such triple you hold.",
                "Suits do not matter, only power and colour.",
            ],
        },
        {
            "heading": "At the end",
            "lines": [f"Adds {power} to your camp's total, STRONG or WEAK."],
        },
    ]
    return {
        "game": "knightfall",
        "lookup": {
            "title": _card_name(card),
            "subtitle": f"Power {power} · {colour}",
            "card": {"rank": card.rank_name, "suit": card.suit, "label": card.label},
            "sections": sections,
        },
    }
