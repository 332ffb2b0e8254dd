"""Server tournaments in the database: the tournament, its players, its rounds' games.

The rules (pairings, standings) are ``bot.storage.pairing``'s; here they are kept. Every
change of state is a guarded update (``WHERE state=? AND round=?``), so of several processes
exactly one starts a tournament, pairs a round or finishes it, and the others find it done.
A game's result is written into its pairing in the transaction that writes the game's result
(``record_result``); a round's games not finished by its deadline are decided as forfeits.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.storage.db import Database
from bot.storage.db.base import Row
from bot.storage.models import TOURNAMENT, Session
from bot.storage.outcomes import Outcome
from bot.storage.pairing import (
    ROUND_ROBIN,
    Decision,
    Pairing,
    round_robin,
    rounds_for,
    standings,
    swiss_round,
)
from bot.storage.refusals import Refusal, Refused

OPEN, RUNNING, FINISHED, CANCELLED = "open", "running", "finished", "cancelled"
LIVE = (OPEN, RUNNING)
MAX_PLAYERS = 32
"""Players a tournament takes (a Swiss round's pairing search stays small)."""
MIN_PLAYERS = 3
CLAIM_MINUTES = 10
"""A game claimed by a process that did not start it in this time may be claimed again."""


@dataclass(frozen=True)
class Tournament:
    """One tournament of a server."""

    id: str
    guild_id: int
    channel_id: int
    game_id: str
    format: str
    rounds: int
    pace: timedelta
    rated: bool
    organiser_id: int
    state: str
    round: int
    starts_at: datetime | None
    round_ends_at: datetime | None
    winner_id: int | None


@dataclass(frozen=True)
class Entrant:
    """A player of a tournament (``left``: withdrew after the start, paired no more)."""

    user_id: int
    name: str
    left: bool = False


@dataclass(frozen=True)
class Board:
    """A stored pairing: where its game is, and how it ended."""

    round: int
    board: int
    first: int
    second: int | None
    session_id: str | None
    decision: Decision | None

    @property
    def pairing(self) -> Pairing:
        """The pairing it stores, for the rules."""
        return Pairing(self.round, self.first, self.second, self.decision)


def _when(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _tournament(r: Row) -> Tournament:
    return Tournament(
        id=r["id"],
        guild_id=int(r["guild_id"]),
        channel_id=int(r["channel_id"]),
        game_id=r["game"],
        format=r["format"],
        rounds=int(r["rounds"]),
        pace=timedelta(minutes=int(r["pace_minutes"])),
        rated=bool(r["rated"]),
        organiser_id=int(r["organiser_id"]),
        state=r["state"],
        round=int(r["round"]),
        starts_at=_when(r["starts_at"]),
        round_ends_at=_when(r["round_ends_at"]),
        winner_id=r["winner_id"],
    )


class TournamentStore:
    """Reads and writes of tournaments."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_id: str,
        fmt: str,
        rounds: int,
        pace: timedelta,
        rated: bool,
        organiser_id: int,
        starts_at: datetime | None,
        now: datetime,
        limit: int,
    ) -> Tournament:
        """A new open tournament; refused when the server already runs ``limit`` of them."""
        tid = "".join(secrets.choice("abcdefghijkmnpqrstuvwxyz23456789") for _ in range(6))
        async with self.db.transaction():
            await self.db.lock(f"tournaments:{guild_id}")
            row = await self.db.fetchone(
                "SELECT COUNT(*) AS n FROM tournaments WHERE guild_id=? AND state IN (?, ?)",
                (guild_id, *LIVE),
            )
            if row is not None and int(row["n"]) >= limit:
                raise Refused(Refusal.TOO_MANY_TOURNAMENTS, limit=limit)
            await self.db.execute(
                "INSERT INTO tournaments (id, guild_id, channel_id, game, format, rounds,"
                " pace_minutes, rated, organiser_id, state, starts_at, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    tid,
                    guild_id,
                    channel_id,
                    game_id,
                    fmt,
                    rounds,
                    int(pace.total_seconds() // 60),
                    int(rated),
                    organiser_id,
                    OPEN,
                    starts_at.isoformat() if starts_at else None,
                    now.isoformat(),
                    now.isoformat(),
                ),
            )
        return await self.get(tid)

    async def get(self, tid: str) -> Tournament:
        """The tournament ``tid`` (refused if there is none)."""
        row = await self.db.fetchone("SELECT * FROM tournaments WHERE id=?", (tid,))
        if row is None:
            raise Refused(Refusal.NO_SUCH_TOURNAMENT)
        return _tournament(row)

    async def of_server(self, guild_id: int, states: tuple[str, ...] = LIVE) -> list[Tournament]:
        """The server's tournaments in ``states``, newest first."""
        marks = ", ".join("?" for _ in states)
        rows = await self.db.fetchall(
            f"SELECT * FROM tournaments WHERE guild_id=? AND state IN ({marks})"
            " ORDER BY created_at DESC LIMIT 25",
            (guild_id, *states),
        )
        return [_tournament(r) for r in rows]

    async def live_in_channel(self, channel_id: int) -> list[Tournament]:
        """The open and running tournaments organised in a channel."""
        rows = await self.db.fetchall(
            "SELECT * FROM tournaments WHERE channel_id=? AND state IN (?, ?)",
            (channel_id, *LIVE),
        )
        return [_tournament(r) for r in rows]

    async def join(self, tid: str, user_id: int, name: str, now: datetime) -> None:
        """Enter an open tournament (refused once it started, when full, or twice)."""
        async with self.db.transaction():
            await self.db.lock(f"tournament:{tid}")
            t = await self.get(tid)
            if t.state != OPEN:
                raise Refused(Refusal.TOURNAMENT_STARTED)
            rows = await self.db.fetchall(
                "SELECT user_id FROM tournament_players WHERE tournament_id=?", (tid,)
            )
            if any(int(r["user_id"]) == user_id for r in rows):
                raise Refused(Refusal.ALREADY_ENTERED)
            if len(rows) >= MAX_PLAYERS:
                raise Refused(Refusal.TOURNAMENT_FULL, limit=MAX_PLAYERS)
            await self.db.execute(
                "INSERT INTO tournament_players (tournament_id, user_id, name, seq, joined_at)"
                " VALUES (?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM tournament_players"
                " WHERE tournament_id=?), ?)",
                (tid, user_id, name, tid, now.isoformat()),
            )

    async def leave(self, tid: str, user_id: int, now: datetime) -> bool:
        """Leave before the start, or withdraw after it; True: withdrew.

        A player who withdraws keeps the games played so far; they are paired no more (their
        round robin games to come are forfeits), and a game under way goes on.
        """
        async with self.db.transaction():
            await self.db.lock(f"tournament:{tid}")
            t = await self.get(tid)
            if t.state not in LIVE:
                raise Refused(Refusal.TOURNAMENT_OVER)
            if t.state == OPEN:
                gone = await self.db.execute(
                    "DELETE FROM tournament_players WHERE tournament_id=? AND user_id=?",
                    (tid, user_id),
                )
            else:
                gone = await self.db.execute(
                    "UPDATE tournament_players SET left_at=? WHERE tournament_id=? AND user_id=?"
                    " AND left_at IS NULL",
                    (now.isoformat(), tid, user_id),
                )
            if not gone:
                raise Refused(Refusal.NOT_ENTERED)
        return t.state == RUNNING

    async def entrants(self, tid: str, *, staying: bool = False) -> list[Entrant]:
        """The players in join order (``staying``: those who did not withdraw)."""
        rows = await self.db.fetchall(
            "SELECT user_id, name, left_at FROM tournament_players WHERE tournament_id=?"
            " ORDER BY seq, joined_at, user_id",
            (tid,),
        )
        everyone = [Entrant(int(r["user_id"]), r["name"], r["left_at"] is not None) for r in rows]
        return [e for e in everyone if not (staying and e.left)]

    async def boards(self, tid: str, round_no: int | None = None) -> list[Board]:
        """The tournament's pairings (of one round, or all), in order."""
        where, params = "tournament_id=?", [tid]
        if round_no is not None:
            where += " AND round=?"
            params.append(round_no)  # type: ignore[arg-type]
        rows = await self.db.fetchall(
            "SELECT round, board, first_id, second_id, session_id, decision"
            f" FROM tournament_games WHERE {where} ORDER BY round, board",
            tuple(params),
        )
        return [
            Board(
                round=int(r["round"]),
                board=int(r["board"]),
                first=int(r["first_id"]),
                second=None if r["second_id"] is None else int(r["second_id"]),
                session_id=r["session_id"],
                decision=Decision(r["decision"]) if r["decision"] else None,
            )
            for r in rows
        ]

    async def start(self, tid: str, now: datetime) -> bool:
        """Start an open tournament: its rounds fixed by its players, round 1 paired.

        False: it had started already (another process, a second click). Refused with fewer
        than ``MIN_PLAYERS`` players.
        """
        async with self.db.transaction():
            t = await self.get(tid)
            players = [e.user_id for e in await self.entrants(tid)]
            if t.state != OPEN:
                return False
            if len(players) < MIN_PLAYERS:
                raise Refused(Refusal.TOO_FEW_PLAYERS, limit=MIN_PLAYERS)
            rounds = rounds_for(t.format, len(players), t.rounds)
            changed = await self.db.execute(
                "UPDATE tournaments SET state=?, rounds=?, updated_at=? WHERE id=? AND state=?",
                (RUNNING, rounds, now.isoformat(), tid, OPEN),
            )
            if changed != 1:
                return False
            await self._pair(t, 0, now)
        return True

    async def advance(self, tid: str, round_no: int, now: datetime) -> str | None:
        """After round ``round_no`` is all decided: pair the next round or finish.

        Returns RUNNING (the next round is paired), FINISHED, or None (not this process's
        to do: the round is not over, or another process did it).
        """
        async with self.db.transaction():
            t = await self.get(tid)
            if t.state != RUNNING or t.round != round_no:
                return None
            boards = await self.boards(tid, round_no)
            if any(b.decision is None for b in boards):
                return None
            if round_no >= t.rounds or len(await self.entrants(tid, staying=True)) < 2:
                winner = await self._winner(t)
                changed = await self.db.execute(
                    "UPDATE tournaments SET state=?, winner_id=?, round_ends_at=NULL,"
                    " updated_at=? WHERE id=? AND state=? AND round=?",
                    (FINISHED, winner, now.isoformat(), tid, RUNNING, round_no),
                )
                return FINISHED if changed == 1 else None
            return RUNNING if await self._pair(t, round_no, now) else None

    async def _winner(self, t: Tournament) -> int | None:
        """The best-placed player who did not withdraw (None if every player withdrew)."""
        entrants = await self.entrants(t.id)
        everyone = [e.user_id for e in entrants]
        left = {e.user_id for e in entrants if e.left}
        table = standings(everyone, [b.pairing for b in await self.boards(t.id)], t.format)
        return next((s.player for s in table if s.player not in left), None)

    async def _pair(self, t: Tournament, round_no: int, now: datetime) -> bool:
        """Inside a transaction: move from ``round_no`` to the next round and pair it."""
        nxt = round_no + 1
        changed = await self.db.execute(
            "UPDATE tournaments SET round=?, round_ends_at=?, updated_at=?"
            " WHERE id=? AND state=? AND round=?",
            (nxt, (now + t.pace).isoformat(), now.isoformat(), t.id, RUNNING, round_no),
        )
        if changed != 1:
            return False
        staying = [e.user_id for e in await self.entrants(t.id, staying=True)]
        if t.format == ROUND_ROBIN:
            everyone = [e.user_id for e in await self.entrants(t.id)]
            pairs = round_robin(everyone, nxt)
        else:
            pairs = swiss_round(staying, [b.pairing for b in await self.boards(t.id)])
        rows = []
        for n, (a, b) in enumerate(pairs, start=1):
            decision = _decided(a, b, staying)
            rows.append(
                (t.id, nxt, n, a, b, decision, None if decision is None else now.isoformat())
            )
        await self.db.executemany(
            "INSERT INTO tournament_games (tournament_id, round, board, first_id, second_id,"
            " decision, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        return True

    async def claim(self, tid: str, round_no: int, board: int, now: datetime) -> bool:
        """Claim a game to start (this process starts it); False: another one is starting it."""
        stale = (now - timedelta(minutes=CLAIM_MINUTES)).isoformat()
        changed = await self.db.execute(
            "UPDATE tournament_games SET claimed_at=? WHERE tournament_id=? AND round=?"
            " AND board=? AND session_id IS NULL AND decision IS NULL"
            " AND (claimed_at IS NULL OR claimed_at < ?)",
            (now.isoformat(), tid, round_no, board, stale),
        )
        return changed == 1

    async def set_session(self, tid: str, round_no: int, board: int, sid: str) -> None:
        """The game of a pairing is started: ``sid``."""
        await self.db.execute(
            "UPDATE tournament_games SET session_id=? WHERE tournament_id=? AND round=?"
            " AND board=?",
            (sid, tid, round_no, board),
        )

    async def set_warned(self, sid: str, now: datetime) -> bool:
        """Note that a game's players were warned of the deadline; False: they already were."""
        changed = await self.db.execute(
            "UPDATE tournament_games SET warned_at=? WHERE session_id=? AND warned_at IS NULL",
            (now.isoformat(), sid),
        )
        return changed == 1

    async def release(self, tid: str, round_no: int, board: int) -> None:
        """A pairing whose game could not be started: to be started again."""
        await self.db.execute(
            "UPDATE tournament_games SET session_id=NULL, claimed_at=NULL WHERE tournament_id=?"
            " AND round=? AND board=? AND decision IS NULL",
            (tid, round_no, board),
        )

    async def decide(
        self, tid: str, round_no: int, board: int, decision: Decision, now: datetime
    ) -> bool:
        """Decide a pairing that has no result yet (a forfeit); False: it had one."""
        changed = await self.db.execute(
            "UPDATE tournament_games SET decision=?, decided_at=? WHERE tournament_id=?"
            " AND round=? AND board=? AND decision IS NULL",
            (decision.value, now.isoformat(), tid, round_no, board),
        )
        return changed == 1

    async def mark_forfeit(self, sid: str, decision: Decision) -> None:
        """A game lost at the round's deadline reads as a forfeit, not an ordinary loss."""
        await self.db.execute(
            "UPDATE tournament_games SET decision=? WHERE session_id=?", (decision.value, sid)
        )

    async def cancel(self, tid: str, now: datetime) -> bool:
        """Cancel an open or running tournament (its games already started go on, unlinked)."""
        changed = await self.db.execute(
            "UPDATE tournaments SET state=?, round_ends_at=NULL, updated_at=?"
            " WHERE id=? AND state IN (?, ?)",
            (CANCELLED, now.isoformat(), tid, *LIVE),
        )
        return changed == 1

    async def running(self) -> list[Tournament]:
        """Every running tournament (housekeeping checks their rounds)."""
        rows = await self.db.fetchall(
            "SELECT * FROM tournaments WHERE state=? ORDER BY round_ends_at", (RUNNING,)
        )
        return [_tournament(r) for r in rows]

    async def due_to_start(self, now: datetime) -> list[Tournament]:
        """Open tournaments whose start time has come."""
        rows = await self.db.fetchall(
            "SELECT * FROM tournaments WHERE state=? AND starts_at IS NOT NULL AND starts_at <= ?",
            (OPEN, now.isoformat()),
        )
        return [_tournament(r) for r in rows]


def _decided(first: int, second: int | None, staying: list[int]) -> str | None:
    """A pairing decided as it is made: a bye, or a game of a player who withdrew."""
    if second is None:
        return Decision.BYE.value if first in staying else Decision.BOTH_FORFEIT.value
    if first in staying and second in staying:
        return None
    if first in staying:
        return Decision.SECOND_FORFEITS.value
    return Decision.FIRST_FORFEITS.value if second in staying else Decision.BOTH_FORFEIT.value


def decision_of(session: Session, outcomes: list[Outcome]) -> Decision | None:
    """How a tournament game's result reads as a pairing's decision (seat 0 plays first)."""
    first = session.seats[0].user_id
    mine = next((o for o in outcomes if o.user_id == first), None)
    if mine is None:
        return None
    return {"win": Decision.FIRST, "loss": Decision.SECOND}.get(mine.outcome, Decision.DRAW)


async def record_result(
    db: Database, session: Session, outcomes: list[Outcome], now: datetime
) -> None:
    """Inside the transaction writing a tournament game's result: its pairing's decision."""
    if not session.options.get(TOURNAMENT) or not outcomes:
        return
    decision = decision_of(session, outcomes)
    if decision is None:
        return
    await db.execute(
        "UPDATE tournament_games SET decision=?, decided_at=? WHERE session_id=?"
        " AND decision IS NULL",
        (decision.value, now.isoformat(), session.id),
    )
