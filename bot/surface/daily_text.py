"""The words of a daily deal's result: its score, its marks, the line to share, the wait."""

from __future__ import annotations

from datetime import datetime

from bot.storage.daily import Attempt, Place
from engines import plugins


def wait_text(now: datetime, until: datetime) -> str:
    """The wait from ``now`` to ``until``, such as "5 h 12 min" (at least a minute)."""
    minutes = max(1, int((until - now).total_seconds() // 60))
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min"


def marks(attempt: Attempt) -> str:
    """How a daily result was helped, as the leaderboards say it."""
    return (" · with Undo" if attempt.undone else "") + (
        " · with hints 💡" if attempt.hinted else ""
    )


def result_text(game_id: str, attempt: Attempt) -> str:
    """A score and its moves, such as "7 ⭐ in 31 moves"."""
    unit = plugins.plugin(game_id).score_unit
    moves = attempt.moves or 0
    return f"{attempt.score or 0:g} {unit} in {moves} move{'s' if moves != 1 else ''}"


def share_line(game_id: str, day: int, attempt: Attempt, place: Place) -> str:
    """The spoiler-free line a player may post: the day, the score, the moves, the rank."""
    title = plugins.plugin(game_id).title
    return (
        f"{title} daily #{day}: {result_text(game_id, attempt)}, rank {place.rank} of "
        f"{place.of}{marks(attempt)}"
    )


def result_lines(day: int, share: str, everywhere: Place, here: Place | None) -> list[str]:
    """The end message's lines of a daily deal: its places so far, and the line to share."""
    server = f"{here.rank} of {here.of} on this server, " if here is not None else ""
    return [
        f"📅 Daily #{day}: rank {server}{everywhere.rank} of {everywhere.of} on all servers "
        "so far. To share (it shows no card):",
        f"`{share}`",
        "**Play again** starts an ordinary game; the next daily deal comes at midnight UTC.",
    ]


def playing_line(game_id: str, name: str, group: str) -> str:
    """The channel's line when a member starts the day's deal in their DM (``name`` escaped)."""
    title = plugins.plugin(game_id).title
    return f"🃏 {name} is playing today's {title} deal — `/{group} daily` to play yours."


def finished_line(
    game_id: str, name: str, group: str, attempt: Attempt, here: Place, everywhere: Place
) -> str:
    """The channel's line when that deal ends with a result: the score and places, no card."""
    title = plugins.plugin(game_id).title
    return (
        f"🏁 {name} finished today's {title} deal: {result_text(game_id, attempt)}"
        f"{marks(attempt)}, rank {here.rank} of {here.of} on this server ({everywhere.rank} of "
        f"{everywhere.of} on all servers). `/{group} daily` to play yours."
    )


def unfinished_line(game_id: str, name: str, group: str) -> str:
    """The channel's line when that deal ends without a result."""
    title = plugins.plugin(game_id).title
    return (
        f"{name}'s game of today's {title} deal ended without a result. "
        f"`/{group} daily` to play yours."
    )
