"""/stats: a member's record per game, rating history and opponents; a server's summary.

A member's figures are summaries (``member_records``, ``member_opponents``) that each game's
end adds to, in the transaction writing its results (:func:`count_results`): reading them costs
the same for a member with 40,000 games as with 4. A rating history is the last ``HISTORY``
rated games (``results_rated``), and the server's summary reads its latest ``SERVER_WINDOW``
results through ``results_by_time``. Lessons write no results, so they never count here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.db import Database
from bot.storage.models import UNRATED, USED_UNDO, Session
from bot.storage.outcomes import Outcome

HISTORY = 30
"""Rated games per game drawn in a member's rating history."""
RECENT = 5
"""A rating's change is told over this many last rated games."""
OPPONENTS = 3
"""Favourite opponents listed per game."""
SERVER_WINDOW = 2000
"""The server's summary counts its latest results, up to this many."""
ACTIVE = 5
"""Most active players listed in the server's summary."""
STREAKS = 3
"""Longest win streaks listed in the server's summary."""


def _higher(column: str) -> str:
    """SQL keeping the higher of a summary's ``column`` and the new game's (NULL: none yet)."""
    return (
        f"CASE WHEN member_records.{column} IS NULL OR excluded.{column} > member_records.{column}"
        f" THEN excluded.{column} ELSE member_records.{column} END"
    )


ADD_RECORD = f"""
    INSERT INTO member_records
        (guild_id, user_id, game, level, unrated, games, wins, losses, draws, best, best_plain)
    VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)
    ON CONFLICT (guild_id, user_id, game, level, unrated) DO UPDATE SET
        games = member_records.games + 1,
        wins = member_records.wins + excluded.wins,
        losses = member_records.losses + excluded.losses,
        draws = member_records.draws + excluded.draws,
        best = {_higher("best")},
        best_plain = {_higher("best_plain")}
"""
ADD_OPPONENT = """
    INSERT INTO member_opponents
        (guild_id, user_id, game, opponent_id, games, wins, losses, draws)
    VALUES (?, ?, ?, ?, 1, ?, ?, ?)
    ON CONFLICT (guild_id, user_id, game, opponent_id) DO UPDATE SET
        games = member_opponents.games + 1,
        wins = member_opponents.wins + excluded.wins,
        losses = member_opponents.losses + excluded.losses,
        draws = member_opponents.draws + excluded.draws
"""


def _said_yes(value: object) -> bool:
    """An option's value read as the leaderboards read it from JSON: true, 1, '1' or 'true'."""
    return value is True or (type(value) is int and value == 1) or value in ("1", "true")


def _tally(outcome: str) -> tuple[int, int, int]:
    return int(outcome == "win"), int(outcome == "loss"), int(outcome == "draw")


async def count_results(db: Database, session: Session, outcomes: list[Outcome]) -> None:
    """Add a finished game's results to its players' summaries (in the results' transaction).

    Its options are the session's as its results keep them; hints are read from the session.
    """
    if not outcomes:
        return
    row = await db.fetchone("SELECT hinted FROM sessions WHERE id = ?", (session.id,))
    helped = bool(row and row["hinted"]) or _said_yes(session.options.get(USED_UNDO))
    unrated = int(session.options.get(UNRATED) is not None)
    game, guild = session.game_id, session.guild_id
    await db.executemany(
        ADD_RECORD,
        [
            (
                guild,
                o.user_id,
                game,
                o.vs_computer or "",
                unrated,
                *_tally(o.outcome),
                o.score,
                None if helped else o.score,
            )
            for o in outcomes
        ],
    )
    await db.executemany(
        ADD_OPPONENT,
        [
            (guild, o.user_id, game, other.user_id, *_tally(o.outcome))
            for o in outcomes
            for other in outcomes
            if other.user_id != o.user_id
        ],
    )


@dataclass(frozen=True)
class Record:
    """A member's games of one game against one kind of opponent.

    ``level``: the computer's level, None against people or solo; ``unrated``: a game between
    people the computer took a seat of. Solo games have scores: ``best`` of all games and
    ``best_plain``, the best of the games played without hints or Undo.
    """

    game: str
    level: str | None
    unrated: bool
    games: int
    wins: int
    losses: int
    draws: int
    best: float | None
    best_plain: float | None


async def records(db: Database, guild_id: int, user_id: int, game: str | None) -> list[Record]:
    """The member's records on this server (one game, or every game), in a stable order.

    At most one row per game, computer level and rated or not: read by the summary's key.
    """
    where = "guild_id = ? AND user_id = ?" + (" AND game = ?" if game else "")
    params: tuple[object, ...] = (guild_id, user_id, game) if game else (guild_id, user_id)
    rows = await db.fetchall(
        "SELECT game, level, unrated, games, wins, losses, draws, best, best_plain"
        f" FROM member_records WHERE {where} ORDER BY game, level, unrated",
        params,
    )
    return [
        Record(
            game=r["game"],
            level=r["level"] or None,
            unrated=bool(r["unrated"]),
            games=r["games"],
            wins=r["wins"],
            losses=r["losses"],
            draws=r["draws"],
            best=r["best"],
            best_plain=r["best_plain"],
        )
        for r in rows
    ]


