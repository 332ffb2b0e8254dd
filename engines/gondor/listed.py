"""The moves listed for the states written out lately, kept by their JSON text.

A click's turn lists the moves of the position it leaves (the DM's controls need them) and then
writes the state out; the next click reads that text back and checks its move against the same
moves. The rules' choices and the suggestions depend on nothing but the state, so a game read
from a text written here takes them from here instead of listing them again (the largest part
of a Movement Phase check: every group's reach). Only texts this process wrote are known; any
other (another process's, an older save) is listed as before.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import NamedTuple

from engines.base import Action

KEPT = 64
"""Texts kept: the last clicks of a process's games (25 KB of text each, 75 KB with the moves
of a deployment: about 5 MB in all)."""


class Listed(NamedTuple):
    """The moves of one state: the rules' choices, and the suggestions if they were listed."""

    choices: list[Action]
    suggestions: list[Action] | None


_kept: OrderedDict[str, Listed] = OrderedDict()
_lock = threading.Lock()  # turns run in threads


def remember(text: str, listed: Listed) -> None:
    """Keep the moves of the state written as ``text``; the oldest text goes past ``KEPT``."""
    with _lock:
        _kept[text] = listed
        _kept.move_to_end(text)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


def recall(text: str) -> Listed | None:
    """The moves kept for the state written as ``text``, if this process wrote it lately."""
    with _lock:
        return _kept.get(text)
