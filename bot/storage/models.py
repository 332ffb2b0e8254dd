"""A stored session and its seats, as plain data (no database, no Discord)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property, lru_cache

import engines
from bot.storage.position import Position
from bot.storage.refusals import SessionNotFound
from engines import Game
from engines.lessons import Lesson, lesson_for
from engines.safe_text import markdown, plain

UNRATED = "unrated"
"""Session option set when the computer took over an absent player's seat: no rating, and the
game stays off the rated standings even if the player took their seat back."""
USED_UNDO = "used_undo"
"""Session option set once the player took a move back (the leaderboard can show it)."""
LESSON = "lesson"
"""Session option of a guided game (``/<game> learn``), holding the lesson's part (from 1): it
follows that lesson's script, is never rated and writes no results (``engines.lessons``)."""
DAILY = "daily"
"""Session option of a daily deal (``bot.storage.daily``): the day's number, from 1."""
TOURNAMENT = "tournament"
"""Session option of a tournament's game (``bot.storage.tournaments``): the tournament's id."""
FORCED = "@"
"""Prefix of a logged move the bot played for a seat because it was their only choice."""
LESSON_DONE = "lesson"
"""The end reason of a lesson played to its last step."""
RECENT_MOVES = 6
"""The logged moves whose public texts a position's messages read (the board's six)."""


@lru_cache(maxsize=1024)
def _escaped(name: str) -> str:
    """A seat's name escaped once, not again for each line that names it (a message has many)."""
    return markdown(name)


class UnreadableState(RuntimeError):
    """A stored game state the engine cannot restore (the message never holds the state)."""


@dataclass
class Seat:
    """A seat of a session and the Discord user in it."""

    seat: int
    user_id: int
    name: str
    """The member's display name as shown where Discord reads no markdown (``plain``)."""
    dm_closed: bool = False
    dm_channel_id: int | None = None
    dm_message_id: int | None = None
    prompt_step: int = 0
    auto_play: bool = False
    standing: frozenset[str] = frozenset()
    """The keys of the player's standing choices switched on (``Game.standing_choices``)."""
    coach: bool = False
    """Whether the coach shows the computer's suggested move to this player."""
    computer: str | None = None  # the level the computer plays this seat at; None: a person

    def __post_init__(self) -> None:
        self.name = plain(self.name)  # from members: no ping, no bidi control, isolated


@dataclass
class Session:
    """One game (or pending challenge) in one channel, as stored."""

    id: str
    game_id: str
    guild_id: int
    channel_id: int
    message_id: int | None
    status: str
    end_reason: str | None
    step: int
    seed: int
    options: dict[str, object]
    state_json: str | None
    created_at: datetime
    updated_at: datetime
    seats: list[Seat] = field(default_factory=list)
    parent_channel_id: int | None = None
    """The channel whose thread the game is played in (None: it is played in ``channel_id``).
    Equal to ``channel_id`` while the game waits for its thread (a challenge not yet accepted)."""
    via_interactions: bool = False
    """Reached only through interactions (a user install's DM, group DM or server without the
    bot; ``guild_id`` 0): its messages are interaction responses, webhook edits and follow-ups,
    never channel routes."""
    recent: list[list[str]] | None = None
    """The public texts of the last ``RECENT_MOVES`` logged moves, oldest first, as of
    ``step`` (read with the session, carried on by the moves made in memory; None: unknown)."""

    @cached_property
    def game(self) -> Game:
        """The engine object, restored from the stored state; UnreadableState if it can't be.

        The engine's own error quotes the state (the hidden deck order), so it is neither
        chained nor shown: only its type is kept.
        """
        if self.state_json is None:
            raise SessionNotFound()
        try:
            return self.game_cls.from_json(self.state_json)
        except Exception as exc:  # any engine or validation error: none may carry the state out
            kind = type(exc).__name__
        raise UnreadableState(
            f"the stored state of session {self.id} ({self.game_id}, step {self.step})"
            f" could not be restored: {kind}"
        )

    @cached_property
    def position(self) -> Position:
        """The game's position, asked of the engine once per view and seat (``Position``).

        Valid while the game is not changed: a session whose game moves on is a new session.
        """
        return Position(self.game)

    @cached_property
    def game_cls(self) -> type[Game]:
        """The engine class of this session (looked up once: a message asks for it often)."""
        return engines.get_game(self.game_id)

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user holds, or None."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    @property
    def computer_seats(self) -> dict[int, str]:
        """The seats the computer plays, with its level."""
        return {s.seat: s.computer for s in self.seats if s.computer is not None}

    @property
    def rated(self) -> bool:
        """Two people played it through: only such games change ratings."""
        return len(self.seats) == 2 and not self.computer_seats and not self.options.get(UNRATED)

    @property
    def lesson(self) -> Lesson | None:
        """The lesson this session plays (``/<game> learn``), or None for a real game."""
        return lesson_for(self.game_id, self.lesson_part) if self.lesson_part else None

    @property
    def lesson_part(self) -> int:
        """The part (from 1) of the lesson this session plays; 0 for a real game.

        The option holds the part; a session started before lessons had parts holds ``True``.
        """
        part = self.options.get(LESSON)
        return int(part) if isinstance(part, int) else 0

    @property
    def names(self) -> list[str]:
        """Display names by seat, their markdown escaped (``engines.safe_text.markdown``).

        For a message's content and an embed's title, description and fields.
        """
        return [_escaped(s.name) for s in self.seats]

    @property
    def plain_names(self) -> list[str]:
        """Display names by seat where Discord reads no markdown.

        For labels, options, footers, thread names, images and alt text.
        """
        return [s.name for s in self.seats]
