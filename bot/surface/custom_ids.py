"""Component custom_id formats (<= 100 chars). Everything a click needs is in the id + DB."""

from __future__ import annotations

SID = r"(?P<sid>[0-9a-z]{1,12})"
STEP = r"(?P<step>\d{1,6})"

ACTION_TEMPLATE = rf"g1:{SID}:{STEP}:(?P<code>[A-Za-z0-9_.\-]{{1,60}})"
SELECT_TEMPLATE = rf"s1:{SID}:{STEP}:(?P<n>\d)"
CONFIRM_TEMPLATE = rf"ok1:{SID}:{STEP}:(?P<code>[A-Za-z0-9_.\-]{{1,60}})"
HAND_TEMPLATE = rf"hand:{SID}"
AUTO_PLAY_TEMPLATE = rf"auto1:{SID}:(?P<on>[01])"
LEGACY_AUTO_PLAY_TEMPLATE = rf"auto:{SID}"
"""The toggle as posted before it carried the state it sets (still on messages of running games)."""
CHALLENGE_TEMPLATE = rf"ch:{SID}:(?P<answer>accept|decline)"
HELP_TEMPLATE = rf"help:{SID}"
UNDO_TEMPLATE = rf"undo:{SID}:{STEP}"
PAGE_TEMPLATE = rf"pg1:{SID}:{STEP}:(?P<page>\d{{1,3}})"
TAKEOVER_TEMPLATE = rf"cpu:{SID}:(?P<seat>\d)"
RESIGN_TEMPLATE = rf"rs1:{SID}:{STEP}"
END_TEMPLATE = rf"end1:{SID}"
AGREE_TEMPLATE = rf"ab1:{SID}:{STEP}"
AGAIN_TEMPLATE = rf"again:{SID}"


def action_id(sid: str, step: int, code: str) -> str:
    """A button that applies one encoded action, valid for controls issued at ``step``."""
    return f"g1:{sid}:{step}:{code}"


def select_id(sid: str, step: int, n: int) -> str:
    """The n-th select menu of one set of controls; its option values are action codes."""
    return f"s1:{sid}:{step}:{n}"


def hand_id(sid: str) -> str:
    """The persistent "My hand" button on a board message."""
    return f"hand:{sid}"


def challenge_id(sid: str, answer: str) -> str:
    """Accept / Decline on a challenge."""
    return f"ch:{sid}:{answer}"


def confirm_id(sid: str, step: int, code: str) -> str:
    """The confirmation of a costly move (same checks as the move's own button)."""
    return f"ok1:{sid}:{step}:{code}"


def auto_play_id(sid: str, on: bool) -> str:
    """A player's toggle: play my revealing forced moves for me (``on``) or not.

    The id carries the setting a click makes, so a second click of the same button changes
    nothing (a toggle that flipped would undo a double click).
    """
    return f"auto1:{sid}:{int(on)}"


def legacy_auto_play_id(sid: str) -> str:
    """The toggle's id as earlier versions posted it: it does not say what a click sets."""
    return f"auto:{sid}"


def help_id(sid: str) -> str:
    """The "?" button: what this phase is about and the clicker's choices (no step)."""
    return f"help:{sid}"


def undo_id(sid: str, step: int) -> str:
    """Undo the last move, valid while the game is still at ``step`` (a second click is stale)."""
    return f"undo:{sid}:{step}"


def page_id(sid: str, step: int, page: int) -> str:
    """Show another page of the moves of one set of controls (issued at ``step``)."""
    return f"pg1:{sid}:{step}:{page}"


def takeover_id(sid: str, seat: int) -> str:
    """The waiting player's offer: let the computer play the absent ``seat``."""
    return f"cpu:{sid}:{seat}"


def resign_id(sid: str, step: int) -> str:
    """The "Yes" of ``/game resign``, valid while the game is still at ``step``."""
    return f"rs1:{sid}:{step}"


def end_id(sid: str) -> str:
    """The "Yes" of a moderator's ``/game end`` (the button checks Manage Server again)."""
    return f"end1:{sid}"


def agree_id(sid: str, step: int) -> str:
    """**Agree** on a request to abort, valid while the game is still at ``step``."""
    return f"ab1:{sid}:{step}"


def again_id(sid: str) -> str:
    """**Play again** on an ended game's result message: the same game, options and players."""
    return f"again:{sid}"
