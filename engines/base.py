"""The engine contract: base classes every game engine builds on.

This module is the contract (docs/design/architecture.md, "Engines"). Engines are pure: no
Discord, no Pillow, no I/O beyond reading their catalogue, no clock and no global random.
"""

from __future__ import annotations

import types
import typing
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engines.rng import Random

MAX_CODE_LEN = 60


class EngineError(Exception):
    """An error whose message is safe to show to the player who caused it."""


class IllegalAction(EngineError):
    """The action is not legal now (or is malformed); the game is unchanged."""


class Action(BaseModel):
    """A small frozen action; subclasses declare ``kind: Literal["..."]`` and parameters.

    Parameters may be ``int`` (non-negative), ``str`` (letters, digits, ``_``), ``bool``,
    ``None`` or ``tuple[int, ...]`` so that the generic codec below can encode them.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str

    def label(self) -> str:
        """Human text for a button; subclasses override."""
        return self.kind

    def detail(self) -> str | None:
        """What the move does and what it costs, in a sentence (at most 100 characters).

        Shown as the description of a select option and in the "?" help. None: the label
        says it all.
        """
        return None


class Event(BaseModel):
    """Something that happened; ``seat`` set means only that seat may read it."""

    model_config = ConfigDict(frozen=True)

    text: str
    seat: int | None = None


class Unavailable(BaseModel):
    """A move the player can see but not make now, and why ("Tarnil: needs R6, you have R1")."""

    model_config = ConfigDict(frozen=True)

    label: str
    reason: str


SHORT_ALERT = 60
"""An ``Alert``'s headline at most: one line of the large text a phone reads in a picture."""


class Alert(BaseModel):
    """A loss the seat can still prevent (``Game.warnings``): a headline and the whole story.

    ``short``, the danger and its fix in at most ``SHORT_ALERT`` characters ("If R1 falls,
    all six lands are theirs: add a Shield on a land"), is drawn in the seat's private
    picture; ``text``, one plain sentence or more saying what prevents it, is in the message.
    """

    model_config = ConfigDict(frozen=True)

    short: str = Field(max_length=SHORT_ALERT)
    text: str


