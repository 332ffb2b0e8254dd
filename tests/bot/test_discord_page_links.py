"""A link to a list of moves opens the list its label names, whatever redrew the DM since.

Gondor's deployment DM links each long list on its first page ("Place Orc Archers 1 on…
(128)"); the coach's move, arriving after the DM, takes a place and the moves' pages are laid
out anew. A link pressed on the copy the player saw, and a list the player turned to, stay the
list they named.
"""

from __future__ import annotations

import re

import pytest

from bot.surface import custom_ids
from discord_emulator import Message
from discord_emulator.models import walk_components
from tests.bot.test_discord_computer import coach_move, coached_game, newcomer

pytestmark = pytest.mark.asyncio(loop_scope="module")

LIST_LINK = re.compile(r"(?P<hint>.+)… \((?P<count>\d+)\)")
"""A list's link: "<its heading or first words>… (<how many moves>)"."""


def list_links(message: Message) -> dict[str, str]:
    """The links to lists a message shows: label -> custom id."""
    return {
        b.label: b.custom_id
        for b in message.buttons()
        if b.label and b.custom_id and b.custom_id.startswith("pg") and LIST_LINK.fullmatch(b.label)
    }


def lists_shown(message: Message) -> list[tuple[str, int]]:
    """Each select's placeholder and how many options it holds."""
    return [
        (c.get("placeholder", ""), len(c.get("options") or []))
        for c in walk_components(message.components)
        if c.get("type") == 3
    ]


def assert_shows(message: Message, label: str) -> None:
    """The message shows the list ``label`` links to: its selects and no other's."""
    named = LIST_LINK.fullmatch(label)
    assert named is not None
    shown = lists_shown(message)
    assert shown and all(p.startswith(f"{named['hint']}…") for p, _ in shown), (label, shown)
    if int(named["count"]) <= 25:
        assert sum(n for _, n in shown) == int(named["count"]), (label, shown)


async def late_coach(world, monkeypatch):
    """The coach's suggestion is held back until the returned callable lets it arrive."""
    coach = world.bot.sessions.coach
    suggest = coach.computer.suggest

    async def late(*args, **kwargs):
        raise TimeoutError

    monkeypatch.setattr(coach.computer, "suggest", late)

    async def arrive(sid: str) -> None:
        monkeypatch.setattr(coach.computer, "suggest", suggest)
        coach.after_shown(await world.bot.store.load(sid))
        await world.quiesce()

    return arrive


async def test_a_list_link_seen_before_the_coachs_move_opens_that_list(world, monkeypatch):
    arrive = await late_coach(world, monkeypatch)
    mia = newcomer(world, "mia")
    session, chan = await coached_game(world, "mia", "gondor")
    dm = world.controls_message(mia)
    assert dm is not None and coach_move(dm) is None, "no suggestion yet"
    seen = dm.snapshot()
    links = list_links(seen)
    assert len(links) >= 2, links
    last = list(links)[-1]  # after the longest: its page number moves with the layout
    await world.click("mia", dm, links[last])
    assert_shows(dm, last)

    await arrive(session.id)
    assert coach_move(dm), "the coach's move came, and took a place"
    assert_shows(dm, last)  # the redraw keeps the list she turned to
    for label, custom_id in links.items():  # pressed on the copy she saw before it came
        await world.click("mia", seen, custom_id)
        assert_shows(dm, label)
        assert coach_move(dm), "the coach's move stays beside the list"
    await world.slash("mia", "game abort", chan=chan)


async def test_a_page_button_posted_before_pages_were_named_shows_the_first_page(world):
    """Its page number belongs to a layout that may have changed: the first page it shows
    links each list again, never another list than the one the button named."""
    ned = newcomer(world, "ned")
    session, chan = await coached_game(world, "ned", "gondor")
    dm = world.controls_message(ned)
    assert dm is not None
    links = list_links(dm)
    old = dm.snapshot()
    for number, component in enumerate(walk_components(old.components)):
        if component.get("custom_id") in links.values():
            component["custom_id"] = custom_ids.LEGACY_PAGE.build(session.id, session.step, number)
    legacy = [b.custom_id for b in old.buttons() if (b.custom_id or "").startswith("pg1:")]
    assert len(legacy) == len(links) >= 2
    for custom_id in legacy:
        ix = await world.click("ned", old, custom_id)
        assert not ix.failed
        assert list_links(dm) == links, "the first page, its links as before"
    await world.slash("ned", "game abort", chan=chan)
