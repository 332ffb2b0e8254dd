"""Laying out a seat's legal actions as Discord buttons and selects."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot.surface import custom_ids
from bot.surface.text_limits import BUTTON_LABEL, OPTION_DESCRIPTION, OPTION_LABEL, PLACEHOLDER
from engines import Action, Game
from engines.text import shorten

MAX_ROWS = 5
PER_ROW = 5
PER_SELECT = 25
T = TypeVar("T")
LONG_LABEL = 45  # a longer label reads badly on a phone's button: such moves go in a select


@dataclass(frozen=True)
class Choice:
    """One legal action ready for a component (``detail`` says what it does and costs)."""

    code: str
    label: str
    kind: str
    detail: str | None = None
    group: str | None = None
    """The game's heading for the move (``Game.action_groups``); None: its kind groups it."""


@dataclass(frozen=True)
class Link:
    """A button that shows another page of the moves (a list's own page, or back to all)."""

    label: str
    page: int


@dataclass(frozen=True)
class Row:
    """One component row: up to 5 buttons, one select of up to 25 options, or up to 5 links."""

    choices: list[Choice]
    select: bool
    links: tuple[Link, ...] = ()


def choices_for(
    game: Game, seat: int, legal: list[Action] | None = None, codes: list[str] | None = None
) -> list[Choice]:
    """The seat's legal actions, encoded, with labels, details and headings.

    ``legal`` and ``codes``: the actions and their codes, when known already (a position's).
    """
    legal = game.legal_actions(seat) if legal is None else legal
    codes = [type(game).encode(a) for a in legal] if codes is None else codes
    return [
        Choice(code=code, label=a.label(), kind=a.kind, detail=a.detail(), group=g)
        for a, code, g in zip(legal, codes, game.action_groups(seat, legal), strict=True)
    ]


def unavailable_for(game: Game, seat: int) -> list[str]:
    """Moves the seat cannot make now, as "label: reason" texts for disabled buttons."""
    return [f"{u.label}: {u.reason}" for u in game.unavailable_actions(seat)]


def layout(choices: list[Choice], max_rows: int = MAX_ROWS) -> list[Row]:
    """Rows for the choices; more than ``max_rows`` only when they cannot fit (see ``pages``).

    Buttons where they fit. A kind of move with a label too long for a phone's button, or a
    group of moves the game gave a heading, becomes a select, whose options also show each
    move's detail (effect and cost). If the buttons still need too many rows, kinds with more
    than 5 choices become selects too; failing that, the lists share selects of 25 (the buttons
    stay: "End movement" is never hidden in a list). Still too many: ``pages`` splits them.
    """
    return _layout(*_grouped(choices), max_rows)


def _layout(groups: dict[str, list[Choice]], described: set[str], max_rows: int) -> list[Row]:
    """``layout`` of the choices grouped (``_grouped``)."""
    rows = _rows(groups, described)
    if len(rows) > max_rows:
        rows = _rows(groups, described | _big(groups))
    if len(rows) > max_rows:  # the lists share selects, in order; the buttons stay
        fixed = [r for r in rows if not r.select]
        listed = [c for r in rows if r.select for c in r.choices]
        rows = fixed + [Row(c, select=True) for c in _chunks(listed, PER_SELECT)]
    return rows


def pages(choices: list[Choice], max_rows: int) -> list[list[Row]]:
    """The rows of each page: one page if everything fits.

    Otherwise the first page keeps every move it can hold and a link to each list too long for
    it ("Catapult 1 hurls a fireball at… (60)"), which opens that list on pages of its own with a
    way back: the player turns only to the list they want (``_contents``). Failing that, the
    small kinds of move stay buttons on every page ("Done", "End movement") and the long lists
    go in selects of 25, as many per page as the rows left allow, page after page; at last
    everything goes in selects, page after page.
    """
    groups, described = _grouped(choices)
    rows = _layout(groups, described, max_rows)
    if len(rows) <= max_rows:
        return [rows]
    split = _rows(groups, described | _big(groups))
    contents = _contents(groups, split, max_rows)
    if contents is not None:
        return contents
    fixed = [r for r in split if not r.select]
    lists = [r for r in split if r.select]
    room = max_rows - len(fixed)
    if room < 1:
        fixed, room = [], max_rows
        lists = [Row(c, select=True) for c in _chunks(choices, PER_SELECT)]
    return [fixed + lists[i : i + room] for i in range(0, len(lists), room)]


