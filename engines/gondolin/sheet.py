"""Card sheets: a page of cards (the catalogue, or a deck) as a JSON-ready view to draw.

Each card is the dict that :func:`engines.gondolin.views.card_view` makes for cards in play or
in hand (so the renderer reads the same fields), plus its type, hero/eminent flags, number and
how many copies the list holds. Repeated ids appear once, in order of first appearance.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.gondolin.cards import DefenderCard, EnemyCard
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.views import SHEET_MAX_CARDS, card_view

MAX_PER_PAGE = SHEET_MAX_CARDS
"""The renderer draws at most this many cards on one image."""


def sheet_card(card_id: str, copies: int = 1) -> dict[str, object]:
    """One card of a sheet: its printed fields, its type and how many copies are listed."""
    card = CATALOGUE.card(card_id)
    data: dict[str, object] = dict(card_view(card))
    data |= {"num": card.num, "type": card.type, "copies": copies}
    if isinstance(card, DefenderCard):
        data["hero"] = card.hero
    elif isinstance(card, EnemyCard):
        data["eminent"] = card.eminent
    return data


def card_sheet_view(
    title: str, card_ids: list[str], page: int = 0, per_page: int = MAX_PER_PAGE
) -> dict[str, Any]:
    """Page ``page`` (0-based, clamped to the pages there are) of the cards in ``card_ids``.

    ``per_page`` must be 1 to :data:`MAX_PER_PAGE`; an unknown id raises ``ValueError``.
    ``total`` counts the listed cards with copies, ``distinct`` the entries; an empty list
    gives one empty page.
    """
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise ValueError(f"per_page must be 1 to {MAX_PER_PAGE}, not {per_page}")
    unknown = sorted(set(card_ids) - set(CATALOGUE.cards))
    if unknown:
        raise ValueError(f"unknown Gondolin card ids {unknown}")
    counts = Counter(card_ids)  # keeps first-appearance order
    entries = list(counts.items())
    pages = max(1, -(-len(entries) // per_page))
    page = min(max(0, page), pages - 1)
    shown = entries[page * per_page : (page + 1) * per_page]
    return {
        "game": "gondolin",
        "sheet": {
            "title": title,
            "page": page,
            "pages": pages,
            "total": len(card_ids),
            "distinct": len(entries),
            "per_page": per_page,
            "cards": [sheet_card(cid, n) for cid, n in shown],
        },
    }
