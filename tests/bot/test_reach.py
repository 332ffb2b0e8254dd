"""A game outside a server reaches its channel through its interactions' tokens only."""

from datetime import timedelta
from types import SimpleNamespace

import discord
import pytest

from bot.surface.delivery import passing
from bot.surface.reach import Reach, TokenExpired

pytestmark = pytest.mark.asyncio


class Hook:
    """An interaction as ``Reach`` uses it: its time, the message clicked, its webhook."""

    def __init__(self, age_minutes: float, message_id: int | None = None) -> None:
        self.created_at = discord.utils.utcnow() - timedelta(minutes=age_minutes)
        self.message = SimpleNamespace(id=message_id) if message_id is not None else None
        self.sent: list[tuple] = []
        self.followup = self
        self.answered = True
        self.response = SimpleNamespace(is_done=lambda: self.answered)

    async def send(self, **kwargs):
        self.sent.append(("send", kwargs))
        return SimpleNamespace(id=900 + len(self.sent))

    async def edit_message(self, message_id: int, **kwargs):
        self.sent.append(("edit", message_id, kwargs))
        return SimpleNamespace(id=message_id)


async def test_a_message_is_edited_only_through_a_token_that_may_edit_it():
    reach = Reach()
    start, board_click, question_yes = Hook(5), Hook(3, message_id=1), Hook(1, message_id=2)
    reach.made("g", 1, start)  # the start's response is the board (message 1)
    for hook in (start, board_click, question_yes):
        reach.note("g", hook)
    channel = reach.channel("g")
    await channel.get_partial_message(1).edit(content="board")
    assert board_click.sent == [("edit", 1, {"content": "board"})]  # the newest that may
    sent = await channel.send("the end")
    assert question_yes.sent == [("send", {"content": "the end", "wait": True})]
    await channel.get_partial_message(sent.id).edit(content="edited")  # its maker may edit it
    assert question_yes.sent[-1] == ("edit", sent.id, {"content": "edited"})
    reach.note("g", Hook(4, message_id=1))  # older than the one kept: ignored
    await channel.get_partial_message(1).edit(content="again")
    assert board_click.sent[-1] == ("edit", 1, {"content": "again"})


async def test_without_a_live_token_nothing_is_sent_and_discords_401_is_raised():
    reach = Reach()
    with pytest.raises(TokenExpired) as none:
        await reach.channel("g").send("lost")  # none since a restart
    assert none.value.status == 401 and none.value.code == 50027
    old = Hook(14.5, message_id=1)
    reach.note("g", old)
    with pytest.raises(discord.HTTPException):
        await reach.channel("g").get_partial_message(1).edit(content="too late")
    with pytest.raises(TokenExpired):
        await reach.channel("g").get_partial_message(2).edit(content="never its message")
    assert old.sent == []
    assert not passing(none.value)  # not worth retrying: the next click shows it


async def test_a_click_not_answered_yet_lends_no_token():
    """Discord refuses an interaction's webhook before its response (404 ``10015``): a click
    just admitted is not used while an earlier click's work (the computer's move) sends."""
    reach = Reach()
    earlier, admitted = Hook(2, message_id=1), Hook(1, message_id=1)
    admitted.answered = False
    reach.note("g", earlier)
    reach.note("g", admitted)
    channel = reach.channel("g")
    await channel.send("the computer moved")
    await channel.get_partial_message(1).edit(content="board")
    assert admitted.sent == [] and [kind for kind, *_ in earlier.sent] == ["send", "edit"]
    admitted.answered = True
    await channel.send("next")
    assert admitted.sent == [("send", {"content": "next", "wait": True})]
