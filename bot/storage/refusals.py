"""What storage refuses, as a code and its data: the words players see are the surface's.

``bot/surface/refusals.py`` turns each code into its sentence, so storage stays free of
wording and of Discord (tests/test_architecture.py holds it to both). The flow raises the
session refusals too (a session that has ended, a stale button).
"""

from __future__ import annotations

from enum import StrEnum


class Refusal(StrEnum):
    """Why nothing was changed."""

    SESSION_ENDED = "session_ended"
    STALE_BUTTON = "stale_button"  # data: game
    CHANNEL_BUSY = "channel_busy"  # data: game (the one already running)
    STORAGE_BUSY = "storage_busy"
    DECK_NAME_INVALID = "deck_name_invalid"
    DECK_TOO_LONG = "deck_too_long"  # data: limit, count
    DECK_NAME_TAKEN = "deck_name_taken"  # data: name
    NO_SUCH_DECK = "no_such_deck"  # data: name, game
    TOO_MANY_DECKS = "too_many_decks"  # data: limit
    TOO_MANY_TOURNAMENTS = "too_many_tournaments"  # data: limit
    NO_SUCH_TOURNAMENT = "no_such_tournament"
    TOURNAMENT_STARTED = "tournament_started"
    TOURNAMENT_OVER = "tournament_over"
    TOURNAMENT_FULL = "tournament_full"  # data: limit
    ALREADY_ENTERED = "already_entered"
    NOT_ENTERED = "not_entered"
    TOO_FEW_PLAYERS = "too_few_players"  # data: limit


class Refused(Exception):
    """A refusal: nothing was changed. ``data`` holds what its words name."""

    def __init__(self, code: Refusal, **data: str | int) -> None:
        super().__init__(code.value, data)
        self.code = code
        self.data = data


class SessionNotFound(Refused):
    """No such session, or it is no longer running."""

    def __init__(self) -> None:
        super().__init__(Refusal.SESSION_ENDED)


class StaleButton(Refused):
    """The button belongs to an older state of the game.

    A double click's second press, a button from an earlier round, an old message clicked
    after a restart.
    """

    def __init__(self, game_id: str) -> None:
        super().__init__(Refusal.STALE_BUTTON, game=game_id)


class ChannelBusy(Refused):
    """A session is already running (or pending) in this channel."""

    def __init__(self, game_id: str) -> None:
        super().__init__(Refusal.CHANNEL_BUSY, game=game_id)


class StorageBusy(Refused):
    """A write waited for the database longer than its bound (another writer held it)."""

    def __init__(self) -> None:
        super().__init__(Refusal.STORAGE_BUSY)
