"""Reading a Gondor player's DM controls across its pages, and pressing one, as a person would.

Long lists of moves span pages ("More moves ▶" / "◀ Previous moves", bot/flow/paging.py): the
player turns every page to see all their moves, then turns back to the one they chose.
"""

from __future__ import annotations

from dataclasses import dataclass

from discord_emulator import Message, User
from engines.gondor import Gondor
from tests.bot.harness import World, move_controls

Control = tuple[str, str, str | None]


def code_of(control: Control) -> str:
    """The action code behind a button (``g1:sid:step:code``) or a select option."""
    kind, custom_id, value = control
    return custom_id.split(":", 3)[3] if kind == "button" else str(value)


def page_button(message: Message, label: str) -> str | None:
    """The custom_id of the "More moves ▶" or "◀ Previous moves" button, if shown."""
    return next((b.custom_id for b in message.buttons() if (b.label or "").startswith(label)), None)


@dataclass
class Controls:
    """A DM's moves, page by page; ``turns``: page buttons pressed so far."""

    user: User
    message: Message
    book: list[list[Control]]
    turns: int = 0

    @property
    def offered(self) -> dict[str, Control]:
        """Every move on every page, by action code."""
        return {code_of(c): c for page in self.book for c in page}

    def actions(self) -> list:
        """The moves as actions, in the order the pages show them."""
        return [Gondor.decode(code) for code in self.offered]


def _now(world: World, user: User, message: Message) -> Message:
    """The message as it is now (turning a page edits it)."""
    return next(m for m in world.emu.dm_messages(user) if m.id == message.id)


async def read_controls(world: World, user: User) -> Controls | None:
    """The user's newest DM's moves, turning its pages forward; None if it has no controls."""
    message = world.controls_message(user)
    if message is None:
        return None
    seen = Controls(user, message, [move_controls(message)])
    while (more := page_button(seen.message, "More moves")) is not None:
        await world.click(user.name, seen.message, more)
        seen.message = _now(world, user, seen.message)
        seen.book.append(move_controls(seen.message))
        seen.turns += 1
    return seen


async def press(world: World, seen: Controls, code: str) -> int:
    """Turn back to the move's page and make it; the clicks it took (page turns excluded)."""
    control = seen.offered[code]
    page = next(i for i, controls in enumerate(seen.book) if control in controls)
    for _ in range(len(seen.book) - 1 - page):
        back = page_button(seen.message, "◀ Previous")
        await world.click(seen.user.name, seen.message, back)
        seen.message = _now(world, seen.user, seen.message)
        seen.turns += 1
    return await world.make_move(seen.user, seen.message, control)
