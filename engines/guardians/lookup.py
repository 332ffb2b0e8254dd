"""Card lookup: one Guardians card, Guardian or Stronghold set with every number spelt out.

The ``card`` of the lookup view has the fields of a face-up card in the game views
(``views.card_view``), so the renderer draws it like a card on the table; the sections say
what each number means, the card's text, the deck limit and which starter decks hold it.
"""

from __future__ import annotations

from typing import Any

from engines.base import EngineError
from engines.guardians.cards import OCB_TARGET, Creature, DeckCard, Guardian, StrongholdSet
from engines.guardians.catalogue import CATALOGUE
from engines.guardians.decks import RULES
from engines.guardians.views import CARD_FIELDS
from engines.text import join_and, quoted

FAMILIES = {"mortal": "Mortal", "elemental": "Elemental", "external": "External"}
TERRAINS = {
    "woods": "the Woods",
    "swamps": "the Swamps",
    "dry_heaps": "the Dry Heaps",
    "rivers_lakes": "Rivers and Lakes",
    "spirit_mountain": "Spirit Mountain",
}
KINDS = {
    "creature": "Creature",
    "spell": "Spell",
    "hand_item": "Hand Magic Item",
    "creature_item": "Creature Magic Item",
    "bribery": "Bribery card",
    "terrain": "Terrain",
    "shield": "Shield",
    "upgrade": "Stronghold Upgrade",
}
PLACES = {
    "creature": "Single-bordered: placed face-down on or under a Stronghold, or in the Pen.",
    "creature_item": "Single-bordered: stacked with creatures (no more items than creatures).",
    "shield": "Single-bordered: goes face-up on a stack of creatures.",
    "terrain": "Single-bordered: played on a disputed land you control with no terrain.",
    "upgrade": "Placed beside your left or right Stronghold; never removed.",
    "spell": "Double-bordered: kept in the Storage Hand, cast from the combat hand.",
    "hand_item": "Double-bordered: kept in the Storage Hand, used from the combat hand.",
    "bribery": "Double-bordered: kept in the Storage Hand, played in a combat's bribery step.",
}
FIELDS = (*CARD_FIELDS, "bribe")


def _names() -> dict[str, DeckCard | Guardian | StrongholdSet]:
    items: list[DeckCard | Guardian | StrongholdSet] = [
        *CATALOGUE.cards.values(),
        *CATALOGUE.guardians.values(),
        *CATALOGUE.strongholds.values(),
    ]
    return {item.name: item for item in items}


NAMES = _names()


def card_names() -> list[str]:
    """Every deck card's name, then the Guardians, then the Stronghold sets."""
    return list(NAMES)


def find(name: str) -> DeckCard | Guardian | StrongholdSet:
    """The card, Guardian or Stronghold set called ``name`` (any case) or with that id."""
    key = name.strip().lower()
    for item in NAMES.values():
        if key in (item.id.lower(), item.name.lower()):
            return item
    raise EngineError(f"No Guardians card called {quoted(name)}. Start typing a name to see them.")


def _creature_lines(c: Creature) -> list[str]:
    lines = [f"Vitality {c.vitality} (also its Up number)."]
    if c.stacking is not None:
        lines.append(f"Stacks as {c.stacking} against a space's 30-point limit (red number).")
    if c.ocb:
        target = FAMILIES[OCB_TARGET[c.family]]
        lines.append(f"Off-colour bonus: +{c.ocb} against {target}s.")
    if c.bribes:
        lines.append(f"Bribed away by {join_and([b.title() for b in c.bribes])}.")
    else:
        lines.append("No bribe icon: no bribery card takes it away.")
    if c.cmp:
        to = f", only to {c.channels_to.title()}s" if c.channels_to else ""
        lines.append(f"CMP {c.cmp}: channels {c.cmp} points when placed under a Stronghold{to}.")
    if c.receives:
        limit = c.receive_limit if c.receive_limit is not None else c.vitality
        lines.append(f"Green bar: may receive up to {limit} points of channeling.")
    if c.flies:
        lines.append("Flies: a Shield of fliers only may fly (once a turn, shown to all).")
    if c.attack != "normal":
        lines.append(f"{c.attack.title()}-based attack.")
    if c.immune:
        lines.append(f"Immune to {join_and(list(c.immune))}.")
    if c.ranged:
        lines.append(f"{c.ranged} pt. ranged attack.")
    if c.aoe:
        kind = "" if c.attack == "normal" else f"{c.attack} "
        lines.append(f"{c.aoe} pt. {kind}AOE (its text says when).")
    for terrain, bonus in c.terrain_bonus.items():
        lines.append(f"{bonus:+d} in {TERRAINS[terrain]}.")
    if c.command:
        lines.append("Has a command ability: may be played as the command card.")
    lines.append(f"Size: {c.size}.")
    return lines


