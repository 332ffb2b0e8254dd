"""Whom a message may notify: nobody by default (the client's setting), only named players else.

discord.py's ``AllowedMentions(users=[...])`` leaves ``@everyone`` and roles on unless the client's
default turns them off, so every send that pings names its users through :func:`only`, and a
display name is neutralised before it goes into any text (``engines.safe_text``, applied to
every seat's name).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.storage.models import Session

NOBODY = discord.AllowedMentions.none()
"""The client's default: a message notifies no one unless its send says whom."""


def only(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Notify exactly these users: never everyone, a role, or the author of a replied message."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(uid) for uid in dict.fromkeys(user_ids)],
    )


def players(session: Session) -> discord.AllowedMentions:
    """Notify the people playing ``session`` (not the computer's seats)."""
    return only(s.user_id for s in session.seats if s.computer is None)
