"""The commands games share: ``learn``, ``rules``, ``card`` and ``daily``, from the game's facts.

A game's command group derives from ``GameCommands`` and names its facts as a class argument::

    class ChessCog(GameCommands, group_name="chess", group_description="Chess", game=FACTS): ...

Discord registers commands from the class, so these commands are made per game (their
descriptions name the game) and set on the class before discord.py collects its commands. Their
callbacks are methods of ``GameCommands``, shared by every game: discord.py calls each with the
game's own cog, whose ``facts`` say which game it is. The facts take the game's id and title
from its plugin (``engines.plugins``); the bot loads the module its plugin names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.flow import daily
from bot.flow.lobby import LEVEL_CHOICES, LEVEL_HELP, OPPONENT_HELP, lesson_choices
from bot.surface.lookup import card_choices, send_card
from bot.surface.rules import how_to_play, send_long
from engines.plugins import GamePlugin

if TYPE_CHECKING:
    from bot.client import TabletopBot

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class CardLookup:
    """The ``card`` command's wording: its description and the ``name:`` option's help."""

    description: str
    name_help: str


@dataclass(frozen=True)
class GameFacts:
    """What the shared commands know of a game."""

    plugin: GamePlugin
    """The game's declaration: its id, and its title in "How to play …" and "Learn …"."""
    colour: discord.Colour
    lesson: str
    """What ``learn`` plays, in "Learn <title>: <lesson>, step by step"."""
    parts: str | None = None
    """The ``part:`` option's help, for a game of several lessons; ``None``: one lesson."""
    card: CardLookup | None = None
    """The ``card`` lookup, for a game with cards to look up."""

    @property
    def game_id(self) -> str:
        """The game's id."""
        return self.plugin.id

    @property
    def title(self) -> str:
        """The game's name."""
        return self.plugin.title


def opponent_and_level(func: F) -> F:
    """The options every challenge shares: ``opponent`` and the computer's ``level``."""
    described = app_commands.describe(opponent=OPPONENT_HELP, level=LEVEL_HELP)(func)
    return app_commands.choices(level=LEVEL_CHOICES)(described)


class GameCommands(commands.GroupCog):
    """A game's command group: ``learn``, ``rules`` and (with cards) ``card`` come with it.

    ``anywhere``: the group is offered where the app is installed to a member too (their DMs
    and group DMs with friends), for both installs; else only in servers that added the bot.
    """

    facts: ClassVar[GameFacts]

    def __init_subclass__(cls, *, game: GameFacts, anywhere: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if anywhere:
            app_commands.allowed_installs(guilds=True, users=True)(cls)
            app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(cls)
        else:
            app_commands.guild_only()(cls)
        cls.facts = game
        for name, command in shared_commands(game).items():
            command.module = cls.__module__  # the game's extension owns it
            setattr(cls, name, command)

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    async def _learn_command(self, interaction: discord.Interaction) -> None:
        """The lesson, for this member only, unrated."""
        await self.bot.lobby.start_lesson(interaction, self.facts.game_id)

    async def _learn_part_command(self, interaction: discord.Interaction, part: int = 1) -> None:
        """One part of the lessons, for this member only, unrated."""
        await self.bot.lobby.start_lesson(interaction, self.facts.game_id, part)

    async def _rules_command(self, interaction: discord.Interaction) -> None:
        """The whole player-facing rules, ephemerally."""
        facts = self.facts
        title = f"{facts.title}: how to play"
        await send_long(interaction, title, how_to_play(facts.game_id), facts.colour)

    async def _card_command(self, interaction: discord.Interaction, name: str) -> None:
        """One card, only to you."""
        await send_card(interaction, self.facts.game_id, name, self.facts.colour)

    async def _daily_command(
        self, interaction: discord.Interaction, action: str = daily.PLAY
    ) -> None:
        """Today's deal, the day's boards, or the member's naming on them."""
        group = str(self.__cog_group_name__)
        await self.bot.daily.command(interaction, self.facts.game_id, group, action)

    async def _card_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return card_choices(self.facts.game_id, current)


def daily_command(game: GameFacts) -> app_commands.Command[Any, ..., None]:
    """``daily``: the same deal for every player on a UTC day, one attempt, and its boards."""
    command = app_commands.Command(
        name="daily",
        description=f"Today's {game.title} deal: the same for everyone, one attempt",
        callback=GameCommands._daily_command,
    )
    command = app_commands.describe(action="What to do (default: play today's deal)")(command)
    choices = [app_commands.Choice(name=text, value=key) for key, text in daily.ACTIONS.items()]
    return app_commands.choices(action=choices)(command)


def shared_commands(game: GameFacts) -> dict[str, app_commands.Command[Any, ..., None]]:
    """``learn``, ``card`` (cards to look up), ``daily`` (a daily deal) and ``rules``."""
    made: dict[str, app_commands.Command[Any, ..., None]] = {}
    learn_text = f"Learn {game.title}: {game.lesson}, step by step"
    if game.parts is None:
        made["learn"] = app_commands.Command(
            name="learn", description=learn_text, callback=GameCommands._learn_command
        )
    else:
        learn = app_commands.Command(
            name="learn", description=learn_text, callback=GameCommands._learn_part_command
        )
        learn = app_commands.describe(part=game.parts)(learn)
        made["learn"] = app_commands.choices(part=lesson_choices(game.game_id))(learn)
    if game.card is not None:
        card = app_commands.Command(
            name="card", description=game.card.description, callback=GameCommands._card_command
        )
        card.autocomplete("name")(GameCommands._card_names)
        made["card"] = app_commands.describe(name=game.card.name_help)(card)
    if game.plugin.daily:
        made["daily"] = daily_command(game)
    made["rules"] = app_commands.Command(
        name="rules", description=f"How to play {game.title}", callback=GameCommands._rules_command
    )
    return made
