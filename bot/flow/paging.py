"""The "More moves ▶" / "◀ Previous moves" buttons: another page of a long list of moves.

Only the clicked message's components change (the image stays); nothing in the game does.
"""

from __future__ import annotations

import discord

from bot.errors import NotInGame
from bot.storage.refusals import SessionNotFound, StaleButton
from bot.storage.store import SessionStore
from bot.surface import presenter
from bot.surface.replies import reply_errors


async def turn_page(
    store: SessionStore, interaction: discord.Interaction, sid: str, step: int, page: int
) -> None:
    """Show page ``page`` of the clicker's moves in the message they clicked (in the answer)."""
    async with reply_errors(interaction, f"session={sid} page"):
        session = await store.load(sid)
        if session.status != "active" or session.game.is_over:
            raise SessionNotFound()
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            raise NotInGame()
        if step < session.seats[seat].prompt_step or step > session.step:
            raise StaleButton(session.game_id)  # a DM left as it was keeps its moves' step
        message = interaction.message
        on_board = message is not None and message.id == session.message_id
        view = (
            presenter.board_components(session, page)
            if on_board
            else presenter.private_components(session, seat, page)
        )
        await interaction.response.edit_message(view=view)
