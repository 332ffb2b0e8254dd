"""Persistent components: DynamicItems parse the custom_id, the services do the work.

Registered once in ``setup_hook`` with ``add_dynamic_items``, so buttons on any message,
sent before or after a restart, keep working. ``from_custom_id`` only parses: it runs
outside our locks and must not touch the database.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Protocol, Self, cast

import discord
from discord.ext import commands

from bot.flow import paging, phase_help, undo
from bot.flow.daily import Daily
from bot.flow.heavy_budget import HeavyBudget
from bot.flow.lifecycle import Lifecycle
from bot.flow.lobby import Lobby
from bot.flow.replays import Replays
from bot.flow.sessions import SessionManager
from bot.surface import custom_ids, table_buttons
from bot.surface.inflight import InFlight
from bot.surface.layout import Layout
from bot.surface.reach import via_interactions
from bot.surface.replies import reply_errors


class Services(Protocol):
    """What the components need from the client (the bot sets these up in ``setup_hook``)."""

    sessions: SessionManager
    lobby: Lobby
    lifecycle: Lifecycle
    replays: Replays
    inflight: InFlight
    heavy: HeavyBudget
    daily: Daily


class HelpPages(Protocol):
    """The ``/help`` cog, as the page buttons need it (found by name: no import of the cog)."""

    def help_page(self, key: str = "start") -> Layout:
        """Page ``key`` of ``/help``."""
        ...


def _bot(interaction: discord.Interaction) -> Services:
    return cast(Services, interaction.client)


class Routed:
    """First in every component's bases: wraps the clicked component, admits the click.

    The handler wraps the component its message shows (label and all), so no component is
    built just to route a click; the fields of its custom id are in ``fields``.
    """

    fields: re.Match[str]

    if TYPE_CHECKING:  # DynamicItem's, next in every component's bases

        def __init__(self, item: discord.ui.Item[Any], /) -> None: ...

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Parse only."""
        routed = cls(item)
        routed.fields = match
        return routed

    def __repr__(self) -> str:
        """The kind and the session only, never the wrapped component's label or options.

        discord.py logs a failed click with its item's repr: a hand's buttons name its cards.
        """
        fields = getattr(self, "fields", None)
        sid = fields.groupdict().get("sid") if fields is not None else None
        return f"<{type(self).__name__} session={sid}>"

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Let the bot's :class:`InFlight` admit the click (refused while stopping or full).

        A click outside a server that installed the app is kept as its game's newest way in
        (``reach``): what follows it in the game goes through its token.
        """
        sid = self.fields.groupdict().get("sid")
        if sid is not None and via_interactions(interaction):
            _bot(interaction).sessions.delivery.reach.note(sid, interaction)
        return await _bot(interaction).inflight.admit(interaction)


class ActionButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.ACTION.template
):
    """A button that applies one action."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the action."""
        sid, step, code = self.fields["sid"], int(self.fields["step"]), self.fields["code"]
        await _bot(interaction).sessions.act(interaction, sid, step, code)


class ActionSelect(
    Routed, discord.ui.DynamicItem[discord.ui.Select[Any]], template=custom_ids.SELECT.template
):
    """A select menu whose option values are action codes."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the chosen action."""
        # A select's data has "values"; discord.py types it as any interaction's data.
        values = cast("dict[str, Any]", interaction.data or {}).get("values") or [""]
        sid, step = self.fields["sid"], int(self.fields["step"])
        await _bot(interaction).sessions.act(interaction, sid, step, str(values[0]))


class ConfirmButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.CONFIRM.template
):
    """The "Yes" on a confirmation question: applies the move it confirms."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the confirmed action."""
        sid, step, code = self.fields["sid"], int(self.fields["step"]), self.fields["code"]
        await _bot(interaction).sessions.act(interaction, sid, step, code, confirmed=True)


class AutoPlayButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.AUTO_PLAY.template
):
    """A player's toggle: play my forced moves for me even when that tells something.

    Its id carries the setting a click makes, so a double click sets it once.
    """

    async def callback(self, interaction: discord.Interaction) -> None:
        """Set the clicker's setting."""
        on = self.fields["on"] == "1"
        await _bot(interaction).sessions.set_auto_play(interaction, self.fields["sid"], on)


class LegacyAutoPlayButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=custom_ids.LEGACY_AUTO_PLAY.template,
):
    """The toggle as posted by earlier versions (``auto:<sid>``), still on running games' messages.

    A click sets the opposite of what the clicked button showed (so a double click sets it
    once too); if the message no longer shows that button, it flips the stored setting.
    """

    async def callback(self, interaction: discord.Interaction) -> None:
        """Set the opposite of what the button showed."""
        shown = table_buttons.shown_as_on(interaction.message, self.item.custom_id or "")
        on = None if shown is None else not shown
        await _bot(interaction).sessions.set_auto_play(interaction, self.fields["sid"], on)


class StandingButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.STANDING.template
):
    """A player's standing choice ("Pass my magic phases"); its id carries what a click sets."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Set the clicker's standing choice."""
        sid, key, on = self.fields["sid"], self.fields["key"], self.fields["on"] == "1"
        await _bot(interaction).sessions.set_standing(interaction, sid, key, on)


class CoachButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.COACH.template
):
    """A player's coach switch; its id carries the setting a click makes."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Set the clicker's coach on or off."""
        on = self.fields["on"] == "1"
        await _bot(interaction).sessions.set_coach(interaction, self.fields["sid"], on)


class CoachMoveButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.COACH_MOVE.template
):
    """The coach's suggested move: applied exactly as the move's own button applies it."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Apply the suggested action."""
        sid, step, code = self.fields["sid"], int(self.fields["step"]), self.fields["code"]
        await _bot(interaction).sessions.act(interaction, sid, step, code)


class CoachRestButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.COACH_REST.template
):
    """The coach plays the rest of the clicker's phase, one move after another."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the coach's moves to the end of the phase."""
        await _bot(interaction).sessions.coach_rest(
            interaction, self.fields["sid"], int(self.fields["step"])
        )


class HandButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.HAND.template
):
    """The "My hand" button: the private view and controls, ephemerally (the DM fallback)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the private view."""
        await _bot(interaction).sessions.open_hand(interaction, self.fields["sid"])


class ChallengeButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.CHALLENGE.template
):
    """Accept or Decline on a challenge."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer the challenge."""
        sid, answer = self.fields["sid"], self.fields["answer"]
        await _bot(interaction).lobby.answer(interaction, sid, answer)


class HelpButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.HELP.template
):
    """The "?" button: the phase help and the clicker's choices, ephemerally."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Explain the current phase."""
        await phase_help.answer(_bot(interaction).sessions, interaction, self.fields["sid"])


class UndoButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.UNDO.template
):
    """The Undo button on the board of a solo game whose engine allows it."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Take back the last move."""
        sid, step = self.fields["sid"], int(self.fields["step"])
        bot = _bot(interaction)
        await undo.undo(bot.sessions, bot.heavy, interaction, sid, step)


class PageButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.PAGE.template
):
    """Another page of a long list of moves ("More moves ▶", "◀ Previous moves")."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show that page."""
        sessions = _bot(interaction).sessions
        sid, step, at = self.fields["sid"], int(self.fields["step"]), int(self.fields["at"])
        await paging.turn_page(sessions, interaction, sid, step, at)


class LegacyPageButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=custom_ids.LEGACY_PAGE.template,
):
    """A page button posted before pages were named by a move (``custom_ids.LEGACY_PAGE``)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the first page: the page it numbered may be another list now."""
        sessions = _bot(interaction).sessions
        sid, step = self.fields["sid"], int(self.fields["step"])
        await paging.turn_page(sessions, interaction, sid, step, 0)


class TakeoverButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.TAKEOVER.template
):
    """The waiting player's "Let the computer play <name>'s seat"."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the absent seat to the computer."""
        sid, seat = self.fields["sid"], int(self.fields["seat"])
        await _bot(interaction).lifecycle.hand_over(interaction, sid, seat)


class ResignButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.RESIGN.template
):
    """The "Yes, resign" of ``/game resign`` in a rated game."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Resign, if the game is still where it was when asked."""
        sid, step = self.fields["sid"], int(self.fields["step"])
        await _bot(interaction).lifecycle.confirm_resign(interaction, sid, step)


class EndButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.END.template
):
    """The "Yes, end it" of a moderator's ``/game end``."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """End the game without a result."""
        await _bot(interaction).lifecycle.confirm_end(interaction, self.fields["sid"])


class AgreeButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.AGREE.template
):
    """**Agree** on another player's request to abort."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Agree to abort."""
        sid, step = self.fields["sid"], int(self.fields["step"])
        await _bot(interaction).lifecycle.agree(interaction, sid, step)


class QuitButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.QUIT.template
):
    """**Resign…** under a player's "?" answer outside a server: asks "Are you sure?"."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Ask before resigning."""
        await _bot(interaction).lifecycle.ask_resign(interaction, self.fields["sid"])


class AskAbortButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.ASK_ABORT.template
):
    """**Ask to abort** under a player's "?" answer outside a server."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Agree to abort, asking the other players."""
        await _bot(interaction).lifecycle.ask_abort(interaction, self.fields["sid"])


class PlayAgainButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.AGAIN.template
):
    """**Play again** under an ended game's result."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Start the same game again (a challenge, for two people)."""
        await _bot(interaction).lobby.play_again(interaction, self.fields["sid"])


class NextLessonButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.NEXT_LESSON.template
):
    """**Next lesson** under a finished lesson's "Lesson done"."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Start the game's next lesson part for the learner."""
        await _bot(interaction).lobby.next_lesson(interaction, self.fields["sid"])


class ReplayStepButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.REPLAY.template
):
    """⏮ ◀ ▶ ⏭ (and −10 / +10) under a replay: anyone who sees it may step through."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the position the button names."""
        sid, position = self.fields["sid"], int(self.fields["pos"])
        await _bot(interaction).replays.step(interaction, sid, position)


class AnimationButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.ANIMATION.template
):
    """**Animated replay** under a replay."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Post the game as an animated image."""
        await _bot(interaction).replays.animate(interaction, self.fields["sid"])


class HelpPageButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.HELP_PAGE.template
):
    """A ``/help`` page's button: the same message turns to that page."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the page."""
        client = cast(commands.Bot, interaction.client)
        shown = cast(HelpPages, client.get_cog("GeneralCog")).help_page(self.fields["key"])
        await interaction.response.edit_message(**shown.kwargs(edit=True))


class DailyHereButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=custom_ids.DAILY_HERE.template
):
    """**Play it here** under the answer that the day's deal could not go to the member's DM."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Start the day's deal in this channel, as the member chose."""
        async with reply_errors(interaction, "daily here"):
            await _bot(interaction).daily.play(interaction, self.fields["game"], here=True)


DYNAMIC_ITEMS = (
    ActionButton,
    ActionSelect,
    ConfirmButton,
    AutoPlayButton,
    LegacyAutoPlayButton,
    StandingButton,
    CoachButton,
    CoachMoveButton,
    CoachRestButton,
    HandButton,
    ChallengeButton,
    HelpButton,
    UndoButton,
    PageButton,
    LegacyPageButton,
    TakeoverButton,
    ResignButton,
    EndButton,
    AgreeButton,
    QuitButton,
    AskAbortButton,
    PlayAgainButton,
    NextLessonButton,
    ReplayStepButton,
    AnimationButton,
    HelpPageButton,
    DailyHereButton,
)