def _card_lines(c: DeckCard) -> list[str]:
    if isinstance(c, Creature):
        return _creature_lines(c)
    lines = [f"Up number {c.up}."]
    if getattr(c, "command", False):
        lines.append("A command card: played as the combat's command card.")
    cost = getattr(c, "cost", 0)
    if cost:
        lines.append(f"Costs {cost} power {'stone' if cost == 1 else 'stones'}.")
    if c.kind == "terrain":
        lines.append(f"Terrain type: {TERRAINS[c.terrain].removeprefix('the ').title()}.")
    if c.kind == "bribery":
        lines.append(f"Bribes away a creature with the {c.bribe} icon.")
    if c.kind == "shield" and c.standard_bearer:
        lines.append("Standard Bearer: only one of yours may be in play.")
    return lines


def _limit(c: DeckCard) -> str:
    if c.id in RULES.restricted:
        return f"Restricted: at most {RULES.restricted[c.id]} in a deck."
    if c.kind in RULES.unlimited_kinds:
        return "Any number in a deck."
    return f"At most {RULES.max_copies} in a deck."


def _starters(counts: dict[str, int]) -> list[str]:
    """Lines like "Knights of the Keep: 3", one per starter deck holding the card."""
    return [f"{CATALOGUE.decks[d].name}: {n}" for d, n in counts.items() if n]


def _deck_card(c: DeckCard) -> dict[str, Any]:
    shown: dict[str, Any] = {"id": c.id, "name": c.name, "kind": c.kind}
    for field in FIELDS:
        if hasattr(c, field):
            value = getattr(c, field)
            shown[field] = list(value) if isinstance(value, tuple) else value
    shown["text"] = c.text
    if isinstance(c, Creature):
        family = FAMILIES[c.family]
        subtitle = f"Creature · {family} {c.klass}"
    else:
        subtitle = KINDS[c.kind]
    sections = [{"heading": "Numbers", "lines": _card_lines(c)}]
    if c.text:
        sections.append({"heading": "Text", "lines": [c.text]})
    held = _starters({d.id: d.cards.get(c.id, 0) for d in CATALOGUE.decks.values()})
    deck_lines = [PLACES[c.kind], _limit(c)]
    if held:
        deck_lines.append("In the starter decks: " + "; ".join(held) + ".")
    sections.append({"heading": "In play and in decks", "lines": deck_lines})
    if c.flavour:
        sections.append({"heading": "Flavour", "lines": [c.flavour]})
    return _view(c.name, subtitle, shown, sections)


def _guardian(g: Guardian) -> dict[str, Any]:
    # ``kind`` outside the deck kinds is drawn as is, under the name: written for reading.
    shown: dict[str, Any] = {"id": g.id, "name": g.name, "kind": "Guardian"}
    shown |= {"vitality": g.vitality, "cmp": g.cmp, "text": g.text}
    numbers = [
        f"Vitality {g.vitality}: a challenger with more kills it, and its player loses.",
        f"Power stones: {g.stones} at the start.",
        f"CMP {g.cmp}: each power stone spent channels {g.cmp} points to a creature.",
        f"Base draw {g.base_draw} cards each Draw & Organize.",
        f"MDL +{g.mdl}: more cards while you control more lands.",
        f"LDL {g.ldl}: fewer cards while you control fewer lands.",
        f"LUC +{g.luc}: more cards after a lower Up-card.",
    ]
    sections = [{"heading": "Numbers", "lines": numbers}]
    if g.text:
        sections.append({"heading": "Ability", "lines": [g.text]})
    held = [d.name for d in CATALOGUE.decks.values() if d.guardian == g.id]
    lines = ["Stands outside the deck; one Guardian per deck."]
    if held:
        lines.append(f"Guardian of the starter deck {join_and(held)}.")
    sections.append({"heading": "In play and in decks", "lines": lines})
    return _view(g.name, "Guardian (Vierkun)", shown, sections)


def _stronghold_set(s: StrongholdSet) -> dict[str, Any]:
    shown: dict[str, Any] = {"id": s.id, "name": s.name, "kind": "Stronghold set"}
    shown["text"] = "Left, centre and right Strongholds."
    lines = []
    for side, hold in (("Left", s.left), ("Centre", s.centre), ("Right", s.right)):
        text = f" {hold.text}" if hold.text else ""
        lines.append(f"{side}: {hold.name}, defence +{hold.defence}.{text}")
    sections = [
        {"heading": "Strongholds", "lines": lines},
        {
            "heading": "Defence",
            "lines": [
                "The defence is added to the owner's creatures in match-ups on that space.",
                "A Stronghold taken by the enemy is rubbled: no defence, no upgrade.",
            ],
        },
    ]
    held = [d.name for d in CATALOGUE.decks.values() if d.strongholds == s.id]
    if held:
        sections.append({"heading": "Starter decks", "lines": [join_and(held) + "."]})
    return _view(s.name, "Stronghold set", shown, sections)


def _view(
    title: str, subtitle: str, card: dict[str, Any], sections: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "game": "guardians",
        "lookup": {"title": title, "subtitle": subtitle, "card": card, "sections": sections},
    }


def card_view(name: str) -> dict[str, Any]:
    """The lookup view of a deck card, a Guardian or a Stronghold set, by name or id."""
    item = find(name)
    if isinstance(item, Guardian):
        return _guardian(item)
    if isinstance(item, StrongholdSet):
        return _stronghold_set(item)
    return _deck_card(item)
