"""/game status | log | resign | abort | end | replay: shared by every game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import presenter
from bot.errors import SessionNotFound, UserFacingError

if TYPE_CHECKING:
    from bot.client import TabletopBot


LOG_CHOICES = [
    app_commands.Choice(name="the game running here (default)", value="current"),
    app_commands.Choice(name="the last game that ended here", value="last"),
]


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game", group_description="The game in this channel"):
    """Commands about the game running in this channel."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(description="Show the current board (only to you)")
    async def status(self, interaction: discord.Interaction) -> None:
        """Post the public board ephemerally, with a pointer to the live message."""
        session = await self.bot.lifecycle.live_session(interaction.channel_id)
        if session.state_json is None:
            raise UserFacingError("The challenge has not been accepted yet.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        recent = await self.bot.store.recent_events(session.id)
        msg = await presenter.board(session, recent)
        msg.view = None
        await interaction.followup.send(ephemeral=True, **msg.kwargs())

    @app_commands.command(description="The public log of the game in this channel")
    @app_commands.describe(which="The running game (default) or the last one that ended here")
    @app_commands.choices(which=LOG_CHOICES)
    async def log(self, interaction: discord.Interaction, which: str = "current") -> None:
        """The public events, with the players' names (never anyone's hidden cards)."""
        channel_id = interaction.channel_id or 0
        session = None if which == "last" else await self.bot.store.live_in_channel(channel_id)
        if session is None:
            session = await self.bot.store.latest_ended_in_channel(channel_id)
        if session is None:
            raise UserFacingError("No game has been played in this channel yet.")
        rows = await self.bot.store.action_log(session.id)
        lines = [t for _, _, events in rows for t in events][-40:]
        text = "\n".join(f"• {t}" for t in lines) or "Nothing has happened yet."
        text = presenter.with_names(text, session.names)
        title = f"{session.game_cls.title} — {' vs '.join(session.names)}"
        if session.status != "active":
            title += " (ended)"
        embed = discord.Embed(title=title, description=text[-4000:])
        embed.set_footer(text=f"Session {session.id}")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(description="Give up the game in this channel")
    async def resign(self, interaction: discord.Interaction) -> None:
        """Resign: the other players win."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.bot.lifecycle.resign(interaction.channel_id, interaction.user.id)
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(description="Abort the game (all players agree, or Manage Server)")
    async def abort(self, interaction: discord.Interaction) -> None:
        """Abort without a result."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.bot.lifecycle.abort(
            interaction.channel_id, interaction.user.id, _manages_server(interaction)
        )
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(description="End any game in this server (Manage Server only)")
    @app_commands.describe(session="Session id (default: the game in this channel)")
    async def end(self, interaction: discord.Interaction, session: str | None = None) -> None:
        """A server admin ends a game without a result (recorded as aborted)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.bot.lifecycle.end(
            interaction.guild_id, interaction.channel_id, session, _manages_server(interaction)
        )
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(description="Re-run a finished game from its seed and moves")
    @app_commands.describe(session="Session id (default: the last finished game here)")
    async def replay(self, interaction: discord.Interaction, session: str | None = None) -> None:
        """Prove the shuffle was fair: same seed, same moves, same result."""
        if session:
            try:
                found = await self.bot.store.load(session.strip().lower())
            except SessionNotFound:
                found = None
            if (
                found is None
                or found.guild_id != interaction.guild_id
                or found.status != "finished"
            ):
                raise UserFacingError("No finished game with that id in this server.")
        else:
            found = await self.bot.store.latest_ended_in_channel(interaction.channel_id or 0)
            if found is None:
                raise UserFacingError("No finished game in this channel yet.")
        await interaction.response.defer(thinking=True)
        report = await self.bot.lifecycle.replay(found)
        verdict = "the same final state ✅" if report.matches else "a DIFFERENT final state ❌"
        await interaction.followup.send(
            f"Replayed session `{report.session_id}` from seed `{found.seed}` "
            f"(SHA-256 `{presenter.seed_hash(found.seed)}`) and {report.actions} moves: "
            f"{verdict}. {presenter.with_names(report.summary, found.names)}"
        )


def _manages_server(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GameCog(bot))
