"""Reading a player's DM controls across its pages, and pressing one, as a person would.

A long list of moves has pages (bot/surface/controls.py): either one after another ("More
moves ▶" / "◀ Previous moves"), or a first page linking to each list too long for it
("Catapult 1 hurls a fireball at… (60)", with "◀ All moves" back). The reader turns to every
page it wants to see (by default all), then to the page of the move it chose, each page turn
by the shortest way through the page buttons it has seen.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from discord_emulator import Message, User
from tests.bot.harness import World, move_controls

Control = tuple[str, str, str | None]
SEQUENTIAL = ("More moves", "◀ Previous")


def code_of(control: Control) -> str:
    """The action code behind a button (``g1:sid:step:code``) or a select option."""
    kind, custom_id, value = control
    return custom_id.split(":", 3)[3] if kind == "button" else str(value)


def page_buttons(message: Message) -> dict[int, tuple[str, str]]:
    """The page buttons shown: the page each opens -> (custom_id, label).

    A page is named by a move it holds (``custom_ids.PAGE``'s ``at``; 0 the first page).
    """
    return {
        int(b.custom_id.rsplit(":", 1)[1]): (b.custom_id, b.label or "")
        for b in message.buttons()
        if (b.custom_id or "").startswith("pg2:") and not b.disabled
    }


def page_button(message: Message, label: str) -> str | None:
    """The custom_id of the page button whose label starts with ``label``, if shown."""
    return next((i for i, text in page_buttons(message).values() if text.startswith(label)), None)


def switches(message: Message) -> dict[str, tuple[str, bool]]:
    """The standing choices' switches shown: label ("Pass my magic phases") -> (id, on)."""
    out = {}
    for b in message.buttons():
        if (b.custom_id or "").startswith("std1:"):
            label, _, state = (b.label or "").rpartition(": ")
            out[label] = (b.custom_id or "", state == "ON")
    return out


@dataclass
class Controls:
    """A DM's moves, page by page; ``turns``: page buttons pressed so far."""

    user: User
    message: Message
    book: dict[int, list[Control]]
    turns: int = 0
    page: int = 0
    links: dict[int, dict[int, tuple[str, str]]] = field(default_factory=dict)
    """Page -> the pages its buttons lead to -> the button's (custom_id, label)."""

    @property
    def offered(self) -> dict[str, Control]:
        """Every move on every page read, by action code."""
        return {code_of(c): c for _, page in sorted(self.book.items()) for c in page}

    def _see(self) -> None:
        self.book[self.page] = move_controls(self.message)
        self.links[self.page] = page_buttons(self.message)

    async def turn_to(self, world: World, page: int) -> None:
        """Turn to ``page`` by the fewest page buttons seen."""
        way: dict[int, list[str]] = {self.page: []}
        queue = deque([self.page])
        while queue and page not in way:
            at = queue.popleft()
            for nxt, (custom_id, _) in self.links.get(at, {}).items():
                if nxt not in way:
                    way[nxt] = [*way[at], custom_id]
                    queue.append(nxt)
        for custom_id in way[page]:
            await world.click(self.user.name, self.message, custom_id)
            self.message = _now(world, self.user, self.message)
            self.turns += 1
        self.page = page


def _now(world: World, user: User, message: Message) -> Message:
    """The message as it is now (turning a page edits it)."""
    return next(m for m in world.emu.dm_messages(user) if m.id == message.id)


async def read_controls(
    world: World, user: User, wants: Callable[[str], bool] | None = None
) -> Controls | None:
    """The user's newest DM's moves; None if it has no controls.

    Turns every "More moves ▶" page, and each list linked from the first page whose link's
    label ``wants`` accepts (None: every list), as a player would before choosing.
    """
    message = world.controls_message(user)
    if message is None:
        return None
    seen = Controls(user, message, {})
    seen._see()
    todo = deque(seen.links[0].items())
    while todo:
        page, (_, label) = todo.popleft()
        wanted = wants is None or label.startswith((*SEQUENTIAL, "More ▶")) or wants(label)
        if page in seen.book or not wanted:
            continue
        await seen.turn_to(world, page)
        seen._see()
        todo.extend(seen.links[page].items())
    return seen


async def press(world: World, seen: Controls, code: str) -> int:
    """Turn to a page showing the move and make it; the clicks it took (page turns excluded).

    A move shown on the page in view ("End phase" stays on every page) is made there.
    """
    control = seen.offered[code]
    if control not in seen.book.get(seen.page, []):
        page = next(p for p, controls in sorted(seen.book.items()) if control in controls)
        await seen.turn_to(world, page)
    return await world.make_move(seen.user, seen.message, control)
