"""The buttons beside a seat's moves: "My hand", "Undo", the switches, "?".

The switches: the auto-play toggle, the standing choices (``Game.standing_choices``) and the
coach's (``bot.surface.coach``), with the coach's suggested move when it has one.

``controls.build_view`` puts them in the last component row.
"""

from __future__ import annotations

import discord

from bot.storage.history import can_undo
from bot.storage.store import Session
from bot.surface import coach, custom_ids, layout
from bot.surface.text_limits import BUTTON_LABEL
from engines import StandingChoice
from engines.text import shorten


def hand_button(sid: str) -> discord.ui.Button[discord.ui.View]:
    """The persistent "My hand" button (the private view, ephemerally)."""
    return discord.ui.Button(
        label="My hand",
        emoji="🃏",
        custom_id=custom_ids.HAND.build(sid),
        style=discord.ButtonStyle.secondary,
    )


def help_button(sid: str) -> discord.ui.Button[discord.ui.View]:
    """The "?" button: phase help and the clicker's choices."""
    return discord.ui.Button(
        label="?", custom_id=custom_ids.HELP.build(sid), style=discord.ButtonStyle.secondary
    )


def undo_button(sid: str, step: int) -> discord.ui.Button[discord.ui.View]:
    """Take back the last move (games whose engine allows undo)."""
    return discord.ui.Button(
        label="Undo last move",
        emoji="↩️",
        custom_id=custom_ids.UNDO.build(sid, step),
        style=discord.ButtonStyle.secondary,
    )


def leave_buttons(session: Session) -> list[discord.ui.Button[discord.ui.View]]:
    """**Resign…** and (a game of several players) **Ask to abort**.

    What ``/game resign`` and ``/game abort`` do, for players who can only click (outside a
    server, a friend without the app cannot run the commands).
    """
    buttons: list[discord.ui.Button[discord.ui.View]] = [
        discord.ui.Button(
            label="Resign…",
            emoji="🏳️",
            custom_id=custom_ids.QUIT.build(session.id),
            style=discord.ButtonStyle.danger,
        )
    ]
    if len(session.seats) > 1:
        buttons.append(
            discord.ui.Button(
                label="Ask to abort",
                custom_id=custom_ids.ASK_ABORT.build(session.id),
                style=discord.ButtonStyle.secondary,
            )
        )
    return buttons


def board_extras(
    session: Session, *, controls_on_board: bool
) -> list[discord.ui.Button[discord.ui.View]]:
    """The board's extra buttons for a running game.

    "My hand" unless the board already shows everything the player sees; Undo where the engine
    allows it; the player's only-moves switch where the moves are on the board; "?" always.
    """
    position = session.position
    buttons = []
    if not controls_on_board or position.view(0) != position.view(None):
        buttons.append(hand_button(session.id))
    if can_undo(session):
        buttons.append(undo_button(session.id, session.step))
    if controls_on_board and (toggle := auto_play_button(session, 0)) is not None:
        buttons.append(toggle)
    if controls_on_board:
        buttons += standing_buttons(session, 0)
    buttons.append(help_button(session.id))
    return buttons


def auto_play_button(session: Session, seat: int) -> discord.ui.Button[discord.ui.View] | None:
    """The seat's switch for their only moves, or None where it would do nothing.

    None for the computer's seat; in a lesson (it plays its script, never a move for the
    learner); for a seat the switch never concerns (``Game.auto_play_seats``).
    """
    seats = session.game_cls.auto_play_seats
    if session.seats[seat].computer is not None or session.lesson is not None:
        return None
    if seats is not None and seat not in seats:
        return None
    option = session.game_cls.auto_play_option
    on = session.seats[seat].auto_play
    return discord.ui.Button(
        label=shorten(f"{option}: {'ON' if on else 'OFF'}", BUTTON_LABEL),
        emoji="✅" if on else "⬜",
        custom_id=custom_ids.AUTO_PLAY.build(session.id, int(not on)),
        style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
    )


def offered_standing(session: Session, seat: int) -> list[StandingChoice]:
    """The seat's standing choices shown now: those on (to switch off), those that apply now.

    None for the computer's seat or in a lesson (it plays its script).
    """
    if session.seats[seat].computer is not None or session.lesson is not None:
        return []
    on, game = session.seats[seat].standing, session.game
    return [
        c
        for c in session.game_cls.standing_choices
        if c.key in on or game.standing_applies(seat, c.key)
    ]


