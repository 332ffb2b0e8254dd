"""Component custom_id formats (<= 100 chars). Everything a click needs is in the id + DB.

One table: each kind is a prefix and named fields joined by ``:``, and the same entry builds
an id (``build``) and gives the pattern that parses it (``template``, the ``DynamicItem``'s).
Ids are stored on live messages and in old games' buttons: a format never changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

FIELDS = {
    "sid": r"[0-9a-z]{1,12}",
    "step": r"\d{1,6}",
    "code": r"[A-Za-z0-9_.\-]{1,60}",
    "n": r"\d",
    "on": r"[01]",
    "answer": r"accept|decline",
    "page": r"\d{1,3}",
    "at": r"\d{1,4}",
    "seat": r"\d",
    "pos": r"\d{1,4}",
    "key": r"[a-z]{1,16}",
    "game": r"[a-z0-9_]{1,32}",
}
"""What each field may hold."""


@dataclass(frozen=True)
class Kind:
    """One kind of custom id: ``prefix:field1:field2…``."""

    prefix: str
    fields: tuple[str, ...]

    @cached_property
    def template(self) -> str:
        """The regular expression an id of this kind matches whole, one group per field."""
        return ":".join([self.prefix, *(f"(?P<{f}>{FIELDS[f]})" for f in self.fields)])

    @cached_property
    def _pattern(self) -> re.Pattern[str]:
        return re.compile(self.template)

    def build(self, *values: str | int) -> str:
        """The id of these field values, in order; ValueError if one does not fit its field."""
        custom_id = ":".join([self.prefix, *(str(v) for v in values)])
        if len(values) != len(self.fields) or self.parse(custom_id) is None:
            raise ValueError(f"not a {self.prefix}: id: {custom_id!r}")
        return custom_id

    def parse(self, custom_id: str | None) -> dict[str, str] | None:
        """The fields of an id of this kind (None: it is not one)."""
        match = self._pattern.fullmatch(custom_id or "")
        return match.groupdict() if match else None


ACTION = Kind("g1", ("sid", "step", "code"))
"""A button that applies one encoded action, valid for controls issued at ``step``."""
SELECT = Kind("s1", ("sid", "step", "n"))
"""The n-th select menu of one set of controls; its option values are action codes."""
CONFIRM = Kind("ok1", ("sid", "step", "code"))
"""The confirmation of a costly move (same checks as the move's own button)."""
HAND = Kind("hand", ("sid",))
"""The persistent "My hand" button on a board message."""
AUTO_PLAY = Kind("auto1", ("sid", "on"))
"""A player's toggle: play my revealing forced moves for me (``on``: 1) or not (0).

The id carries the setting a click makes, so a second click of the same button changes
nothing (a toggle that flipped would undo a double click)."""
LEGACY_AUTO_PLAY = Kind("auto", ("sid",))
"""The toggle as posted before it carried the state it sets (still on messages of running
games): it does not say what a click sets."""
STANDING = Kind("std1", ("sid", "key", "on"))
"""A player's standing choice ``key`` (``Game.standing_choices``) switched on (1) or off (0);
like the toggle's, the id carries the setting a click makes."""
COACH = Kind("coach", ("sid", "on"))
"""A player's coach switch in a game against the computer: suggestions shown (1) or not (0)."""
COACH_MOVE = Kind("co1", ("sid", "step", "code"))
"""The coach's suggested move: applies ``code`` like the move's own button (``ACTION``)."""
COACH_REST = Kind("co2", ("sid", "step"))
"""The coach plays the rest of the clicker's part of the game (a movement phase) from ``step``."""
CHALLENGE = Kind("ch", ("sid", "answer"))
"""Accept / Decline on a challenge."""
HELP = Kind("help", ("sid",))
"""The "?" button: what this phase is about and the clicker's choices (no step)."""
UNDO = Kind("undo", ("sid", "step"))
"""Undo the last move, valid while the game is still at ``step`` (a second click is stale)."""
PAGE = Kind("pg2", ("sid", "step", "at"))
"""Show another page of the moves of one set of controls (issued at ``step``): the page that
holds move ``at`` of them (1-based, in the order the game lists them), 0 the first page.

The moves at one step stay the same, but how they are laid out in pages does not (the coach's
move takes a place): a page named by a move it holds is the same list in any layout."""
LEGACY_PAGE = Kind("pg1", ("sid", "step", "page"))
"""A page button as posted before it named its page by a move (still on messages of running
games): ``page`` numbered the pages of a layout that may have changed since."""
TAKEOVER = Kind("cpu", ("sid", "seat"))
"""The waiting player's offer: let the computer play the absent ``seat``."""
RESIGN = Kind("rs1", ("sid", "step"))
"""The "Yes" of ``/game resign``, valid while the game is still at ``step``."""
END = Kind("end1", ("sid",))
"""The "Yes" of a moderator's ``/game end`` (the button checks Manage Server again)."""
AGREE = Kind("ab1", ("sid", "step"))
"""**Agree** on a request to abort, valid while the game is still at ``step``."""
QUIT = Kind("quit", ("sid",))
"""**Resign…** under a player's "?" answer where the app is only a member's: asks first."""
ASK_ABORT = Kind("abq", ("sid",))
"""**Ask to abort** under a player's "?" answer there: what ``/game abort`` does."""
AGAIN = Kind("again", ("sid",))
"""**Play again** on an ended game's result message: the same game, options and players."""
NEXT_LESSON = Kind("learn", ("sid",))
"""**Next lesson** under a finished lesson: the game's next lesson part, for its learner."""
REPLAY = Kind("rp1", ("sid", "pos", "n"))
"""A replay's step-through button: show position ``pos``; ``n`` tells the message's buttons
apart (◀ and ⏮ may lead to the same position)."""
ANIMATION = Kind("rpa", ("sid",))
"""**Animated replay** under a replay: the whole game as an animated image."""
HELP_PAGE = Kind("hlp", ("key",))
"""A ``/help`` page's button: turns the help message to page ``key`` (about no game)."""
DAILY_HERE = Kind("dd1", ("game",))
"""**Play it here** when the daily deal cannot be dealt in the member's DM: in the channel."""

KINDS = (
    ACTION,
    SELECT,
    CONFIRM,
    HAND,
    AUTO_PLAY,
    LEGACY_AUTO_PLAY,
    STANDING,
    COACH,
    COACH_MOVE,
    COACH_REST,
    CHALLENGE,
    HELP,
    UNDO,
    PAGE,
    LEGACY_PAGE,
    TAKEOVER,
    RESIGN,
    END,
    AGREE,
    QUIT,
    ASK_ABORT,
    AGAIN,
    NEXT_LESSON,
    REPLAY,
    ANIMATION,
    HELP_PAGE,
    DAILY_HERE,
)
"""Every kind, each routed by its own component (``bot/components.py``)."""
