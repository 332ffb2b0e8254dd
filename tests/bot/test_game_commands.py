"""The shared command base: each game group gets ``learn``, ``rules`` and ``card`` from facts."""

from __future__ import annotations

import importlib
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.games.base import CardLookup, GameCommands, GameFacts
from engines.plugins import GamePlugin
from tests.plugin_game import installed


@pytest.fixture(scope="module")
def hopscotch():
    """The test game's command module: it declares facts and its ``start``, no shared command."""
    with installed():
        yield importlib.import_module("tiny_game.commands")


class Lobby:
    def __init__(self) -> None:
        self.lessons: list[tuple[Any, ...]] = []

    async def start_lesson(self, interaction: object, game_id: str, part: int = 1) -> None:
        self.lessons.append((game_id, part))


def group_of(cog_class: type[GameCommands], bot: object) -> app_commands.Group:
    group = cog_class(bot).app_command  # type: ignore[arg-type]
    assert group is not None
    return group


def subcommand(group: app_commands.Group, name: str) -> app_commands.Command[Any, ..., Any]:
    command = group.get_command(name)
    assert isinstance(command, app_commands.Command), name
    return command


async def test_a_game_declaring_only_its_facts_gets_learn_and_rules(hopscotch):
    lobby = Lobby()
    cog = hopscotch.HopscotchCog(SimpleNamespace(lobby=lobby))
    group = cog.app_command
    assert group is not None and group.name == "hopscotch" and group.guild_only
    assert {c.name for c in group.commands} == {"learn", "rules", "start"}  # no cards: no card
    learn = subcommand(group, "learn")
    assert learn.description == "Learn Hopscotch: a first hop, step by step"
    assert learn.parameters == []  # one lesson: no part option
    assert subcommand(group, "rules").description == "How to play Hopscotch"
    assert learn.binding is cog
    await learn.callback(cog, object())  # type: ignore[call-arg]
    assert lobby.lessons == [("hopscotch", 1)]


def declared(game_id: str, title: str) -> GamePlugin:
    """A plugin record for commands alone (nothing of it is imported)."""
    return GamePlugin(
        id=game_id,
        title=title,
        seats="solo",
        controls="channel",
        engine="",
        renderer="",
        commands="",
        order=99,
    )


def test_a_game_with_cards_gets_card_with_its_wording():
    facts = GameFacts(
        plugin=declared("tiny", "Tiny"),
        colour=discord.Colour.blue(),
        lesson="a guided first move",
        card=CardLookup(description="Look up one Tiny card", name_help="The card's name"),
    )

    class TinyCog(GameCommands, group_name="tiny", group_description="Tiny", game=facts):
        pass

    group = group_of(TinyCog, SimpleNamespace())
    assert {c.name for c in group.commands} == {"learn", "rules", "card"}
    card = subcommand(group, "card")
    assert card.description == "Look up one Tiny card"
    [name] = card.parameters
    assert (name.name, name.description, name.autocomplete) == ("name", "The card's name", True)


def test_a_game_of_several_lessons_gets_part_and_one_without_cards_no_card():
    facts = GameFacts(
        plugin=declared("gondor", "Tiny"), colour=discord.Colour.blue(), lesson="l", parts="Which"
    )

    class PartsCog(GameCommands, group_name="parts", group_description="Parts", game=facts):
        pass

    group = group_of(PartsCog, SimpleNamespace())
    assert {c.name for c in group.commands} == {"learn", "rules"}
    [part] = subcommand(group, "learn").parameters
    assert (part.name, part.description, part.default, part.required) == ("part", "Which", 1, False)
    assert [c.value for c in part.choices] == [1, 2, 3]


EXPECTED = {
    "knightfall": (
        "Learn Knightfall: a guided first round, step by step",
        "Look up one Knightfall card: its picture and full text",
    ),
    "galdors_grip": (
        "Learn Galdor's Grip: a guided first game, step by step",
        "Look up one Galdor's Grip card: its picture and full text",
    ),
    "gondolin": (
        "Learn Gondolin Cards: a guided first game, step by step",
        "Look up one Gondolin card: its picture and full text",
    ),
    "guardians": (
        "Learn Guardians: a guided game, step by step",
        "Look up a Guardians card, Guardian or Stronghold set",
    ),
    "gondor": ("Learn Gondor: guided games as Sauron, then Westernesse, step by step", None),
}


@pytest.mark.parametrize("game_id", sorted(EXPECTED))
def test_every_game_group_takes_its_shared_commands_from_the_base(game_id):
    module = importlib.import_module(f"bot.games.{game_id}")
    [cog_class] = [
        v
        for v in vars(module).values()
        if isinstance(v, type) and v.__module__ == module.__name__ and issubclass(v, GameCommands)
    ]
    assert cog_class.facts.game_id == game_id
    group = group_of(cog_class, SimpleNamespace(db=None))
    learn_text, card_text = EXPECTED[game_id]
    assert subcommand(group, "learn").description == learn_text
    assert subcommand(group, "rules").description == f"How to play {cog_class.facts.title}"
    card = group.get_command("card")
    assert (card.description if card else None) == card_text
    for command in group.commands:  # the shared ones are not written again in the module
        if command.name in ("learn", "rules", "card"):
            assert isinstance(command, app_commands.Command)
            assert command.callback.__module__ == "bot.games.base"