def _contents(
    groups: dict[str, list[Choice]], split: list[Row], max_rows: int
) -> list[list[Row]] | None:
    """A first page with links to the longest lists, each on pages of its own; None: no room.

    Lists are moved off the first page longest first, only until it fits; a list's pages keep
    their last row for "◀ All moves" (and "More ▶" when it needs several). Only for two lists
    or more: one long list reads as well page after page, with more of it on the first.
    """
    lists: dict[str, list[Row]] = {}
    for r in split:
        if r.select:
            lists.setdefault(_key(r.choices[0]), []).append(r)
    fixed = [r for r in split if not r.select]
    room = max_rows - 1
    for count in range(2, len(lists) + 1):
        longest = set(sorted(lists, key=lambda k: -len(groups[k]))[:count])
        moved = [k for k in lists if k in longest]
        links: list[Link] = []
        book: list[list[Row]] = [[]]
        for k in moved:
            rows = lists[k]
            parts = [rows[i : i + room] for i in range(0, len(rows), room)]
            hint = _placeholder(groups[k], (1, 1)).removesuffix("…")
            links.append(Link(shorten(f"{hint}… ({len(groups[k])})", BUTTON_LABEL), len(book)))
            for j, part in enumerate(parts):
                nav = [Link("◀ All moves", 0)]
                if j + 1 < len(parts):
                    nav.append(Link(f"More ▶ ({j + 2}/{len(parts)})", len(book) + 1))
                book.append([*part, Row([], select=False, links=tuple(nav))])
        kept = [r for k, rows in lists.items() if k not in moved for r in rows]
        first = fixed + kept + [Row([], False, tuple(c)) for c in _chunks(links, PER_ROW)]
        if len(first) <= max_rows:
            book[0] = first
            return book
    return None


def _key(choice: Choice) -> str:
    """The group a choice is listed in: its heading, else its kind."""
    return choice.group or choice.kind


def _grouped(choices: list[Choice]) -> tuple[dict[str, list[Choice]], set[str]]:
    """The choices by heading (else kind), and the groups that call for a select.

    A select shows its heading and each move's detail: a headed group of moves, or a kind of
    move with labels too long for a phone's button.
    """
    groups: dict[str, list[Choice]] = {}
    for c in choices:
        groups.setdefault(_key(c), []).append(c)
    described = {
        k
        for k, g in groups.items()
        if len(g) > 1 and (g[0].group is not None or any(len(c.label) > LONG_LABEL for c in g))
    }
    return groups, described


def _big(groups: dict[str, list[Choice]]) -> set[str]:
    return {k for k, g in groups.items() if len(g) > PER_ROW}


def _rows(groups: dict[str, list[Choice]], select_kinds: set[str]) -> list[Row]:
    buttons = [c for k, g in groups.items() if k not in select_kinds for c in g]
    rows = [Row(c, select=False) for c in _chunks(buttons, PER_ROW)]
    for k, g in groups.items():
        if k in select_kinds:
            rows += [Row(c, select=True) for c in _chunks(g, PER_SELECT)]
    return rows


