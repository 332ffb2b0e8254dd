"""The "More moves ▶" / "◀ Previous moves" buttons: another page of a long list of moves.

Only the clicked message's components change (the image stays); nothing in the game does.
A page button names its page by a move it holds (``custom_ids.PAGE``): pressed on an older
copy of the message, laid out otherwise since, it still opens the list its label named.
A page button of an earlier position redraws its message as the game stands instead
(``SessionManager.redraw_clicked``): the moves it paged through are gone.
"""

from __future__ import annotations

import discord

from bot.errors import NotInGame
from bot.flow.sessions import SessionManager
from bot.storage.refusals import SessionNotFound
from bot.surface import layout, presenter
from bot.surface.acknowledge import deadline, edit_clicked
from bot.surface.replies import reply_errors


async def turn_page(
    sessions: SessionManager, interaction: discord.Interaction, sid: str, step: int, at: int
) -> None:
    """Show the clicker's moves in the message they clicked (in the answer).

    The page shown holds move ``at`` (0: the first page): ``controls.build_view``.
    """
    async with (
        deadline(interaction),  # a loaded machine: deferred, then edited, never lost
        reply_errors(interaction, f"session={sid} page"),
    ):
        session = await sessions.store.load(sid)
        if session.status != "active" or session.game.is_over:
            raise SessionNotFound()
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            raise NotInGame()
        if step < session.seats[seat].prompt_step or step > session.step:
            await sessions.redraw_clicked(interaction, sid)
            return
        message = interaction.message
        on_board = message is not None and message.id == session.message_id
        if on_board:
            view = presenter.board_components(session, at)
        else:  # the coach's move stays beside the page; a redraw here keeps the page
            tip = sessions.delivery.tips.current(session, seat)
            view = presenter.private_components(session, seat, at, tip=tip)
            if message is not None:
                sessions.delivery.page_turned(message.id, session.step, at)
        if message is not None:  # the bot's newest version of it: the click's copy may be older
            message = sessions.delivery.pictures.last(message.id) or message
        shown = view if message is None else layout.with_rows(message, view)
        edited = await edit_clicked(interaction, shown)
        if edited is not None:
            sessions.delivery.pictures.edited(edited)
