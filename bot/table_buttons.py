"""The buttons beside a seat's controls: "My hand", "Undo last move" and "?".

``with_table_buttons`` places them in the first component rows with room, after the controls.
"""

from __future__ import annotations

import discord

from bot import custom_ids
from bot.history import can_undo
from bot.store import Session

ROWS = 5
ROW_WIDTH = 5


def hand_button(sid: str) -> discord.ui.Button[discord.ui.View]:
    """The persistent "My hand" button (the private view, ephemerally)."""
    return discord.ui.Button(
        label="My hand",
        emoji="🃏",
        custom_id=custom_ids.hand_id(sid),
        style=discord.ButtonStyle.secondary,
    )


def help_button(sid: str) -> discord.ui.Button[discord.ui.View]:
    """The "?" button: phase help and the clicker's choices."""
    return discord.ui.Button(
        label="?", custom_id=custom_ids.help_id(sid), style=discord.ButtonStyle.secondary
    )


def undo_button(sid: str, step: int) -> discord.ui.Button[discord.ui.View]:
    """Take back the last move (games whose engine allows undo)."""
    return discord.ui.Button(
        label="Undo last move",
        emoji="↩️",
        custom_id=custom_ids.undo_id(sid, step),
        style=discord.ButtonStyle.secondary,
    )


def board_extras(
    session: Session, *, controls_on_board: bool
) -> list[discord.ui.Button[discord.ui.View]]:
    """The board's extra buttons for a running game.

    "My hand" unless the board already shows everything the player sees; Undo where the engine
    allows it; "?" always.
    """
    game = session.game
    buttons = []
    if not controls_on_board or game.view(0) != game.view(None):
        buttons.append(hand_button(session.id))
    if can_undo(session):
        buttons.append(undo_button(session.id, session.step))
    buttons.append(help_button(session.id))
    return buttons


def with_table_buttons(
    view: discord.ui.View | None, buttons: list[discord.ui.Button[discord.ui.View]]
) -> discord.ui.View:
    """``view`` (or a new timeout-free view) with ``buttons`` added after the controls.

    They take the first free row below the controls, else any row with room; a button that
    finds no room is left out (the controls come first).
    """
    view = view or discord.ui.View(timeout=None)
    used = [0] * ROWS
    for item in view.children:
        used[item.row or 0] += item.width
    last = max((r for r in range(ROWS) if used[r]), default=-1)
    order = [*range(last + 1, ROWS), *range(last, -1, -1)]
    for button in buttons:
        row = next((r for r in order if used[r] + button.width <= ROW_WIDTH), None)
        if row is None:
            continue
        button.row = row
        used[row] += button.width
        view.add_item(button)
    return view
