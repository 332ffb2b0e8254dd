"""Leaderboard queries: GROUP BY over results, joined with ratings.

One SQL for both backends, except how a game option is read from the results' JSON.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.db import Database
from bot.storage.models import Session

RANKED = 1000
"""Ranks are told up to this place (a result message says nothing of a rank further down)."""

# A game option of a result as text (NULL when absent; true reads '1' or 'true'), per backend.
OPTION = {
    "sqlite": "CAST(json_extract(r.extra_json, '$.options.' || {key}) AS TEXT)",
    "postgres": "(CAST(r.extra_json AS jsonb) -> 'options' ->> CAST({key} AS TEXT))",
}
TRUE = "('1', 'true')"


def option_sql(db: Database, key: str) -> str:
    """SQL for the text of the game option ``key`` (a literal or a ``?``) of a result ``r``."""
    return OPTION[db.dialect].format(key=key)


def count(condition: str) -> str:
    """SQL counting the rows of a group where ``condition`` holds."""
    return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"


@dataclass(frozen=True)
class Standing:
    """One line of a server's leaderboard for one game."""

    user_id: int
    games: int
    wins: int
    losses: int
    draws: int
    best_score: float | None
    rating: float | None
    rd: float | None


async def standings(db: Database, guild_id: int, game: str, limit: int = 10) -> list[Standing]:
    """Best players first: by rating when rated, then wins, then best score (people only)."""
    sql = f"""
        SELECT r.user_id,
               COUNT(*) AS games,
               {count("r.outcome = 'win'")} AS wins,
               {count("r.outcome = 'loss'")} AS losses,
               {count("r.outcome = 'draw'")} AS draws,
               MAX(r.score) AS best_score,
               g.rating, g.rd
          FROM results r
          LEFT JOIN ratings g
            ON g.guild_id = r.guild_id AND g.game = r.game AND g.user_id = r.user_id
         WHERE r.guild_id = ? AND r.game = ? AND r.vs_computer IS NULL
           AND {option_sql(db, "'unrated'")} IS NULL
         GROUP BY r.user_id, g.rating, g.rd
         ORDER BY COALESCE(g.rating, 0) DESC, wins DESC, best_score DESC NULLS LAST, r.user_id
         LIMIT ?
    """
    rows = await db.fetchall(sql, (guild_id, game, limit))
    return [
        Standing(
            user_id=r["user_id"],
            games=r["games"],
            wins=r["wins"],
            losses=r["losses"],
            draws=r["draws"],
            best_score=r["best_score"],
            rating=r["rating"],
            rd=r["rd"],
        )
        for r in rows
    ]


@dataclass(frozen=True)
class ComputerRecord:
    """One player's unrated record against the computer at one level."""

    user_id: int
    level: str
    wins: int
    losses: int
    draws: int


async def computer_records(
    db: Database, guild_id: int, game: str, limit: int = 30
) -> list[ComputerRecord]:
    """Records against the computer: hardest level first, then most wins."""
    sql = f"""
        SELECT user_id, vs_computer AS level,
               {count("outcome = 'win'")} AS wins,
               {count("outcome = 'loss'")} AS losses,
               {count("outcome = 'draw'")} AS draws
          FROM results
         WHERE guild_id = ? AND game = ? AND vs_computer IS NOT NULL
         GROUP BY user_id, vs_computer
         ORDER BY CASE vs_computer WHEN 'hard' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END,
                  wins DESC, losses, user_id
         LIMIT ?
    """
    rows = await db.fetchall(sql, (guild_id, game, limit))
    return [
        ComputerRecord(r["user_id"], r["level"], r["wins"], r["losses"], r["draws"]) for r in rows
    ]


@dataclass(frozen=True)
class SoloStanding:
    """One line of a server's solo leaderboard."""

    user_id: int
    games: int
    wins: int
    best_score: float | None
    challenge_wins: int  # wins with the game's challenge option on (e.g. Galdor's Allstar)
    undo_games: int  # games in which the player took a move back
    hint_games: int = 0  # games in which the player asked for a hint (``/game hint``)
    best_unhinted: float | None = None  # the best score of the games played without hints


async def solo_standings(
    db: Database,
    guild_id: int,
    game: str,
    *,
    option: tuple[str, str] | None = None,
    challenge_option: str = "allstar",
    limit: int = 10,
) -> list[SoloStanding]:
    """Best score first, then wins; ``option`` = (name, value) keeps games with that option."""
    where = "r.guild_id = ? AND r.game = ?"
    params: list[object] = [guild_id, game]
    if option is not None:
        where += f" AND {option_sql(db, '?')} = ?"
        params += list(option)
    challenge = f"r.outcome = 'win' AND {option_sql(db, '?')} IN {TRUE}"
    undo = option_sql(db, "'used_undo'") + f" IN {TRUE}"
    sql = f"""
        SELECT r.user_id,
               COUNT(*) AS games,
               {count("r.outcome = 'win'")} AS wins,
               MAX(r.score) AS best_score,
               {count(challenge)} AS challenge,
               {count(undo)} AS undo,
               SUM(s.hinted) AS hinted,
               MAX(CASE WHEN s.hinted = 0 THEN r.score END) AS best_unhinted
          FROM results r
          JOIN sessions s ON s.id = r.session_id
         WHERE {where}
         GROUP BY r.user_id
         ORDER BY best_score DESC NULLS LAST, wins DESC, r.user_id
         LIMIT ?
    """
    rows = await db.fetchall(sql, (challenge_option, *params, limit))
    return [
        SoloStanding(
            user_id=r["user_id"],
            games=r["games"],
            wins=r["wins"],
            best_score=r["best_score"],
            challenge_wins=r["challenge"] or 0,
            undo_games=r["undo"] or 0,
            hint_games=r["hinted"] or 0,
            best_unhinted=r["best_unhinted"],
        )
        for r in rows
    ]


async def standing_ranks(db: Database, session: Session) -> dict[int, int]:
    """Each player's place (1 = first) on the server's leaderboard after ``session`` ended.

    Only finished games count: a solo game ranks on best scores, a rated game on ratings;
    games against the computer and unrated ones have no place on the leaderboard.
    """
    if session.status != "finished":
        return {}
    if len(session.seats) == 1:
        solo = await solo_standings(db, session.guild_id, session.game_id, limit=RANKED)
        order = [row.user_id for row in solo]
    elif session.rated:
        rows = await standings(db, session.guild_id, session.game_id, limit=RANKED)
        order = [row.user_id for row in rows]
    else:
        return {}
    players = {s.user_id for s in session.seats}
    return {uid: place for place, uid in enumerate(order, 1) if uid in players}
