"""Persistent components: DynamicItems parse the custom_id, the services do the work.

Registered once in ``setup_hook`` with ``add_dynamic_items``, so buttons on any message,
sent before or after a restart, keep working. ``from_custom_id`` only parses: it runs
outside our locks and must not touch the database.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, Self, cast

import discord

from bot import custom_ids, paging, phase_help, table_buttons, undo
from bot.inflight import InFlight
from bot.lifecycle import Lifecycle
from bot.lobby import Lobby
from bot.sessions import SessionManager
from bot.text_limits import BUTTON_LABEL
from engines.text import shorten


class Services(Protocol):
    """What the components need from the client (the bot sets these up in ``setup_hook``)."""

    sessions: SessionManager
    lobby: Lobby
    lifecycle: Lifecycle
    inflight: InFlight


def _bot(interaction: discord.Interaction) -> Services:
    return cast(Services, interaction.client)


class Admitted:
    """First in every component's bases: tracked while handled, refused while the bot stops."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Let the bot's :class:`InFlight` admit the click."""
        return await _bot(interaction).inflight.admit(interaction)


class ActionButton(
    Admitted, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.ACTION_TEMPLATE
):
    """A button that applies one action."""

    def __init__(self, sid: str, step: int, code: str, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(label=label, custom_id=custom_ids.action_id(sid, step, code))
        )
        self.sid, self.step, self.code = sid, step, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        return cls(match["sid"], int(match["step"]), match["code"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the action."""
        await _bot(interaction).sessions.act(interaction, self.sid, self.step, self.code)


class ActionSelect(
    Admitted, discord.ui.DynamicItem[discord.ui.Select[Any]], template=custom_ids.SELECT_TEMPLATE
):
    """A select menu whose option values are action codes."""

    def __init__(self, sid: str, step: int, n: int) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_ids.select_id(sid, step, n)))
        self.sid, self.step = sid, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        return cls(match["sid"], int(match["step"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the chosen action."""
        # A select's data has "values"; discord.py types it as any interaction's data.
        values = cast("dict[str, Any]", interaction.data or {}).get("values") or [""]
        await _bot(interaction).sessions.act(interaction, self.sid, self.step, str(values[0]))


class ConfirmButton(
    Admitted, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.CONFIRM_TEMPLATE
):
    """The "Yes" on a confirmation question: applies the move it confirms."""

    def __init__(self, sid: str, step: int, code: str) -> None:
        super().__init__(
            discord.ui.Button(label="Yes", custom_id=custom_ids.confirm_id(sid, step, code))
        )
        self.sid, self.step, self.code = sid, step, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        return cls(match["sid"], int(match["step"]), match["code"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the confirmed action."""
        await _bot(interaction).sessions.act(
            interaction, self.sid, self.step, self.code, confirmed=True
        )


class AutoPlayButton(
    Admitted, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.AUTO_PLAY_TEMPLATE
):
    """A player's toggle: play my forced moves for me even when that tells something.

    Its id carries the setting a click makes, so a double click sets it once.
    """

    def __init__(self, sid: str, on: bool) -> None:
        super().__init__(
            discord.ui.Button(label="Auto", custom_id=custom_ids.auto_play_id(sid, on))
        )
        self.sid, self.on = sid, on

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        return cls(match["sid"], match["on"] == "1")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Set the clicker's setting."""
        await _bot(interaction).sessions.set_auto_play(interaction, self.sid, self.on)


class LegacyAutoPlayButton(
    Admitted,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=custom_ids.LEGACY_AUTO_PLAY_TEMPLATE,
):
    """The toggle as posted by earlier versions (``auto:<sid>``), still on running games' messages.

    A click sets the opposite of what the clicked button showed (so a double click sets it
    once too); if the message no longer shows that button, it flips the stored setting.
    """

    def __init__(self, sid: str) -> None:
        super().__init__(
            discord.ui.Button(label="Auto", custom_id=custom_ids.legacy_auto_play_id(sid))
        )
        self.sid = sid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        return cls(match["sid"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Set the opposite of what the button showed."""
        shown = table_buttons.shown_as_on(interaction.message, self.item.custom_id or "")
        on = None if shown is None else not shown
        await _bot(interaction).sessions.set_auto_play(interaction, self.sid, on)


class HandButton(
    Admitted, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.HAND_TEMPLATE
):
    """The "My hand" button: the private view and controls, ephemerally (the DM fallback)."""

    def __init__(self, sid: str) -> None:
        super().__init__(discord.ui.Button(label="My hand", custom_id=custom_ids.hand_id(sid)))
        self.sid = sid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        return cls(match["sid"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the private view."""
        await _bot(interaction).sessions.open_hand(interaction, self.sid)


class ChallengeButton(
    Admitted, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.CHALLENGE_TEMPLATE
):
    """Accept or Decline on a challenge."""

    def __init__(self, sid: str, answer: str) -> None:
        super().__init__(
            discord.ui.Button(label=answer.title(), custom_id=custom_ids.challenge_id(sid, answer))
        )
        self.sid, self.answer = sid, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        return cls(match["sid"], match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer the challenge."""
        await _bot(interaction).lobby.answer(interaction, self.sid, self.answer)


class HelpButton(
    Admitted, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.HELP_TEMPLATE
):
    """The "?" button: the phase help and the clicker's choices, ephemerally."""

    def __init__(self, sid: str) -> None:
        super().__init__(discord.ui.Button(label="?", custom_id=custom_ids.help_id(sid)))
        self.sid = sid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        return cls(match["sid"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Explain the current phase."""
        await phase_help.answer(_bot(interaction).sessions.store, interaction, self.sid)


class UndoButton(
    Admitted, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.UNDO_TEMPLATE
):
    """The Undo button on the board of a solo game whose engine allows it."""

    def __init__(self, sid: str, step: int) -> None:
        super().__init__(
            discord.ui.Button(label="Undo last move", custom_id=custom_ids.undo_id(sid, step))
        )
        self.sid, self.step = sid, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        return cls(match["sid"], int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Take back the last move."""
        await undo.undo(_bot(interaction).sessions, interaction, self.sid, self.step)


class PageButton(
    Admitted, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.PAGE_TEMPLATE
):
    """Another page of a long list of moves ("More moves ▶", "◀ Previous moves")."""

    def __init__(self, sid: str, step: int, page: int) -> None:
        super().__init__(
            discord.ui.Button(label="More moves", custom_id=custom_ids.page_id(sid, step, page))
        )
        self.sid, self.step, self.page = sid, step, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        return cls(match["sid"], int(match["step"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show that page."""
        store = _bot(interaction).sessions.store
        await paging.turn_page(store, interaction, self.sid, self.step, self.page)


class TakeoverButton(
    Admitted, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.TAKEOVER_TEMPLATE
):
    """The waiting player's "Let the computer play <name>'s seat"."""

    def __init__(self, sid: str, seat: int, label: str = "Let the computer play") -> None:
        super().__init__(
            discord.ui.Button(
                label=shorten(label, BUTTON_LABEL), custom_id=custom_ids.takeover_id(sid, seat)
            )
        )
        self.sid, self.seat = sid, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        return cls(match["sid"], int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the absent seat to the computer."""
        await _bot(interaction).lifecycle.hand_over(interaction, self.sid, self.seat)


DYNAMIC_ITEMS = (
    ActionButton,
    ActionSelect,
    ConfirmButton,
    AutoPlayButton,
    LegacyAutoPlayButton,
    HandButton,
    ChallengeButton,
    HelpButton,
    UndoButton,
    PageButton,
    TakeoverButton,
)
