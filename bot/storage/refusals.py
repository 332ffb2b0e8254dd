"""What storage refuses, as a code and its data: the words players see are the surface's.

``bot/surface/refusals.py`` turns each code into its sentence, so storage stays free of
wording and of Discord (tests/test_architecture.py holds it to both).
"""

from __future__ import annotations

from enum import StrEnum


class Refusal(StrEnum):
    """Why storage changed nothing."""

    DECK_NAME_INVALID = "deck_name_invalid"
    DECK_TOO_LONG = "deck_too_long"  # data: limit, count
    DECK_NAME_TAKEN = "deck_name_taken"  # data: name
    NO_SUCH_DECK = "no_such_deck"  # data: name, game
    TOO_MANY_DECKS = "too_many_decks"  # data: limit


class Refused(Exception):
    """A refusal: nothing was changed. ``data`` holds what its words name."""

    def __init__(self, code: Refusal, **data: str | int) -> None:
        super().__init__(code.value, data)
        self.code = code
        self.data = data
