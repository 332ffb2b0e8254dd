"""The turn core: what a click does to a game, worked out in one pass without I/O.

Given the session as stored (loaded under its lock) and the move(s) a seat makes, :func:`play`
applies them, then every move the bot makes for a player (a seat's only move, a standing
choice's move) or, in a lesson, the script's replies, and returns the :class:`Outcome`: the
log's rows to write, the seats each move prompted, the private notes, and the session as it is
after them, built in memory, with every part its messages need worked out already
(``presenter.prepare``). Pure: the caller runs it in one trip off the event loop
(``heavy.run``), or on it for a light game's click (:func:`light`), writes the rows in one
transaction and shows the session it returned.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from bot.storage.models import FORCED, LESSON_DONE, RECENT_MOVES, Session
from bot.storage.position import Position
from bot.surface import lessons
from bot.surface.presenter import prepare
from engines import Action, Event, Game, Result
from engines.text import player

MAX_FORCED = 500  # a chain of forced moves always ends (games end); this only guards bugs

Row = tuple[int | None, str, list[str]]
"""A logged move: the seat, its code, its public event texts."""
Plan = Callable[[Game, int], Sequence[Action]]
"""A typed order: the actions it makes for a seat on the game as it is."""


@dataclass
class Outcome:
    """What a click did: the rows to write, and the session after them (not yet written)."""

    session: Session
    rows: list[Row] = field(default_factory=list)
    prompted: dict[int, int] = field(default_factory=dict)
    """The seats whose choices the moves changed, each with the step of the last such move."""
    private: dict[int, list[str]] = field(default_factory=dict)
    """Private texts by seat, in order."""
    moved: list[Action] = field(default_factory=list)
    """The moves the seat made (not the ones the bot played after them)."""
    lesson_done: bool = False
    """A lesson's script is played through: the session is closed ("Lesson done"), in memory."""

    @property
    def result(self) -> Result | None:
        """The game's result if the moves ended it."""
        return self.session.game.result


def split_events(events: Iterable[Event]) -> tuple[list[str], dict[int, list[str]]]:
    """Public texts for the channel, private texts per seat."""
    public: list[str] = []
    private: dict[int, list[str]] = {}
    for e in events:
        if e.seat is None:
            public.append(e.text)
        else:
            private.setdefault(e.seat, []).append(e.text)
    return public, private


def forced_move(session: Session) -> tuple[int, Action] | None:
    """A seat whose only legal move the bot may play for them, and that move.

    Only when the player's switch allows it (it decides the moves that would reveal something,
    ``auto_play_reveals``, or all of them in an ``auto_play_all`` game); and
    never for a person when the move ends the game, asks to be confirmed, or the engine wants
    the player to see the position first (``auto_play_pauses``): that move waits for a click.
    """
    game = session.game
    if game.is_over:
        return None
    for seat in game.to_act():
        actions = session.position.legal(seat)
        if len(actions) != 1:
            continue
        switched = game.auto_play_all or game.auto_play_reveals(seat)
        if switched and not session.seats[seat].auto_play:
            continue
        if session.seats[seat].computer is None and _worth_a_click(game, seat, actions[0]):
            continue
        return seat, actions[0]
    return None


def standing_move(session: Session) -> tuple[int, Action, str] | None:
    """A seat's move that one of their standing choices makes now, and the public line.

    A person's choice only (a computer's seat has none), and never a move that ends the game or
    asks to be confirmed: that one waits for the click.
    """
    game = session.game
    if game.is_over:
        return None
    for seat in game.to_act():
        for key in sorted(session.seats[seat].standing):
            made = game.standing_move(seat, key)
            if made is not None and not _worth_a_click(game, seat, made[0]):
                return seat, made[0], made[1]
    return None


def automatic_move(session: Session) -> tuple[int, Action, str | None] | None:
    """The next move the bot makes for a player, with its public line.

    A standing choice's move comes with its own line; a seat's only move with None.
    """
    chosen = standing_move(session)
    if chosen is not None:
        return chosen
    forced = forced_move(session)
    return None if forced is None else (*forced, None)


def _worth_a_click(game: Game, seat: int, action: Action) -> bool:
    """Whether a person's only move must wait for them: it ends the game, or is a moment."""
    if game.auto_play_pauses(seat) or game.confirm_text(seat, action) is not None:
        return True
    trial = game.copy()
    trial.apply_unchecked(seat, action)
    return trial.is_over


def forced_line(who: str, label: str | None) -> str:
    """The public line for a seat's only move: named where the game says the table may read it."""
    if label is None:
        return f"{who} had only one possible move; the bot played it."
    return f"{who} had only one possible move, so the bot played it: {label}."


def played_for_you(labels: list[str]) -> str:
    """One line for the only moves played in a row for a seat: repeats counted, not listed."""
    runs: list[tuple[str, int]] = []
    for label in labels:
        if runs and runs[-1][0] == label:
            runs[-1] = (label, runs[-1][1] + 1)
        else:
            runs.append((label, 1))
    moves = "; ".join(f"{label} ({n} times)" if n > 1 else label for label, n in runs)
    if len(labels) == 1:
        return f"Your only possible move was played for you: {moves}."
    return f"Your only possible moves were played for you, one after another: {moves}."


