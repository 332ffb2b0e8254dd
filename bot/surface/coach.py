"""The coach as a player sees it: the computer's suggested move in their DM, and its switch.

A suggestion (a ``Tip``) is worked out after the DM is shown (``bot.flow.coach``) and kept here
for the position it was made for (the session's step); a DM drawn at that step shows it: a
line "💡 Coach: <move> — <reason>" and a button playing that move. It appears only in the
seat's own private message (its DM or **My hand**), never on the board.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import discord

import ai
from bot.storage.models import UNRATED
from bot.storage.store import Session
from bot.surface import custom_ids
from bot.surface.text_limits import BUTTON_LABEL
from engines.text import shorten

KEPT = 4096
"""How many seats' latest suggestions are kept (in memory; a restart works them out again)."""
MOVE_LABEL = "Play the coach's move"
REST_LABEL = "Coach: play the rest of this phase"


@dataclass(frozen=True)
class Tip:
    """The coach's move for a seat at ``step``: its code, its label for the seat, and why."""

    step: int
    code: str
    label: str
    reason: str | None


def offered(session: Session, seat: int) -> bool:
    """Whether the seat may have a coach: a person against the computer from the start.

    Never in a rated game (a game against the computer is unrated), a game between members
    whose seat the computer took over, a lesson (it has its script) or a solo game (hints).
    """
    return (
        len(session.seats) == 2
        and bool(session.computer_seats)
        and session.seats[seat].computer is None
        and session.lesson is None
        and not session.options.get(UNRATED)
    )


def coached(session: Session, seat: int) -> bool:
    """Whether the coach is on for the seat in a running game that offers it."""
    live = session.status == "active" and not session.game.is_over
    return live and session.seats[seat].coach and offered(session, seat)


class Tips:
    """The latest suggestion of each (session, seat), shown only at the step it was made for."""

    def __init__(self) -> None:
        self._tips: OrderedDict[tuple[str, int], Tip] = OrderedDict()

    def put(self, sid: str, seat: int, tip: Tip) -> None:
        """Keep ``tip`` as the seat's latest suggestion."""
        key = (sid, seat)
        self._tips.pop(key, None)
        self._tips[key] = tip
        while len(self._tips) > KEPT:
            self._tips.popitem(last=False)

    def current(self, session: Session, seat: int) -> Tip | None:
        """The seat's suggestion for the position now, if the coach is on and has one."""
        tip = self._tips.get((session.id, seat))
        if tip is None or tip.step != session.step or not coached(session, seat):
            return None
        return tip


def line(tip: Tip) -> str:
    """The suggestion's line in the DM's text."""
    why = f" — {tip.reason}" if tip.reason else ""
    return f"💡 **Coach:** {tip.label}{why}"


def move_button(sid: str, tip: Tip) -> discord.ui.Button[discord.ui.View]:
    """The button playing the coach's move, through the same path as the move's own button."""
    return discord.ui.Button(
        label=MOVE_LABEL,
        emoji="💡",
        custom_id=custom_ids.COACH_MOVE.build(sid, tip.step, tip.code),
        style=discord.ButtonStyle.success,
    )


def rest_button(session: Session, seat: int) -> discord.ui.Button[discord.ui.View] | None:
    """The button letting the coach play the rest of a routine phase, where it may.

    Offered with the coach on, in a named part of the game whose choices are routine (a
    movement phase of dozens of clicks): one click instead of each move's.
    """
    if not coached(session, seat) or not ai.routine_now(session.game, seat):
        return None
    return discord.ui.Button(
        label=REST_LABEL,
        emoji="⏩",
        custom_id=custom_ids.COACH_REST.build(session.id, session.step),
        style=discord.ButtonStyle.primary,
    )


def switch_button(session: Session, seat: int) -> discord.ui.Button[discord.ui.View] | None:
    """The seat's coach switch ("Coach: ON"), where the game offers a coach."""
    if not offered(session, seat):
        return None
    on = session.seats[seat].coach
    return discord.ui.Button(
        label=shorten(f"Coach: {'ON' if on else 'OFF'}", BUTTON_LABEL),
        emoji="✅" if on else "⬜",
        custom_id=custom_ids.COACH.build(session.id, int(not on)),
        style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
    )
