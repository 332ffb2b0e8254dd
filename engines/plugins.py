"""Each game is one plugin: a frozen record of every fact the shared code needs about it.

A game declares its ``PLUGIN`` once, in ``engines/<game_id>/plugin.py``, and registers it with
one line in ``pyproject.toml``'s ``[project.entry-points."tabletop_bot.games"]`` table; the
registry below reads that group through ``importlib.metadata``, so a game could equally ship
as a package of its own. The record holds plain data and module paths as strings (imported by
whoever needs them), so this module imports nothing of the renderers, the computer or the bot
(docs/design/architecture.md, "Games are plugins"). Every process reads the registry (the
drawing workers too), so a plugin module and its package's ``__init__`` import nothing heavy:
the engine comes with the first use of ``GAME``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from types import MappingProxyType
from typing import Literal

GROUP = "tabletop_bot.games"
"""The entry-point group every game registers its ``PLUGIN`` under."""


@dataclass(frozen=True)
class Budget:
    """A search budget as plain data; ``ai.levels.Level`` takes the same fields and a name."""

    simulations: int
    horizon: int | None
    smart_playouts: bool
    candidates: int | None = None
    policy_margin: float | None = None
    random_share: float = 0.0
    own_moves: bool = False


@dataclass(frozen=True)
class Budgets:
    """The computer's budgets for one game; None or absent: the shared defaults."""

    levels: Mapping[str, Budget] = field(default_factory=lambda: MappingProxyType({}))
    """Tuned ``easy`` / ``normal`` / ``hard`` levels (a game whose moves cost more)."""
    hint: Budget | None = None
    """The hint's budget; a game has ``/game hint`` exactly when it has one."""
    review: Budget | None = None
    """What ``/game review`` spends on each move."""
    coach: Budget | None = None
    """What the coach spends on a suggestion (None: the game's ``normal`` level)."""


@dataclass(frozen=True)
class GamePlugin:
    """Every fact about one game that code outside its own packages may use."""

    id: str
    """The game id (snake case): sessions, custom ids, data folders and options name it."""
    title: str
    """The game's name in commands and lists ("How to play …", "Learn …")."""
    seats: Literal["solo", "two"]
    controls: Literal["channel", "dm"]
    """Where a player's moves are: on the board in the channel (a solo game with nothing
    hidden), or in each player's DM (or **My hand**)."""
    engine: str
    """The engine's module (its package); it exports the class as ``GAME``."""
    renderer: str
    """The renderer module: ``render(view)``, ``alt_text(view)``, optionally ``PALETTE``."""
    commands: str
    """The bot's extension for the game's command group (``async def setup(bot)``)."""
    order: int
    """Where the game comes in menus and lists (lowest first)."""
    short_title: str = ""
    """The name in a list of several games ("Galdor's Grip and Gondolin"); "": ``title``."""
    goal: Literal["win", "survive"] = "win"
    """What a hint's or a review's chance is a chance to do."""
    deck_cards: int | None = None
    """The most entries a player's saved deck holds; None: the game has no saved decks."""
    budgets: Budgets = field(default_factory=Budgets)
    lessons: str | None = None
    """The module whose ``LESSONS`` are the game's lessons (``engines.lessons``); None: none."""
    lookup: str | None = None
    """The card lookup module (``card_names()``, ``card_view(name)``); None: no ``card``."""
    daily: bool = False
    """Whether the game has a daily deal (``/<group> daily``: a solo game, its default options)."""
    score_unit: str = "points"
    """What a score counts, after the number ("7 ⭐", "120 points")."""

    @property
    def name(self) -> str:
        """The game's name in a list of several games."""
        return self.short_title or self.title


class NoGames(RuntimeError):
    """No game is registered: the project is not installed, so its entry points are unknown."""


@functools.cache
def _registry() -> Mapping[str, GamePlugin]:
    found: list[GamePlugin] = []
    for point in entry_points(group=GROUP):
        plugin = point.load()
        if not isinstance(plugin, GamePlugin) or plugin.id != point.name:
            raise TypeError(f"entry point {point.name} = {point.value} is not its GamePlugin")
        found.append(plugin)
    if not found:
        raise NoGames(
            f"No game is registered under the entry points {GROUP!r}: install the project "
            "(pip install -e .) so its pyproject.toml entry points are known."
        )
    found.sort(key=lambda p: (p.order, p.id))
    return MappingProxyType({p.id: p for p in found})


def refresh() -> None:
    """Read the entry points again (after ``sys.path`` changed: tests, a newly installed game)."""
    _registry.cache_clear()


def plugins() -> tuple[GamePlugin, ...]:
    """Every registered game, in menu order."""
    return tuple(_registry().values())


def game_ids() -> tuple[str, ...]:
    """The registered game ids, in menu order."""
    return tuple(_registry())


def plugin(game_id: str) -> GamePlugin:
    """The plugin of ``game_id``; KeyError naming the known ids."""
    registry = _registry()
    if game_id not in registry:
        raise KeyError(f"Unknown game id {game_id!r}; known games: {', '.join(registry)}")
    return registry[game_id]


def find(game_id: str) -> GamePlugin | None:
    """The plugin of ``game_id``, or None for an id no game has."""
    return _registry().get(game_id)


def controls_in_channel(game_id: str) -> bool:
    """Whether the game's moves are on its board in the channel (not in each player's DM)."""
    found = find(game_id)
    return found is not None and found.controls == "channel"
