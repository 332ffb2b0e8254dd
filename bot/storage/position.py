"""One position of a game and the engine's answers about it, each asked once.

A click's messages read the same views, legal moves and warnings many times over (the board,
each seat's DM, what is each seat's own, the controls, the moves the bot plays for a seat):
a :class:`Position` asks the engine once per seat and keeps the answer while the game stays
at this position. ``parts`` keeps what the messages make of them (``bot.surface.presenter``),
worked out with the answers, off the event loop.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engines import Action, Alert, Game


class Position:
    """The engine's answers for one position of ``game``; a new position needs a new one."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._views: dict[int | None, dict[str, Any]] = {}
        self._legal: dict[int, list[Action]] = {}
        self._codes: dict[int, list[str]] = {}
        self._warnings: dict[int, list[Alert]] = {}
        self.parts: dict[Hashable, Any] = {}
        """What the messages make of this position, by part (filled by the surface)."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """``Game.view(seat)``: the caller must not change it (it is shared)."""
        if seat not in self._views:
            self._views[seat] = self.game.view(seat)
        return self._views[seat]

    def legal(self, seat: int) -> list[Action]:
        """``Game.legal_actions(seat)``."""
        if seat not in self._legal:
            self._legal[seat] = self.game.legal_actions(seat)
        return self._legal[seat]

    def codes(self, seat: int) -> list[str]:
        """The seat's legal moves, encoded."""
        if seat not in self._codes:
            self._codes[seat] = [type(self.game).encode(a) for a in self.legal(seat)]
        return self._codes[seat]

    def warnings(self, seat: int) -> list[Alert]:
        """``Game.warnings(seat)``."""
        if seat not in self._warnings:
            self._warnings[seat] = self.game.warnings(seat)
        return self._warnings[seat]
