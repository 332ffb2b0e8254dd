"""Deck lists: lookup of cards by name, validation under the text's limits, plain-text format.

The text format, one entry a line (blank lines and lines starting with ``#`` are ignored)::

    Guardian: Rak Nam
    Strongholds: Keep of Rak Nam
    3 Swordsman
    7 Shield of Dawn

Counts are bounded while the text is read (``MAX_CARDS``), so no line can make a huge deck.
"""

from __future__ import annotations

import difflib
import re
import tomllib

from pydantic import BaseModel, ConfigDict, Field

from engines.guardians.cards import DeckCard, Guardian, StrongholdSet
from engines.guardians.catalogue import CATALOGUE, DATA_DIR, Catalogue
from engines.guardians.plugin import DECK_CARDS
from engines.text import echoed, plural, sentence


class DeckRules(BaseModel):
    """The limits a deck is checked against (data/guardians/deck_rules.toml)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    min_cards: int
    max_copies: int
    unlimited_kinds: tuple[str, ...]
    restricted: dict[str, int]
    advised_shields: tuple[int, int]


RULES = DeckRules.model_validate(
    tomllib.loads((DATA_DIR / "deck_rules.toml").read_text(encoding="utf-8"))
)

KIND_HEADINGS = {
    "creature": "Creatures",
    "creature_item": "Creature Magic Items",
    "shield": "Shields",
    "terrain": "Terrain",
    "bribery": "Bribery",
    "spell": "Spells",
    "hand_item": "Hand Magic Items",
    "upgrade": "Stronghold Upgrades",
}
"""Section order and titles of an exported deck list."""

MAX_CARDS = DECK_CARDS
MAX_PROBLEMS = 20
"""Reading stops after this many unreadable lines: a reply shows no more, and each costs a
name search."""

_LINE = re.compile(r"^(\d+)\s*[x×]?\s+(\S.*)$", re.IGNORECASE)
_KEY = re.compile(r"^(guardian|strongholds?)\s*:\s*(.*)$", re.IGNORECASE)


class DeckList(BaseModel):
    """A player's deck: its Guardian and Stronghold set (ids) and card ids with counts."""

    guardian: str | None = None
    strongholds: str | None = None
    cards: dict[str, int] = Field(default_factory=dict)

    def card_list(self) -> list[str]:
        """Every card id as often as it is in the deck."""
        return [cid for cid, n in self.cards.items() for _ in range(n)]

    @classmethod
    def from_ids(cls, ids: list[str], guardian: str | None, strongholds: str | None) -> DeckList:
        """A deck list from card ids, one per copy (the bot's ``deck_lists`` option)."""
        counts: dict[str, int] = {}
        for cid in ids:
            counts[cid] = counts.get(cid, 0) + 1
        return cls(guardian=guardian, strongholds=strongholds, cards=counts)


class DeckCheck(BaseModel):
    """The verdict on a deck: errors make it unplayable, warnings are advice."""

    errors: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the deck may be played."""
        return not self.errors


class DeckTextError(ValueError):
    """A deck text that could not be read; ``problems`` names every wrong line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def normalise(name: str) -> str:
    """A name as lookups compare it: case, spacing, apostrophes and punctuation ignored."""
    return re.sub(r"[^0-9a-z]+", "", name.casefold())


