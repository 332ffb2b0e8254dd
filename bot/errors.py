"""Errors whose text is shown to the user who caused them (ephemerally)."""

from __future__ import annotations

from bot.games import CHANNEL_CONTROL_GAMES
from engines.text import join_and


class UserFacingError(Exception):
    """A refusal with a friendly, player-safe message; nothing was changed."""


class SessionNotFound(UserFacingError):
    """No such session, or it is no longer running."""

    def __init__(self) -> None:
        super().__init__("This game has ended.")


class StaleButton(UserFacingError):
    """The button belongs to an older state of the game.

    A double click's second press, a button from an earlier round, an old message clicked
    after a restart. The answer says where the player's current moves are: the clicked
    message may well be the newest one (edited in place since), so "use the newest message"
    would not help.
    """

    LEAD = "The board changed since that button was shown, so it did nothing."
    ON_BOARD = "Your current moves are the buttons on the game's board in the channel."
    BY_DM = "Press **My hand** on the game's board for your current moves."

    def __init__(self, game_id: str) -> None:
        where = self.ON_BOARD if game_id in CHANNEL_CONTROL_GAMES else self.BY_DM
        super().__init__(f"{self.LEAD} {where}")


class NotInGame(UserFacingError):
    """The clicking user holds no seat in this session."""

    def __init__(self) -> None:
        super().__init__("You are not playing in this game.")


class ChannelBusy(UserFacingError):
    """A session is already running (or pending) in this channel."""

    def __init__(self, game_title: str) -> None:
        super().__init__(
            f"A game of {game_title} is already running here. Finish it, use `/game resign`, "
            "or start yours in another channel."
        )


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


STORAGE_BUSY = "The game's storage is busy right now: nothing was changed. Try again in a moment."


class StorageBusy(UserFacingError):
    """A write waited for the database longer than its bound (another writer held it)."""

    def __init__(self) -> None:
        super().__init__(STORAGE_BUSY)
