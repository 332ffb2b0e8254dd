"""/stats figures counted over every result, as /stats once read them: the reference the
summaries (``member_records``, ``member_opponents``) must equal."""

from bot.storage import stats
from bot.storage.db import Database
from bot.storage.db.base import migration_scripts
from bot.storage.leaderboard import TRUE, count, option_sql

FILLED = 14
"""The migration that counts the results written before the summaries into them."""


async def records(db: Database, guild_id: int, user_id: int) -> list[stats.Record]:
    """The member's records, counted from their results."""
    unrated = "CASE WHEN " + option_sql(db, "'unrated'") + " IS NULL THEN 0 ELSE 1 END"
    undo = "COALESCE(" + option_sql(db, "'used_undo'") + f", '') IN {TRUE}"
    sql = f"""
        SELECT r.game, r.vs_computer AS level, {unrated} AS unrated,
               COUNT(*) AS games,
               {count("r.outcome = 'win'")} AS wins,
               {count("r.outcome = 'loss'")} AS losses,
               {count("r.outcome = 'draw'")} AS draws,
               MAX(r.score) AS best,
               MAX(CASE WHEN s.hinted = 0 AND NOT ({undo}) THEN r.score END) AS best_plain
          FROM results r
          JOIN sessions s ON s.id = r.session_id
         WHERE r.guild_id = ? AND r.user_id = ?
         GROUP BY r.game, r.vs_computer, {unrated}
         ORDER BY r.game, r.vs_computer NULLS FIRST, 3
    """
    rows = await db.fetchall(sql, (guild_id, user_id))
    return [stats.Record(r[0], r[1], bool(r[2]), *r[3:]) for r in rows]


async def opponents(
    db: Database, guild_id: int, user_id: int, limit: int = stats.OPPONENTS
) -> list[stats.Opponent]:
    """The people the member played most per game, counted from their results."""
    sql = f"""
        SELECT game, user_id, games, wins, losses, draws FROM (
            SELECT r.game, o.user_id,
                   COUNT(*) AS games,
                   {count("r.outcome = 'win'")} AS wins,
                   {count("r.outcome = 'loss'")} AS losses,
                   {count("r.outcome = 'draw'")} AS draws,
                   ROW_NUMBER() OVER (
                       PARTITION BY r.game ORDER BY COUNT(*) DESC, o.user_id
                   ) AS place
              FROM results r
              JOIN results o ON o.session_id = r.session_id AND o.user_id <> r.user_id
             WHERE r.guild_id = ? AND r.user_id = ?
             GROUP BY r.game, o.user_id
        ) ranked
         WHERE place <= ?
         ORDER BY game, place
    """
    rows = await db.fetchall(sql, (guild_id, user_id, limit))
    return [stats.Opponent(*r) for r in rows]


async def refill_summaries(db: Database) -> None:
    """Count every result into the summaries anew, as the migration that added them does."""
    (script,) = [sql for number, sql in migration_scripts(db.dialect) if number == FILLED]
    async with db.transaction():
        await db.execute("DELETE FROM member_records")
        await db.execute("DELETE FROM member_opponents")
        for statement in script.split(";"):  # one at a time: SQLite runs no more
            if "INSERT" in statement:
                await db.execute(statement)
