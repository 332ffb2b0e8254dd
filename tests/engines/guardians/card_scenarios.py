"""Which scenario test shows each card's abilities at work.

A scenario test names the card (by id) and the abilities it shows with ``@shows``; a table of
scenarios registers its rows with ``show``. ``test_card_scenarios.py`` walks the catalogue and
fails for any card with an ability that no scenario shows.

A card's abilities are read from its data (``abilities``): every effect kind it names, and for
a creature every trait beyond its printed strength (Vitality, stacking number, off-colour
bonus, size, bribe icons, family and class are numbers and marks, not abilities).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TypeVar

from engines.guardians.cards import Creature, StrongholdSet

F = TypeVar("F", bound=Callable[..., object])

SHOWN: defaultdict[str, dict[str, list[str]]] = defaultdict(dict)
"""card id -> ability -> the scenarios showing it (test names)."""


def show(card_id: str, *abilities: str, by: str) -> None:
    """Record that the scenario ``by`` shows these abilities of ``card_id``."""
    assert abilities, f"{by}: name the abilities of {card_id} it shows"
    for ability in abilities:
        SHOWN[card_id].setdefault(ability, []).append(by)


def shows(card_id: str, *abilities: str) -> Callable[[F], F]:
    """Decorator: the scenario test shows these abilities of ``card_id``."""

    def mark(test: F) -> F:
        show(card_id, *abilities, by=getattr(test, "__name__", repr(test)))
        return test

    return mark


CREATURE_TRAITS: dict[str, Callable[[Creature], bool]] = {
    "flies": lambda c: c.flies,
    "command": lambda c: c.command,
    "aoe": lambda c: c.aoe > 0,
    "attack": lambda c: c.attack != "normal" and not c.aoe,  # an AOE's kind is part of the AOE
    "immune": lambda c: bool(c.immune),
    "ranged": lambda c: c.ranged > 0,
    "terrain_bonus": lambda c: bool(c.terrain_bonus),
    "cmp": lambda c: c.cmp > 0,
    "channels_to": lambda c: c.channels_to is not None,
    "receives": lambda c: c.receives,
    "receive_limit": lambda c: c.receive_limit is not None,
}
"""A creature's abilities that are fields rather than named effects."""


def abilities(card: object) -> set[str]:
    """What a card, Guardian or Stronghold set does beyond its printed numbers, from its data."""
    if isinstance(card, StrongholdSet):
        return {e.kind for part in (card.left, card.centre, card.right) for e in part.effects}
    found = {e.kind for e in getattr(card, "effects", ())}
    if isinstance(card, Creature):
        found |= {name for name, has in CREATURE_TRAITS.items() if has(card)}
    if getattr(card, "kind", None) == "bribery":
        found.add("bribe")
    if getattr(card, "cost", 0):
        found.add("cost")
    return found
