"""The daily deal: its day, its seed, one attempt per member, and the day's boards.

A day is a UTC date, numbered from ``FIRST_DAY`` (daily #1). Its seed is an HMAC of the game
and the date under a secret key (the ``DAILY_SECRET`` setting, else one the bot makes and keeps
in ``bot_secrets`` on first use), so nobody without the key can work out a deal before its day.
The key is never logged and never shown. An attempt is a row of ``daily_attempts`` written in the
transaction that creates its game; its primary key (member, game, day) refuses a second one in
any process. The game's result fills in its score and moves in the transaction that writes it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from bot.storage.db import Database
from bot.storage.models import DAILY, FORCED, USED_UNDO, Session
from bot.storage.outcomes import Outcome

FIRST_DAY = date(2026, 1, 1)
"""Daily #1 (UTC)."""
SECRET = "daily"
"""The name of the daily deal's key in ``bot_secrets``."""
BOARD_LINES = 10
"""Lines of a daily board (each board also tells the member's own place)."""
STREAK_DAYS = 400
"""A streak is counted over at most this many days back."""


def day_of(moment: datetime) -> int:
    """The daily's number of the UTC day ``moment`` falls in."""
    return (moment.astimezone(UTC).date() - FIRST_DAY).days + 1


def day_date(day: int) -> date:
    """The UTC date of daily number ``day``."""
    return FIRST_DAY + timedelta(days=day - 1)


def day_end(day: int) -> datetime:
    """When daily number ``day`` ends (midnight UTC after it): its replays open then."""
    return datetime.combine(day_date(day) + timedelta(days=1), time(), tzinfo=UTC)


def session_day(session: Session) -> int | None:
    """The day of a daily deal's session; None for any other game."""
    day = session.options.get(DAILY)
    return day if isinstance(day, int) and not isinstance(day, bool) else None


def sealed(session: Session, now: datetime) -> bool:
    """Whether the session is a daily deal whose day has not ended: its cards stay unseen."""
    day = session_day(session)
    return day is not None and now < day_end(day)


def deal_seed(key: bytes, game_id: str, day: int) -> int:
    """The seed of a game's deal on a day: HMAC-SHA-256 of both under the key, 63 bits."""
    message = f"{game_id}:{day_date(day).isoformat()}".encode()
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class Attempt:
    """A member's attempt at one day's deal of one game."""

    user_id: int
    session_id: str
    guild_id: int | None
    name: str
    """The member's display name when they started, as typed (escaped where it is shown)."""
    score: float | None
    moves: int | None
    hinted: bool
    undone: bool
    finished: bool
    named: bool = False
    channel_id: int | None = None
    """The server channel it was started from, when it is played in the player's DM."""


@dataclass(frozen=True)
class Place:
    """A finished attempt's rank (from 1) among ``of`` finished attempts."""

    rank: int
    of: int


