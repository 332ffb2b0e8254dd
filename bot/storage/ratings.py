"""Glicko-2 ratings per server and game (the maintained ``glicko2`` package does the maths)."""

from __future__ import annotations

import glicko2

from bot.storage.db import Database
from bot.storage.outcomes import Outcome

DEFAULT = (1500.0, 350.0, 0.06)
SCORE = {"win": 1.0, "draw": 0.5, "loss": 0.0}


async def _load(db: Database, guild_id: int, game: str, user_id: int) -> glicko2.Player:
    row = await db.fetchone(
        "SELECT rating, rd, vol FROM ratings WHERE guild_id=? AND game=? AND user_id=?",
        (guild_id, game, user_id),
    )
    rating, rd, vol = (row["rating"], row["rd"], row["vol"]) if row else DEFAULT
    return glicko2.Player(rating=rating, rd=rd, vol=vol)


async def update_ratings(
    db: Database, guild_id: int, game: str, outcomes: list[Outcome]
) -> dict[int, tuple[float, float]]:
    """Rate one finished two-player game as its own rating period (inside the caller's txn).

    Under the server's ratings lock, so two games ending at once in two processes cannot both
    start from the same old rating. Returns each player's rating before and after the game.
    """
    a, b = outcomes
    await db.lock(f"ratings:{guild_id}:{game}")
    pa = await _load(db, guild_id, game, a.user_id)
    pb = await _load(db, guild_id, game, b.user_id)
    before_a, before_b = (pa.rating, pa.rd), (pb.rating, pb.rd)
    pa.update_player([before_b[0]], [before_b[1]], [SCORE[a.outcome]])
    pb.update_player([before_a[0]], [before_a[1]], [SCORE[b.outcome]])
    await db.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, rating, rd, vol) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
        " rating=excluded.rating, rd=excluded.rd, vol=excluded.vol",
        [
            (guild_id, game, a.user_id, pa.rating, pa.rd, pa.vol),
            (guild_id, game, b.user_id, pb.rating, pb.rd, pb.vol),
        ],
    )
    return {a.user_id: (before_a[0], pa.rating), b.user_id: (before_b[0], pb.rating)}
