"""Sessions in the database: one authoritative row per game, written before every reply."""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractAsyncContextManager
from datetime import datetime, timedelta

import engines
from bot.storage import daily, tournaments
from bot.storage.db import Database, IntegrityError, Statement, Unchanged
from bot.storage.models import FORCED, RECENT_MOVES, Seat, Session, UnreadableState
from bot.storage.outcomes import Outcome, outcomes_for
from bot.storage.ratings import update_ratings
from bot.storage.refusals import ChannelBusy, SessionNotFound, StaleButton
from bot.storage.stats import count_results
from engines import Game, Result

__all__ = ["Seat", "Session", "SessionStore", "UnreadableState"]


OWED_CLAIM = timedelta(seconds=15)
"""How long a process posting an owed result keeps the others from posting it: longer than a
post takes, short enough that a claim left by a process that died posting delays the result
little (a start that found it claimed looks again once it lapses)."""

RECENT_EVENTS = "SELECT events_json FROM actions WHERE session_id=? ORDER BY step DESC LIMIT ?"
"""The public texts of a session's last logged moves, newest first."""


def _move_statements(
    session: Session,
    moves: list[tuple[int | None, str, list[str]]],
    state: str,
    now: datetime,
    prompted: Mapping[int, int],
    result: Result | None,
    end_reason: str | None,
) -> list[Statement]:
    """A move's write: the session's update guarded by its step, the log's rows, the seats'."""
    stamp = now.isoformat()
    return [
        Statement(
            "UPDATE sessions SET state_json=?, step=?, updated_at=?, status=?,"
            " end_reason=? WHERE id=? AND step=? AND status='active'",
            (
                state,
                session.step + len(moves),
                stamp,
                "active" if result is None else "finished",
                end_reason,
                session.id,
                session.step,
            ),
            guard=True,  # another writer moved the session on: nothing is written
        ),
        *(
            Statement(
                "INSERT INTO actions (session_id, step, seat, code, events_json, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (session.id, session.step + i, seat, code, json.dumps(events), stamp),
            )
            for i, (seat, code, events) in enumerate(moves, 1)
        ),
        *(
            Statement(
                "UPDATE seats SET prompt_step=? WHERE session_id=? AND seat=?",
                (prompted[seat_no], session.id, seat_no),
            )
            for seat_no in sorted(prompted)
        ),
    ]


def _new_id() -> str:
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"
    return "".join(secrets.choice(alphabet) for _ in range(10))


def latest_texts(rows: list[list[str]], limit: int) -> list[str]:
    """``recent_events(sid, limit)`` from the texts of the last ``limit`` or more moves."""
    return [t for texts in rows[-limit:] for t in texts][-limit:]


