"""Copies of one card: one button when they would do the same, told-apart labels if not.

A deck holds several copies of a card (two Swordsmen, ``a01`` and ``a02``), and a move names
the copy by uid, so the same move can be offered once per copy with the same label. When
swapping the copies leaves the whole state the same (the same pile, the same marks: moved,
channelled, carried...; only the order within a pile may differ, which no rule reads), the
moves are the same move and only the first is offered. Any copy stays legal, so a stored game
that named another one still replays. Copies that differ keep their moves, each label saying
where its copy is ("from Left", "from the Shield on C1"), or failing that its card number.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engines.base import Action
from engines.guardians.actions import COLUMN
from engines.guardians.board import owner_of
from engines.guardians.state import GuardiansState

UID = re.compile(r"^[ab][0-9]{2,3}$")


def one_per_copy(state: GuardiansState, seat: int, actions: list[Action]) -> list[Action]:
    """``actions`` without a move that only names another, interchangeable copy.

    Moves that still share a label get a note saying which copy they name: where it lies if
    it is ``seat``'s own card (another's place is never told), else its number.
    """
    by_label: dict[str, list[Action]] = {}
    for a in actions:
        by_label.setdefault(a.label(), []).append(a)
    if all(len(group) == 1 for group in by_label.values()):
        return actions
    raw = json.loads(state.model_dump_json())
    canonical = _canonical(raw)
    shown: dict[int, Action] = {}  # id of an offered move -> the move as offered
    for group in by_label.values():
        kept: list[Action] = []
        for a in group:
            if not any(_interchangeable(raw, canonical, k, a) for k in kept):
                kept.append(a)
        noted = _told_apart(state, seat, kept) if len(kept) > 1 else kept
        shown |= {id(a): n for a, n in zip(kept, noted, strict=True)}
    return [shown[id(a)] for a in actions if id(a) in shown]


def _told_apart(state: GuardiansState, seat: int, group: list[Action]) -> list[Action]:
    """The moves of ``group`` (one label), each noting where its copy is, or its number."""
    uids = [_differing_uid(a, group) for a in group]
    notes = [_where(state, u) if u and owner_of(u) == seat else "" for u in uids]
    if len(set(notes)) < len(notes):
        numbers = [f"card {int(u[1:])}" if u else "" for u in uids]
        notes = [", ".join(filter(None, p)) for p in zip(notes, numbers, strict=True)]
    return [_noted(a, n) for a, n in zip(group, notes, strict=True)]


def _differing_uid(action: Action, group: list[Action]) -> str:
    """The first uid ``action`` names that another move of ``group`` names differently, or ""."""
    others = [other.model_dump() for other in group]
    for field, value in action.model_dump().items():
        is_uid = isinstance(value, str) and UID.match(value)
        if is_uid and any(other[field] != value for other in others):
            return value
    return ""


def _where(state: GuardiansState, uid: str) -> str:
    """Where a card lies, in a few words ("" if nowhere named)."""
    for seat in state.seats:
        for col, hold in zip("LCR", seat.holds, strict=True):
            if uid in hold.on:
                return f"from {COLUMN[col]}"
            if uid in hold.under:
                return f"under {COLUMN[col]}"
            if uid in hold.reserve:
                return f"in reserve beside {COLUMN[col]}"
        if uid in seat.pen:
            return "from the Pen"
        if uid in seat.storage:
            return "from the Storage Hand"
    for stack in state.stacks:
        if uid in stack.cards:
            return f"from the Shield on {stack.space}"
    return ""


def _noted(action: Action, note: str) -> Action:
    """``action`` whose label ends with ``note``; equal to ``action`` (a note is no field)."""
    if not note:
        return action
    text = f"{action.label()} ({note})"
    copy = action.model_copy()
    copy.__dict__["label"] = lambda: text  # shadows the method on this instance only
    return copy


def _interchangeable(raw: Any, canonical: str, a: Action, b: Action) -> bool:
    """Whether ``b`` is ``a`` with some copies named instead: the state is symmetric in them."""
    if type(a) is not type(b):
        return False
    left, right = a.model_dump(), b.model_dump()
    swap: dict[str, str] = {}
    for field, value in left.items():
        other = right[field]
        if value == other:
            continue
        if not (isinstance(value, str) and isinstance(other, str)):
            return False
        if not (UID.match(value) and UID.match(other)):
            return False
        if swap.get(value, other) != other or swap.get(other, value) != value:
            return False
        swap[value], swap[other] = other, value
    return bool(swap) and _canonical(_renamed(raw, swap)) == canonical


def _renamed(node: Any, swap: dict[str, str]) -> Any:
    if isinstance(node, str):
        return swap.get(node, node)
    if isinstance(node, list):
        return [_renamed(x, swap) for x in node]
    if isinstance(node, dict):
        return {swap.get(k, k): _renamed(v, swap) for k, v in node.items()}
    return node


def _canonical(node: Any) -> str:
    """The state as text with every list sorted: equal for states that differ in order only."""

    def norm(x: Any) -> Any:
        if isinstance(x, list):
            return sorted((norm(v) for v in x), key=lambda v: json.dumps(v, sort_keys=True))
        if isinstance(x, dict):
            return {k: norm(v) for k, v in x.items()}
        return x

    return json.dumps(norm(node), sort_keys=True)
