"""Leaderboard queries: GROUP BY over results, joined with ratings."""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite


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


async def standings(
    db: aiosqlite.Connection, guild_id: int, game: str, limit: int = 10
) -> list[Standing]:
    """Best players first: by rating when rated, then wins, then best score (people only)."""
    sql = """
        SELECT r.user_id,
               COUNT(*) AS games,
               SUM(r.outcome = 'win') AS wins,
               SUM(r.outcome = 'loss') AS losses,
               SUM(r.outcome = 'draw') AS draws,
               MAX(r.score) AS best_score,
               g.rating, g.rd
          FROM results r
          LEFT JOIN ratings g
            ON g.guild_id = r.guild_id AND g.game = r.game AND g.user_id = r.user_id
         WHERE r.guild_id = ? AND r.game = ? AND r.vs_computer IS NULL
           AND json_extract(r.extra_json, '$.options.unrated') IS NULL
         GROUP BY r.user_id
         ORDER BY COALESCE(g.rating, 0) DESC, wins DESC, best_score DESC, r.user_id
         LIMIT ?
    """
    async with db.execute(sql, (guild_id, game, limit)) as cur:
        rows = await cur.fetchall()
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
    db: aiosqlite.Connection, guild_id: int, game: str, limit: int = 30
) -> list[ComputerRecord]:
    """Records against the computer: hardest level first, then most wins."""
    sql = """
        SELECT user_id, vs_computer AS level,
               SUM(outcome = 'win') AS wins,
               SUM(outcome = 'loss') AS losses,
               SUM(outcome = 'draw') AS draws
          FROM results
         WHERE guild_id = ? AND game = ? AND vs_computer IS NOT NULL
         GROUP BY user_id, vs_computer
         ORDER BY CASE vs_computer WHEN 'hard' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END,
                  wins DESC, losses, user_id
         LIMIT ?
    """
    async with db.execute(sql, (guild_id, game, limit)) as cur:
        rows = await cur.fetchall()
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
    db: aiosqlite.Connection,
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
        where += " AND json_extract(r.extra_json, '$.options.' || ?) = ?"
        params += list(option)
    sql = f"""
        SELECT r.user_id,
               COUNT(*) AS games,
               SUM(r.outcome = 'win') AS wins,
               MAX(r.score) AS best_score,
               SUM(r.outcome = 'win'
                   AND json_extract(r.extra_json, '$.options.' || ?) IN (1, 'true')) AS challenge,
               SUM(json_extract(r.extra_json, '$.options.used_undo') IN (1, 'true')) AS undo,
               SUM(s.hinted) AS hinted,
               MAX(CASE WHEN s.hinted = 0 THEN r.score END) AS best_unhinted
          FROM results r
          JOIN sessions s ON s.id = r.session_id
         WHERE {where}
         GROUP BY r.user_id
         ORDER BY best_score DESC, wins DESC, r.user_id
         LIMIT ?
    """
    async with db.execute(sql, (challenge_option, *params, limit)) as cur:
        rows = await cur.fetchall()
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