def standing_buttons(session: Session, seat: int) -> list[discord.ui.Button[discord.ui.View]]:
    """A switch for each standing choice shown now ("Pass my magic phases: OFF")."""
    return [_standing_button(session, seat, c) for c in offered_standing(session, seat)]


def _standing_button(
    session: Session, seat: int, choice: StandingChoice
) -> discord.ui.Button[discord.ui.View]:
    on = choice.key in session.seats[seat].standing
    return discord.ui.Button(
        label=shorten(f"{choice.label}: {'ON' if on else 'OFF'}", BUTTON_LABEL),
        emoji="✅" if on else "⬜",
        custom_id=custom_ids.STANDING.build(session.id, choice.key, int(not on)),
        style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
    )


def _is_toggle(custom_id: str | None) -> bool:
    """Whether a custom id is an auto-play toggle's (either format)."""
    toggles = (custom_ids.AUTO_PLAY, custom_ids.LEGACY_AUTO_PLAY)
    return any(kind.parse(custom_id) is not None for kind in toggles)


def shown_as_on(message: discord.Message | None, custom_id: str) -> bool | None:
    """Whether the clicked toggle ``custom_id`` showed the setting as ON (None: not found).

    An old toggle's id does not say what a click sets; the button the player saw does.
    """
    for component in layout.controls_of(message) if message is not None else []:
        if isinstance(component, discord.Button) and component.custom_id == custom_id:
            return component.style == discord.ButtonStyle.success
    return None


def shows_old_moves(message: discord.Message, session: Session, seat: int) -> bool:
    """Whether ``message`` (as the clicker's client showed it) holds moves that lapsed since.

    A move's button, select, confirmation or page issued before the seat's choices last
    changed, or an Undo for an earlier step: that version of the message is from earlier moves.
    """
    valid_from = session.seats[seat].prompt_step
    for component in layout.controls_of(message):
        custom_id = getattr(component, "custom_id", None)
        kinds = (
            custom_ids.ACTION,
            custom_ids.SELECT,
            custom_ids.PAGE,
            custom_ids.LEGACY_PAGE,
            custom_ids.COACH_MOVE,
            custom_ids.COACH_REST,
        )
        for kind in kinds:
            fields = kind.parse(custom_id)
            if fields is not None and int(fields["step"]) < valid_from:
                return True
        undo = custom_ids.UNDO.parse(custom_id)
        if undo is not None and int(undo["step"]) < session.step:
            return True
    return False


def with_toggle(
    message: discord.Message, session: Session, seat: int
) -> discord.ui.View | discord.ui.LayoutView:
    """The clicked message's own components, its switches showing the seat's settings now.

    Only the toggle and the standing choices' switches change: the moves and the page shown
    stay as they are (a setting is not a move, and the message's image still shows the
    position its moves belong to).
    """
    view = layout.editable(message)
    toggle = auto_play_button(session, seat)
    choices = {c.key: c for c in session.game_cls.standing_choices}
    for item in view.walk_children():
        if not isinstance(item, discord.ui.Button):
            continue
        switch = custom_ids.STANDING.parse(item.custom_id)
        fresh = toggle if _is_toggle(item.custom_id) else None
        if switch is not None and switch["key"] in choices:
            fresh = _standing_button(session, seat, choices[switch["key"]])
        if fresh is not None:
            item.label, item.emoji, item.style = fresh.label, fresh.emoji, fresh.style
            item.custom_id = fresh.custom_id
    return view


def private_extras(
    session: Session, seat: int, tip: coach.Tip | None = None
) -> list[discord.ui.Button[discord.ui.View]]:
    """Beside a player's private moves: the coach's move, switches, "?".

    The coach's move (``tip``) and its rest of a routine phase, their auto-play toggle (if
    any), standing choices, the coach's switch (games against the computer).
    """
    toggle = auto_play_button(session, seat)
    standing = standing_buttons(session, seat)
    switch = coach.switch_button(session, seat)
    suggested = [coach.move_button(session.id, tip)] if tip is not None else []
    rest = coach.rest_button(session, seat)
    return [
        *suggested,
        *([rest] if rest else []),
        *([toggle] if toggle else []),
        *standing,
        *([switch] if switch else []),
        help_button(session.id),
    ]
