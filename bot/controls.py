"""Laying out a seat's legal actions as Discord buttons and selects."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot import custom_ids
from engines import Game

MAX_ROWS = 5
PER_ROW = 5
PER_SELECT = 25
MAX_BUTTON_ACTIONS = 20  # four rows of buttons; more than that and big groups become selects


@dataclass(frozen=True)
class Choice:
    """One legal action ready for a component."""

    code: str
    label: str
    kind: str


@dataclass(frozen=True)
class Row:
    """One component row: up to 5 buttons, or one select of up to 25 options."""

    choices: list[Choice]
    select: bool


def choices_for(game: Game, seat: int) -> list[Choice]:
    """The seat's legal actions, encoded, with labels cut to Discord's 80 characters."""
    cls = type(game)
    out = []
    for action in game.legal_actions(seat):
        label = action.label()
        if len(label) > 80:
            label = label[:79] + "…"
        out.append(Choice(code=cls.encode(action), label=label, kind=action.kind))
    return out


def layout(choices: list[Choice]) -> list[Row]:
    """Rows for the choices, never more than 5.

    Up to 20 choices are all buttons. Beyond that, kinds with at most 5 choices stay buttons
    and larger kinds become selects; if that still needs more than 5 rows, everything becomes
    selects of 25 (5 selects hold 125 choices, more than any of our games offers at once).
    """
    if len(choices) <= MAX_BUTTON_ACTIONS:
        return [Row(c, select=False) for c in _chunks(choices, PER_ROW)]
    groups: dict[str, list[Choice]] = {}
    for c in choices:
        groups.setdefault(c.kind, []).append(c)
    small = [c for g in groups.values() if len(g) <= PER_ROW for c in g]
    rows = [Row(c, select=False) for c in _chunks(small, PER_ROW)]
    for g in groups.values():
        if len(g) > PER_ROW:
            rows += [Row(c, select=True) for c in _chunks(g, PER_SELECT)]
    if len(rows) > MAX_ROWS:
        rows = [Row(c, select=True) for c in _chunks(choices, PER_SELECT)]
    return rows[:MAX_ROWS]


def _chunks(items: list[Choice], size: int) -> list[list[Choice]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def build_view(sid: str, step: int, choices: list[Choice]) -> discord.ui.View | None:
    """A timeout-free view holding the controls (None when there is nothing to choose)."""
    if not choices:
        return None
    view = discord.ui.View(timeout=None)
    selects = 0
    for r, row in enumerate(layout(choices)):
        if row.select:
            view.add_item(
                discord.ui.Select(
                    custom_id=custom_ids.select_id(sid, step, selects),
                    placeholder=_placeholder(row.choices),
                    options=[
                        discord.SelectOption(label=c.label, value=c.code) for c in row.choices
                    ],
                    row=r,
                )
            )
            selects += 1
            continue
        for c in row.choices:
            view.add_item(
                discord.ui.Button(
                    label=c.label,
                    custom_id=custom_ids.action_id(sid, step, c.code),
                    style=discord.ButtonStyle.primary,
                    row=r,
                )
            )
    return view


def _placeholder(choices: list[Choice]) -> str:
    """A hint such as "Exchange…" taken from the first word the options share."""
    words = {c.label.split(" ")[0] for c in choices}
    return f"{words.pop()}…" if len(words) == 1 else "More moves…"