def _index(items: dict[str, object]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, item in items.items():
        out[normalise(key)] = key
        out[normalise(item.name)] = key  # type: ignore[attr-defined]
    return out


class Lookup:
    """Case-insensitive lookup of cards, Guardians and Stronghold sets by name or id."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self._cards = _index(catalogue.cards)  # type: ignore[arg-type]
        self._guardians = _index(catalogue.guardians)  # type: ignore[arg-type]
        self._strongholds = _index(catalogue.strongholds)  # type: ignore[arg-type]

    def card(self, name: str) -> DeckCard | None:
        """The deck card called ``name`` (or with that id), if any."""
        cid = self._cards.get(normalise(name))
        return self.catalogue.cards[cid] if cid else None

    def guardian(self, name: str) -> Guardian | None:
        """The Guardian called ``name`` (or with that id), if any."""
        gid = self._guardians.get(normalise(name))
        return self.catalogue.guardians[gid] if gid else None

    def strongholds(self, name: str) -> StrongholdSet | None:
        """The Stronghold set called ``name`` (or with that id), if any."""
        sid = self._strongholds.get(normalise(name))
        return self.catalogue.strongholds[sid] if sid else None

    def suggestion(self, name: str) -> str:
        """' (did you mean X?)' for the closest card name, or ''."""
        names = [c.name for c in self.catalogue.cards.values()]
        close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
        if not close:
            folded = {n.casefold(): n for n in names}
            close = [folded[m] for m in difflib.get_close_matches(name.casefold(), folded, n=1)]
        return f" (did you mean {close[0]}?)" if close else ""


LOOKUP = Lookup(CATALOGUE)


def find_card(name: str) -> DeckCard | None:
    """The card called ``name``, case-insensitively (ids work too)."""
    return LOOKUP.card(name)


def check_deck(deck: DeckList, lookup: Lookup = LOOKUP, rules: DeckRules = RULES) -> DeckCheck:
    """Every violation of the deck limits as a sentence; the shield advice as a warning."""
    cat = lookup.catalogue
    check = DeckCheck()
    if deck.guardian is None:
        check.errors.append("Choose a Guardian (a line like “Guardian: Rak Nam”).")
    elif deck.guardian not in cat.guardians:
        check.errors.append(f"There is no Guardian “{deck.guardian}”.")
    if deck.strongholds is None:
        check.errors.append("Choose a Stronghold set (a line like “Strongholds: Keep of Rak Nam”).")
    elif deck.strongholds not in cat.strongholds:
        check.errors.append(f"There is no Stronghold set “{deck.strongholds}”.")
    unknown = sorted(cid for cid in deck.cards if cid not in cat.cards)
    if unknown:
        check.errors.append(sentence(f"Unknown card ids: {', '.join(unknown)}"))
    known = {cid: n for cid, n in deck.cards.items() if cid in cat.cards}
    for cid, n in known.items():
        card = cat.cards[cid]
        if n < 1:
            check.errors.append(f"{card.name} needs a count of at least 1, not {n}.")
        elif cid in rules.restricted and n > rules.restricted[cid]:
            limit = rules.restricted[cid]
            check.errors.append(
                f"{card.name} is restricted: at most {plural(limit, 'copy', 'copies')} "
                f"(the deck has {n})."
            )
        elif card.kind not in rules.unlimited_kinds and n > rules.max_copies:
            check.errors.append(
                f"At most {rules.max_copies} copies of a card (terrain and shields excepted): "
                f"{card.name} has {n}."
            )
    total = sum(deck.cards.values())
    if total < rules.min_cards:
        check.errors.append(
            f"The deck has {plural(total, 'card')}; it needs at least {rules.min_cards} "
            f"({rules.min_cards - total} more)."
        )
    shields = sum(n for cid, n in known.items() if cat.cards[cid].kind == "shield")
    low, high = rules.advised_shields
    if not low <= shields <= high:
        check.warnings.append(
            f"The deck has {plural(shields, 'shield')}; {low} to {high} are advised "
            "(creatures move only under shields)."
        )
    return check


def parse_deck(text: str, lookup: Lookup = LOOKUP, max_cards: int = MAX_CARDS) -> DeckList:
    """Read a deck text; raises DeckTextError listing every line it cannot read.

    A count above ``max_cards``, or counts adding up past it, are refused here: the deck only
    ever holds counts, and a refused text builds nothing.
    """
    deck = DeckList()
    problems: list[str] = []
    over = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        problem = _read_line(line, deck, lookup, max_cards)
        total = sum(deck.cards.values())
        if problem is None and total > max_cards and not over:
            over = True
            problem = f"that makes {total} cards; a deck holds at most {max_cards}."
        if problem:
            problems.append(f"Line {number} (“{echoed(line)}”): {problem}")
        if len(problems) == MAX_PROBLEMS:
            problems.append("(Reading stopped there; fix these lines first.)")
            break
    if problems:
        raise DeckTextError(problems)
    return deck


def _count(digits: str, max_cards: int) -> int | None:
    """The count a line's digits give, or None when it is more than a deck holds."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(max_cards)) or int(digits) > max_cards:
        return None
    return int(digits)


def _read_line(line: str, deck: DeckList, lookup: Lookup, max_cards: int) -> str | None:
    """Add one line to ``deck``; the problem with it, if any."""
    key = _KEY.match(line)
    if key:
        return _read_key(key.group(1).casefold(), key.group(2).strip(), deck, lookup)
    entry = _LINE.match(line)
    if not entry:
        return "write a count and a card name, like “3 Swordsman”."
    count, name = _count(entry.group(1), max_cards), entry.group(2).strip()
    if count is None:
        return f"that count is more than a deck holds (at most {max_cards} cards)."
    card = lookup.card(name)
    if card is None:
        guardian, sset = lookup.guardian(name), lookup.strongholds(name)
        if guardian:
            return f"{guardian.name} is a Guardian; write “Guardian: {guardian.name}”."
        if sset:
            return f"{sset.name} is a Stronghold set; write “Strongholds: {sset.name}”."
        return f"no card is called “{echoed(name)}”{lookup.suggestion(name)}."
    if count < 1:
        return "the count must be at least 1."
    deck.cards[card.id] = deck.cards.get(card.id, 0) + count
    return None


def _read_key(key: str, value: str, deck: DeckList, lookup: Lookup) -> str | None:
    """A ``Guardian:`` or ``Strongholds:`` line."""
    if key == "guardian":
        guardian = lookup.guardian(value)
        if guardian is None:
            known = ", ".join(g.name for g in lookup.catalogue.guardians.values())
            return f"there is no Guardian “{echoed(value)}” (known: {known})."
        if deck.guardian is not None:
            return "a deck has one Guardian only."
        deck.guardian = guardian.id
        return None
    sset = lookup.strongholds(value)
    if sset is None:
        known = ", ".join(s.name for s in lookup.catalogue.strongholds.values())
        return f"there is no Stronghold set “{echoed(value)}” (known: {known})."
    if deck.strongholds is not None:
        return "a deck has one Stronghold set only."
    deck.strongholds = sset.id
    return None


def format_deck(deck: DeckList, lookup: Lookup = LOOKUP) -> str:
    """The deck as text (``parse_deck`` reads it back): header lines, then cards by kind."""
    cat = lookup.catalogue
    lines: list[str] = []
    if deck.guardian in cat.guardians:
        lines.append(f"Guardian: {cat.guardians[deck.guardian].name}")
    if deck.strongholds in cat.strongholds:
        lines.append(f"Strongholds: {cat.strongholds[deck.strongholds].name}")
    for kind, heading in KIND_HEADINGS.items():
        entries = [(cid, n) for cid, n in deck.cards.items() if cat.cards[cid].kind == kind]
        if entries:
            lines.append(f"# {heading} ({sum(n for _, n in entries)})")
            lines += [f"{n} {cat.cards[cid].name}" for cid, n in entries]
    return "\n".join(lines) + "\n"


def starter(deck_id: str, catalogue: Catalogue = CATALOGUE) -> DeckList:
    """A starter deck of the catalogue as a deck list."""
    deck = catalogue.decks[deck_id]
    return DeckList(guardian=deck.guardian, strongholds=deck.strongholds, cards=dict(deck.cards))
