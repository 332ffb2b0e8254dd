"""What is a player's own in a game: what their view shows that the table's does not, their moves.

A player's DM is edited for an opponent's move only when this changed (or they have private
notes): the public position is on the board in the channel, and every request to Discord
counts against its rate limits.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

from bot.storage.position import Position

Leaf = tuple[str, Any]
"""A leaf of a view: its path without list indices, and its value."""


def digest(position: Position, seat: int, switches: tuple[bool, frozenset[str]]) -> str:
    """A hash of the seat's secrets (``view(seat)`` beside ``view(None)``), moves and switches.

    Its warnings (``Game.warnings``) too: an opponent's move may raise one.
    ``switches``: the seat's auto-play toggle and the standing choices it has on.
    """
    seen: list[Leaf] = []
    public: list[Leaf] = []
    _differences(position.view(seat), position.view(None), "", seen, public)
    secrets = sorted((Counter(seen) - Counter(public)).items(), key=repr)
    moves = position.codes(seat)
    settings = (switches[0], sorted(switches[1]))
    warned = position.warnings(seat)
    return hashlib.sha256(repr((secrets, moves, warned, settings)).encode()).hexdigest()


def _differences(mine: Any, theirs: Any, path: str, seen: list[Leaf], public: list[Leaf]) -> None:
    """The leaves of the parts where two views differ, each keyed by its path without indices.

    Identical parts (a map, the public position) are skipped at once; lists are compared as
    multisets of leaves, so a piece moving about the table changes nothing secret. Only the
    surplus ``seen - public`` counts, so a leaf on both sides at the same path may be left out
    of both: two lists' items are paired in order, and only the pairs that differ are walked.
    """
    if mine == theirs:
        return
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in mine.keys() | theirs.keys():
            _differences(mine.get(key), theirs.get(key), f"{path}.{key}", seen, public)
        return
    if isinstance(mine, list) and isinstance(theirs, list):
        inner = f"{path}[]"
        for a, b in zip(mine, theirs, strict=False):
            if a != b:
                _differences(a, b, inner, seen, public)
        paired = min(len(mine), len(theirs))
        _leaves(mine[paired:], path, seen)
        _leaves(theirs[paired:], path, public)
        return
    _leaves(mine, path, seen)
    _leaves(theirs, path, public)


def _leaves(value: Any, path: str, found: list[Leaf]) -> None:
    """``value``'s leaves under ``path``: a dict's under ``.key``, a list's under ``[]``."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, dict | list):
                _leaves(item, f"{path}.{key}", found)
            else:
                found.append((f"{path}.{key}", item))
    elif isinstance(value, list):
        inner = f"{path}[]"
        for item in value:
            if isinstance(item, dict | list):
                _leaves(item, inner, found)
            else:
                found.append((inner, item))
    else:
        found.append((path, value))