def _chunks(items: list[T], size: int) -> list[list[T]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def build_view(
    sid: str,
    step: int,
    choices: list[Choice],
    *,
    unavailable: Sequence[str] = (),
    extras: Sequence[discord.ui.Item[discord.ui.View]] = (),
    at: int = 0,
) -> discord.ui.View | None:
    """A timeout-free view: the moves, then the moves you can't make (greyed), then extras.

    ``extras`` (My hand, "?", Undo, switches, the coach's move) share the last row (the last
    two when more than 5), so the moves get a row fewer for each. More moves than 25 per row
    can hold are shown a page at a time: the page holding move ``at`` (``_page_at``), with
    "Previous" / "More" buttons in that last row if they fit beside the extras, else in a row
    of their own; pages turned by links need neither. Greyed moves fill only the rows left
    over: the "?" button lists them all.
    """
    if not choices and not extras:
        return None
    view = discord.ui.View(timeout=None)
    extra_rows = -(-len(extras) // PER_ROW)
    budget = MAX_ROWS - extra_rows
    book = pages(choices, budget) if choices else [[]]
    linked = any(row.links for p in book for row in p)  # turned by links: no page buttons
    if len(book) > 1 and not linked and (not extras or len(extras) > PER_ROW - 2):
        budget -= 1  # the page buttons need a row of their own (the extras fill theirs)
        book = pages(choices, budget)
        linked = any(row.links for p in book for row in p)
    anchors = _anchors(book, choices)
    page = _page_at(book, choices, at)
    rows = book[page]
    for r, row in enumerate(rows):
        for link in row.links:
            view.add_item(
                discord.ui.Button(
                    label=link.label,
                    custom_id=custom_ids.PAGE.build(sid, step, anchors[link.page]),
                    style=discord.ButtonStyle.secondary,
                    row=r,
                )
            )
        if row.select:
            view.add_item(_select(sid, step, r, row, _position(book, page, r)))
            continue
        for c in row.choices:
            view.add_item(
                discord.ui.Button(
                    label=shorten(c.label, BUTTON_LABEL),
                    custom_id=custom_ids.ACTION.build(sid, step, c.code),
                    style=discord.ButtonStyle.primary,
                    row=r,
                )
            )
    free = (budget - len(rows)) * PER_ROW if len(book) == 1 else 0
    for i, text in enumerate(unavailable[:free]):
        view.add_item(
            discord.ui.Button(
                label=shorten(text, BUTTON_LABEL),
                custom_id=f"x:{sid}:{step}:{i}",  # never handled: the button is disabled
                disabled=True,
                style=discord.ButtonStyle.secondary,
                row=len(rows) + i // PER_ROW,
            )
        )
    turns = [] if linked else _page_buttons(sid, step, page, anchors)
    shared = len(turns) + len(extras) <= PER_ROW
    for turn in turns:
        turn.row = MAX_ROWS - 1 if shared else budget
        view.add_item(turn)
    for i, item in enumerate(extras):
        item.row = MAX_ROWS - extra_rows + i // PER_ROW
        view.add_item(item)
    return view


def _page_at(book: list[list[Row]], choices: list[Choice], at: int) -> int:
    """The page of ``book`` that holds move ``at`` (1-based in ``choices``; 0: the first page).

    A page button names its page by the first move of its first list (``_anchors``): in the
    layout it came from, that page; in another (the coach's move took a place since), the
    page showing that move, so a list's link still opens that list.
    """
    if not 0 < at <= len(choices):
        return 0
    code = choices[at - 1].code
    held = (
        p for p, rows in enumerate(book) if any(c.code == code for r in rows for c in r.choices)
    )
    return next(held, 0)


def _anchors(book: list[list[Row]], choices: list[Choice]) -> list[int]:
    """What a page button names each page by (``_page_at``).

    0 the first page, else the number (1-based) of the first move of the page's first list.
    """
    number = {c.code: i + 1 for i, c in enumerate(choices)}
    return [0] + [number[next(r for r in rows if r.select).choices[0].code] for rows in book[1:]]


def _position(book: list[list[Row]], page: int, r: int) -> tuple[int, int]:
    """Which select this is among all the selects of every page (1-based), and how many.

    With links to lists on their own pages, counted within its list only.
    """
    flat = [row for p in book for row in p if row.select]
    if any(row.links for p in book for row in p):
        key = _key(book[page][r].choices[0])
        flat = [row for row in flat if _key(row.choices[0]) == key]
    return flat.index(book[page][r]) + 1, len(flat)


def _page_buttons(
    sid: str, step: int, page: int, anchors: list[int]
) -> list[discord.ui.Button[Any]]:
    """The page buttons ("◀ Previous moves", "More moves ▶") when the moves span pages.

    ``anchors``: what each page is named by in a page button's id (``_anchors``).
    """
    count = len(anchors)
    if count < 2:
        return []
    out: list[discord.ui.Button[Any]] = []
    if page > 0:
        out.append(
            discord.ui.Button(
                label=f"◀ Previous moves (page {page}/{count})",
                custom_id=custom_ids.PAGE.build(sid, step, anchors[page - 1]),
                style=discord.ButtonStyle.secondary,
            )
        )
    if page < count - 1:
        out.append(
            discord.ui.Button(
                label=f"More moves ▶ (page {page + 2}/{count})",
                custom_id=custom_ids.PAGE.build(sid, step, anchors[page + 1]),
                style=discord.ButtonStyle.secondary,
            )
        )
    return out


def _select(
    sid: str, step: int, r: int, row: Row, position: tuple[int, int]
) -> discord.ui.Select[discord.ui.View]:
    return discord.ui.Select(
        custom_id=custom_ids.SELECT.build(sid, step, r),
        placeholder=_placeholder(row.choices, position),
        options=[
            discord.SelectOption(
                label=shorten(c.label, OPTION_LABEL),
                value=c.code,
                description=shorten(c.detail, OPTION_DESCRIPTION) if c.detail else None,
            )
            for c in row.choices
        ],
        row=r,
    )


def _placeholder(choices: list[Choice], position: tuple[int, int]) -> str:
    """The options' heading ("To a Shield…"), else the first word they share ("Exchange…").

    When the moves fill several selects, each says which part of the list it holds:
    "Move… (list 2 of 5: Move to 1903 … Move to 2214)".
    """
    headings = {c.group for c in choices}
    words = {c.label.split(" ")[0].rstrip(":") for c in choices}
    if len(headings) == 1 and None not in headings:
        hint = f"{headings.pop()}…"
    else:
        hint = f"{words.pop()}…" if len(words) == 1 else "More moves…"
    index, count = position
    if count < 2:
        return shorten(hint, PLACEHOLDER)
    span = f"{shorten(choices[0].label, 40)} … {shorten(choices[-1].label, 40)}"
    return shorten(f"{hint} (list {index} of {count}: {span})", PLACEHOLDER)
