"""Errors whose text is shown to the user who caused them (ephemerally).

Storage's refusals (a session ended, a stale button, ...) are codes instead:
``bot/storage/refusals.py``, worded by ``bot/surface/refusals.py``.
"""

from __future__ import annotations

from engines.text import join_and


class UserFacingError(Exception):
    """A refusal with a friendly, player-safe message; nothing was changed."""


class NotInGame(UserFacingError):
    """The clicking user holds no seat in this session."""

    def __init__(self) -> None:
        super().__init__("You are not playing in this game.")


class TooManyGames(UserFacingError):
    """A player already holds the most pending and running games allowed."""

    def __init__(self, name: str | None, limit: int) -> None:
        if name is None:
            text = (
                f"You already have {limit} games running or waiting for an answer in this "
                "server, the most allowed. Finish one (or `/game resign` it) first."
            )
        else:
            text = (
                f"{name} already has {limit} games running or waiting for an answer in this "
                "server, the most allowed. Try again when one of them has ended."
            )
        super().__init__(text)


class Cooldown(UserFacingError):
    """The member started a game moments ago."""

    def __init__(self, seconds: int) -> None:
        super().__init__(f"You just started a game; you can start another in {seconds} s.")


class CouldNotPost(UserFacingError):
    """The first message of a new game could not be posted; the game was not started."""

    def __init__(self) -> None:
        super().__init__(
            "I couldn't post the game in this channel, so it was not started. Check that I "
            "may send messages, embed links and attach files here, then try again."
        )


class MissingChannelPermissions(UserFacingError):
    """The bot lacks a permission it needs to show a game in this channel."""

    def __init__(self, names: list[str], channel_id: int) -> None:
        one = len(names) == 1
        super().__init__(
            f"I can't start a game here: I need the {join_and(names)} "
            f"permission{'' if one else 's'} in <#{channel_id}>. A server admin can grant "
            f"{'it' if one else 'them'} in the channel's settings → Permissions."
        )