def play(
    session: Session,
    seat: int | None,
    moves: list[tuple[Action, str]] | Plan,
    now: datetime,
) -> Outcome:
    """A turn: ``seat``'s (action, code) moves, then every move the bot makes for a player.

    ``moves`` may be a typed order's plan, turned into actions on the game first. The engine
    checks each of ``seat``'s moves (IllegalAction: nothing is kept, the caller writes
    nothing). Then the forced and standing choices' moves or the lesson's script, then what the
    messages need. ``session`` must not be used afterwards: its game moved on (or, after a
    failed move, is left part-way).
    """
    turn = _Turn(session, now)
    if seat is not None:
        made = moves if isinstance(moves, list) else _planned(session.game, seat, moves)
        turn.outcome.moved = [a for a, _ in made]
        if made:
            turn.record(seat, [(a, c, True) for a, c in made])
    turn.automatic()
    return turn.finish()


def light(session: Session, moves: list[tuple[Action, str]] | Plan | None) -> bool:
    """Whether the turn is a light game's click (one move, or none): run on the event loop.

    A typed order's plan or several moves (the coach's phase) go to a thread whatever the game.
    """
    return session.game_cls.light_turns and not callable(moves) and len(moves or []) <= 1


def _planned(game: Game, seat: int, plan: Plan) -> list[tuple[Action, str]]:
    """A typed order's (action, code) moves on the game as it is."""
    return [(a, type(game).encode(a)) for a in plan(game, seat)]


class _Turn:
    """The session moving on, one record (a seat's moves) after another, in memory."""

    def __init__(self, session: Session, now: datetime) -> None:
        self.game = session.game
        self.now = now
        self.outcome = Outcome(_moved_on(session, session.position, [], now))
        self.played: dict[int, list[str]] = {}  # seat -> labels of their only moves played

    @property
    def session(self) -> Session:
        return self.outcome.session

    def record(
        self, seat: int, moves: list[tuple[Action, str, bool]], note: str | None = None
    ) -> None:
        """Apply ``seat``'s (action, code, checked) moves as one record.

        ``note`` opens the first one's public texts. Prompted: the seats whose legal moves
        changed, and ``seat``. An action taken from the position's legal moves is applied
        without asking the engine for them again (``checked`` False).

        The moves are applied to the game in place, with no copy of its state to roll back
        to: the turn owns the game (read for this click; the caller writes nothing and drops
        the session if a move fails), and each position's answers were copied out of the state
        as the turn went (codes, views), so none changes with it.
        """
        position = self.session.position
        others = [s for s in range(len(self.session.seats)) if s != seat]
        before = {s: position.codes(s) for s in others}
        out = self.outcome
        first = len(out.rows)
        for action, code, checked in moves:
            if checked:
                self.game.check(seat, action)
            public, texts = split_events(self.game.apply_unchecked(seat, action))
            if note and len(out.rows) == first:
                public.insert(0, note)
            out.rows.append((seat, code, public))
            for s, said in texts.items():
                out.private.setdefault(s, []).extend(said)
        logged = [public for _, _, public in out.rows[first:]]
        out.session = _moved_on(self.session, Position(self.game), logged, self.now)
        after = out.session.position
        step = out.session.step
        for s in [seat, *(s for s in others if after.codes(s) != before[s])]:
            out.prompted[s] = step
            out.session.seats[s].prompt_step = step

    def automatic(self) -> None:
        """Every move the bot makes for a player now, each logged as its own record.

        A seat's only choice is logged as played for them; a standing choice's move
        (``standing_move``) with its own public line. In a lesson, instead, the opponent's
        scripted moves up to the learner's next step.
        """
        if self.session.lesson is not None:
            self._scripted()
            return
        for _ in range(MAX_FORCED):
            made = automatic_move(self.session)
            if made is None:
                break
            seat, action, line = made
            known = line is None  # a seat's only move, from the position's legal moves
            if line is None:
                # A label speaks to its seat and may name hidden cards: only they read it,
                # unless the game says the table may (``Game.public_label``).
                line = forced_line(player(seat), self.game.public_label(seat, action))
                self.played.setdefault(seat, []).append(action.label())
            code = FORCED + type(self.game).encode(action)
            self.record(seat, [(action, code, not known)], line)

    def _scripted(self) -> None:
        """A lesson's opponent moves, as the script has them, until it is the learner's turn."""
        for _ in range(MAX_FORCED):
            scripted = lessons.scripted_move(self.session)
            if scripted is None:
                break
            seat, action = scripted
            self.record(seat, [(action, type(self.game).encode(action), True)])

    def finish(self) -> Outcome:
        """The outcome: the notes of the only moves played, the state, the messages' parts."""
        out = self.outcome
        for seat, labels in self.played.items():
            out.private.setdefault(seat, []).append(played_for_you(labels))
        if out.rows:
            out.session.state_json = self.game.to_json()
        if lessons.complete(out.session):
            out.lesson_done = True
            _closed(out.session, self.now)
        prepare(out.session)
        return out


def _closed(session: Session, now: datetime) -> None:
    """The lesson closed as ``SessionStore.close`` stores it, so the session is not read back."""
    session.status = "finished"
    session.end_reason = LESSON_DONE
    session.updated_at = now


def _moved_on(
    session: Session, position: Position, logged: list[list[str]], now: datetime
) -> Session:
    """The session after the moves ``logged`` (their public texts), at ``position``, in memory.

    What the write (``SessionStore.write_actions``) stores, so the session is not read back;
    its last public texts too (``Session.recent``), so the messages do not read them.
    """
    after = copy.copy(session)
    after.seats = [copy.copy(s) for s in session.seats]
    after.__dict__["game"] = position.game
    after.__dict__["position"] = position
    if logged:
        after.step = session.step + len(logged)
        if session.recent is not None:
            after.recent = (session.recent + logged)[-RECENT_MOVES:]
        after.updated_at = now
        after.status = "finished" if position.game.result is not None else "active"
    return after