class StandingChoice(BaseModel):
    """A switch a player turns on to have one kind of optional turn passed for them.

    E.g. Gondor's "Pass my magic phases". The bot shows it beside their moves when it applies
    (``Game.standing_applies``) and, once on, always, so it can be switched off at any time;
    while on, the move ``Game.standing_move`` names is made for them with a public line.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    """A short id of lowercase letters, kept with the seat (``seats.standing``)."""
    label: str
    explanation: str
    """One line: what it passes, shown where the switch is offered."""


class Result(BaseModel):
    """The outcome of a finished game."""

    model_config = ConfigDict(frozen=True)

    winners: list[int]
    scores: dict[int, int | float]
    summary: str


S = TypeVar("S", bound=BaseModel)


class Game(ABC, Generic[S]):
    """A game: a pydantic state plus pure rule functions.

    Subclasses set the ClassVars, implement the abstract methods and keep all rule logic
    working on ``self.state``. ``apply`` runs on a deep copy and commits only on success,
    so a refused action never changes anything.
    """

    game_id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: ClassVar[type[BaseModel]]
    action_types: ClassVar[tuple[type[Action], ...]]
    allows_undo: ClassVar[bool] = False
    """A solo game with nothing hidden may let its player take back the last move."""
    auto_play_option: ClassVar[str] = "Play my only moves for me"
    """The label of each player's switch for their only moves ("Pass for me when I have no
    power"). It decides the only moves that would reveal something (``auto_play_reveals``);
    in a game with ``auto_play_all`` it decides every only move."""
    auto_play_all: ClassVar[bool] = False
    """Whether the switch decides every only move (a game with nothing to reveal) rather than
    only the revealing ones; the others are played for the player whatever the switch says."""
    auto_play_default: ClassVar[bool] = False
    """Where the switch starts for a new game."""
    auto_play_seats: ClassVar[tuple[int, ...] | None] = None
    """The seats shown the switch (None: every seat): those whose only moves can reveal
    something. A seat that never holds a secret gets no switch that would do nothing."""
    standing_choices: ClassVar[tuple[StandingChoice, ...]] = ()
    """The standing choices a player may switch on (none by default)."""
    light_turns: ClassVar[bool] = False
    """Whether a click's whole turn (the move, the moves played for the player after it, the
    messages' parts) costs about a millisecond: the bot then works it out on its event loop
    rather than hand it to a thread, a hand-off that costs about as much."""

    def __init__(self, state: S) -> None:
        self.state: S = state

    # ---- construction -------------------------------------------------------------------
    @classmethod
    def new(cls, n: int, seed: int, options: dict[str, Any] | None = None) -> Self:
        """Start a game for ``n`` seats from ``seed``."""
        if not cls.min_players <= n <= cls.max_players:
            raise EngineError(
                f"{cls.title} takes {cls.min_players}-{cls.max_players} players, not {n}."
            )
        return cls(cls.initial_state(n, seed, options or {}))

    @classmethod
    @abstractmethod
    def initial_state(cls, n: int, seed: int, options: dict[str, Any]) -> S:
        """Build the state after setup."""

    # ---- play ----------------------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that may act now; [] once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions for ``seat`` in a deterministic order; [] if it may not act."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a validated, legal action to ``self.state`` (which is a private copy)."""

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction unless ``action`` is legal for ``seat`` now."""
        if self.is_over:
            raise IllegalAction("The game is over.")
        if seat not in self.to_act():
            raise IllegalAction("It is not your turn to act.")
        if not self.offers(seat, action):
            raise IllegalAction(f"That move is not allowed now: {action.label()}.")

    def offers(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is one of ``legal_actions(seat)`` (``seat`` is to act).

        A game may answer without listing them all, when listing some of them is costly.
        """
        return action in self.legal_actions(seat)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Validate and apply; on any refusal the game is left exactly as it was."""
        self.check(seat, action)
        return self.apply_known(seat, action)

    def apply_known(self, seat: int, action: Action) -> list[Event]:
        """Apply an action taken from ``legal_actions(seat)`` without asking for them again.

        On any failure the game is left exactly as it was (the bot's forced moves, whose
        legality the position it read them from already holds).
        """
        backup = self.state
        self.state = backup.model_copy(deep=True)
        try:
            return self._apply(seat, action)
        except BaseException:
            self.state = backup
            raise

    # ---- optional hints for the table (defaults suit a game that needs none) --------------
    def auto_play_reveals(self, seat: int) -> bool:
        """Whether playing ``seat``'s only legal action for them would reveal a secret.

        The bot plays a forced move by itself (and says so in the log) unless this is true;
        then it waits for the click, or plays it only if the player opted in. Override it
        where a forced move depends on hidden cards (a pass that shows you hold no power).
        """
        return False

    def public_label(self, seat: int, action: Action) -> str | None:
        """``seat``'s only move, played for them, as the table may read it; None: unnamed.

        The channel's line "Alice had only one possible move" names the move only where its
        label tells nothing the channel's view does not show (a step on the open board); the
        default names none, since a label may name a card from a hand.
        """
        return None

    def auto_play_pauses(self, seat: int) -> bool:
        """Whether ``seat`` should see the position before their only move is played for them.

        The bot never plays a move for a player that ends the game or asks to be confirmed
        (``confirm_text``); override this for other moments worth a look (an attack about to
        be fought), where the only move waits for the player's click.
        """
        return False

    def standing_applies(self, seat: int, key: str) -> bool:
        """Whether standing choice ``key`` is about ``seat``'s turn now (its switch is offered)."""
        return False

    def standing_move(self, seat: int, key: str) -> tuple[Action, str] | None:
        """The move standing choice ``key`` makes for ``seat`` now and the public line saying so.

        None when it does not apply now. Only an optional turn whose passing hides nothing:
        the bot makes the move for a player who switched the choice on.
        """
        return None

    def confirm_text(self, seat: int, action: Action) -> str | None:
        """A question to confirm before ``action`` is applied (a costly move), or None."""
        return None

    def unavailable_actions(self, seat: int) -> list[Unavailable]:
        """Moves ``seat`` would like to make but cannot now, each with the reason."""
        return []

    def action_groups(self, seat: int, actions: list[Action]) -> list[str | None]:
        """A heading for each of ``actions`` to list it under (None: grouped by its kind).

        For a kind of move that goes to many places, e.g. grouped by where a card goes.
        """
        return [None] * len(actions)

    def phase_help(self, seat: int | None) -> str:
        """What the current phase is about and how to choose, for the "?" button."""
        return ""

    def goal(self) -> str:
        """How to win and how the game ends, in one plain line.

        The first board and every "?" answer open with it; each view carries it as ``goal``.
        """
        return ""

    def warnings(self, seat: int) -> list[Alert]:
        """Losses ``seat`` can still prevent, each an ``Alert``: a headline and what prevents it.

        E.g. "If all six lands are still without your Shield at the settlement, Player 2 wins:
        move a Shield onto a land." Shown the turn before the loss could happen, so computed
        only from what ``seat`` may know (nothing hidden shapes the text) and cheap: the bot
        asks for it with every private view. Default: none.
        """
        return []

    def chapter(self) -> str:
        """The part of the game now, as a replay steps through it ("Round 3", "Turn 2 · move").

        A replay stops where the chapter changes, so a long game is watched turn by turn;
        "" (the default): the game has no parts and a replay steps move by move. Cheap: the
        replay asks after every move.
        """
        return ""

    # ---- optional hooks for computer players (ai/; defaults suit a game with nothing hidden) --
    def copy(self) -> Self:
        """An independent copy of the game (the state round-trips through JSON)."""
        return type(self)(self.state_type.model_validate_json(self.to_json()))  # type: ignore[arg-type]

    def apply_unchecked(self, seat: int, action: Action) -> list[Event]:
        """Apply an action taken from ``legal_actions(seat)`` in place: no check, no rollback.

        For search on a private copy (``copy`` or ``resample``), or by a caller that keeps the
        state to put back on failure; a move a player sends goes through ``apply``.
        """
        return self._apply(seat, action)

    def resample(self, seat: int, rng: Random) -> Self:
        """A full game consistent with everything ``seat`` knows, drawn at random by ``rng``.

        Cards, counters and pending choices hidden from ``seat`` are dealt again from what
        ``seat`` has not seen; the hidden truth is never used, so two games that look the same
        to ``seat`` give the same sample. Default: a copy, which is right only for a game that
        hides nothing from ``seat``; a game with hidden information must override it.
        """
        return self.copy()

    def rollout_action(self, seat: int, rng: Random) -> Action:
        """A cheap playout move for ``seat`` (default: uniformly random); uses what it may see."""
        return rng.choice(self.legal_actions(seat))

    def level_action(self, seat: int, level: str, rng: Random) -> Action | None:
        """The game's own move for ``seat`` at the computer's ``level``, unsearched.

        None (the default): the search chooses. Asked only for a level with ``own_moves``, on
        a resample, so it reads only what ``seat`` may know (a beginner's defence at ``easy``).
        """
        return None

    def worth_search(self, seat: int) -> bool:
        """Whether ``seat``'s choice now is worth a search (default: always).

        False for a routine choice (a movement click among hundreds a game): the computer plays
        its playout policy's move on a resample instead, so a long game stays cheap to play.
        """
        return True

    def suggestion_reason(self, seat: int, action: Action) -> str | None:
        """Why ``action`` is a good move for ``seat`` now, in one short plain sentence.

        The coach shows it beside the computer's suggestion ("Covers your empty land L1.").
        It reads only what ``seat`` may know and names nothing hidden from it; None (the
        default): the game gives no reason for this move.
        """
        return None

    def evaluate(self, seat: int) -> float:
        """How good the position is for ``seat``, 0 (lost) to 1 (won); default: 0.5 until over."""
        result = self.result
        if result is None:
            return 0.5
        if seat in result.winners:
            return 1.0 / len(result.winners)
        return 0.5 if not result.winners else 0.0

    # ---- views and results ----------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (None: a spectator), as JSON-ready data."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """None until over."""

    # ---- serialisation ---------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole state as JSON."""
        return self.state.model_dump_json()

    @classmethod
    def from_json(cls, s: str) -> Self:
        """Restore a game saved by ``to_json`` (upgrading old schema versions)."""
        return cls(cls.state_type.model_validate_json(s))  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.to_json() == self.to_json()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    # ---- action codec ---------------------------------------------------------------------
    @classmethod
    def encode(cls, action: Action) -> str:
        """Encode as ``kind.p1.p2``: at most 60 characters of ``[A-Za-z0-9_.-]``."""
        parts = [action.kind]
        for name in type(action).model_fields:
            if name != "kind":
                parts.append(_encode_value(getattr(action, name)))
        code = ".".join(parts)
        if len(code) > MAX_CODE_LEN:
            raise ValueError(f"action code too long: {code}")
        return code

    @classmethod
    def decode(cls, code: str) -> Action:
        """Inverse of ``encode``; IllegalAction on anything malformed."""
        if not isinstance(code, str) or len(code) > MAX_CODE_LEN:
            raise IllegalAction("Malformed action.")
        kind, *values = code.split(".")
        for action_type in cls.action_types:
            if action_type.model_fields["kind"].default == kind:
                break
        else:
            raise IllegalAction("Unknown action.")
        fields = [(n, f) for n, f in action_type.model_fields.items() if n != "kind"]
        if len(values) != len(fields):
            raise IllegalAction("Malformed action.")
        try:
            pairs = zip(fields, values, strict=True)
            data = {n: _decode_value(v, f.annotation) for (n, f), v in pairs}
            return action_type.model_validate({"kind": kind, **data})
        except (ValueError, ValidationError) as exc:
            raise IllegalAction("Malformed action.") from exc


def _encode_value(value: object) -> str:
    if value is None:
        return "_"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        if value < 0:
            raise ValueError("negative ints are not encodable")
        return str(value)
    if isinstance(value, str):
        plain = value.replace("_", "a")
        if value == "_" or not (plain.isascii() and plain.isalnum()):
            raise ValueError(f"string not encodable: {value!r}")
        return value
    if isinstance(value, tuple):
        return "-".join(_encode_value(v) for v in value)
    raise ValueError(f"cannot encode {value!r}")


def _decode_value(text: str, annotation: Any) -> Any:
    """Decode by the declared type; pydantic validates the result afterwards."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        if text == "_" and type(None) in args:
            return None
        (annotation,) = [a for a in args if a is not type(None)]
        return _decode_value(text, annotation)
    if origin is tuple:
        return tuple(_decode_value(t, args[0]) for t in text.split("-")) if text else ()
    if annotation is bool:
        if text not in ("0", "1"):
            raise ValueError(text)
        return text == "1"
    if annotation is int or (origin is typing.Literal and all(isinstance(a, int) for a in args)):
        if not text.isdigit() or not text.isascii():
            raise ValueError(text)
        return int(text)
    return text
