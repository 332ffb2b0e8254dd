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

Leaves = Counter[tuple[str, Any]]


def digest(position: Position, seat: int, switches: tuple[bool, frozenset[str]]) -> str:
    """A hash of the seat's secrets (``view(seat)`` beside ``view(None)``), moves and switches.

    Its warnings (``Game.warnings``) too: an opponent's move may raise one.
    ``switches``: the seat's auto-play toggle and the standing choices it has on.
    """
    seen: Leaves = Counter()
    public: Leaves = Counter()
    _differences(position.view(seat), position.view(None), "", seen, public)
    secrets = sorted((seen - public).items(), key=repr)
    moves = position.codes(seat)
    settings = (switches[0], sorted(switches[1]))
    warned = position.warnings(seat)
    return hashlib.sha256(repr((secrets, moves, warned, settings)).encode()).hexdigest()


def _differences(mine: Any, theirs: Any, path: str, seen: Leaves, public: Leaves) -> None:
    """The leaves of the parts where two views differ, each keyed by its path without indices.

    Identical parts (a map, the public position) are skipped at once; lists are compared as
    multisets of leaves, so a piece moving about the table changes nothing secret.
    """
    if mine == theirs:
        return
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in mine.keys() | theirs.keys():
            _differences(mine.get(key), theirs.get(key), f"{path}.{key}", seen, public)
        return
    _leaves(mine, path, seen)
    _leaves(theirs, path, public)


def _leaves(value: Any, path: str, out: Leaves) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _leaves(item, f"{path}.{key}", out)
    elif isinstance(value, list):
        for item in value:
            _leaves(item, f"{path}[]", out)
    else:
        out[(path, value)] += 1
