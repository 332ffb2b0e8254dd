"""Guided first games: a lesson is a seeded game and a script of moves, as plain data.

Each game's lessons are the ``LESSONS`` of the module its plugin names (``lessons``), in order:
part 1 teaches the first turn, a later part starts further into a game (its ``prelude`` is
played for the learner) and teaches what the first turn does not reach. The learner plays seat
0; in a two-player game seat 1 is the computer, whose moves are scripted too (``replies``), so
a lesson plays the same every time. The bot walks the script (``bot.surface.lessons``): the
session's step is the index of the next entry of :func:`script`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engines.base import Action, Game
from engines.plugins import plugin

LEARNER = 0
"""The learner's seat unless a lesson says otherwise; the computer plays the other seat."""


@dataclass(frozen=True)
class Step:
    """One thing the learner does: what to look at and why, and the move to make.

    ``move`` is the move's code or its button label (the learner's own label: it may name
    their cards; see :func:`find`). ``replies`` are the opponent's scripted moves that follow.
    """

    text: str
    move: str
    replies: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A short scripted game: 4 to 12 steps, each a decision the real game asks."""

    game_id: str
    seats: int
    seed: int
    steps: tuple[Step, ...]
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    title: str = "The first turn"
    """What the part teaches, on the button that offers it ("Next lesson: …")."""
    prelude: tuple[tuple[int, str], ...] = ()
    """(seat, move) played for both seats before anything else: a later part's earlier turns."""
    opening: tuple[str, ...] = ()
    """The opponent's scripted moves before the first step (simultaneous choices: its first)."""
    done: str = "That is the whole turn."
    """What the learner can do now, said when the lesson is done."""
    learner: int = LEARNER
    """The learner's seat (a part that teaches the side of seat 1 says 1)."""

    @property
    def opponent(self) -> int:
        """The computer's seat in a two-player lesson."""
        return 1 - self.learner


@dataclass(frozen=True)
class Entry:
    """One move of the script: whose, which, and (the learner's) which step it is (0-based)."""

    seat: int
    move: str
    step: int | None = None


def script(lesson: Lesson) -> list[Entry]:
    """Every move of the lesson in order: prelude, opening, then each step and its replies."""
    entries = [Entry(seat, move) for seat, move in lesson.prelude]
    entries += [Entry(lesson.opponent, move) for move in lesson.opening]
    for i, step in enumerate(lesson.steps):
        entries.append(Entry(lesson.learner, step.move, i))
        entries += [Entry(lesson.opponent, move) for move in step.replies]
    return entries


def find(game: Game, seat: int, move: str) -> Action | None:
    """The seat's legal action that ``move`` names: by its code, else by its label.

    Labels are compared without case and with runs of spaces as one, so a lesson survives a
    change of a code's layout as long as the button reads the same.
    """
    actions = game.legal_actions(seat)
    cls = type(game)
    for action in actions:
        if cls.encode(action) == move:
            return action
    wanted = _plain(move)
    return next((a for a in actions if _plain(a.label()) == wanted), None)


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold()


def lessons_for(game_id: str) -> tuple[Lesson, ...]:
    """The game's lessons in order (its plugin's ``lessons`` module; none: empty)."""
    module = plugin(game_id).lessons
    if module is None:
        return ()
    lessons: tuple[Lesson, ...] = importlib.import_module(module).LESSONS
    return lessons


def lesson_for(game_id: str, part: int = 1) -> Lesson | None:
    """Part ``part`` (from 1) of the game's lessons, or None if there is no such part."""
    lessons = lessons_for(game_id)
    return lessons[part - 1] if 1 <= part <= len(lessons) else None
