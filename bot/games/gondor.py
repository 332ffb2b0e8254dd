"""/gondor challenge | rules | map | legend | move | fire | attack | cast | breach | rally."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.errors import UserFacingError
from bot.flow.lobby import DEFAULT_LEVEL
from bot.games import gondor_orders as orders
from bot.games.base import GameCommands, GameFacts, opponent_and_level
from bot.storage.store import Session
from bot.surface import presenter, render_pool
from engines import Game
from engines.gondor.plugin import PLUGIN
from engines.gondor.state import SEATS
from engines.gondor.views import game_map

if TYPE_CHECKING:
    from bot.client import TabletopBot

GAME = "gondor"
COLOUR = discord.Colour.from_rgb(70, 90, 140)
SIDES = [
    app_commands.Choice(name="Sauron (moves first)", value="sauron"),
    app_commands.Choice(name="Westernesse (defends Minas Tirith)", value="westernesse"),
]
SIDE_NAMES = {"sauron": "Sauron", "westernesse": "Westernesse"}
Choices = list[app_commands.Choice[str]]
FACTS = GameFacts(
    plugin=PLUGIN,
    colour=COLOUR,
    lesson="guided games as Sauron, then Westernesse",
    parts="1: the goal, a first Game-Turn; 2: the siege, a combat; 3: Westernesse, magic, defence",
)


class GondorCog(
    GameCommands, group_name="gondor", group_description="Gondor", game=FACTS, anywhere=True
):
    """Gondor: The Siege of Minas Tirith, a hex wargame for two."""

    start_here = (
        "`/gondor learn` — **Gondor**, for two: a wargame on a hex map, the siege of Minas "
        "Tirith in 16 turns. Two hours or more."
    )
    help_text = (
        "`/gondor challenge opponent:@user [side]` — the siege of Minas Tirith for two (you play "
        "Sauron unless you pick Westernesse; no opponent: you play the computer, `level:` easy, "
        "normal or hard). Orders by buttons in your DMs (or **My hand**) or typed: "
        "`/gondor move unit to`, `/gondor fire|attack|cast|breach|rally unit target`; "
        "`/gondor map [around:hex]` shows the map, `/gondor legend` what its symbols mean, "
        "`/gondor learn` plays a guided first Game-Turn (`part:2`: the siege and a combat; "
        "`part:3`: Westernesse, Gandalf's magic and the defence), "
        "`/gondor rules` how to play."
    )

    # ---- starting and reading ----------------------------------------------------------------
    @app_commands.command(description="Challenge someone to the siege of Minas Tirith")
    @app_commands.describe(side="Your side (default: Sauron)")
    @app_commands.choices(side=SIDES)
    @opponent_and_level
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User | None = None,
        side: str = "sauron",
        level: str = DEFAULT_LEVEL,
    ) -> None:
        """Post a challenge; the challenger's side decides the seats (Sauron is seat 0)."""
        seat = SEATS.index(side)  # type: ignore[arg-type]
        other = SEATS[1 - seat]
        terms = None
        if opponent is not None:
            terms = (
                f"{interaction.user.mention} plays **{SIDE_NAMES[side]}**, "
                f"{opponent.mention} plays **{SIDE_NAMES[other]}**."
            )
        await self.bot.lobby.challenge(
            interaction, GAME, opponent, seat=seat, terms=terms, level=level
        )

    @app_commands.command(description="The map of the game here, whole or around a hex")
    @app_commands.describe(around="A hex to zoom on, e.g. 1903 (default: the whole map)")
    async def map(self, interaction: discord.Interaction, around: str | None = None) -> None:
        """Only to you: players see their own view, everyone else what the table sees."""
        hex_id = orders.known_hex(around) if around else None
        session = await self._session(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        seat = session.seat_of(interaction.user.id)
        view = presenter.whole(session.game.view(seat))
        if hex_id:
            view["focus"] = [hex_id]
        file = await presenter.image(session, view, "map.png")
        where = f"around {hex_id}" if hex_id else "the whole map"
        whose = "your view" if seat is not None else "what the table sees"
        embed = discord.Embed(title=f"Gondor — {where} ({whose})", colour=COLOUR)
        embed.set_image(url="attachment://map.png")
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)

    @app_commands.command(description="What the map's symbols, colours and rings mean")
    async def legend(self, interaction: discord.Interaction) -> None:
        """The key to the map, only to you (the same for everyone, with or without a game)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        places = sorted(game_map().labels.items())
        picture = await render_pool.picture(GAME, {"legend": True, "places": places})
        file = discord.File(io.BytesIO(picture.png), filename="legend.png", description=picture.alt)
        embed = discord.Embed(title="Gondor — the key to the map", colour=COLOUR)
        embed.set_image(url="attachment://legend.png")
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)

    # ---- typed orders ---------------------------------------------------------------------------
    @app_commands.command(description="Move a group: pick it, then where it goes")
    @app_commands.describe(unit="The counter or stack to move", to="The hex it moves to")
    async def move(self, interaction: discord.Interaction, unit: str, to: str) -> None:
        """Select the group and move it, as one move."""
        await self._order(interaction, orders.move_plan(unit, to))

    @move.autocomplete("unit")
    async def _move_unit(self, interaction: discord.Interaction, current: str) -> Choices:
        found = await self._player_game(interaction)
        return orders.unit_choices(*found, current) if found else []

    @move.autocomplete("to")
    async def _move_to(self, interaction: discord.Interaction, current: str) -> Choices:
        found = await self._player_game(interaction)
        unit = str(getattr(interaction.namespace, "unit", "") or "")
        return orders.to_choices(*found, unit, current) if found else []

    @app_commands.command(description=orders.COMMANDS["fire"])
    @app_commands.describe(unit="Who shoots", target="At what")
    async def fire(self, interaction: discord.Interaction, unit: str, target: str) -> None:
        """A missile fire order."""
        await self._order(interaction, orders.order_plan("fire", unit, target))

    @app_commands.command(description=orders.COMMANDS["attack"])
    @app_commands.describe(unit="Who attacks", target="Whom")
    async def attack(self, interaction: discord.Interaction, unit: str, target: str) -> None:
        """A melee order."""
        await self._order(interaction, orders.order_plan("attack", unit, target))

    @app_commands.command(description=orders.COMMANDS["cast"])
    @app_commands.describe(unit="The leader who casts", target="The spell and its target")
    async def cast(self, interaction: discord.Interaction, unit: str, target: str) -> None:
        """A spell."""
        await self._order(interaction, orders.order_plan("cast", unit, target))

    @app_commands.command(description=orders.COMMANDS["breach"])
    @app_commands.describe(unit="The catapult or ram", target="The hexside")
    async def breach(self, interaction: discord.Interaction, unit: str, target: str) -> None:
        """A breach attempt."""
        await self._order(interaction, orders.order_plan("breach", unit, target))

    @app_commands.command(description=orders.COMMANDS["rally"])
    @app_commands.describe(unit="The leader", target="The disrupted unit")
    async def rally(self, interaction: discord.Interaction, unit: str, target: str) -> None:
        """A rally attempt."""
        await self._order(interaction, orders.order_plan("rally", unit, target))

    @fire.autocomplete("unit")
    @attack.autocomplete("unit")
    @cast.autocomplete("unit")
    @breach.autocomplete("unit")
    @rally.autocomplete("unit")
    async def _order_unit(self, interaction: discord.Interaction, current: str) -> Choices:
        found = await self._player_game(interaction)
        command = _command_name(interaction)
        return orders.actor_choices(*found, command, current) if found else []

    @fire.autocomplete("target")
    @attack.autocomplete("target")
    @cast.autocomplete("target")
    @breach.autocomplete("target")
    @rally.autocomplete("target")
    async def _order_target(self, interaction: discord.Interaction, current: str) -> Choices:
        found = await self._player_game(interaction)
        command = _command_name(interaction)
        unit = str(getattr(interaction.namespace, "unit", "") or "")
        return orders.target_choices(*found, command, unit, current) if found else []

    # ---- helpers ------------------------------------------------------------------------------
    async def _session(self, interaction: discord.Interaction) -> Session:
        """The running Gondor game in this channel, or a friendly refusal."""
        session = await self.bot.store.live_in_channel(interaction.channel_id or 0)
        if session is None or session.game_id != GAME:
            raise UserFacingError("No game of Gondor is running in this channel.")
        if session.state_json is None:
            raise UserFacingError("The challenge has not been accepted yet.")
        return session

    async def _player_game(self, interaction: discord.Interaction) -> tuple[Game, int] | None:
        """(game, seat) for an autocomplete by a player of this channel's game, else None."""
        try:
            session = await self._session(interaction)
        except UserFacingError:
            return None
        seat = session.seat_of(interaction.user.id)
        return None if seat is None else (session.game, seat)

    async def _order(self, interaction: discord.Interaction, plan: orders.Plan) -> None:
        session = await self._session(interaction)
        await self.bot.sessions.order(interaction, session.id, plan)


def _command_name(interaction: discord.Interaction) -> str:
    """The order command an autocomplete is for ("fire", "attack", ...)."""
    command = interaction.command
    return command.name if command is not None else ""


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GondorCog(bot))
