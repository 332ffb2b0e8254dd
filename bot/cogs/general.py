"""/leaderboard and /help."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import ai
import engines
from bot.games.base import GameCommands
from bot.storage.db import Database
from bot.storage.leaderboard import SoloStanding, computer_records, solo_standings, standings
from bot.surface.acknowledge import read_first, send
from bot.surface.rules import send_long
from bot.surface.text_limits import OPTION_LABEL, fit_embed
from engines import plugins
from engines.text import plural, shorten

if TYPE_CHECKING:
    from bot.client import TabletopBot

GAME_CHOICES = [
    app_commands.Choice(name=shorten(engines.get_game(gid).title, OPTION_LABEL), value=gid)
    for gid in engines.game_ids()
]

HELP = """\
**Start here**: each game's lesson is a guided first game of a few minutes, with the real
buttons; then a real game is one click away. Lessons never count on the leaderboard.
{start}

**Start a game**
{games}
Every option of a start command has a default, so {solo_starts} alone
is enough. Each game's `rules` command shows its complete rules here in Discord.

**Against the computer**: leave out `opponent:` in a two-player game's `challenge` (or pick
the bot); `level:` easy, normal (default) or hard. Such games are unrated.

**During a game** (one game per channel)
Two-player games: your private cards and your controls come by direct message. If your DMs are
closed, press **My hand** on the board: only you see the answer.
Solo games: your controls are on the board, and only you can press them; **My hand** shows
what only you may see. Some solo games offer **Undo last move** (the leaderboard notes it).
`/game hint` ({hinted}) suggests your best move with each move's chance to win;
the leaderboard marks games with hints 💡.
Press **?** on the board or on your cards for what the current phase is about and what each of
your choices does (and why a move is not possible now).
`/game status` · `/game log` (`last`: the game that just ended) · `/game resign` (a rated game
asks first) · `/game abort` (all players agree: the others get an **Agree** button) ·
`/game replay` (re-run a finished game from its published seed, then step through it or
watch it animated) ·
`/game review` (after a game: each player's chance move by move, and the three costliest
moves with what the computer would have played). Every ending is announced in
the channel, and **Play again** under it starts the same game (two players: sides swapped).
Members with Manage Server: `/game end` ends any game in the server without a result (after a
confirmation);
`/game settings` shows (anyone) or changes whether an absent player's seat may go to the computer.

**Standings**
`/leaderboard game:<game>` — two-player games: wins, losses, draws and Glicko-2 rating on this
server, then each player's unrated record against the computer by level; solo games: best score
and wins (💡: games with hints).
`/stats` — this server's games, most active players and win streaks; `member:` (you or anyone)
their games: played, won, lost and drawn per game, best solo scores, ratings with their history
drawn, favourite opponents; `game:` one game only.

**Tournaments** (two-player games)
`/tournament create` (Manage Server, or the role set in `/game settings`): Swiss or round
robin, a time per round, rated or not. `/tournament join` · `/tournament leave` ·
`/tournament start` · `/tournament standings` · `/tournament cancel`. Each round's games get
their own threads; a game not finished in its round's time is a forfeit.
"""


EMPTY = "No finished games yet. Be the first!"
NO_RATED = "No rated games yet: challenge a member to get a rating."
UNCERTAINTY = "± is the rating's uncertainty: it narrows as a player plays more rated games."


async def versus_table(db: Database, guild_id: int, game: str) -> str:
    """Wins, losses, draws and Glicko-2 rating; then the unrated games against the computer."""
    rows = await standings(db, guild_id, game)
    records = await computer_records(db, guild_id, game)
    text = "\n".join(
        f"**{i}.** <@{r.user_id}> — {r.wins}W {r.losses}L {r.draws}D"
        + (f" · rating {r.rating:.0f} ±{r.rd:.0f}" if r.rating is not None else "")
        for i, r in enumerate(rows, 1)
    ) or (NO_RATED if records else EMPTY)
    if any(r.rating is not None for r in rows):
        text += f"\n{UNCERTAINTY}"
    if records:
        text += "\n\n**Against the computer** (unrated)\n" + "\n".join(
            f"<@{r.user_id}> vs {r.level} — {r.wins}W {r.losses}L {r.draws}D" for r in records
        )
    return text


async def solo_table(
    db: Database, guild_id: int, game: str, option: tuple[str, str] | None = None
) -> str:
    """Games, wins, best score and challenge completions; 💡 marks games with hints."""
    rows = await solo_standings(db, guild_id, game, option=option)
    return (
        "\n".join(
            f"**{i}.** <@{r.user_id}> — best {r.best_score or 0:g}{_hinted_best(r)}"
            f" · {r.wins}/{r.games} games won"
            + (f" · {r.challenge_wins} Allstar" if r.challenge_wins else "")
            + (f" · {plural(r.undo_games, 'game')} with Undo" if r.undo_games else "")
            + (f" · {plural(r.hint_games, 'game')} with hints 💡" if r.hint_games else "")
            for i, r in enumerate(rows, 1)
        )
        or EMPTY
    )


def _hinted_best(row: SoloStanding) -> str:
    """A 💡 after a best score reached only in games with hints, and the best without."""
    if not row.hint_games or (row.best_unhinted or 0) >= (row.best_score or 0):
        return ""
    if row.best_unhinted is None:
        return " 💡 (with hints)"
    return f" 💡 (with hints; {row.best_unhinted:g} without)"


def solo_starts(cogs: Iterable[commands.Cog]) -> list[str]:
    """The solo games' start commands (`/galdor start`), from their command groups."""
    return [
        f"`/{cog.app_command.name} start`"
        for cog in cogs
        if isinstance(cog, GameCommands)
        and cog.app_command is not None
        and plugins.plugin(cog.facts.game_id).seats == "solo"
    ]


class GeneralCog(commands.Cog):
    """Commands that are not about one game in particular."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(description="This server's standings for a game")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        """Top players by rating (two-player games) or wins and best score (solo games)."""
        cls = engines.get_game(game)
        title = f"{cls.title} — leaderboard"
        table = solo_table if cls.max_players == 1 else versus_table
        async with read_first(interaction, ephemeral=False), self.bot.store.reading():
            text = await table(self.bot.db, interaction.guild_id or 0, game)  # committed only
        embed = fit_embed(
            discord.Embed(title=title, description=text, colour=discord.Colour.dark_gold())
        )
        await send(interaction, embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="help", description="How to use the tabletop bot")
    async def help_(self, interaction: discord.Interaction) -> None:
        """The command list."""
        cogs = self.bot.cogs.values()
        start = [getattr(cog, "start_here", "") for cog in cogs]
        games = [getattr(cog, "help_text", "") for cog in cogs]
        text = HELP.format(
            start="\n".join(s for s in start if s),
            games="\n".join(g for g in games if g),
            solo_starts=" or ".join(solo_starts(cogs)),
            hinted=", ".join(p.name for p in plugins.plugins() if ai.hints_for(p.id)),
        )
        await send_long(interaction, "Tabletop games", text, discord.Colour.dark_gold())


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GeneralCog(bot))
