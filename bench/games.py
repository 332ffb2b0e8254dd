"""What the shared benches know of the games: the registry, and each game's own bench module.

A shared bench script names no game: it iterates ``engines.plugins.plugins()``. What one game
needs that the registry does not say (hand-made views to draw, its share of the load test's
mix, a scripted player) is in that game's own module ``bench/<game id>_bench.py``, found by
that name (:func:`own`); an attribute it leaves out takes the shared default. Its other files
named ``bench/<game id>_*.py`` (a balance study) are its own too.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import engines
from engines.plugins import game_ids, plugin

NAMES = ["Alexandrina Wolfeschlegelsteinha", "Bartholomew Fitzwilliam-Smythe X"]
"""Seat names as long as the bot passes them (32 characters)."""
Views = Iterator[tuple[str, dict]]
"""Named views to draw: (a label for the bench's rows, the view)."""


def own(game_id: str) -> ModuleType | None:
    """The game's own bench module ``bench.<game id>_bench``; None if it has none."""
    if importlib.util.find_spec(f"bench.{game_id}_bench") is None:
        return None
    return importlib.import_module(f"bench.{game_id}_bench")


def part(game_id: str, name: str, default: Any = None) -> Any:
    """An attribute of the game's own bench module, or ``default`` where it has none."""
    return getattr(own(game_id), name, default)


def first() -> str:
    """The first game in menu order: the default of a bench of one game."""
    return game_ids()[0]


def last() -> str:
    """The last game in menu order: the default of the benches written for the heaviest game
    (the last one added has been the biggest so far)."""
    return game_ids()[-1]


def players(game_id: str) -> int:
    """How many people sit at the game's table."""
    return 1 if plugin(game_id).seats == "solo" else 2


def command(game_id: str) -> str:
    """The game's slash command group (``/<group> start``), as its command module declares it."""
    from bot.games.base import GameCommands

    module = importlib.import_module(plugin(game_id).commands)
    [cog] = [
        c
        for c in vars(module).values()
        if isinstance(c, type) and issubclass(c, GameCommands) and c is not GameCommands
    ]
    return str(cog.__cog_group_name__)


def who(viewer: int | None) -> str:
    return "public" if viewer is None else f"seat {viewer}"


def playout_views(
    game_id: str, players: int, viewers: tuple[int | None, ...], seed: int, steps: int = 400
) -> Views:
    """One view per (stage or phase, viewer) along a seeded random game of the engine."""
    if game_id not in engines.game_ids():
        return
    game = engines.get_game(game_id).new(players, seed=seed)
    rng = random.Random(seed)
    seen: set[tuple[str, int | None]] = set()
    for _ in range(steps):
        for viewer in viewers:
            view = game.view(viewer)
            stage = str(view.get("stage") or view.get("phase") or view.get("turn"))
            if (stage, viewer) not in seen:
                seen.add((stage, viewer))
                yield f"{stage:<12} {who(viewer)}", {**view, "seat_names": NAMES[:players]}
        if game.is_over:
            return
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def views(game_id: str) -> Views:
    """The views render_bench draws of the game: its own module's ``views()``, else one of
    each stage along a seeded random game, for each seat (and the public board of a duel)."""
    made = part(game_id, "views")
    if made is not None:
        return made()
    if players(game_id) == 1:
        return playout_views(game_id, 1, (0,), seed=7)
    return playout_views(game_id, 2, (None, 0, 1), seed=7)


@dataclass(frozen=True)
class Opponent:
    """How Alice plays a game against the computer at one level (bench.computer_games): a
    game's bench module gives one from ``against_computer(level)``."""

    options: dict[str, object]
    """The challenge's options besides the level."""
    max_clicks: int
    """Alice's clicks after which the game counts as not ending."""
    click: Callable[[Any, Any, int], Awaitable[None]]
    """Alice's next click: ``click(world, session, her seat)``."""