async def ratings(db: Database, guild_id: int, user_id: int, games: list[str]) -> dict[str, float]:
    """The member's current rating in each of ``games`` that they have one in."""
    if not games:
        return {}
    marks = ", ".join("?" for _ in games)
    rows = await db.fetchall(
        "SELECT game, rating FROM ratings"
        f" WHERE guild_id = ? AND user_id = ? AND game IN ({marks})",
        (guild_id, user_id, *games),
    )
    return {r["game"]: r["rating"] for r in rows}


@dataclass(frozen=True)
class RatedGame:
    """One rated game of a member: when it ended and their rating before and after it."""

    finished_at: str
    before: float
    after: float


async def rating_history(
    db: Database, guild_id: int, user_id: int, game: str, limit: int = HISTORY
) -> list[RatedGame]:
    """The member's last ``limit`` rated games of ``game``, oldest first."""
    rows = await db.fetchall(
        "SELECT finished_at, rating_before, rating_after FROM results"
        " WHERE guild_id = ? AND user_id = ? AND game = ? AND rating_after IS NOT NULL"
        " ORDER BY finished_at DESC, session_id DESC LIMIT ?",
        (guild_id, user_id, game, limit),
    )
    return [RatedGame(r[0], r[1], r[2]) for r in reversed(rows)]


@dataclass(frozen=True)
class Opponent:
    """A person the member played, in one game: how often, and the member's record."""

    game: str
    user_id: int
    games: int
    wins: int
    losses: int
    draws: int


async def opponents(
    db: Database, guild_id: int, user_id: int, games: list[str], limit: int = OPPONENTS
) -> list[Opponent]:
    """The people the member played most at each of ``games``, up to ``limit`` per game.

    The computer is not one. One read per game, of its first ``limit`` rows
    (``member_opponents_by_games``).
    """
    found: list[Opponent] = []
    for game in sorted(games):
        rows = await db.fetchall(
            "SELECT game, opponent_id, games, wins, losses, draws FROM member_opponents"
            " WHERE guild_id = ? AND user_id = ? AND game = ?"
            " ORDER BY games DESC, opponent_id LIMIT ?",
            (guild_id, user_id, game, limit),
        )
        found += [Opponent(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]
    return found


@dataclass(frozen=True)
class GameCount:
    """How many games of one game the server's window holds, and how many people played."""

    game: str
    games: int
    players: int


@dataclass(frozen=True)
class Active:
    """A member and how many games they finished in the server's window."""

    user_id: int
    games: int


@dataclass(frozen=True)
class Streak:
    """A member's longest run of wins in a row at one game, in the server's window."""

    user_id: int
    game: str
    wins: int


@dataclass(frozen=True)
class ServerStats:
    """The server's summary over its latest results (``results``: how many were read)."""

    results: int
    games: list[GameCount]
    active: list[Active]
    streaks: list[Streak]


def _window(game: str | None) -> str:
    """SQL of the server's latest results (of one game, or of all), newest first."""
    where = "guild_id = ?" + (" AND game = ?" if game else "")
    return (
        "SELECT session_id, user_id, game, outcome, vs_computer, finished_at FROM results"
        f" WHERE {where} ORDER BY finished_at DESC, session_id DESC, user_id LIMIT ?"
    )


async def server_stats(
    db: Database, guild_id: int, game: str | None, window: int = SERVER_WINDOW
) -> ServerStats:
    """Games per game, the most active players and the longest win streaks, over the window.

    A streak is two wins in a row or more at one game, against people or solo: games against
    the computer are left out of streaks (anyone could farm one at the easy level).
    """
    recent = _window(game)
    params: tuple[object, ...] = (guild_id, game, window) if game else (guild_id, window)
    total = await db.fetchone(f"SELECT COUNT(*) AS n FROM ({recent}) w", params)
    games = await db.fetchall(
        f"SELECT game, COUNT(DISTINCT session_id) AS games, COUNT(DISTINCT user_id) AS players"
        f" FROM ({recent}) w GROUP BY game ORDER BY games DESC, game",
        params,
    )
    active = await db.fetchall(
        f"SELECT user_id, COUNT(*) AS games FROM ({recent}) w"
        f" GROUP BY user_id ORDER BY games DESC, user_id LIMIT ?",
        (*params, ACTIVE),
    )
    streaks = await db.fetchall(
        f"""
        SELECT user_id, game, COUNT(*) AS wins FROM (
            SELECT user_id, game, outcome,
                   ROW_NUMBER() OVER (PARTITION BY user_id, game ORDER BY finished_at, session_id)
                 - ROW_NUMBER() OVER (
                       PARTITION BY user_id, game, outcome ORDER BY finished_at, session_id
                   ) AS run
              FROM ({recent}) w
             WHERE vs_computer IS NULL
        ) runs
         WHERE outcome = 'win'
         GROUP BY user_id, game, run
        HAVING COUNT(*) >= 2
         ORDER BY wins DESC, user_id, game
         LIMIT ?
        """,
        (*params, STREAKS),
    )
    return ServerStats(
        results=total["n"] if total else 0,
        games=[GameCount(r["game"], r["games"], r["players"]) for r in games],
        active=[Active(r["user_id"], r["games"]) for r in active],
        streaks=[Streak(r["user_id"], r["game"], r["wins"]) for r in streaks],
    )
