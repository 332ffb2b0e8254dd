"""The "?" button: the goal, what the current phase is about and the clicker's choices.

Only what the clicker may see: the game's goal, the phase help for their seat (or for
spectators), their own legal actions with what each does, and the moves they cannot make now
with the whole reason (a greyed-out button's label is cut at 80 characters: here it is read in
full).
"""

from __future__ import annotations

import discord

from bot.flow.sessions import SessionManager
from bot.storage.refusals import SessionNotFound
from bot.storage.store import Session
from bot.surface import layout
from bot.surface.layout import Layout
from bot.surface.presenter import with_names
from bot.surface.replies import reply_errors
from bot.surface.table_buttons import leave_buttons
from bot.surface.text_limits import V2_TEXT
from engines import Game

MAX_LINES = 30
"""Choices listed in full; beyond that a count (a v2 message holds 4,000 characters)."""
ROOM = V2_TEXT - 300
"""The answer's characters: the rest of the message's 4,000 holds its title, its footer and the
players' names put in. Choices beyond it are counted, never cut mid-line."""
MORE = "\n… and {} more."


def _bullets(lines: list[str], room: int = ROOM) -> str:
    """The first lines that fit in ``room`` characters (``MAX_LINES`` at most), then a count."""
    shown: list[str] = []
    used = len(MORE.format(len(lines)))
    for line in lines[:MAX_LINES]:
        used += len(line) + 1
        if used > room:
            break
        shown.append(line)
    more = len(lines) - len(shown)
    return "\n".join(shown) + (MORE.format(more) if more else "")


def help_text(game: Game, seat: int | None) -> str:
    """The "?" answer for ``seat`` (None: someone who is not playing), opening with the goal."""
    parts = [game.phase_help(seat) or "No special help for this moment of the game."]
    goal = game.goal()
    if goal:
        parts.insert(0, f"**Goal:** {goal}")
    if seat is None:
        parts.append("You are watching: only the players see their choices.")
        return "\n\n".join(parts)
    choices = []
    for action in game.legal_actions(seat):
        detail = action.detail()
        choices.append(f"• **{action.label()}**" + (f" — {detail}" if detail else ""))
    heading = "**Your choices now**\n"
    room = ROOM - len("\n\n".join(parts)) - len(heading) - 2
    parts.append(heading + _bullets(choices, room) if choices else "Nothing to choose right now.")
    blocked = [f"• {u.label} — {u.reason}" for u in game.unavailable_actions(seat)]
    heading = "**Not possible now**\n"
    room = ROOM - len("\n\n".join(parts)) - len(heading) - 2
    if blocked and room > len(MORE.format(len(blocked))):
        parts.append(heading + _bullets(blocked, room))
    return "\n\n".join(parts)


def help_layout(session: Session, seat: int | None) -> Layout:
    """The answer as a v2 message, with the players' names and the move it was for.

    The answer stays under a board that moves on: its footer says which move it explains.
    Where the app is only a member's, a player's answer has **Resign…** and **Ask to abort**:
    a friend without the app can't run ``/game resign`` or ``/game abort`` there.
    """
    text = with_names(help_text(session.game, seat), session.names)
    leave = session.via_interactions and seat is not None
    return layout.message(
        f"{session.game_cls.title}: what now?",
        [text],
        colour=discord.Colour.dark_gold(),
        footer=f"As of move {session.step}: press ? again after a move",
        rows=[leave_buttons(session)] if leave else [],
    )


async def answer(sessions: SessionManager, interaction: discord.Interaction, sid: str) -> None:
    """Answer a "?" click ephemerally with the latest state, replacing the clicker's last answer.

    On the board of a game that ended unseen (outside a server, no live token), the click
    shows the ending instead.
    """
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with reply_errors(interaction, f"session={sid} help"):
        session = await sessions.store.load(sid)
        if session.status != "active" and await sessions.show_missed_ending(interaction, session):
            return
        if session.status != "active" or session.state_json is None:
            raise SessionNotFound()
        shown = help_layout(session, session.seat_of(interaction.user.id))
        await sessions.delivery.answers.send(interaction, sid, view=shown.view)