class SessionStore:
    """All reads and writes of sessions, actions, results and ratings.

    One :class:`~bot.storage.db.Database` (SQLite or PostgreSQL) is shared by the bot. Every
    write is one transaction (:meth:`transaction`); reads see committed data only. Moves are written
    optimistically (``WHERE step=?``), so of two writers of the same step, in this process or
    another, exactly one wins and the other's click is refused as stale.
    """

    def __init__(self, db: Database) -> None:
        self.db = db

    def transaction(self) -> AbstractAsyncContextManager[None]:
        """One write transaction: committed at the end, rolled back on any error."""
        return self.db.transaction()

    def reading(self) -> AbstractAsyncContextManager[None]:
        """Read one committed state (use ``self.db`` inside, e.g. for the leaderboards)."""
        return self.db.reading()

    # ---- creating ------------------------------------------------------------------------
    async def create(
        self,
        *,
        game_id: str,
        guild_id: int,
        channel_id: int,
        players: list[tuple[int, str]],
        seed: int,
        options: dict[str, object],
        game: Game | None,
        now: datetime,
        computers: dict[int, str] | None = None,
        in_thread: bool = False,
        coached: frozenset[int] = frozenset(),
        then: Callable[[str], Awaitable[None]] | None = None,
        via_interactions: bool = False,
    ) -> Session:
        """Insert a session: ``active`` with a game, else ``pending`` (a challenge).

        ``computers``: the seats the computer plays, with its level. ``in_thread``: the game
        will be played in a thread off ``channel_id`` (:meth:`move_to_thread`); until then it
        does not hold the channel. ``coached``: the seats whose coach starts on. ``then``: more
        writes in the same transaction, given the new session's id (a daily deal's attempt);
        its IntegrityError, when the channel is free, is raised as it is.
        ``via_interactions``: the game is reached only through interactions (``guild_id`` 0).
        """
        computers = computers or {}
        auto_play = engines.get_game(game_id).auto_play_default  # each player's switch
        sid = _new_id()
        status = "active" if game is not None else "pending"
        state = game.to_json() if game is not None else None
        stamp = now.isoformat()
        try:
            async with self.transaction():
                await self.db.execute(
                    "INSERT INTO sessions (id, game, guild_id, channel_id, status, step, seed,"
                    " options_json, state_json, created_at, updated_at, parent_channel_id,"
                    " via_interactions) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        sid,
                        game_id,
                        guild_id,
                        channel_id,
                        status,
                        seed,
                        json.dumps(options),
                        state,
                        stamp,
                        stamp,
                        channel_id if in_thread else None,
                        int(via_interactions),
                    ),
                )
                await self.db.executemany(
                    "INSERT INTO seats"
                    " (session_id, seat, user_id, name, computer_level, auto_play, coach)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (sid, i, uid, name, computers.get(i), int(auto_play), int(i in coached))
                        for i, (uid, name) in enumerate(players)
                    ],
                )
                if then is not None:
                    await then(sid)
        except IntegrityError as exc:
            running = await self.live_in_channel(channel_id)
            if running is None:
                raise
            raise ChannelBusy(running.game_id) from exc
        return await self.load(sid)

    async def move_to_thread(self, sid: str, thread_id: int) -> Session:
        """The game is played in its new thread from now on (its board is posted there anew)."""
        async with self.transaction():
            await self.db.execute(
                "UPDATE sessions SET channel_id=?, message_id=NULL WHERE id=?", (thread_id, sid)
            )
        return await self.load(sid)

    async def activate(self, session: Session, game: Game, now: datetime) -> Session:
        """Turn an accepted challenge into a running game."""
        async with self.transaction():
            changed = await self.db.execute(
                "UPDATE sessions SET status='active', state_json=?, updated_at=?"
                " WHERE id=? AND status='pending'",
                (game.to_json(), now.isoformat(), session.id),
            )
            if changed != 1:
                raise SessionNotFound()
        return await self.load(session.id)

    # ---- reading ---------------------------------------------------------------------------
    async def load(self, sid: str) -> Session:
        """Load a session with its seats and last public texts; SessionNotFound if none."""
        rows, seat_rows, recent = await self.db.read(
            [
                ("SELECT * FROM sessions WHERE id=?", (sid,)),
                ("SELECT * FROM seats WHERE session_id=? ORDER BY seat", (sid,)),
                (RECENT_EVENTS, (sid, RECENT_MOVES)),
            ]
        )
        if not rows:
            raise SessionNotFound()
        row = rows[0]
        return Session(
            id=row["id"],
            game_id=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            status=row["status"],
            end_reason=row["end_reason"],
            step=row["step"],
            seed=row["seed"],
            options=json.loads(row["options_json"]),
            state_json=row["state_json"],
            created_at=datetime.fromisoformat(row["created_at"]),
            updated_at=datetime.fromisoformat(row["updated_at"]),
            parent_channel_id=row["parent_channel_id"],
            via_interactions=bool(row["via_interactions"]),
            seats=[
                Seat(
                    seat=r["seat"],
                    user_id=r["user_id"],
                    name=r["name"],
                    dm_closed=bool(r["dm_closed"]),
                    dm_channel_id=r["dm_channel_id"],
                    dm_message_id=r["dm_message_id"],
                    prompt_step=r["prompt_step"],
                    auto_play=bool(r["auto_play"]),
                    standing=frozenset(k for k in r["standing"].split(",") if k),
                    coach=bool(r["coach"]),
                    computer=r["computer_level"],
                )
                for r in seat_rows
            ],
            recent=[json.loads(r["events_json"]) for r in reversed(recent)],
        )

    async def live_in_channel(self, channel_id: int) -> Session | None:
        """The pending or active session in a channel, if any (not one awaiting its thread)."""
        rows = await self.db.fetchall(
            "SELECT id FROM sessions WHERE channel_id=? AND status IN ('pending','active')"
            " AND (parent_channel_id IS NULL OR parent_channel_id <> channel_id)",
            (channel_id,),
        )
        return await self.load(rows[0]["id"]) if rows else None

    async def live_threads_of(self, channel_id: int, limit: int) -> list[int]:
        """The threads off a channel whose games are running, oldest game first."""
        rows = await self.db.fetchall(
            "SELECT channel_id FROM sessions WHERE parent_channel_id=? AND status='active'"
            " AND channel_id <> parent_channel_id ORDER BY created_at, id LIMIT ?",
            (channel_id, limit),
        )
        return [r["channel_id"] for r in rows]

    async def live_in_or_off(self, channel_id: int) -> list[str]:
        """Ids of the pending and active sessions played in a channel or in a thread off it."""
        rows = await self.db.fetchall(
            "SELECT id FROM sessions WHERE status IN ('pending','active')"
            " AND (channel_id=? OR parent_channel_id=?) ORDER BY created_at, id",
            (channel_id, channel_id),
        )
        return [r["id"] for r in rows]

    async def live_of_member(self, guild_id: int, user_id: int, limit: int) -> list[Session]:
        """The pending and active sessions of a server the user holds a seat in, newest first."""
        rows = await self.db.fetchall(
            "SELECT sessions.id FROM sessions JOIN seats ON seats.session_id = sessions.id"
            " WHERE seats.user_id=? AND sessions.guild_id=?"
            " AND sessions.status IN ('pending','active')"
            " ORDER BY sessions.updated_at DESC, sessions.id LIMIT ?",
            (user_id, guild_id, limit),
        )
        return [await self.load(r["id"]) for r in rows]

    async def with_computer(self) -> list[str]:
        """Ids of active sessions in which the computer plays a seat."""
        rows = await self.db.fetchall(
            "SELECT DISTINCT session_id FROM seats JOIN sessions ON sessions.id = seats.session_id"
            " WHERE sessions.status='active' AND seats.computer_level IS NOT NULL",
            (),
        )
        return [r["session_id"] for r in rows]

    async def mark_clean_stop(self, shards: str, now: datetime) -> None:
        """Note a stop with every move shown: the shards' next start shows none again."""
        await self.db.execute(
            "INSERT INTO clean_stops (shards, stopped_at) VALUES (?, ?)"
            " ON CONFLICT (shards) DO UPDATE SET stopped_at=excluded.stopped_at",
            (shards, now.isoformat()),
        )

    async def take_clean_stop(self, shards: str) -> bool:
        """Whether the last process of these shards stopped cleanly (the note is taken)."""
        return await self.db.execute("DELETE FROM clean_stops WHERE shards=?", (shards,)) > 0

    async def running(self) -> list[tuple[str, int, datetime]]:
        """Every active session: its id, guild and when it last changed."""
        rows = await self.db.fetchall(
            "SELECT id, guild_id, updated_at FROM sessions WHERE status='active'", ()
        )
        return [
            (r["id"], int(r["guild_id"]), datetime.fromisoformat(r["updated_at"])) for r in rows
        ]

    async def sessions_where(self, status: str, updated_before: datetime) -> list[str]:
        """Ids of sessions in ``status`` untouched since ``updated_before``."""
        rows = await self.db.fetchall(
            "SELECT id FROM sessions WHERE status=? AND updated_at<? ORDER BY updated_at",
            (status, updated_before.isoformat()),
        )
        return [r["id"] for r in rows]

    async def action_log(self, sid: str) -> list[tuple[int | None, str, list[str]]]:
        """Every (seat, code, public event texts) in order."""
        rows = await self.db.fetchall(
            "SELECT seat, code, events_json FROM actions WHERE session_id=? ORDER BY step",
            (sid,),
        )
        return [(r["seat"], r["code"], json.loads(r["events_json"])) for r in rows]

    async def moves(self, sid: str) -> list[tuple[int | None, str]]:
        """Every (seat, code) in order: the log without its texts (replays and Undo)."""
        rows = await self.db.fetchall(
            "SELECT seat, code FROM actions WHERE session_id=? ORDER BY step", (sid,)
        )
        return [(r["seat"], r["code"]) for r in rows]

    async def seats_that_chose(self, sid: str) -> frozenset[int]:
        """The seats that made a move of their own (not one the bot played for them)."""
        rows = await self.db.fetchall(
            "SELECT DISTINCT seat FROM actions"
            " WHERE session_id=? AND seat IS NOT NULL AND substr(code, 1, 1) <> ?",
            (sid, FORCED),
        )
        return frozenset(r["seat"] for r in rows)

    async def recent_events(self, sid: str, limit: int = 6) -> list[str]:
        """The last public event texts of a session, oldest first."""
        return latest_texts(await self.recent_event_rows(sid, limit), limit)

    async def recent_event_rows(self, sid: str, rows: int) -> list[list[str]]:
        """The public event texts of a session's last ``rows`` logged moves, oldest first."""
        found = await self.db.fetchall(RECENT_EVENTS, (sid, rows))
        return [json.loads(r["events_json"]) for r in reversed(found)]

    async def latest_ended_in_channel(self, channel_id: int) -> Session | None:
        """The most recently finished session of a channel."""
        rows = await self.db.fetchall(
            "SELECT id FROM sessions WHERE channel_id=? AND status='finished'"
            " ORDER BY updated_at DESC LIMIT 1",
            (channel_id,),
        )
        return await self.load(rows[0]["id"]) if rows else None

    async def latest_finished_of_member(self, channel_id: int, user_id: int) -> Session | None:
        """The most recently finished session of a channel that ``user_id`` played in."""
        rows = await self.db.fetchall(
            "SELECT sessions.id FROM sessions JOIN seats ON seats.session_id = sessions.id"
            " WHERE sessions.channel_id=? AND sessions.status='finished' AND seats.user_id=?"
            " ORDER BY sessions.updated_at DESC LIMIT 1",
            (channel_id, user_id),
        )
        return await self.load(rows[0]["id"]) if rows else None

    # ---- writing ---------------------------------------------------------------------------
    async def record_action(
        self,
        session: Session,
        *,
        seat: int | None,
        code: str,
        game: Game,
        public_events: list[str],
        now: datetime,
        prompted: frozenset[int] = frozenset(),
        result: Result | None = None,
        end_reason: str | None = None,
    ) -> Session:
        """Persist one accepted action (and, at the end, the results) or raise StaleButton.

        The write is optimistic (``WHERE step=?``): if another writer got there first,
        nothing is written and the caller's click is refused as stale.
        """
        return await self.record_actions(
            session,
            [(seat, code, public_events)],
            game=game,
            now=now,
            prompted=prompted,
            result=result,
            end_reason=end_reason,
        )

    async def record_actions(
        self,
        session: Session,
        moves: list[tuple[int | None, str, list[str]]],
        *,
        game: Game,
        now: datetime,
        prompted: frozenset[int] = frozenset(),
        result: Result | None = None,
        end_reason: str | None = None,
    ) -> Session:
        """Persist accepted actions, each (seat, code, public events), in ONE transaction.

        ``game`` is the state after the last of them; all are written or none (StaleButton
        if another writer moved the session on first). Returns the session as now stored.
        """
        await self.write_actions(
            session,
            moves,
            state=game.to_json(),
            now=now,
            prompted={seat: session.step + len(moves) for seat in prompted},
            result=result,
            end_reason=end_reason,
        )
        return await self.load(session.id)

    async def write_actions(
        self,
        session: Session,
        moves: list[tuple[int | None, str, list[str]]],
        *,
        state: str,
        now: datetime,
        prompted: Mapping[int, int],
        result: Result | None = None,
        end_reason: str | None = None,
    ) -> None:
        """The write of :meth:`record_actions`: when it returns, the moves are committed.

        ``state``: the game's state after the moves; ``prompted``: the seats whose choices
        they changed, each with the step its buttons are current from (``Seat.prompt_step``).

        A connection lost while committing (a database restarting) leaves the outcome unknown:
        the log is read back, and if the last move is there the write counts as done.
        """
        step = session.step + len(moves)
        statements = _move_statements(session, moves, state, now, prompted, result, end_reason)
        try:
            if result is None:
                await self.db.write(statements)  # one trip on SQLite
            else:
                async with self.transaction():
                    await self.db.write(statements)
                    await self._write_results(session, outcomes_for(session, result), now)
                    await self._owe_ending(session, now)
        except Unchanged:
            raise StaleButton(session.game_id) from None
        except Exception:
            seat, code, _ = moves[-1]
            if not await self._logged(session.id, step, seat, code, now):
                raise

    async def _logged(
        self, sid: str, step: int, seat: int | None, code: str, now: datetime
    ) -> bool:
        """Whether the log holds this move at ``step``, written at ``now`` (False: unknown)."""
        try:
            row = await self.db.fetchone(
                "SELECT seat, code, created_at FROM actions WHERE session_id=? AND step=?",
                (sid, step),
            )
        except Exception:
            return False  # the database is still away: the caller's error stands
        return row is not None and (row["seat"], row["code"], row["created_at"]) == (
            seat,
            code,
            now.isoformat(),
        )

    async def _write_results(
        self, session: Session, outcomes: list[Outcome], now: datetime
    ) -> None:
        """Each player's result, with their rating before and after it when the game is rated.

        The players' /stats summaries are brought up to date in the same transaction.
        """
        changes: dict[int, tuple[float, float]] = {}
        if session.rated:
            changes = await update_ratings(self.db, session.guild_id, session.game_id, outcomes)
        await self.db.executemany(
            "INSERT INTO results (session_id, user_id, guild_id, game, outcome, score,"
            " extra_json, finished_at, vs_computer, rating_before, rating_after)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    session.id,
                    o.user_id,
                    session.guild_id,
                    session.game_id,
                    o.outcome,
                    o.score,
                    json.dumps(o.extra),
                    now.isoformat(),
                    o.vs_computer,
                    *changes.get(o.user_id, (None, None)),
                )
                for o in outcomes
            ],
        )
        await count_results(self.db, session, outcomes)
        await daily.record_result(self.db, session, outcomes, now)
        await tournaments.record_result(self.db, session, outcomes, now)

    async def close(
        self, session: Session, *, status: str, reason: str, now: datetime, owed: bool = False
    ) -> bool:
        """End a live session without results (abandoned, aborted, declined, expired).

        ``owed``: its ending is to be announced (``ending_announced`` once it is).
        """
        async with self.transaction():
            changed = await self.db.execute(
                "UPDATE sessions SET status=?, end_reason=?, updated_at=?"
                " WHERE id=? AND status IN ('pending','active')",
                (status, reason, now.isoformat(), session.id),
            )
            if changed == 1 and owed:
                await self._owe_ending(session, now)
        return changed == 1

    async def _owe_ending(self, session: Session, now: datetime) -> None:
        """In the ending's transaction: its announcement is owed (a lesson's is its own)."""
        if session.lesson is None:
            await self.db.execute(
                "INSERT INTO endings_owed (session_id, ended_at, claimed_until) VALUES (?, ?, ?)"
                " ON CONFLICT (session_id) DO NOTHING",
                (session.id, now.isoformat(), (now + OWED_CLAIM).isoformat()),
            )

    async def ending_announced(self, sid: str) -> None:
        """The session's result message is posted: nothing is owed."""
        await self.db.execute("DELETE FROM endings_owed WHERE session_id=?", (sid,))

    async def owes_ending(self, sid: str) -> bool:
        """Whether the session's result message is still owed."""
        row = await self.db.fetchone("SELECT 1 FROM endings_owed WHERE session_id=?", (sid,))
        return row is not None

    async def claim_ending(self, sid: str, now: datetime) -> bool:
        """Take the posting of the session's owed result for ``OWED_CLAIM`` from ``now``.

        False if it is not owed, or another process (or this one's ending) took it and may
        still be posting it.
        """
        taken = await self.db.execute(
            "UPDATE endings_owed SET claimed_until=? WHERE session_id=?"
            " AND (claimed_until IS NULL OR claimed_until<?)",
            ((now + OWED_CLAIM).isoformat(), sid, now.isoformat()),
        )
        return taken == 1

    async def endings_owed(self) -> list[tuple[str, int, datetime]]:
        """Every ending not announced yet: the session's id, guild and when it ended."""
        rows = await self.db.fetchall(
            "SELECT e.session_id, s.guild_id, e.ended_at FROM endings_owed e"
            " JOIN sessions s ON s.id = e.session_id",
            (),
        )
        return [
            (r["session_id"], int(r["guild_id"]), datetime.fromisoformat(r["ended_at"]))
            for r in rows
        ]

    async def set_message(self, sid: str, message_id: int) -> None:
        """Remember the session's public board message."""
        await self.db.execute("UPDATE sessions SET message_id=? WHERE id=?", (message_id, sid))

    async def set_dm(
        self, sid: str, seat: int, *, closed: bool, channel_id: int | None, message_id: int | None
    ) -> None:
        """Remember where a seat's private view was delivered (or that DMs are closed)."""
        await self.db.execute(
            "UPDATE seats SET dm_closed=?, dm_channel_id=?, dm_message_id=?"
            " WHERE session_id=? AND seat=?",
            (int(closed), channel_id, message_id, sid, seat),
        )

    async def set_options(self, sid: str, options: dict[str, object]) -> None:
        """Replace a session's options (the bot's own keys ride along with the engine's)."""
        await self.db.execute(
            "UPDATE sessions SET options_json=? WHERE id=?", (json.dumps(options), sid)
        )

    async def set_auto_play(self, sid: str, seat: int, on: bool) -> None:
        """Record a seat's opt-in to have revealing forced moves played for them."""
        await self.db.execute(
            "UPDATE seats SET auto_play=? WHERE session_id=? AND seat=?", (int(on), sid, seat)
        )

    async def set_standing(self, sid: str, seat: int, keys: frozenset[str]) -> None:
        """Record the standing choices a seat has switched on."""
        await self.db.execute(
            "UPDATE seats SET standing=? WHERE session_id=? AND seat=?",
            (",".join(sorted(keys)), sid, seat),
        )

    async def set_coach(self, sid: str, seat: int, on: bool) -> None:
        """Record whether the coach shows its suggestions to a seat."""
        await self.db.execute(
            "UPDATE seats SET coach=? WHERE session_id=? AND seat=?", (int(on), sid, seat)
        )

    async def games_played(self, guild_id: int, user_id: int, game_id: str) -> int:
        """How many games of ``game_id`` the member finished on this server (any opponent).

        Read from the ``/stats`` summaries by their key: a few rows, whatever the history.
        """
        async with self.reading():
            row = await self.db.fetchone(
                "SELECT COALESCE(SUM(games), 0) AS n FROM member_records"
                " WHERE guild_id=? AND user_id=? AND game=?",
                (guild_id, user_id, game_id),
            )
        return int(row["n"]) if row is not None else 0

    async def set_computer(self, sid: str, seat: int, level: str | None) -> None:
        """Hand a seat to the computer at ``level``, or (None) back to its player."""
        await self.db.execute(
            "UPDATE seats SET computer_level=? WHERE session_id=? AND seat=?", (level, sid, seat)
        )

    async def mark_hinted(self, sid: str) -> None:
        """Record that the player of this solo game asked for a hint (shown on the leaderboard)."""
        await self.db.execute("UPDATE sessions SET hinted=1 WHERE id=?", (sid,))

    async def hinted(self, sid: str) -> bool:
        """Whether a hint was used in this game."""
        row = await self.db.fetchone("SELECT hinted FROM sessions WHERE id=?", (sid,))
        return bool(row and row["hinted"])

    async def ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, float]:
        """Current ratings of these users (absent: never rated)."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self.db.fetchall(
            f"SELECT user_id, rating FROM ratings WHERE guild_id=? AND game=?"
            f" AND user_id IN ({marks})",
            (guild_id, game, *user_ids),
        )
        return {r["user_id"]: r["rating"] for r in rows}

    async def best_score(self, guild_id: int, game: str, user_id: int) -> float | None:
        """The user's best score in this server's finished games of ``game`` (None: no score)."""
        row = await self.db.fetchone(
            "SELECT MAX(score) AS best FROM results WHERE guild_id=? AND game=? AND user_id=?",
            (guild_id, game, user_id),
        )
        return None if row is None else row["best"]

    # ---- lifecycle: abort agreements, idle warnings, per-user limits -------------------------
    async def agree_abort(self, sid: str, seat: int, step: int) -> None:
        """Record that a seat agreed to abort while the game was at ``step``."""
        await self.db.execute(
            "UPDATE seats SET abort_step=? WHERE session_id=? AND seat=?",
            (step, sid, seat),
        )

    async def abort_agreed_seats(self, sid: str) -> set[int]:
        """Seats whose abort agreement was given at the session's current step."""
        rows = await self.db.fetchall(
            "SELECT seat FROM seats JOIN sessions ON sessions.id = seats.session_id"
            " WHERE session_id=? AND abort_step = sessions.step",
            (sid,),
        )
        return {r["seat"] for r in rows}

    async def unwarned_idle(self, updated_before: datetime) -> list[str]:
        """Active sessions untouched since ``updated_before`` not yet warned at this step."""
        rows = await self.db.fetchall(
            "SELECT id FROM sessions WHERE status='active' AND updated_at<?"
            " AND (idle_warned_step IS NULL OR idle_warned_step != step) ORDER BY updated_at",
            (updated_before.isoformat(),),
        )
        return [r["id"] for r in rows]

    async def set_idle_warned(self, sid: str, step: int) -> bool:
        """Mark the game warned about idleness at ``step``: True for one caller only.

        False if it already was (by any process's sweep) or has moved on since, so two
        sweeps can never send the same warning twice.
        """
        changed = await self.db.execute(
            "UPDATE sessions SET idle_warned_step=? WHERE id=? AND step=? AND status='active'"
            " AND (idle_warned_step IS NULL OR idle_warned_step != step)",
            (step, sid, step),
        )
        return changed == 1

    async def claim_tick(self, job: str, tick: int, now: datetime) -> bool:
        """Claim housekeeping ``job`` for ``tick`` (a number growing with time).

        True for exactly one caller per tick, across every process sharing the database.
        """
        changed = await self.db.execute(
            "INSERT INTO housekeeping (job, tick, claimed_at) VALUES (?, ?, ?)"
            " ON CONFLICT (job) DO UPDATE SET tick=excluded.tick, claimed_at=excluded.claimed_at"
            " WHERE housekeeping.tick < excluded.tick",
            (job, tick, now.isoformat()),
        )
        return changed == 1

    async def live_count(self, guild_id: int, user_id: int) -> int:
        """How many pending or active sessions of a server the user holds a seat in."""
        rows = await self.db.fetchall(
            "SELECT COUNT(*) FROM seats JOIN sessions ON sessions.id = seats.session_id"
            " WHERE seats.user_id=? AND sessions.guild_id=?"
            " AND sessions.status IN ('pending','active')",
            (user_id, guild_id),
        )
        return int(rows[0][0]) if rows else 0