class DailyStore:
    """Reads and writes of the daily deal (attempts, the key, who is named)."""

    def __init__(self, db: Database, key: str | None = None) -> None:
        self.db = db
        self._key = key.encode() if key else None

    async def key(self) -> bytes:
        """The deal's secret key: the setting, else the stored one (made on first use)."""
        if self._key is None:
            await self.db.execute(
                "INSERT INTO bot_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                (SECRET, secrets.token_hex(32)),
            )
            row = await self.db.fetchone("SELECT value FROM bot_secrets WHERE name=?", (SECRET,))
            assert row is not None  # just written, by this process or another
            self._key = str(row["value"]).encode()
        return self._key

    async def seed(self, game_id: str, day: int) -> int:
        """The day's deal of ``game_id``."""
        return deal_seed(await self.key(), game_id, day)

    async def claim(
        self,
        sid: str,
        *,
        user_id: int,
        name: str,
        game_id: str,
        day: int,
        guild_id: int | None,
        now: datetime,
        channel_id: int | None = None,
    ) -> None:
        """Inside the transaction creating the game: its attempt (IntegrityError: one exists).

        ``channel_id``: the server channel it was started from, if played in the player's DM.
        """
        await self.db.execute(
            "INSERT INTO daily_attempts (user_id, game, day, session_id, guild_id, name,"
            " started_at, channel_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (user_id, game_id, day, sid, guild_id, name, now.isoformat(), channel_id),
        )

    async def release(self, sid: str) -> None:
        """Forget the attempt of a game that never reached its player (its board not posted)."""
        async with self.db.transaction():
            await self.db.execute("DELETE FROM daily_attempts WHERE session_id=?", (sid,))

    async def of_session(self, session_id: str) -> Attempt | None:
        """The attempt a game is, if it is one."""
        rows = await self._attempts("a.session_id=?", (session_id,))
        return rows[0] if rows else None

    async def attempt(self, user_id: int, game_id: str, day: int) -> Attempt | None:
        """The member's attempt at the day's deal, if any."""
        rows = await self._attempts("a.user_id=? AND a.game=? AND a.day=?", (user_id, game_id, day))
        return rows[0] if rows else None

    async def board(
        self, game_id: str, day: int, guild_id: int | None = None, limit: int = BOARD_LINES
    ) -> list[Attempt]:
        """The day's finished attempts, best first: all servers', or one server's."""
        where = "a.game=? AND a.day=? AND a.finished_at IS NOT NULL"
        params: tuple[object, ...] = (game_id, day)
        if guild_id is not None:
            where += " AND a.guild_id=?"
            params += (guild_id,)
        return await self._attempts(where, params, limit)

    async def place(self, session_id: str, *, server: bool = False) -> Place | None:
        """A finished attempt's place on the day's board (all servers, or its server's)."""
        mine = await self.db.fetchone(
            "SELECT game, day, guild_id, user_id, COALESCE(score, 0) AS score, moves,"
            " finished_at FROM daily_attempts WHERE session_id=? AND finished_at IS NOT NULL",
            (session_id,),
        )
        if mine is None:
            return None
        same = "game=? AND day=? AND finished_at IS NOT NULL"
        params: list[object] = [mine["game"], mine["day"]]
        if server and mine["guild_id"] is None:
            same += " AND guild_id IS NULL"
        elif server:
            same += " AND guild_id=?"
            params.append(mine["guild_id"])
        ahead = (
            "COALESCE(score, 0) > ? OR (COALESCE(score, 0) = ? AND (moves < ?"
            " OR (moves = ? AND (finished_at < ? OR (finished_at = ? AND user_id < ?)))))"
        )
        order = (mine["score"], mine["score"], mine["moves"], mine["moves"])
        row = await self.db.fetchone(
            f"SELECT COUNT(*) AS of, {_count(ahead)} AS ahead FROM daily_attempts WHERE {same}",
            (*order, mine["finished_at"], mine["finished_at"], mine["user_id"], *params),
        )
        assert row is not None
        return Place(rank=int(row["ahead"] or 0) + 1, of=int(row["of"]))

    async def streak(self, user_id: int, game_id: str, day: int) -> int:
        """Days in a row the member played the game's deal, up to ``day`` (or the day before)."""
        rows = await self.db.fetchall(
            "SELECT day FROM daily_attempts WHERE user_id=? AND game=? AND day<=? AND day>?"
            " ORDER BY day DESC",
            (user_id, game_id, day, day - STREAK_DAYS),
        )
        days = [int(r["day"]) for r in rows]
        expected = day if days and days[0] == day else day - 1
        run = 0
        for played in days:
            if played != expected:
                break
            run += 1
            expected -= 1
        return run

    async def set_named(self, user_id: int, named: bool, now: datetime) -> None:
        """The member's choice to be named on the global daily boards."""
        async with self.db.transaction():
            await self.db.execute(
                "INSERT INTO daily_names (user_id, named, changed_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET named=excluded.named,"
                " changed_at=excluded.changed_at",
                (user_id, int(named), now.isoformat()),
            )

    async def _attempts(
        self, where: str, params: tuple[object, ...], limit: int = 1
    ) -> list[Attempt]:
        rows = await self.db.fetchall(
            "SELECT a.*, COALESCE(n.named, 0) AS named FROM daily_attempts a"
            " LEFT JOIN daily_names n ON n.user_id = a.user_id"
            f" WHERE {where}"
            " ORDER BY COALESCE(a.score, 0) DESC, a.moves, a.finished_at, a.user_id LIMIT ?",
            (*params, limit),
        )
        return [
            Attempt(
                user_id=r["user_id"],
                session_id=r["session_id"],
                guild_id=r["guild_id"],
                name=r["name"],
                score=r["score"],
                moves=r["moves"],
                hinted=bool(r["hinted"]),
                undone=bool(r["undone"]),
                finished=r["finished_at"] is not None,
                named=bool(r["named"]),
                channel_id=r["channel_id"],
            )
            for r in rows
        ]


def _count(condition: str) -> str:
    return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"


async def record_result(
    db: Database, session: Session, outcomes: list[Outcome], now: datetime
) -> None:
    """Inside the transaction writing a daily deal's result: its score, moves and marks.

    Moves are the player's own choices in the log (forced moves and the bot's entries left
    out; moves taken back with Undo still count).
    """
    if session_day(session) is None or not outcomes:
        return
    counted = await db.fetchone(
        "SELECT COUNT(*) AS n FROM actions WHERE session_id=? AND substr(code, 1, 1) <> ?"
        " AND substr(code, 1, 1) <> '!'",
        (session.id, FORCED),
    )
    hinted = await db.fetchone("SELECT hinted FROM sessions WHERE id=?", (session.id,))
    await db.execute(
        "UPDATE daily_attempts SET score=?, moves=?, hinted=?, undone=?, finished_at=?"
        " WHERE session_id=? AND finished_at IS NULL",
        (
            outcomes[0].score if outcomes[0].score is not None else 0,
            int(counted["n"]) if counted is not None else 0,
            int(bool(hinted and hinted["hinted"])),
            int(bool(session.options.get(USED_UNDO))),
            now.isoformat(),
            session.id,
        ),
    )
