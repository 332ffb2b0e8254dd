"""Deck building: validation against a story, short deck codes, ready-made decks."""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections import Counter
from collections.abc import Sequence

from engines.base import EngineError
from engines.gondolin.cards import Card, EnemyCard, ReadyDeck, Story
from engines.gondolin.catalogue import CATALOGUE
from engines.gondolin.plugin import DECK_CARDS
from engines.text import plural

CODE_VERSION = 1
MAX_CODE_CHARS = 200
MAX_CARDS = DECK_CARDS
_CODE_CHARS = re.compile(r"^[A-Za-z0-9_-]+$")


class DeckCodeError(EngineError):
    """A deck code that cannot be read; the message says why."""


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "AEIOU" else f"a {word}"


def _copy_problems(counts: Counter[str]) -> list[str]:
    out = []
    for cid, card in CATALOGUE.cards.items():
        n = counts.get(cid, 0)
        if n and card.max_copies == 0:
            out.append(f"{card.name} belongs to a story and cannot be put in a deck.")
        elif n > card.max_copies:
            out.append(
                f"{card.name}: {n} copies, but a deck may hold at most {card.max_copies} "
                f"of {_a(card.kind_label)}."
            )
    return out


def _story_problems(cards: Sequence[str], known: list[Card], story: Story) -> list[str]:
    rules, name = story.deck, story.name
    out = []
    locations = sum(c.type == "location" for c in known)
    low, high = rules.min_locations, rules.max_locations
    if not low <= locations <= high:
        allowed = (
            f"exactly {plural(low, 'Location')}" if low == high else f"{low} to {high} Locations"
        )
        out.append(f"{name} needs {allowed} in a deck; this one has {locations}.")
    if not rules.min_cards <= len(cards) <= rules.max_cards:
        out.append(
            f"{name} needs a deck of {rules.min_cards} to {rules.max_cards} cards; "
            f"this one has {len(cards)}."
        )
    events = sum(c.is_event for c in known)
    if events < rules.min_events:
        out.append(f"{name} needs at least {rules.min_events} Events; this deck has {events}.")
    enemies = [c for c in known if isinstance(c, EnemyCard)]
    if len(enemies) < rules.min_enemies:
        out.append(
            f"{name} needs at least {rules.min_enemies} Enemies (Eminent ones count); "
            f"this deck has {len(enemies)}."
        )
    eminent = sum(c.eminent for c in enemies)
    if eminent < rules.min_eminent:
        out.append(
            f"{name} needs at least {rules.min_eminent} Eminent Enemies; this deck has {eminent}."
        )
    if rules.max_eminent is not None and eminent > rules.max_eminent:
        out.append(
            f"{name} allows at most {rules.max_eminent} Eminent Enemies; this deck has {eminent}."
        )
    out += [
        f"{name} requires {CATALOGUE.card(cid).name} in the deck."
        for cid in rules.required
        if cid not in cards
    ]
    holdable = sum(c.goes_to_hand for c in known)
    if holdable < story.hand:
        out.append(
            f"The starting hand needs {story.hand} Defenders or Achievements; "
            f"this deck has {holdable}."
        )
    return out


def validate_deck(cards: Sequence[str], story_id: str) -> list[str]:
    """Every way ``cards`` breaks the general limits or the story's rules, as sentences."""
    story = CATALOGUE.stories.get(story_id)
    if story is None:
        return [f"There is no story with the id {story_id!r}."]
    unknown = sorted(set(cards) - set(CATALOGUE.cards))
    problems = [f"There is no card with the id {c!r}." for c in unknown]
    known: list[Card] = [CATALOGUE.card(c) for c in cards if c in CATALOGUE.cards]
    problems += _copy_problems(Counter(c.id for c in known))
    return problems + _story_problems(cards, known, story)


def deck_code(cards: Sequence[str]) -> str:
    """A short URL-safe code for a deck (card counts by card number, with a checksum)."""
    counts = Counter(cards)
    unknown = sorted(set(counts) - set(CATALOGUE.cards))
    if unknown:
        raise DeckCodeError(f"Unknown card ids cannot be put in a code: {', '.join(unknown)}.")
    if any(n > 3 for n in counts.values()):
        raise DeckCodeError("A deck code holds at most 3 copies of a card.")
    top = max((CATALOGUE.card(c).num for c in counts), default=-1)
    by_num = {CATALOGUE.card(c).num: n for c, n in counts.items()}
    packed = bytearray((top + 4) // 4)
    for num, n in by_num.items():
        packed[num // 4] |= n << (2 * (num % 4))
    body = bytes([CODE_VERSION]) + bytes(packed)
    raw = body + bytes([zlib.crc32(body) & 0xFF])
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def parse_deck_code(code: str, max_cards: int = MAX_CARDS) -> list[str]:
    """The card ids of a deck code (in catalogue order); DeckCodeError for anything else.

    A code for more than ``max_cards`` cards is refused before the list is built.
    """
    if not isinstance(code, str) or not code.strip():
        raise DeckCodeError("A deck code is a short text of letters, digits, '-' and '_'.")
    code = code.strip()
    if len(code) > MAX_CODE_CHARS or not _CODE_CHARS.match(code):
        raise DeckCodeError("A deck code is a short text of letters, digits, '-' and '_'.")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError) as exc:
        raise DeckCodeError("This deck code is damaged: it does not decode.") from exc
    if len(raw) < 2 or zlib.crc32(raw[:-1]) & 0xFF != raw[-1]:
        raise DeckCodeError("This deck code is damaged or mistyped (its checksum does not match).")
    if raw[0] != CODE_VERSION:
        raise DeckCodeError(f"This deck code uses format {raw[0]}, which this version cannot read.")
    total = sum((byte >> (2 * slot)) & 3 for byte in raw[1:-1] for slot in range(4))
    if total > max_cards:
        raise DeckCodeError(
            f"This deck code holds {total} cards; a deck holds at most {max_cards}."
        )
    cards = []
    for i, byte in enumerate(raw[1:-1]):
        for slot in range(4):
            n = (byte >> (2 * slot)) & 3
            if not n:
                continue
            num = 4 * i + slot
            if num not in CATALOGUE.by_num:
                raise DeckCodeError(f"This deck code names card number {num}, which is unknown.")
            cards += [CATALOGUE.by_num[num].id] * n
    return cards


def ready_decks(story_id: str | None = None) -> list[ReadyDeck]:
    """The ready-made decks, all or for one story."""
    return [d for d in CATALOGUE.decks.values() if story_id in (None, d.story)]
